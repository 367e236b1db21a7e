// The table page: one websocket, every message a `state` (or `error`, `hint`,
// `review`); the page draws what it is sent and nothing else (docs/web.md).
import * as laws from "./laws.js"; // tables under the code: the laws panel
import { setupChat, setupFollow, showChat, showHistory } from "./chat.js";
import * as W from "./words.js"; // cards and names in words, never codes
const SEATS = ["N", "E", "S", "W"];
const { SUIT, SEAT_NAME } = W;
const RANK = W.rank;
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
let reviewing = Number(params.get("review")) || 0; // a hand of the rubber chosen for review (0: the last)
let announced = 0;
let rubbersSeen = -1; // rubbers already announced (-1: none drawn yet) // the seq of the last state announced to the live region
let socket = null;

function cardEl(card, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "span");
  el.className = `card suit-${card[0]}` + (opts.legal ? " legal" : "") + (opts.small ? " small" : "");
  el.dataset.card = card;
  el.innerHTML = `<span class="rank">${RANK(card[1])}</span><span class="suit">${SUIT[card[0]]}</span>`;
  el.setAttribute("aria-label", W.spoken(card));
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

// Ruff-and-honours (000): the holder of the ace of trumps, asked whether he ruffs,
// chooses the four cards he puts out by clicking them (or typing them) instead of playing.
let putOut = [];
function choosePutOut(card) {
  putOut = putOut.includes(card) ? putOut.filter((c) => c !== card) : [...putOut, card].slice(-4);
  drawRuff(state);
  say(`${W.card(card)} ${putOut.includes(card) ? "chosen to put out" : "kept"}: ${putOut.length} of four chosen`);
}
function drawRuff(s) {
  const asked = !!(s && s.ruff_offered);
  if (!asked && putOut.length) say(""); // answered: the count of cards chosen is old news
  if (!asked) putOut = [];
  $("ruff-offer").hidden = !asked;
  if (!asked) return;
  const chosen = putOut.length ? ` Chosen: ${putOut.map(W.card).join(", ")}.` : "";
  $("ruff-text").textContent = `You hold the ace of trumps. The stock's card turned up: ${W.card(s.stock_card)}. Take the ruff: put out four cards (click them, or type each one's suit and rank letters: from your hand or the card turned up) and take in the stock.${chosen} `;
  $("ruff-btn").disabled = putOut.length !== 4;
  for (const el of document.querySelectorAll("#my-hand button.card, #stock-card button.card")) {
    el.disabled = false;
    el.classList.toggle("chosen", putOut.includes(el.dataset.card));
    el.setAttribute("aria-pressed", String(putOut.includes(el.dataset.card)));
  }
}

// Who is to act now: while he is asked whether he ruffs, the holder of the ace of
// trumps (told to him alone: only his own page names him), else the seat to play.
function actor(s) {
  const ref = s.laws && s.laws.referral; // law 89: a question put to the players first
  return s.ruff_offered ? s.you : ref ? ref.waiting[0] : s.to_play;
}

// The header's words for whose turn it is (in play).
function turnWords(s) {
  if (s.ruff_offered) return "Your turn: take the ruff or decline it";
  const ref = s.laws && s.laws.referral;
  if (ref) return ref.yours ? "Your turn: do you agree that a bystander decide the question?" : `Play waits for ${ref.waiting.map((x) => SEAT_NAME[x]).join(", ")} to agree that a bystander decide a question`;
  if (s.legal.length) return s.to_play === s.you ? "Your turn" : `Your turn (dummy ${s.to_play})`;
  // before the first card at ruff-and-honours the holder of the ace of trumps may ruff
  // first: said on every page, whoever holds it (the others are not told who)
  const first = s.score.rules.ruff && s.trick_number === 0 && !s.trick.length && !s.stock_taken;
  return `${W.playerName(s.names[s.to_play], s.table.seats[s.to_play])} (${s.to_play}) to play${first ? ", once the holder of the ace of trumps has said whether he ruffs" : ""}`;
}

