// The duplicate challenge's page (docs/web.md, "The duplicate challenge"): make a
// challenge, then poll its comparison board by board. Text only, never markup.
import * as W from "./words.js"; // variants and computers by name
const $ = (id) => document.getElementById(id);
const challengeId = location.pathname.startsWith("/challenge/") ? location.pathname.split("/").pop() : null;

function fail(text) {
  $("error").textContent = text;
}

async function options() {
  const r = await fetch("/api/options");
  const o = await r.json();
  for (const [id, list] of [["variant", o.variants], ["computer", o.computers]]) {
    for (const v of list) {
      const opt = document.createElement("option");
      opt.value = v;
      opt.textContent = id === "variant" ? W.variantName(v) : W.computerName(v);
      $(id).appendChild(opt);
    }
  }
  $("variant").value = "short";
}

function cell(row, value) {
  const td = document.createElement("td");
  td.textContent = value === null || value === undefined ? "–" : String(value);
  row.appendChild(td);
}

function draw(c) {
  const body = document.querySelector("#comparison tbody");
  body.textContent = "";
  for (const b of c.results) {
    const tr = document.createElement("tr");
    tr.className = b.person ? "compared" : "waiting";
    cell(tr, b.board);
    if (!b.person) {
      const td = document.createElement("td");
      td.colSpan = 7;
      td.textContent = b.board === c.played + 1 ? "being played" : "not played yet";
      tr.appendChild(td);
    } else {
      cell(tr, b.person.tricks.NS);
      cell(tr, b.computers.tricks.NS);
      cell(tr, (b.tricks_diff > 0 ? "+" : "") + b.tricks_diff);
      cell(tr, b.person.lost.NS);
      cell(tr, b.computers.lost.NS);
      cell(tr, b.person.lost_by_seat.S);
      cell(tr, b.computers.lost_by_seat.S);
    }
    body.appendChild(tr);
  }
  const t = c.totals;
  const tr = document.createElement("tr");
  tr.className = "totals";
  for (const v of ["Total", t.person.tricks, t.computers.tricks, (t.tricks_diff > 0 ? "+" : "") + t.tricks_diff, t.person.lost, t.computers.lost]) cell(tr, v);
  body.appendChild(tr);
  $("summary").textContent = c.finished
    ? `All ${c.boards} boards played (seed ${c.seed}): your side took ${t.person.tricks} tricks, the computers' ${t.computers.tricks} (${t.tricks_diff >= 0 ? "+" : ""}${t.tricks_diff}).`
    : `${c.played} of ${c.boards} boards played (${c.variant}, against ${c.computer}).`;
  document.body.dataset.played = c.played;
  document.body.dataset.finished = c.finished ? "1" : "";
}

async function poll() {
  const r = await fetch(`/api/challenges/${challengeId}`);
  const c = await r.json();
  if (!r.ok) {
    fail(c.error || `error ${r.status}`);
    return;
  }
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  if (token) $("play-link").href = `/table/${c.table}#token=${encodeURIComponent(token)}`;
  else $("play-link").hidden = true;
  draw(c);
  if (!c.finished) setTimeout(poll, 3000);
}

$("new-challenge").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = { boards: Number($("boards").value), variant: $("variant").value, computer: $("computer").value, name: $("name").value };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  const r = await fetch("/api/challenges", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const c = await r.json();
  if (!r.ok) {
    fail(c.error || `error ${r.status}`);
    return;
  }
  location.href = `/challenge/${c.id}#token=${encodeURIComponent(c.token)}`;
});

if (challengeId) {
  $("new-challenge").hidden = true;
  $("progress").hidden = false;
  poll();
} else {
  options();
}
