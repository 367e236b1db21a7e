// A member's record page: GET /api/members/{id}/record drawn as tables.  Everything
// from the server goes in with textContent (a name is never markup).
import * as W from "./words.js"; // sides and games in words
const $ = (id) => document.getElementById(id);
const memberId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

function cell(row, text, cls) {
  const td = document.createElement("td");
  td.textContent = text === null || text === undefined ? "" : String(text);
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}

function link(td, href, text, download) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  if (download) a.setAttribute("download", "");
  td.appendChild(a);
  return a;
}

function drawTotals(t) {
  $("t-rubbers-played").textContent = t.rubbers_played;
  $("t-rubbers-won").textContent = t.rubbers_won;
  $("t-games-played").textContent = t.games_played;
  $("t-games-won").textContent = t.games_won;
  $("t-points-won").textContent = t.points_won;
  $("t-points-lost").textContent = t.points_lost;
  $("t-hands").textContent = t.hands;
  $("t-lost").textContent = t.lost_per_hand === null ? "-" : `${t.lost_per_hand} (${t.tricks_lost} in all)`;
}

function drawRubbers(rubbers) {
  const body = $("rubbers").tBodies[0];
  body.textContent = "";
  for (const r of rubbers) {
    const tr = document.createElement("tr");
    tr.className = "rubber";
    tr.dataset.table = r.table;
    tr.dataset.rubber = r.rubber;
    link(cell(tr, ""), `/table/${encodeURIComponent(r.table)}`, r.table);
    cell(tr, r.rubber);
    cell(tr, W.SIDE_NAME[r.side] || r.side);
    cell(tr, r.finished ? (r.won ? "won" : "lost") : "in progress", "result");
    cell(tr, r.finished ? (r.points > 0 ? `+${r.points}` : r.points) : "", "points");
    cell(tr, r.games.map((g) => `${W.SIDE_NAME[g.winner] || g.winner} ${W.gameValue(g.value).replace(/^a /, "")}`).join(", "));
    cell(tr, r.boards.length);
    link(cell(tr, ""), r.pbn, "PBN", true);
    body.appendChild(tr);
  }
  $("rubbers-box").hidden = rubbers.length === 0;
}

function drawHands(hands) {
  const body = $("hands").tBodies[0];
  body.textContent = "";
  for (const h of hands) {
    const tr = document.createElement("tr");
    tr.className = "hand";
    cell(tr, h.table);
    // each hand's review on its table's page (every hand of the rubber, double dummy)
    link(cell(tr, ""), `/table/${encodeURIComponent(h.table)}?review=${encodeURIComponent(h.board)}`, `Board ${h.board}`).className = "review-link";
    cell(tr, h.rubber);
    cell(tr, h.seats.join(" "));
    cell(tr, h.tricks);
    cell(tr, h.points);
    cell(tr, h.against);
    cell(tr, h.lost, "lost");
    body.appendChild(tr);
  }
  $("hands-box").hidden = hands.length === 0;
}

async function load() {
  const r = await fetch(`/api/members/${encodeURIComponent(memberId)}/record`);
  const answer = await r.json();
  if (!r.ok) {
    $("status").textContent = "";
    $("error").textContent = answer.detail || answer.error || `the server answered ${r.status}`;
    return;
  }
  $("member-name").textContent = answer.member.name;
  document.title = `Cavendish: ${answer.member.name}'s record`;
  drawTotals(answer.totals);
  $("all-pbn").href = answer.pbn;
  $("totals-box").hidden = false;
  drawRubbers(answer.rubbers);
  drawHands(answer.hands);
  $("status").textContent = answer.totals.hands ? "" : "No hand finished yet: take a seat at a table.";
  document.body.dataset.loaded = "1";
}

load();
