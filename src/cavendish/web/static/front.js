// The front page: start a table and hand out one invitation link per person's seat.
import * as W from "./words.js"; // the variants' and computers' names and lines
const SEATS = ["N", "E", "S", "W"];
const NAMES = { N: "North", E: "East", S: "South", W: "West" };
let DUMMIES = {};

const $ = (id) => document.getElementById(id);

async function options() {
  const r = await fetch("/api/options");
  return r.json();
}

function dummiesOf(variant) {
  return DUMMIES[variant] || [];
}

function drawSeats() {
  const variant = $("variant").value;
  const dummies = dummiesOf(variant);
  const box = $("seats");
  box.textContent = "";
  for (const s of SEATS) {
    const row = document.createElement("div");
    row.className = "seat-row";
    if (dummies.includes(s)) {
      row.innerHTML = `<span class="seat-name">${NAMES[s]}</span><em>dummy (face up, played by ${NAMES[SEATS[(SEATS.indexOf(s) + 2) % 4]]})</em>`;
    } else {
      row.innerHTML = `<span class="seat-name">${NAMES[s]}</span>
        <label class="check"><input type="checkbox" data-seat="${s}" class="human" ${s === "S" ? "checked" : ""}> a person</label>
        <input type="text" data-seat="${s}" class="name" placeholder="name" maxlength="24">`;
    }
    box.appendChild(row);
  }
}

async function start(event) {
  event.preventDefault();
  $("error").textContent = "";
  const variant = $("variant").value;
  const seats = {};
  const names = {};
  for (const s of dummiesOf(variant)) seats[s] = "dummy";
  for (const box of document.querySelectorAll("input.human")) {
    if (box.checked) seats[box.dataset.seat] = "human";
  }
  for (const box of document.querySelectorAll("input.name")) {
    if (box.value.trim()) names[box.dataset.seat] = box.value.trim();
  }
  const rubbers = Number($("rubbers").value) || 1;
  const body = { variant, seats, names, computer: $("computer").value, practice: $("practice").checked, laws: $("laws").checked, rubbers };
  if (!$("calls-box").hidden && $("calls").checked) body.calls = "players";
  if (!$("honours-box").hidden && $("honours").checked) body.honours = "claim";
  if (!$("careless-box").hidden && $("careless").checked) Object.assign(body, { deal_slips: 0.2, score_slips: 0.2 });
  const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = await r.json();
  if (!r.ok) {
    $("error").textContent = answer.error || `the server answered ${r.status}`;
    return;
  }
  const list = $("links");
  list.textContent = "";
  for (const [seat, link] of Object.entries(answer.links)) {
    const li = document.createElement("li");
    li.innerHTML = `<strong>${NAMES[seat]}</strong>: <a class="seat-link" data-seat="${seat}" href="${link}">${link}</a>`;
    list.appendChild(li);
  }
  const li = document.createElement("li");
  li.innerHTML = `<strong>Spectators</strong>: <a class="watch-link" href="${answer.watch}">${answer.watch}</a>`;
  list.appendChild(li);
  $("invitations").hidden = false;
}

const opts = await options();
DUMMIES = opts.dummies;
for (const v of opts.variants) {
  const o = new Option(W.variantName(v), v, v === "short", v === "short");
  $("variant").add(o);
}
for (const k of opts.computers) $("computer").add(new Option(W.computerName(k), k));
const drawLines = () => {
  $("variant-line").textContent = W.variantLine($("variant").value);
  $("computer-line").textContent = (W.COMPUTERS[$("computer").value] || ["", ""])[1];
};
$("variant").addEventListener("change", drawLines);
$("computer").addEventListener("change", drawLines);
drawLines();
const drawCalls = () => ($("calls-box").hidden = !(opts.calling || []).includes($("variant").value));
$("variant").addEventListener("change", drawSeats);
$("variant").addEventListener("change", drawCalls);
drawCalls();
const drawHonours = () => ($("honours-box").hidden = !(opts.honours || []).includes($("variant").value) || $("laws").checked);
$("variant").addEventListener("change", drawHonours);
$("laws").addEventListener("change", drawHonours);
drawHonours();
const drawCareless = () => ($("careless-box").hidden = !$("laws").checked);
$("laws").addEventListener("change", drawCareless);
drawCareless();
$("new-table").addEventListener("submit", start);
drawSeats();

// the club: "join the club", or the member's own record when his key is here
fetch("/api/members/me").then(async (r) => {
  if (!r.ok) return;
  const me = await r.json();
  $("club-link").textContent = `Your record (${me.name})`;
  $("club-link").href = `/member/${encodeURIComponent(me.id)}`;
});
