// The lobby: the room's tables, live over /ws-room; a member's requests are HTTP.
// Every text from the server goes into the page as text (never as HTML).
import * as W from "./words.js"; // variants and computers by name, cards in words
const $ = (id) => document.getElementById(id);
const SEATS = ["N", "E", "S", "W"];
const FOUR_HANDED = ["short", "whist", "long", "american"];
let me = null;
let room = null;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

function who(c) {  // a computer's name carries its kind, named once
  return c.computer ? W.playerName(c.name, c.computer) : c.name;
}

async function post(path, body) {
  $("error").textContent = "";
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                               body: JSON.stringify(body || {}) });
  const answer = await r.json().catch(() => ({}));
  if (!r.ok) {
    $("error").textContent = answer.error || `the server answered ${r.status}`;
    return null;
  }
  return answer;
}

function button(label, action) {
  const b = el("button", label);
  b.type = "button";
  b.addEventListener("click", action);
  return b;
}

function seatsLine(t) {
  return SEATS.filter((s) => t.seats[s]).map((s) => `${s}: ${who(t.seats[s])}`).join(" · ");
}

function link(text, href) {
  const a = el("a", text);
  a.href = href;
  return a;
}

function roomTable(t) {
  const box = el("article", null, "room-table");
  box.dataset.table = t.id;
  box.appendChild(el("h3", `${t.id} · ${W.variantName(t.variant)} · ${t.status}` +
    (t.rubber ? ` · rubber ${t.rubber} of ${t.rubbers}` : "")));
  if (t.status === "candidates") {
    box.appendChild(el("p", `Candidates (${t.candidates.length}): ` +
      (t.candidates.map(who).join(", ") || "none yet")));
  } else {
    box.appendChild(el("p", seatsLine(t)));
    if (t.score) {
      box.appendChild(el("p", `Score: NS ${t.score.game.NS}, EW ${t.score.game.EW}; games ` +
        (t.score.games.join(", ") || "none") + ` · board ${t.score.board}`));
    }
    box.appendChild(el("p", `Waiting: ${t.waiting.map(who).join(", ") || "nobody"}` +
      ` · declared: ${t.declared.map(who).join(", ") || "nobody"} · free places: ${t.free}` +
      ` · spectators: ${t.spectators}`));
  }
  const actions = el("p", null, "actions");
  if (t.status === "candidates" || t.status === "playing") {
    actions.appendChild(button("Put my name down", () => post(`/api/room/tables/${t.id}/declare`)));
    actions.appendChild(button("Add a computer", () => post(`/api/room/tables/${t.id}/computers`,
      { kind: $("computer").value, count: 1 })));
    actions.appendChild(button("Withdraw", () => post(`/api/room/tables/${t.id}/leave`)));
  }
  if (t.status === "candidates") {
    actions.appendChild(button("Cut for the table", () => post(`/api/room/tables/${t.id}/cut`)));
  }
  if (t.status === "playing") {
    const others = room.tables.filter((o) => o.status === "playing" && o.id !== t.id);
    if (others.length) {
      const into = el("select");
      for (const o of others) into.appendChild(new Option(o.id, o.id));
      actions.appendChild(into);
      actions.appendChild(button("Break up into", () => post(`/api/room/tables/${t.id}/break-up`,
        { into: into.value })));
    }
  }
  if (t.link) actions.appendChild(link("Watch", t.link));
  box.appendChild(actions);
  return box;
}

function openTable(t) {
  const box = el("article", null, "open-table");
  box.appendChild(el("h3", `${t.id} · ${W.variantName(t.variant)}`));
  box.appendChild(el("p", `${seatsLine(t)} · spectators: ${t.spectators}`));
  const actions = el("p", null, "actions");
  for (const seat of t.free) {
    actions.appendChild(button(`Take the seat ${seat}`, async () => {
      const answer = await post("/api/room/take", { table: t.id, seat });
      if (answer) window.location.href = answer.link;
    }));
  }
  actions.appendChild(link("Watch", t.link));
  box.appendChild(actions);
  return box;
}

function eventText(e) {
  const parts = [];
  if (e.text) parts.push(e.text);
  for (const r of e.rulings || []) parts.push(`Law ${r.law}: ${r.text}.`);
  for (const r of e.rounds || []) {
    parts.push(`${r.reason}: ` + Object.entries(r.cards).map(([n, c]) => `${n} ${c}`).join(", "));
  }
  if (e.standing) parts.push(`in order of entry: ${e.standing.join(", ")}`);
  return `#${e.seq} ${e.kind} at ${e.table}: ${parts.join(" · ")}`;
}

function render(state) {
  room = state;
  const tables = $("tables");
  tables.textContent = "";
  for (const t of state.tables) tables.appendChild(roomTable(t));
  const open = $("open-tables");
  open.textContent = "";
  for (const t of state.open_tables) open.appendChild(openTable(t));
  const events = $("events");
  events.textContent = "";
  for (const e of [...state.events].reverse()) events.appendChild(el("li", eventText(e)));
}

function renderMine(you) {
  $("mine").hidden = you.seats.length === 0;
  const list = $("my-seats");
  list.textContent = "";
  for (const s of you.seats) {
    const li = el("li");
    li.appendChild(link(`Your seat ${s.seat} at ${s.table}`, s.link));
    list.appendChild(li);
  }
}

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws-room`);
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "room") render(msg);
    else if (msg.type === "you") renderMine(msg);
  };
  ws.onclose = () => setTimeout(connect, 2000);
}

async function start() {
  const options = await (await fetch("/api/options")).json();
  for (const v of options.variants.filter((v) => FOUR_HANDED.includes(v))) $("variant").appendChild(new Option(W.variantName(v), v));
  $("variant").value = "short";
  for (const k of options.computers) $("computer").appendChild(new Option(W.computerName(k), k));
  const r = await fetch("/api/members/me");
  me = r.ok ? await r.json() : null;
  $("who").textContent = me ? `You are ${me.name}.` : "Join the club to take part; anyone may watch.";
  $("join").hidden = !!me;
  $("join").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (await post("/api/members", { name: $("name").value })) location.reload();
  });
  $("open-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    await post("/api/room/tables", { variant: $("variant").value, rubbers: Number($("rubbers").value),
      computers: Number($("computers").value), computer: $("computer").value,
      declare: $("declare").checked });
  });
  connect();
}

start();
