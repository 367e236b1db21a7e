// The table page: one websocket, every message a `state` (or `error`, `hint`,
// `review`); the page draws what it is sent and nothing else (docs/web.md).
import * as laws from "./laws.js"; // tables under the code: the laws panel
import { setupChat, setupFollow, showChat, showHistory } from "./chat.js";
const SEATS = ["N", "E", "S", "W"];
const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK = (r) => (r === "T" ? "10" : r);
const params = new URLSearchParams(location.search);
const PAUSE = Number(params.get("pause") ?? 1200); // ms a full trick stays before it is gathered
const tableId = location.pathname.split("/").pop();
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const $ = (id) => document.getElementById(id);
// Names and texts come from people: never markup.
const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

let state = null; // the last state drawn
let queue = []; // states waiting for a trick to be gathered
let drawing = false;
let typed = "";
let showLast = false;
let reviewAsked = 0;
let socket = null;

function cardEl(card, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "span");
  el.className = `card suit-${card[0]}` + (opts.legal ? " legal" : "") + (opts.small ? " small" : "");
  el.dataset.card = card;
  el.innerHTML = `<span class="rank">${RANK(card[1])}</span><span class="suit">${SUIT[card[0]]}</span>`;
  el.setAttribute("aria-label", `${RANK(card[1])} of ${{ S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[card[0]]}`);
  if (opts.button) {
    el.type = "button";
    el.disabled = !opts.legal && !laws.playable(state, card);
    el.addEventListener("click", () => play(card));
  }
  return el;
}

function positions(me) {
  // your seat at the bottom (a spectator sees South there)
  const i = SEATS.indexOf(me || "S");
  return { [SEATS[i]]: "bottom", [SEATS[(i + 1) % 4]]: "left", [SEATS[(i + 2) % 4]]: "top", [SEATS[(i + 3) % 4]]: "right" };
}

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function play(card) {
  if (laws.intercept(state, card, send)) return;
  if (!state || !(state.legal.includes(card) || laws.playable(state, card))) {
    say(`${card} cannot be played now`);
    return;
  }
  send({ type: "play", card });
}

function say(text, error = false) {
  const el = $("message");
  el.textContent = text;
  el.className = error ? "error" : "";
}

function bySuit(cards) {
  const groups = { S: [], H: [], D: [], C: [] };
  for (const c of cards) groups[c[0]].push(c);
  return groups;
}

function drawSeat(seat, pos, s) {
  const box = $(`seat-${pos}`);
  box.textContent = "";
  box.classList.toggle("to-play", s.to_play === seat);
  const name = document.createElement("div");
  name.className = "name";
  const kind = s.table.seats[seat];
  const label = s.dummies.includes(seat) ? (s.names[seat] === "Dummy" ? "" : "dummy") : kind === "human" ? "" : kind;
  name.innerHTML = `<b>${seat}</b> ${esc(s.names[seat])}${label ? ` <small>(${esc(label)})</small>` : ""}${seat === s.you ? " <small>(you)</small>" : ""}`;
  box.appendChild(name);
  if (s.phase === "play" && seat !== s.you) {
    const played = s.trick.some((p) => p.seat === seat) ? 1 : 0;
    const count = document.createElement("div");
    count.className = "count";
    count.textContent = `${13 - s.trick_number - played} cards`;
    box.appendChild(count);
  }
  const shown = s.exposed[seat];
  if (shown && shown.length) {
    const row = document.createElement("div");
    row.className = "exposed";
    const legal = new Set(s.legal);
    for (const c of shown) row.appendChild(cardEl(c, { small: true, button: legal.has(c), legal: legal.has(c) }));
    box.appendChild(row);
  }
}

function drawTrick(plays, pos) {
  for (const slot of document.querySelectorAll("#centre .played")) slot.textContent = "";
  for (const p of plays) {
    const slot = document.querySelector(`#centre .played.${pos[p.seat]}`);
    slot.appendChild(cardEl(p.card));
  }
}

function drawHand(s) {
  const box = $("my-hand");
  box.textContent = "";
  if (!s.you && s.following) {  // a spectator following one hand: shown, never played
    box.append(`${s.names[s.following]} (${s.following}): `, ...s.hand.map((c) => cardEl(c)));
    return;
  }
  if (!s.you) {
    box.innerHTML = `<p class="muted">You are watching: no hand is shown to spectators.</p>`;
    return;
  }
  const legal = new Set(s.legal);
  const groups = bySuit(s.hand);
  for (const suit of ["S", "H", "C", "D"]) {
    if (!groups[suit].length) continue;
    const g = document.createElement("div");
    g.className = "suit-group";
    for (const c of groups[suit]) g.appendChild(cardEl(c, { button: true, legal: legal.has(c) }));
    box.appendChild(g);
  }
}

