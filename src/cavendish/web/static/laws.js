// Tables under the code (docs/web.md, "Tables under the code"): the laws panel of
// the table page.  At a laws table every card of your hand may be played, in turn or
// not (the legal ones are still marked): the arbiter rules on a card out of turn or
// a revoke.  The panel shows the hand's rulings (law, title, what was found), the
// elections, the calls in force, the decision awaited with its options (buttons when
// it is yours), and the acts a person may do (expose a card, claim a revoke or a
// lead out of turn, correct a revoke, ask "having none?", refer a question to a
// bystander).  A question referred to a bystander (law 89) is first put to the
// other people at the table: each is asked in a dialog of the page (and in the
// panel), and the question is referred only when all agree.  It draws what the
// server sends and nothing else; texts are escaped by the page's esc().

import * as W from "./words.js"; // cards in words, catalogue numbers named

let exposing = false; // the next card clicked is exposed rather than played
let answered = false; // a decision was awaited at the last state drawn
let referralAsked = ""; // the proposal (law 89) this page last asked its person about

// Whether a card of your hand may be clicked: any card, while a hand is in play at
// a laws table and no decision is awaited (law 87: play waits for it).
export function playable(s, card) {
  return Boolean(s && s.table.laws && s.you && s.phase === "play" && !s.laws.pending && !s.laws.referral && s.hand.includes(card));
}

// A click on a card: exposed (law 56) if the person asked to expose one; true if handled.
export function intercept(s, card, send) {
  if (!exposing || !s || !s.table.laws) return false;
  exposing = false;
  send({ type: "act", act: "expose", card });
  return true;
}

function lawHead(x, esc) {
  return `<b>${esc(W.say(x.cite))}</b> <span class="law-title">(${esc(W.say(x.title))})</span>`;
}

