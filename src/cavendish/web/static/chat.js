// The table's chat and a spectator's choice of the one hand he follows
// (docs/web.md, "Spectators and chat"). People's texts are shown as text:
// textContent only, never innerHTML.
const MAX_CHAT = 300;

function panel() {
  let box = document.getElementById("chat");
  if (box) return box;
  box = document.createElement("section");
  box.id = "chat";
  box.className = "panel";
  box.setAttribute("aria-label", "the table's chat");
  const title = document.createElement("h2");
  title.textContent = "Chat";
  const log = document.createElement("ol");
  log.id = "chat-log";
  const form = document.createElement("form");
  form.id = "chat-form";
  const input = document.createElement("input");
  input.id = "chat-text";
  input.maxLength = MAX_CHAT;
  input.placeholder = `Say something (at most ${MAX_CHAT} characters)`;
  input.setAttribute("aria-label", "chat message");
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = "Send";
  form.append(input, button);
  box.append(title, log, form);
  document.body.insertBefore(box, document.querySelector("script") || null);
  return box;
}

// One chat message: the name and the text, each as text.
export function showChat(entry) {
  panel();
  const li = document.createElement("li");
  li.className = "chat-line";
  li.dataset.id = entry.id;
  const who = document.createElement("b");
  who.textContent = entry.seat ? `${entry.name} (${entry.seat})` : entry.name;
  const text = document.createElement("span");
  text.className = "chat-text";
  text.textContent = ` ${entry.text}`;
  li.append(who, text);
  const log = document.getElementById("chat-log");
  log.appendChild(li);
  log.scrollTop = log.scrollHeight;
}

// A snapshot's recent history replaces what is shown (a reconnection repeats it).
export function showHistory(entries) {
  panel();
  document.getElementById("chat-log").textContent = "";
  for (const e of entries || []) showChat(e);
}

export function setupChat(send) {
  panel();
  document.getElementById("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("chat-text");
    const text = input.value.trim();
    if (!text) return;
    send({ type: "chat", text });
    input.value = "";
  });
}

// A spectator (no seat token) may follow one player's hand: ?follow=S in the
// page's address, kept across reconnections, or the select in the bar.
export function setupFollow(send, seated) {
  if (seated) return;
  const bar = document.querySelector("header.bar");
  const label = document.createElement("label");
  label.textContent = "Follow ";
  const select = document.createElement("select");
  select.id = "follow";
  for (const seat of ["", "N", "E", "S", "W"]) {
    const o = document.createElement("option");
    o.value = seat;
    o.textContent = seat || "nobody";
    select.appendChild(o);
  }
  select.value = new URLSearchParams(location.search).get("follow") || "";
  select.addEventListener("change", () => {
    const url = new URL(location.href);
    if (select.value) url.searchParams.set("follow", select.value);
    else url.searchParams.delete("follow");
    history.replaceState(null, "", url);
    send({ type: "follow", seat: select.value || null });
  });
  label.appendChild(select);
  bar.appendChild(label);
}