function play(card) {
  if (state && state.ruff_offered) return choosePutOut(card);
  if (laws.intercept(state, card, send)) return;
  if (!state || !(state.legal.includes(card) || laws.playable(state, card))) {
    say(`${W.card(card)} cannot be played now`);
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
  box.classList.toggle("to-play", actor(s) === seat);
  const name = document.createElement("div");
  name.className = "name";
  const kind = s.table.seats[seat];
  const label = s.dummies.includes(seat) && s.names[seat] !== "Dummy" ? "dummy" : "";
  const dealer = seat === s.dealer ? ` <small class="dealer-mark" title="the dealer">dealer</small>` : "";
  name.innerHTML = `<b title="${SEAT_NAME[seat]}">${seat}</b> ${esc(W.playerName(s.names[seat], kind))}${label ? ` <small>(${esc(label)})</small>` : ""}${seat === s.you ? " <small>(you)</small>" : ""}${dealer}`;
  box.appendChild(name);
  if (s.phase === "play" && seat !== s.you) {
    const played = s.trick.some((p) => p.seat === seat) ? 1 : 0;
    const count = document.createElement("div");
    count.className = "count";
    // twelve a hand in the old games (whisk, ruff-and-honours): the server says how many
    count.textContent = `${(s.tricks_in_hand || 13) - s.trick_number - played} cards`;
    box.appendChild(count);
  }
  const shown = s.exposed[seat];
  // (a dummy who dealt, or you: the card is in his row or your hand, marked there)
  const elsewhere = (shown && shown.includes(s.trump_card)) || (seat === s.you && s.hand.includes(s.trump_card));
  if (seat === s.dealer && s.trump_card && s.phase === "play" && !elsewhere) {
    // the trump card lies face up by the dealer until he takes it up (law 52)
    const tc = document.createElement("div");
    tc.id = "trump-card";
    tc.append("turned up ", cardEl(s.trump_card, { small: true }));
    box.appendChild(tc);
  }
  if (shown && shown.length) {
    const row = document.createElement("div");
    row.className = "exposed";
    const legal = new Set(s.legal);
    for (const c of shown) {
      const el = cardEl(c, { small: true, button: legal.has(c), legal: legal.has(c) });
      if (c === s.trump_card && seat === s.dealer) {
        el.classList.add("turned");
        el.title = "the trump card turned up";
      }
      row.appendChild(el);
    }
    box.appendChild(row);
  }
}

// Always on the table: the tricks of each side, the dealer, the game and the rubber,
// the honours as they stand on the sheet.
function drawScoreboard(s) {
  const board = $("scoreboard");
  const won = s.phase === "play" ? s.tricks_won : s.review && s.review.result ? { NS: s.review.result[0], EW: s.review.result[1] } : { NS: 0, EW: 0 };
  board.dataset.tricksNs = won.NS;
  board.dataset.tricksEw = won.EW;
  board.dataset.dealer = s.dealer || "";
  $("tricks").textContent = `Tricks: N-S ${won.NS}, E-W ${won.EW}`;
  $("dealer").textContent = s.dealer ? `${s.phase === "play" ? "Dealer" : "Next dealer"}: ${SEAT_NAME[s.dealer]} (${W.playerName(s.names[s.dealer], s.table.seats[s.dealer])})` : "";
  const sc = s.score;
  const games = rubberGames(sc);
  $("game-score").textContent = `Game: N-S ${sc.game.NS}, E-W ${sc.game.EW} of ${sc.game_points}` +
    (games.NS || games.EW ? `; games this rubber: N-S ${games.NS}, E-W ${games.EW}` : "") +
    (sc.rubbers.length ? `; rubbers: ${sc.rubbers.map((r) => W.rubberWords(r)).join("; ")}` : "");
  const last = sc.hands[sc.hands.length - 1];
  $("honours").textContent = last ? `Honours last hand: ${honoursWords(last)}` : "Honours: none scored yet";
  // ruff-and-honours: the stock's card turned up for trumps (every player saw it; 000)
  const stock = $("stock-card");
  stock.textContent = "";
  // once taken in by a ruff, it is shown where it lies (a hand, a trick), not twice
  if (s.phase === "play" && s.stock_card && s.stock_taken) stock.append(`turned up on the stock ${W.card(s.stock_card)}, taken in by a ruff`);
  else if (s.phase === "play" && s.stock_card) stock.append("turned up on the stock ", cardEl(s.stock_card, { small: true, button: !!s.ruff_offered }));
  // ruff-and-honours: the cards of the stock this seat has not seen
  $("honours").textContent += s.phase === "play" && s.stock_hidden ? `; stock: ${s.stock_hidden} cards unseen` : "";
}

// The games of the rubber in progress: the sheet's games since the last rubber ended.
function rubberGames(sc) {
  const played = sc.rubbers.reduce((n, r) => n + (r.games || 0), 0);
  const counted = { NS: 0, EW: 0 };
  const games = sc.games.slice(played);
  for (const g of games) counted[g.winner] += 1;
  return counted;
}

// A hand's honours in words, marked when they did not score (laws 4 and 5, or not called at eight).
function honoursWords(h) {
  const unscored = (h.notes || []).some((n) => /honours not scored|did not call their honours/.test(n));
  const parts = [];
  if (h.honours[0]) parts.push(`N-S ${h.honours[0]}${unscored ? " (not scored)" : ""}`);
  if (h.honours[1]) parts.push(`E-W ${h.honours[1]}${unscored ? " (not scored)" : ""}`);
  return parts.join(", ") || "divided, none scored";
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
    for (const c of groups[suit]) {
      const el = cardEl(c, { button: true, legal: legal.has(c) });
      if (c === s.trump_card && s.dealer === s.you) {
        el.classList.add("turned");
        el.title = "the trump card turned up";
      }
      g.appendChild(el);
    }
    box.appendChild(g);
  }
}