function button(label, onClick, title = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (title) b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

function drawPending(box, s, { send, esc }) {
  const p = s.laws.pending;
  if (!p) return;
  const div = document.createElement("div");
  div.className = `law-pending${p.yours ? " yours" : ""}`;
  const who = p.answer ? `${p.seat} to answer` : `${p.side} to elect (${p.seat} for the side)`;
  div.innerHTML = `<h3>${lawHead(p, esc)}</h3>${p.words ? `<blockquote class="law-words">${esc(p.words)}</blockquote>` : ""}<p>${esc(W.say(p.question))}: ${p.yours ? (p.answer ? "your answer" : "your side's election") : esc(who)}.</p>`;
  const list = document.createElement("ul");
  list.className = "law-options";
  for (const o of p.options) {
    const li = document.createElement("li");
    // the button says what it does ("take three tricks from the revokers..."), never the option's code
    const text = W.say(o.text);
    if (p.yours) {
      const b = button(text.charAt(0).toUpperCase() + text.slice(1), () => send({ type: "elect", option: o.option }));
      b.dataset.option = o.option;
      li.appendChild(b);
    } else {
      li.textContent = text;
    }
    list.appendChild(li);
  }
  div.appendChild(list);
  box.appendChild(div);
}

function drawActs(box, s, hooks) {
  const { send, say } = hooks;
  if (!s.you || s.phase !== "play") return;
  const row = document.createElement("div");
  row.className = "law-acts";
  row.appendChild(button(exposing ? "Click a card to expose…" : "Expose a card", () => {
    exposing = !exposing;
    say(exposing ? "Click the card of your hand to expose (law 56)." : "");
    draw(s, hooks);
  }, s.laws.acts.expose));
  const accused = document.createElement("select");
  accused.setAttribute("aria-label", "the adversary who revoked");
  accused.add(new Option("either adversary", ""));
  for (const seat of ["N", "E", "S", "W"]) {
    const mine = (seat === "N" || seat === "S") === (s.you === "N" || s.you === "S");
    if (!mine) accused.add(new Option(seat, seat));
  }
  row.appendChild(button("Claim a revoke", () => {
    const msg = { type: "act", act: "claim_revoke" };
    if (accused.value) msg.accused = accused.value;
    send(msg);
  }, s.laws.acts.claim_revoke));
  row.appendChild(accused);
  row.appendChild(button("Claim a lead out of turn", () => send({ type: "act", act: "claim_lead" }), s.laws.acts.claim_lead));
  row.appendChild(button("Correct my revoke", () => send({ type: "act", act: "correct_revoke" }), s.laws.acts.correct_revoke));
  row.appendChild(button("Having none?", () => send({ type: "act", act: "ask" }), s.laws.acts.ask));
  // laws 88-89: a bystander's remark on the score, a question referred to a bystander
  const helped = document.createElement("select");
  helped.setAttribute("aria-label", "the player whose attention the bystander drew");
  for (const seat of ["N", "E", "S", "W"]) helped.add(new Option(seat, seat));
  row.appendChild(button("A bystander's remark", () => send({ type: "act", act: "bystander", seat: helped.value }), s.laws.acts.bystander));
  row.appendChild(helped);
  row.appendChild(button("Refer to a bystander…", () => proposeReferral(send), s.laws.acts.refer));
  row.appendChild(scoreButton(send, s));
  box.appendChild(row);
}

// law 89: the question and the bystander's decision, asked in a dialog of the page
function proposeReferral(send) {
  const dialog = document.getElementById("refer-form");
  dialog.returnValue = "";
  dialog.addEventListener("close", () => {
    const question = document.getElementById("refer-question").value.trim();
    const decision = document.getElementById("refer-decision").value.trim();
    if (dialog.returnValue === "yes" && question && decision) send({ type: "act", act: "refer", question, decision });
  }, { once: true });
  dialog.showModal();
}

function referralWords(r) {
  return `${W.SEAT_NAME[r.seat]} proposes that a bystander decide "${r.question}", his decision to be "${r.decision}".`;
}

// law 89: the proposal awaiting agreement, for all; the person asked answers in a
// dialog of the page (opened once a proposal) or by the panel's buttons
function drawReferral(box, s, { send, esc }) {
  const r = s.laws.referral;
  const dialog = document.getElementById("refer-ask");
  if (!r || !r.yours) {
    if (dialog && dialog.open) dialog.close(); // answered, or refused by another
    if (!r) referralAsked = "";
  }
  if (!r) return;
  const div = document.createElement("div");
  div.className = `law-pending referral${r.yours ? " yours" : ""}`;
  const waiting = r.waiting.map((x) => W.SEAT_NAME[x]).join(", ");
  div.innerHTML = `<h3><b>Law 89</b> <span class="law-title">(a bystander decides, by agreement)</span></h3><blockquote class="law-words">${esc(r.words)}</blockquote><p>${esc(referralWords(r))} ${r.yours ? "Do you agree?" : `Waiting for ${esc(waiting)} to agree.`}</p>`;
  if (r.yours) {
    const row = document.createElement("div");
    row.className = "law-options";
    row.appendChild(button("Agree", () => send({ type: "act", act: "agree", yes: true })));
    row.appendChild(button("Do not agree", () => send({ type: "act", act: "agree", yes: false })));
    div.appendChild(row);
    const key = `${r.seat}|${r.question}|${r.decision}`;
    if (dialog && !dialog.open && referralAsked !== key) {
      referralAsked = key;
      document.getElementById("refer-ask-text").textContent = `${referralWords(r)} Law 89: "${r.words.trim()}" Do you agree?`;
      dialog.returnValue = "";
      dialog.addEventListener("close", () => {
        if (dialog.returnValue) send({ type: "act", act: "agree", yes: dialog.returnValue === "yes" });
      }, { once: true });
      dialog.showModal();
    }
  }
  box.appendChild(div);
}

// between hands: fresh cards called for before the cut (law 83); the dealer chooses the pack
function drawBetween(box, s, hooks) {
  const { send } = hooks;
  if (!s.you || s.phase !== "between" || !s.laws.acts.fresh) return;
  const row = document.createElement("div");
  row.className = "law-acts";
  const dealing = s.laws.dealer === s.you;
  const pack = document.createElement("select");
  pack.setAttribute("aria-label", "which of the two new packs you take (you deal)");
  pack.add(new Option("the first new pack", "pack-1"));
  pack.add(new Option("the second new pack", "pack-2"));
  row.appendChild(button("Call for fresh cards", () => send(dealing ? { type: "act", act: "fresh", pack: pack.value } : { type: "act", act: "fresh" }), s.laws.acts.fresh));
  if (dealing) row.appendChild(pack);
  row.appendChild(scoreButton(send, s));
  box.appendChild(row);
}

// laws 11-12: the person proves an erroneous score (of the last hand, or of a board he names)
function scoreButton(send, s) {
  return button("Correct the score…", () => {
    const board = window.prompt("Which board's score is wrong? (empty: the last hand scored)", "");
    if (board === null) return;
    send(board.trim() ? { type: "act", act: "correct_score", board: Number(board) } : { type: "act", act: "correct_score" });
  }, s.laws.acts.correct_score);
}

function drawList(box, title, items, line) {
  if (!items.length) return;
  const h = document.createElement("h3");
  h.textContent = title;
  const ol = document.createElement("ol");
  ol.className = "law-log";
  for (const x of items) {
    const li = document.createElement("li");
    li.innerHTML = line(x);
    ol.appendChild(li);
  }
  box.append(h, ol);
}

// The laws panel for a state (hidden at a plain table).
export function draw(s, hooks) {
  const box = document.getElementById("laws");
  if (!box) return;
  const laws = s.table.laws ? s.laws : null;
  box.hidden = !laws;
  if (!laws) return;
  const { esc } = hooks;
  box.textContent = "";
  // a prompt goes away once answered: the line that asked is cleared with it
  if (answered && !laws.pending) hooks.say("");
  answered = Boolean(laws.pending);
  const h = document.createElement("h2");
  h.textContent = "Under the laws";
  box.appendChild(h);
  if (laws.packs) {
    const packs = document.createElement("p");
    packs.className = "law-packs muted";
    packs.textContent = `${W.say(laws.packs)}.`;
    box.appendChild(packs);
  }
  drawPending(box, s, hooks);
  drawReferral(box, s, hooks);
  drawActs(box, s, hooks);
  drawBetween(box, s, hooks);
  if (laws.calls.length) {
    const p = document.createElement("p");
    p.className = "law-calls";
    p.textContent = `In force: ${laws.calls.map(W.say).join("; ")}`;
    box.appendChild(p);
  }
  const finished = s.phase !== "play" && s.review ? s.review : null;
  const rulings = finished ? finished.rulings || [] : laws.rulings;
  const elections = finished ? finished.elections || [] : laws.elections;
  const board = finished ? finished.board : s.board;
  drawList(box, `Rulings, board ${board}`, rulings, (r) => `${lawHead(r, esc)}: ${esc(W.say(r.text))}`); // its options, in words, are the pending decision's
  drawList(box, "The score corrected", laws.score_rulings || [], (r) => `${lawHead(r, esc)}: ${esc(W.say(r.text))}`);
  if (!finished) drawList(box, "Before the deal", laws.deal_rulings || [], (r) => `${lawHead(r, esc)}: ${esc(W.say(r.text))}`);
  drawList(box, "Elections", elections, (e) => `${lawHead(e, esc)}: ${esc(W.say(e.text))}`);
  // law 89: a proposal, an agreement or a refusal, said aloud: told to all
  for (const e of s.events || []) if (e.kind === "referral") hooks.say(W.say(e.text), !!e.refused);
  if (finished && finished.void) {
    const p = document.createElement("p");
    p.textContent = `The hand is void (${finished.void}): it is dealt again, nothing scored.`;
    box.appendChild(p);
  }
}
