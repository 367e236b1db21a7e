// The join page: a name (and an optional password) makes a member; the server sets
// the member key as a cookie; then the member's record page.  Names are shown with
// textContent only.
const $ = (id) => document.getElementById(id);

async function send(path) {
  $("error").textContent = "";
  const body = { name: $("name").value };
  if ($("password").value) body.password = $("password").value;
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = await r.json();
  if (!r.ok) {
    $("error").textContent = answer.error || answer.detail || `the server answered ${r.status}`;
    return;
  }
  location.href = `/member/${encodeURIComponent(answer.id)}`;
}

async function whoAmI() {
  const r = await fetch("/api/members/me");
  if (!r.ok) return;
  const me = await r.json();
  $("me-name").textContent = me.name;
  $("me-link").href = `/member/${encodeURIComponent(me.id)}`;
  $("already").hidden = false;
}

$("join-form").addEventListener("submit", (e) => { e.preventDefault(); send("/api/members"); });
$("login").addEventListener("click", () => send("/api/members/login"));
$("logout").addEventListener("click", async () => {
  await fetch("/api/members/logout", { method: "POST" });
  $("already").hidden = true;
});
whoAmI();