function drawSheet(s) {
  const sc = s.score;
  const honour = (h, i) => (h.honours[i] ? `${h.honours[i]}${/honours not scored|did not call their honours/.test((h.notes || []).join(" ")) ? ` <small class="unscored">(not scored)</small>` : ""}` : "");
  const rows = sc.hands.map((h) => `<tr><td>${h.board}</td><td>${h.tricks[0]}</td><td>${h.tricks[1]}</td>
    <td>${honour(h, 0)}</td><td>${honour(h, 1)}</td><td class="pts-ns">${h.points[0]}</td><td class="pts-ew">${h.points[1]}</td>
    <td>${h.game_winner ? `${W.SIDE_NAME[h.game_winner]} win ${W.gameValue(h.game_value)}` : ""}${sc.stakes && sc.stakes[h.board - 1] ? `<br><small class="stakes">swabbers' stakes: ${stakesWords(sc.stakes[h.board - 1])}</small>` : ""}${(h.notes || []).length ? `<br><small class="notes">${h.notes.map((n) => esc(W.say(n))).join("; ")}</small>` : ""}</td></tr>`).join("");
  const games = sc.games.map((g, i) => `<li>Game ${i + 1}: ${W.SIDE_NAME[g.winner]} win ${W.gameValue(g.value)} (${g.value} point${g.value === 1 ? "" : "s"})</li>`).join("");
  const rubbers = sc.rubbers.map((r, i) => `<li class="rubber-result">Rubber ${i + 1}: ${W.rubberWords(r)}</li>`).join("");
  $("sheet").innerHTML = `<h2>Score sheet</h2>
    <p>Game: <b id="game-ns">N-S ${sc.game.NS}</b>, <b id="game-ew">E-W ${sc.game.EW}</b> (game is ${sc.game_points})</p>
    <table class="score"><thead><tr><th rowspan="2">Board</th><th colspan="2">Tricks</th><th colspan="2">Honours</th><th colspan="2">Points</th><th rowspan="2">Game</th></tr>
      <tr><th>N-S</th><th>E-W</th><th>N-S</th><th>E-W</th><th>N-S</th><th>E-W</th></tr></thead>
    <tbody>${rows || `<tr><td colspan="8" class="muted">no hand finished yet</td></tr>`}</tbody></table>
    ${games ? `<ul>${games}</ul>` : ""}${rubbers ? `<ul>${rubbers}</ul>` : ""}
    <p class="muted sheet-help">${sheetHelp(sc)}</p>`;
}

// What a game and a rubber are worth, in words, from the rules of the table (laws 8-10).
function sheetHelp(sc) {
  const rules = sc.rules;
  if (!rules) return "";
  const vals = rules.game_values;
  const parts = vals.map(([lo, v], i) => {
    const hi = i + 1 < vals.length ? vals[i + 1][0] - 1 : null;
    const range = hi === null ? `${lo} or more` : hi === lo ? `${lo}` : `${lo} to ${hi}`;
    return `${W.gameValue(v)} (${v}) when the losers have ${range}`;
  });
  let text = `A game is ${sc.game_points} points; its winners score ${parts.join(", ")} (law 8).`;
  if (rules.rubber) {
    text += " The rubber is the best of three games" +
      (rules.rubber_bonus ? `; its winners add ${rules.rubber_bonus} points for it (law 9)` : "") +
      (rules.deduct_losers_games ? "; the losers' game, if they won one, is taken off the winners' points (law 10)." : ".");
  }
  return `${text} Honours that did not score are marked "not scored".`;
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

// The review of every hand of the rubber: a button for each finished hand; the last
// hand is shown whole between hands, any other asked of the server (its double-dummy
// review carries every card played, by trick).
function drawReviewList(s) {
  const box = $("reviews");
  const n = s.score.hands.length;
  box.hidden = n === 0;
  if (n === 0 || box.dataset.count === String(n)) return;
  box.dataset.count = String(n);
  box.innerHTML = `<h2>Review a hand</h2>`;
  const row = document.createElement("div");
  row.className = "review-boards";
  for (let b = 1; b <= n; b++) {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "review-board";
    btn.dataset.board = String(b);
    btn.textContent = `Board ${b}`;
    btn.addEventListener("click", () => askReview(b));
    row.appendChild(btn);
  }
  box.appendChild(row);
}

function askReview(board) {
  reviewing = board;
  reviewAsked = board;
  const last = state && state.review;
  if (state && state.phase !== "play" && last && last.board === board) {
    drawReview(state);
  } else {
    const box = $("review");
    box.innerHTML = `<h2>Board ${board}</h2><p id="dd-summary" class="muted">Double-dummy analysis…</p>`;
    box.hidden = false;
  }
  send({ type: "review", board });
  $("review").scrollIntoView({ block: "start" });
}

const LEGEND = `<p class="legend"><b>Marks:</b> <span class="mistake-key">?</span> a card that cost one trick double dummy,
  <span class="mistake-key">??</span> two or more; beside it the cost and the better card(s). The penalty of a
  revoke is written under the tricks.</p>`;

function penaltyLine(board) {
  // the sheet's revoke penalty, linked from the review's tricks (law 72)
  const h = state && state.score.hands[board - 1];
  const notes = h ? (h.notes || []).filter((n) => /revoke|law 7[2-9]|law 8[0-2]/.test(n)) : [];
  return notes.length ? `<p class="penalty">${h.tricks[0]} tricks N-S, ${h.tricks[1]} E-W; ${notes.map((n) => esc(W.say(n))).join("; ")} (<a href="#sheet">the score sheet</a>)</p>` : "";
}

function drawReview(s) {
  const box = $("review");
  const r = s.review;
  if (reviewing && (!r || reviewing !== r.board || s.phase === "play")) return; // another hand is shown
  if (!r || s.phase === "play") {
    box.hidden = true;
    return;
  }
  const hands = SEATS.map((seat) => {
    const groups = bySuit(r.hands[seat]);
    const text = ["S", "H", "D", "C"].map((su) => `<span class="${su === "H" || su === "D" ? "red" : ""}" aria-label="${W.SUIT_NAME[su]}">${SUIT[su]}</span> ${groups[su].map((c) => RANK(c[1])).join(" ") || "—"}`).join("<br>");
    return `<div class="review-hand"><b>${SEAT_NAME[seat]}</b> ${esc(W.playerName(s.names[seat], s.table.seats[seat]))}<br>${text}</div>`;
  }).join("");
  const tricks = r.tricks.map((t, i) => `<tr data-trick="${i + 1}"><td>${i + 1}</td><td>${t.leader}</td>${t.cards.map((p) => `<td class="rv" data-card="${p.card}">${p.seat} ${RANK(p.card[1])}<span class="suit-${p.card[0]}" aria-label=" of ${W.SUIT_NAME[p.card[0]]}">${SUIT[p.card[0]]}</span></td>`).join("")}<td>${t.winner}</td></tr>`).join("");
  box.innerHTML = `<h2>Board ${r.board}: N-S ${r.result[0]}, E-W ${r.result[1]} tricks</h2>${r.claim ? `<p class="claim">${esc(W.say(r.claim))}</p>` : ""}
    <p>${trumpLine(r)} <a href="/api/tables/${tableId}/pbn" download>Download the PBN</a></p>
    <div class="review-hands">${hands}</div>${oldGame(r)}
    <p id="dd-summary" class="muted">Double-dummy analysis…</p>
    <table class="tricks"><thead><tr><th>Trick</th><th>Led</th><th colspan="4">Cards</th><th>Won</th></tr></thead><tbody>${tricks}</tbody></table>
    ${penaltyLine(r.board)}${LEGEND}`;
  box.hidden = false;
  if (reviewAsked !== r.board) {
    reviewAsked = r.board;
    send({ type: "review", board: r.board });
  }
}

// "Trump card ♣7, dealt by North.", or at ruff-and-honours (a stock, 000) the card
// turned up on the stock: no card of the dealer's.
function trumpLine(r) {
  const turned = state && state.score.rules.ruff ? " turned up on the stock" : "";
  return `Trump card ${W.card(r.trump_card)}${turned}, dealt by ${SEAT_NAME[r.dealer]}.`;
}

// The old games (000): the stock and the ruff at ruff-and-honours, the swabbers and
// their stakes at whisk-and-swabbers.
function oldGame(r) {
  const lines = [];
  if (r.stock && r.stock.length) lines.push(`The stock: ${r.stock.map(W.card).join(" ")}.`);
  if (r.ruff) lines.push(`${esc(W.say(r.ruff))}.`);
  if (r.swabbers) {
    const held = Object.entries(r.swabbers).map(([seat, cards]) => `${SEAT_NAME[seat]} ${cards.map(W.card).join(" ")}`);
    lines.push(`The swabbers: ${held.join(", ") || "none held"}; stakes ${stakesWords(r.stakes)}.`);
  }
  return lines.length ? `<p class="old-game">${lines.join(" ")}</p>` : "";
}

// "North +2, East -2, ..." (one stake from each other player per swabber held)
function stakesWords(st) {
  return SEATS.map((seat, i) => `${SEAT_NAME[seat]} ${st[i] > 0 ? "+" : ""}${st[i]}`).join(", ");
}

// A hand reviewed from the server's double-dummy review alone (any hand of the rubber).
function drawBoardFromDD(msg) {
  const byTrick = [];
  for (const c of msg.cards) (byTrick[c.trick] = byTrick[c.trick] || []).push(c);
  const held = { N: [], E: [], S: [], W: [] };
  for (const c of msg.cards) held[c.seat].push(c.card);
  const ORDER = "AKQJT98765432";
  for (const seat of SEATS) held[seat].sort((a, b) => "SHDC".indexOf(a[0]) - "SHDC".indexOf(b[0]) || ORDER.indexOf(a[1]) - ORDER.indexOf(b[1]));
  const hands = SEATS.map((seat) => {
    const groups = bySuit(held[seat]);
    const text = ["S", "H", "D", "C"].map((su) => `<span class="${su === "H" || su === "D" ? "red" : ""}" aria-label="${W.SUIT_NAME[su]}">${SUIT[su]}</span> ${groups[su].map((c) => RANK(c[1])).join(" ") || "—"}`).join("<br>");
    return `<div class="review-hand"><b>${SEAT_NAME[seat]}</b> ${esc(W.playerName(state.names[seat], state.table.seats[seat]))}<br>${text}</div>`;
  }).join("");
  const played = byTrick.filter(Boolean);
  // a trick's winner leads the next (the last trick's is in the score)
  const rows = played.map((cards, i) => `<tr data-trick="${i + 1}"><td>${i + 1}</td><td>${cards[0].seat}</td>${cards.map((p) => `<td class="rv" data-card="${p.card}">${p.seat} ${RANK(p.card[1])}<span class="suit-${p.card[0]}" aria-label=" of ${W.SUIT_NAME[p.card[0]]}">${SUIT[p.card[0]]}</span></td>`).join("")}<td>${played[i + 1] ? played[i + 1][0].seat : ""}</td></tr>`).join("");
  const h = state.score.hands[msg.board - 1];
  $("review").innerHTML = `<h2>Board ${msg.board}${h ? `: N-S ${h.tricks[0]}, E-W ${h.tricks[1]} tricks` : ""}</h2>
    <p>${trumpLine(msg)} <a href="/api/tables/${tableId}/pbn" download>Download the PBN</a> (every hand whole)</p>
    <div class="review-hands">${hands}</div><p class="muted">The cards as played (a card not played after a claim is not shown here).</p>
    <p id="dd-summary" class="muted"></p>
    <table class="tricks"><thead><tr><th>Trick</th><th>Led</th><th colspan="4">Cards</th><th>Won</th></tr></thead><tbody>${rows}</tbody></table>
    ${penaltyLine(msg.board)}${LEGEND}`;
  $("review").hidden = false;
}

function drawDD(msg) {
  if (reviewing && msg.board !== reviewing) return;
  const whole = state && state.phase !== "play" && state.review && state.review.board === msg.board;
  if (!whole && msg.cards) drawBoardFromDD(msg);
  const summary = $("dd-summary");
  if (!summary) return;
  if (!msg.cards) { // a laws table's hand the solver could not take: its rulings stand
    summary.textContent = msg.stopped || "";
    return;
  }
  const mistakes = msg.cards.filter((c) => c.cost > 0);
  summary.className = "";
  summary.textContent = `Double dummy at the opening lead: ${W.SIDE_NAME[msg.dd_start.side]} ${msg.dd_start.tricks} tricks; made N-S ${msg.made.NS}, E-W ${msg.made.EW}; tricks lost to mistakes: N-S ${msg.lost.NS}, E-W ${msg.lost.EW} (${mistakes.length} card${mistakes.length === 1 ? "" : "s"} marked).`;
  const cells = document.querySelectorAll("#review td.rv");
  msg.cards.forEach((c, i) => {
    const cell = cells[i];
    if (!cell || cell.dataset.card !== c.card) return;
    if (c.cost > 0 && !cell.querySelector(".cost")) { // once, if the analysis comes twice
      cell.classList.add("mistake");
      const note = document.createElement("span");
      note.className = "cost";
      const better = c.best_cards.map(W.card).join(" ");
      note.textContent = ` ${c.mark} costs ${c.cost} trick${c.cost > 1 ? "s" : ""}; better ${better}`;
      cell.append(note);
    }
  });
}

// The live region (aria-live): each card played and whose turn it is, in words, so
// that a screen reader follows the play; said once per state.
function announce(s) {
  if (s.seq === announced) return;
  announced = s.seq;
  const words = [];
  const who = (seat) => (seat === s.you ? "You" : `${SEAT_NAME[seat]}${s.names[seat] && !s.names[seat].startsWith(W.computerName(s.table.seats[seat] || "")) ? ` (${s.names[seat]})` : ""}`);
  for (const e of s.events || []) {
    if (e.kind === "deal") words.push(`Board ${s.board} dealt by ${SEAT_NAME[s.dealer]}.${s.trump ? ` Trumps are ${W.suitName(s.trump)}.` : ""}`);
    if (e.kind === "card") words.push(`${who(e.seat)} ${e.seat === s.you ? "play" : "plays"} the ${W.spoken(e.card)}.`);
    if (e.kind === "claim" || e.kind === "concede" || e.kind === "undo") words.push(`${W.sayAloud(e.text)}.`);
    if (e.kind === "honours") words.push(`${who(e.seat)} calls ${e.honours} honours.`);
  }
  if (s.phase === "play" && s.trick.length === 0 && s.last_trick && (s.events || []).some((e) => e.kind === "card")) {
    words.push(`${who(s.last_trick.winner)} ${s.last_trick.winner === s.you ? "win" : "wins"} the trick. Tricks: North-South ${s.tricks_won.NS}, East-West ${s.tricks_won.EW}.`);
  }
  if (s.phase === "play" && s.ruff_offered) {
    words.push(`You hold the ace of trumps; the card turned up on the stock is the ${W.spoken(s.stock_card)}. Your turn: take the ruff, choosing four cards to put out, or decline it.`);
  } else if (s.phase === "play" && s.laws && s.laws.referral) {
    words.push(`${turnWords(s)}.`);
  } else if (s.phase === "play" && s.to_play) {
    words.push(s.legal.length ? (s.to_play === s.you ? "Your turn." : `Your turn, from dummy ${SEAT_NAME[s.to_play]}.`) : `${who(s.to_play)} to play.`);
  } else if (s.phase === "between" && s.review) {
    words.push(`Hand over: North-South ${s.review.result[0]} tricks, East-West ${s.review.result[1]}.`);
  }
  const r = s.score.rubbers[s.score.rubbers.length - 1];
  if (s.phase !== "play" && r && s.score.rubbers.length > rubbersSeen) words.push(`${W.rubberWords(r)}.`);
  rubbersSeen = s.score.rubbers.length;
  if (words.length) $("announce").textContent = words.join(" ");
}

function drawLog(s) {
  // the claims and cards taken back of the rubber, as the server keeps them
  const log = $("log");
  log.textContent = "";
  for (const e of s.log || []) {
    const li = document.createElement("li");
    li.textContent = `Board ${e.board}: ${W.say(e.text)}`;
    li.className = e.kind === "undo" ? "undo" : e.accepted ? "accepted" : "refused";
    log.appendChild(li);
  }
  log.hidden = !(s.log || []).length;
}

function draw(s) {
  if (state && state.phase === "play" && s.phase !== "play") reviewing = 0; // a hand just ended: show it
  state = s;
  const pos = positions(s.you || s.following);
  $("variant").textContent = `${W.variantName(s.table.variant)}${s.table.practice ? " (practice)" : ""}${s.honours_mode === "claim" ? " (honours claimed by the players, laws 6-7)" : ""}`;
  $("variant").title = W.variantLine(s.table.variant);
  $("board").textContent = s.phase !== "play" && s.review ? `Board ${s.review.board}` : `Board ${s.board}`;
  $("trump").textContent = s.trump ? `Trumps ${SUIT[s.trump]}` : "";
  $("trump").setAttribute("aria-label", s.trump ? `trumps: ${W.suitName(s.trump)}` : "");
  $("trump").className = s.trump ? `suit-${s.trump}` : "";
  let turn = "";
  const rubber = s.score.rubbers[s.score.rubbers.length - 1];
  if (s.phase === "play" && s.to_play) {
    turn = turnWords(s);
  } else if (s.phase === "between") turn = "Hand over";
  else if (s.phase === "over") turn = rubber ? `${W.rubberWords(rubber)}` : "The session is over";
  $("turn").textContent = turn;
  if (s.phase === "over" && s.table.room) {  // a rubber of the room: the next is cut for there
    const back = document.createElement("a");
    back.href = "/lobby";
    back.textContent = " · back to the room";
    $("turn").append(back);
  }
  $("turn").classList.toggle("mine", s.legal.length > 0 || !!s.ruff_offered || !!(s.laws && s.laws.referral && s.laws.referral.yours));
  for (const seat of SEATS) drawSeat(seat, pos[seat], s);
  drawTrick(s.trick, pos);
  drawScoreboard(s);
  drawHand(s);
  drawSheet(s);
  drawLastTrick(s);
  drawReviewList(s);
  drawReview(s);
  drawLog(s);
  $("hint-btn").hidden = !s.table.practice;
  $("why-btn").hidden = !s.table.practice;
  $("undo-btn").hidden = !s.table.practice || !s.you;
  for (const id of ["claim-box", "claim-btn", "concede-btn"]) $(id).hidden = !s.you || Boolean(s.table.laws); // under the laws the hand is played out
  for (const id of ["claim-btn", "concede-btn", "undo-btn"]) $(id).disabled = s.phase !== "play";
  if (s.phase === "play") $("claim-tricks").max = (s.tricks_in_hand || 13) - s.trick_number;
  // honours claimed by the players (laws 6-7): the hand over, a person's side is asked;
  // the next hand dealt without the claim, they are lost
  const claiming = s.honours_claim && s.honours_claim.yours;
  $("honours-claim").hidden = !claiming;
  if (claiming) $("honours-claim-text").textContent = `Your side held ${s.honours_claim.honours} honours: claim them before the next deal, or they cannot be scored (law 6). `;
  $("next-btn").hidden = !((s.phase === "between" || claiming) && s.you);
  $("again-btn").hidden = !(s.phase === "over" && s.you && !s.table.room && !s.table.laws);
  $("leave-btn").hidden = !s.you;
  // long whist with calls by the players: the call is always there to be made, as at
  // a real table (a wrong one is the adversaries' to punish); offered when proper
  const calling = s.calls === "players" && s.you && s.phase === "play";
  $("call-btn").hidden = !calling;
  $("remind-btn").hidden = !calling;
  $("call-btn").classList.toggle("offered", !!s.call_offered);
  $("question").hidden = !(s.question && s.question.yours);
  if (s.question) $("question-text").textContent = `${s.names[s.question.seat]} (${s.question.seat}) asks: "Can you one?" `;
  $("election").hidden = !(s.election && s.election.yours);
  if (s.election) $("election-text").textContent = `${W.say(s.election.text)} ${s.election.thrown_down ? `The hands lie thrown down (001: "reclaiming their hands if thrown down"): ${Object.entries(s.election.thrown_down).map(([seat, cards]) => `${seat} ${cards.map(W.say).join(" ")}`).join("; ")}. ` : ""}`;
  if (s.phase !== "play") $("sheet").hidden = false;
  for (const e of s.events || []) {
    if (e.kind === "honours") say(`${s.names[e.seat]} (${e.seat}) calls ${e.honours} honours: the game is won`);
    if (["call", "remind", "answer", "elect"].includes(e.kind)) say(W.say(e.text), !!e.wrong);
    // the server's own words: "S claims 4 of the last 4 tricks: accepted"
    if (e.kind === "claim" || e.kind === "concede" || e.kind === "undo") say(W.say(e.text), e.kind === "claim" && !e.accepted);
  }
  drawRuff(s);
  laws.draw(s, { send, say, esc });
  announce(s);
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
      // the trick's cards are in the middle now: never in a hand or a dummy's row too
      for (const p of s.last_trick.cards) {
        for (const el of document.querySelectorAll(`#felt .seat [data-card="${p.card}"], #my-hand [data-card="${p.card}"]`)) el.remove();
      }
      announce(s);
      document.body.dataset.gathering = "1";
      const w = s.last_trick.winner;
      $("turn").textContent = `${s.names[w]} (${w}) wins the trick`;
      $("turn").classList.remove("mine");
      for (const seat of document.querySelectorAll(".seat")) seat.classList.remove("to-play");
      for (const b of document.querySelectorAll("button.card")) b.disabled = true;
      await new Promise((r) => setTimeout(r, PAUSE));
      const winner = document.querySelector(`#centre .played.${pos[s.last_trick.winner]}`);
      for (const el of document.querySelectorAll("#centre .card")) el.classList.add(`gather-${pos[s.last_trick.winner]}`);
      if (winner) await new Promise((r) => setTimeout(r, Math.min(250, PAUSE))); // the gathering
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
      const first = state === null;
      draw(msg);
      if (first && reviewing) askReview(reviewing); // a link to one hand's review (?review=N)
      return;
    }
    queue.push(msg);
    drawNext();
  } else if (msg.type === "error") {
    say(W.say(msg.message), true);
  } else if (msg.type === "storage") { // the storage away, then back (issue 30, 5)
    say(msg.message, !msg.available);
  } else if (msg.type === "hint") {
    const box = $("hint");
    box.innerHTML = `<h2>Hint</h2>${msg.lines.map((l) => `<p>${esc(W.say(l))}</p>`).join("")}`;
    box.hidden = false;
  } else if (msg.type === "why") {
    const box = $("hint");
    box.innerHTML = `<h2>Why ${esc(SEAT_NAME[msg.seat] || msg.seat)} played ${esc(W.card(msg.card))}</h2><p></p>`;
    box.querySelector("p").textContent = W.say(msg.why);
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
// Nothing given away by one click: a dialog of the page asks first.
function ask(question, yes) {
  const dialog = $("ask");
  $("ask-text").textContent = question;
  $("ask-yes").textContent = yes;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true }));
}