function drawSheet(s) {
  const sc = s.score;
  const rows = sc.hands.map((h) => `<tr><td>${h.board}</td><td>${h.tricks[0]}</td><td>${h.tricks[1]}</td>
    <td>${h.honours[0] || ""}</td><td>${h.honours[1] || ""}</td><td class="pts-ns">${h.points[0]}</td><td class="pts-ew">${h.points[1]}</td>
    <td>${h.game_winner ? `${h.game_winner} game (${h.game_value === 3 ? "treble" : h.game_value === 2 ? "double" : h.game_value === 1 ? "single" : h.game_value})` : ""}</td></tr>`).join("");
  const games = sc.games.map((g, i) => `<li>Game ${i + 1}: ${g.winner}, ${g.value}</li>`).join("");
  const rubbers = sc.rubbers.map((r, i) => `<li>Rubber ${i + 1}: ${r.winner}, ${r.points} points</li>`).join("");
  $("sheet").innerHTML = `<h2>Score sheet</h2>
    <p>Game: <b id="game-ns">N-S ${sc.game.NS}</b>, <b id="game-ew">E-W ${sc.game.EW}</b> (game is ${sc.game_points})</p>
    <table class="score"><thead><tr><th>Board</th><th>Tricks NS</th><th>Tricks EW</th><th>Hon. NS</th><th>Hon. EW</th><th>NS</th><th>EW</th><th></th></tr></thead>
    <tbody>${rows || `<tr><td colspan="8" class="muted">no hand finished yet</td></tr>`}</tbody></table>
    ${games ? `<ul>${games}</ul>` : ""}${rubbers ? `<ul>${rubbers}</ul>` : ""}`;
}

function drawLastTrick(s) {
  const box = $("last-trick");
  box.textContent = "";
  if (!s.last_trick) {
    box.innerHTML = `<p class="muted">No trick has been turned yet.</p>`;
  } else {
    const h = document.createElement("h2");
    h.textContent = `Last trick, won by ${s.last_trick.winner}`;
    box.appendChild(h);
    for (const p of s.last_trick.cards) {
      const span = document.createElement("span");
      span.className = "play";
      span.append(`${p.seat} `, cardEl(p.card, { small: true }));
      box.appendChild(span);
    }
  }
  box.hidden = !showLast;
}

function drawReview(s) {
  const box = $("review");
  const r = s.review;
  if (!r || s.phase === "play") {
    box.hidden = true;
    return;
  }
  const hands = SEATS.map((seat) => {
    const groups = bySuit(r.hands[seat]);
    const text = ["S", "H", "D", "C"].map((su) => `<span class="${su === "H" || su === "D" ? "red" : ""}">${SUIT[su]}</span> ${groups[su].map((c) => RANK(c[1])).join(" ") || "—"}`).join("<br>");
    return `<div class="review-hand"><b>${seat}</b> ${esc(s.names[seat])}<br>${text}</div>`;
  }).join("");
  const tricks = r.tricks.map((t, i) => `<tr data-trick="${i + 1}"><td>${i + 1}</td><td>${t.leader}</td>${t.cards.map((p) => `<td class="rv" data-card="${p.card}">${p.seat} ${RANK(p.card[1])}<span class="suit-${p.card[0]}">${SUIT[p.card[0]]}</span></td>`).join("")}<td>${t.winner}</td></tr>`).join("");
  box.innerHTML = `<h2>Board ${r.board}: N-S ${r.result[0]}, E-W ${r.result[1]} tricks</h2>${r.claim ? `<p class="claim">${esc(r.claim)}</p>` : ""}
    <p>Trump card ${RANK(r.trump_card[1])}${SUIT[r.trump_card[0]]}, dealt by ${r.dealer}. <a href="/api/tables/${tableId}/pbn" download>Download the PBN</a></p>
    <div class="review-hands">${hands}</div>
    <p id="dd-summary" class="muted">Double-dummy analysis…</p>
    <table class="tricks"><thead><tr><th>#</th><th>Led</th><th colspan="4">Cards</th><th>Won</th></tr></thead><tbody>${tricks}</tbody></table>`;
  box.hidden = false;
  if (reviewAsked !== r.board) {
    reviewAsked = r.board;
    send({ type: "review", board: r.board });
  }
}

