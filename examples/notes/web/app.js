// Notes' whole front end: supabase-js against the project's local API, as the Supabase
// CLI serves it (54321). The QA kit routes this URL to each test's own world.
const SUPABASE_URL = "http://127.0.0.1:54321";
const ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

const client = window.supabase.createClient(SUPABASE_URL, ANON_KEY);
const $ = (id) => document.getElementById(id);
let channel = null;

function show(section) {
  for (const id of ["signed-out", "signed-in", "recovery"]) $(id).hidden = id !== section;
}

function say(message) {
  $("message").textContent = message;
  $("error").textContent = "";
}

function fail(message) {
  $("error").textContent = message;
}

function renderNote(note) {
  if (document.querySelector(`[data-note="${note.id}"]`)) return;
  const li = document.createElement("li");
  li.dataset.note = note.id;
  li.textContent = note.title;
  $("notes").append(li);
}

async function loadNotes() {
  const { data, error } = await client.from("notes").select("id, title").order("id");
  if (error) return fail(`Could not load notes: ${error.message}`);
  $("notes").replaceChildren();
  for (const note of data) renderNote(note);
}

function subscribe(userId) {
  channel?.unsubscribe();
  channel = client
    .channel("notes")
    .on(
      "postgres_changes",
      { event: "INSERT", schema: "public", table: "notes", filter: `owner=eq.${userId}` },
      ({ new: note }) => renderNote(note),
    )
    .subscribe((status) => {
      $("live").textContent = status === "SUBSCRIBED" ? "live" : "offline";
    });
}

client.auth.onAuthStateChange((event, session) => {
  // Supabase calls this inside its lock: work that calls Supabase again waits for it to end.
  setTimeout(() => {
    if (event === "PASSWORD_RECOVERY") {
      show("recovery");
      return;
    }
    if (session) {
      $("status").textContent = `Signed in as ${session.user.email}`;
      if (!$("recovery").hidden) return;
      show("signed-in");
      if (event === "INITIAL_SESSION" || event === "SIGNED_IN") {
        loadNotes();
        subscribe(session.user.id);
      }
    } else {
      $("status").textContent = "Signed out";
      channel?.unsubscribe();
      channel = null;
      show("signed-out");
    }
  });
});

$("sign-in").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const { error } = await client.auth.signInWithPassword({
    email: form.get("email"),
    password: form.get("password"),
  });
  if (error) fail(`Could not sign in: ${error.message}`);
});

$("forgot").addEventListener("click", async () => {
  const email = new FormData($("sign-in")).get("email");
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: `${location.origin}/` });
  if (error) fail(`Could not send the e-mail: ${error.message}`);
  else say("Check your e-mail for a link to reset your password.");
});

$("new-password").addEventListener("submit", async (event) => {
  event.preventDefault();
  const { error } = await client.auth.updateUser({ password: new FormData(event.target).get("password") });
  if (error) return fail(`Could not change the password: ${error.message}`);
  say("Your password has been changed.");
  show("signed-in");
  loadNotes();
});

$("add-note").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = event.target.elements.title;
  say("Saving…");
  const { data, error } = await client.from("notes").insert({ title: input.value }).select("id, title").single();
  if (error) return fail(`Could not save the note: ${error.message}`);
  say("Saved.");
  input.value = "";
  renderNote(data);
});

$("sign-out").addEventListener("click", () => client.auth.signOut());