function leave() {
  location.href = state && state.table.room ? "/lobby" : "/";
}
$("concede-btn").addEventListener("click", async () => {
  const left = state ? (state.tricks_in_hand || 13) - state.trick_number : 0;
  if (await ask(`Concede the last ${left} tricks to the adversaries? The hand ends at once.`, "Concede")) send({ type: "concede" });
});
$("leave-btn").addEventListener("click", async () => {
  if (await ask("Leave the table? Your seat stays yours: come back by the same link.", "Leave the table")) leave();
});
$("home-link").addEventListener("click", async (e) => {
  if (!state || !state.you || state.phase === "over") return;
  e.preventDefault();
  if (await ask("Leave the table? Your seat stays yours: come back by the same link.", "Leave the table")) leave();
});
$("again-btn").addEventListener("click", () => send({ type: "again" }));
$("undo-btn").addEventListener("click", () => send({ type: "undo" }));
$("call-btn").addEventListener("click", async () => {
  if (await ask("Call \"Can you one?\" Your partner is asked for an honour; a wrong call lets the adversaries claim a fresh deal or let the hand stand.", "Call")) send({ type: "call" });
});
$("remind-btn").addEventListener("click", () => send({ type: "remind" }));
$("yes-btn").addEventListener("click", () => send({ type: "answer", yes: true }));
$("no-btn").addEventListener("click", () => send({ type: "answer", yes: false }));
$("fresh-btn").addEventListener("click", () => send({ type: "elect", fresh: true }));
$("stand-btn").addEventListener("click", () => send({ type: "elect", fresh: false }));
$("honours-btn").addEventListener("click", () => send({ type: "honours" }));
$("ruff-btn").addEventListener("click", () => send({ type: "ruff", put_out: putOut }));
$("ruff-decline-btn").addEventListener("click", () => send({ type: "ruff", put_out: [] }));
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