function drawDD(msg) {
  const summary = $("dd-summary");
  if (!summary) return;
  if (!msg.cards) { // a laws table's hand the solver could not take: its rulings stand
    summary.textContent = msg.stopped || "";
    return;
  }
  const mistakes = msg.cards.filter((c) => c.cost > 0);
  summary.className = "";
  summary.textContent = `Double dummy at the opening lead: ${msg.dd_start.side} ${msg.dd_start.tricks} tricks; made N-S ${msg.made.NS}, E-W ${msg.made.EW}; tricks lost to mistakes: N-S ${msg.lost.NS}, E-W ${msg.lost.EW} (${mistakes.length} cards marked).`;
  const cells = document.querySelectorAll("#review td.rv");
  msg.cards.forEach((c, i) => {
    const cell = cells[i];
    if (!cell || cell.dataset.card !== c.card) return;
    if (c.cost > 0) {
      cell.classList.add("mistake");
      cell.title = `costs ${c.cost} trick${c.cost > 1 ? "s" : ""}; best: ${c.best_cards.join(" ")}`;
      cell.append(` ${c.mark}`);
    }
  });
}

function draw(s) {
  state = s;
  const pos = positions(s.you || s.following);
  $("variant").textContent = `${s.table.variant}${s.table.practice ? " (practice)" : ""}`;
  $("board").textContent = s.phase !== "play" && s.review ? `Board ${s.review.board}` : `Board ${s.board}`;
  $("trump").textContent = s.trump ? `Trumps ${SUIT[s.trump]}` : "";
  $("trump").className = s.trump ? `suit-${s.trump}` : "";
  let turn = "";
  if (s.phase === "play" && s.to_play) {
    turn = s.legal.length ? (s.to_play === s.you ? "Your turn" : `Your turn (dummy ${s.to_play})`) : `${s.names[s.to_play]} (${s.to_play}) to play`;
  } else if (s.phase === "between") turn = "Hand over";
  else if (s.phase === "over") turn = "The session is over";
  $("turn").textContent = turn;
  if (s.phase === "over" && s.table.room) {  // a rubber of the room: the next is cut for there
    const back = document.createElement("a");
    back.href = "/lobby";
    back.textContent = " · back to the room";
    $("turn").append(back);
  }
  $("turn").classList.toggle("mine", s.legal.length > 0);
  for (const seat of SEATS) drawSeat(seat, pos[seat], s);
  drawTrick(s.trick, pos);
  const tc = $("trump-card");
  tc.textContent = "";
  if (s.trump_card) {
    tc.append("Trump card ", cardEl(s.trump_card, { small: true }));
  }
  drawHand(s);
  drawSheet(s);
  drawLastTrick(s);
  drawReview(s);
  $("hint-btn").hidden = !s.table.practice;
  $("why-btn").hidden = !s.table.practice;
  $("undo-btn").hidden = !s.table.practice || !s.you;
  for (const id of ["claim-box", "claim-btn", "concede-btn"]) $(id).hidden = !s.you || Boolean(s.table.laws); // under the laws the hand is played out
  for (const id of ["claim-btn", "concede-btn", "undo-btn"]) $(id).disabled = s.phase !== "play";
  if (s.phase === "play") $("claim-tricks").max = 13 - s.trick_number;
  $("next-btn").hidden = !(s.phase === "between" && s.you);
  // long whist with calls by the players: the call is always there to be made, as at
  // a real table (a wrong one is the adversaries' to punish); offered when proper
  const calling = s.calls === "players" && s.you && s.phase === "play";
  $("call-btn").hidden = !calling;
  $("remind-btn").hidden = !calling;
  $("call-btn").classList.toggle("offered", !!s.call_offered);
  $("question").hidden = !(s.question && s.question.yours);
  if (s.question) $("question-text").textContent = `${s.names[s.question.seat]} (${s.question.seat}) asks: "Can you one?" `;
  $("election").hidden = !(s.election && s.election.yours);
  if (s.election) $("election-text").textContent = `${s.election.text} `;
  if (s.phase !== "play") $("sheet").hidden = false;
  for (const e of s.events || []) {
    if (e.kind === "honours") say(`${s.names[e.seat]} (${e.seat}) calls ${e.honours} honours: the game is won`);
    if (["call", "remind", "answer", "elect"].includes(e.kind)) say(e.text, !!e.wrong);
    if (e.kind === "claim" || e.kind === "concede" || e.kind === "undo") {
      // the server's own words: "S claims 4 of the last 4 tricks: accepted"
      say(e.text, e.kind === "claim" && !e.accepted);
      const li = document.createElement("li");
      li.textContent = `Board ${s.phase === "play" ? s.board : (s.review ? s.review.board : s.board)}: ${e.text}`;
      li.className = e.kind === "undo" ? "undo" : e.accepted ? "accepted" : "refused";
      $("log").appendChild(li);
      $("log").hidden = false;
    }
  }
  laws.draw(s, { send, say, esc });
  document.body.dataset.phase = s.phase;
  document.body.dataset.seq = s.seq;
}

