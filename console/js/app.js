// The console: pages by the URL's hash, each a module of pages/ (the editor's in editor/); every call
// goes to the API with the key this tab signed in with.
import { headers, onUnauthorized, session, Unauthorized } from "./api.js";
import { el, fill } from "./dom.js";
import { editorPage } from "./editor/page.js";
import { jobPage } from "./pages/job.js";
import { jobsPage } from "./pages/jobs.js";
import { keysPage } from "./pages/keys.js";
import { newJobPage } from "./pages/new-job.js";
import { signInPage } from "./pages/signin.js";
import { uploadsPage } from "./pages/uploads.js";

const main = document.getElementById("main");
/// Stops what the page on show keeps running (events streams, timers, listeners).
let stopPage = () => {};

/// Counts the routes begun: a page is drawn after an await, and a route begun meanwhile (a second
/// hashchange, the jobs page asking to redraw) must win, with the older page's streams stopped, or
/// that page would go on answering its events on a page it no longer shows. `shown`: the route
/// whose page was drawn last (an older one finishing after it drew over it, so it is drawn again).
let routes = 0, shown = 0;

function showSignIn(reason) {
  stopPage();
  stopPage = () => {};
  // A route still on its way is stopped when it arrives and asks again: for this page, while the
  // key is refused.
  shown = ++routes;
  signInPage(main, reason, () => { route(); showProject(); });
}
onUnauthorized(showSignIn);

async function route() {
  stopPage();
  stopPage = () => {};
  const mine = ++routes;
  const [path, query] = (location.hash.slice(1) || "/jobs").split("?");
  const params = new URLSearchParams(query || "");
  for (const a of document.querySelectorAll("nav a")) a.setAttribute("aria-current", path.startsWith(a.getAttribute("href").slice(1)) ? "page" : "false");
  document.body.dataset.page = path.split("/")[1] || "jobs";
  try {
    let stop;
    if (path === "/new") stop = await newJobPage(main);
    else if (path === "/edit") stop = await editorPage(main, params);
    else if (path === "/uploads") stop = uploadsPage(main);
    else if (path === "/keys") stop = await keysPage(main);
    else if (path.startsWith("/jobs/")) stop = await jobPage(main, decodeURIComponent(path.slice(6)));
    else stop = await jobsPage(main, params, route);
    if (mine !== routes) {
      stop?.();
      if (shown === routes) route();
      return;
    }
    shown = mine;
    stopPage = stop || (() => {});
    if (!main.contains(document.activeElement)) main.focus();
  } catch (e) {
    if (!(e instanceof Unauthorized) && mine === routes) fill(main, el("p", { role: "alert", text: "Something went wrong: " + e.message }));
  }
}

/// The project this key belongs to, in the header (`GET /v1/keys`; a server without keys has none).
async function showProject() {
  if (!session.key) return;
  const r = await fetch("/v1/keys", { headers: headers() });
  if (!r.ok) return;
  const project = (await r.json()).project;
  if (project) document.getElementById("project").textContent = "Project " + project;
}

document.getElementById("sign-out").addEventListener("click", () => {
  session.key = "";
  document.getElementById("project").textContent = "";
  showSignIn("Signed out.");
});
// A server without keys answers without one: there is nothing to sign out of, nor keys to manage.
fetch("/v1/jobs?limit=1").then((r) => {
  document.getElementById("sign-out").hidden = document.getElementById("nav-keys").hidden = r.status !== 401;
});
// The skip link moves the focus without touching the hash the pages live in.
document.querySelector(".skip").addEventListener("click", (e) => { e.preventDefault(); main.focus(); });
window.addEventListener("hashchange", route);
route();
showProject();