// A state whose trick was just completed: show the four cards, pause, then gather.
async function drawNext() {
  if (drawing) return;
  drawing = true;
  while (queue.length) {
    const s = queue.shift();
    const completed = state && state.phase === "play" && s.last_trick && s.trick.length === 0 &&
      (s.trick_number > state.trick_number || s.phase !== "play") && PAUSE > 0;
    if (completed) {
      const pos = positions(s.you || s.following);
      drawTrick(s.last_trick.cards, pos);
      document.body.dataset.gathering = "1";
      const w = s.last_trick.winner;
      $("turn").textContent = `${s.names[w]} (${w}) wins the trick`;
      $("turn").classList.remove("mine");
      for (const seat of document.querySelectorAll(".seat")) seat.classList.remove("to-play");
      for (const b of document.querySelectorAll("button.card")) b.disabled = true;
      await new Promise((r) => setTimeout(r, PAUSE));
      const winner = document.querySelector(`#centre .played.${pos[s.last_trick.winner]}`);
      for (const el of document.querySelectorAll("#centre .card")) el.classList.add(`gather-${pos[s.last_trick.winner]}`);
      if (winner) await new Promise((r) => setTimeout(r, 250));
      delete document.body.dataset.gathering;
    }
    draw(s);
  }
  drawing = false;
}

function onMessage(event) {
  const msg = JSON.parse(event.data);
  if (msg.type === "state") {
    if (msg.snapshot) {
      showHistory(msg.chat);
      queue = [];
      draw(msg);
      return;
    }
    queue.push(msg);
    drawNext();
  } else if (msg.type === "error") {
    say(msg.message, true);
  } else if (msg.type === "hint") {
    const box = $("hint");
    box.innerHTML = `<h2>Hint</h2>${msg.lines.map((l) => `<p>${esc(l)}</p>`).join("")}`;
    box.hidden = false;
  } else if (msg.type === "why") {
    const box = $("hint");
    box.innerHTML = `<h2>Why ${msg.seat} played ${msg.card}</h2><p></p>`;
    box.querySelector("p").textContent = msg.why;
    box.hidden = false;
  } else if (msg.type === "review") {
    drawDD(msg);
  } else if (msg.type === "chat") {
    showChat(msg);
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const follow = new URLSearchParams(location.search).get("follow");
  const query = token ? `?token=${encodeURIComponent(token)}` : follow ? `?follow=${encodeURIComponent(follow)}` : "";
  const url = `${proto}://${location.host}/ws/${tableId}${query}`;
  socket = new WebSocket(url);
  socket.addEventListener("message", onMessage);
  socket.addEventListener("open", () => say(token ? "" : "Watching as a spectator."));
  socket.addEventListener("close", () => {
    say("Connection lost: reconnecting…", true);
    setTimeout(connect, 1000);
  });
}

$("last-trick-btn").addEventListener("click", () => {
  showLast = !showLast;
  if (state) drawLastTrick(state);
});
$("sheet-btn").addEventListener("click", () => ($("sheet").hidden = !$("sheet").hidden));
$("hint-btn").addEventListener("click", () => send({ type: "hint" }));
$("why-btn").addEventListener("click", () => send({ type: "why" }));
$("claim-btn").addEventListener("click", () => {
  const n = $("claim-tricks").value.trim();
  send(n === "" ? { type: "claim" } : { type: "claim", tricks: Number(n) });
});
$("concede-btn").addEventListener("click", () => send({ type: "concede" }));
$("undo-btn").addEventListener("click", () => send({ type: "undo" }));
$("call-btn").addEventListener("click", () => send({ type: "call" }));
$("remind-btn").addEventListener("click", () => send({ type: "remind" }));
$("yes-btn").addEventListener("click", () => send({ type: "answer", yes: true }));
$("no-btn").addEventListener("click", () => send({ type: "answer", yes: false }));
$("fresh-btn").addEventListener("click", () => send({ type: "elect", fresh: true }));
$("stand-btn").addEventListener("click", () => send({ type: "elect", fresh: false }));
$("next-btn").addEventListener("click", () => {
  $("hint").hidden = true;
  send({ type: "next" });
});
$("pbn-link").href = `/api/tables/${tableId}/pbn`;
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toUpperCase();
  if (!/^[SHDCAKQJT2-9]$/.test(k) && k !== "1" && k !== "0") return;
  typed = (typed + k).slice(-3);
  const m = typed.match(/([SHDC])(10|[AKQJT2-9])$/);
  if (m) {
    typed = "";
    play(m[1] + (m[2] === "10" ? "T" : m[2]));
  }
});
setupChat(send);
setupFollow(send, !!token);
connect();
