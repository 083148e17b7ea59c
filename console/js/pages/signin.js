// The sign-in page: asks for a key, keeps it in this tab only, and checks it before going on.
import { headers, session } from "../api.js";
import { announce, el, fill } from "../dom.js";

/// Shows the sign-in form in `main` (saying `reason`); `signedIn()` once a key is accepted.
export function signInPage(main, reason, signedIn) {
  document.body.classList.add("signed-out");
  fill(main,
    el("h1", { text: "Sign in" }),
    el("p", { text: reason + " The key is kept in this browser tab only (sessionStorage)." }),
    el("form", { id: "sign-in", onsubmit: async (e) => {
        e.preventDefault();
        session.key = document.getElementById("key").value.trim();
        const r = await fetch("/v1/jobs?limit=1", { headers: headers() });
        if (r.status === 401) {
          session.key = "";
          announce("That key was refused.");
          document.getElementById("sign-in-error").textContent = "That key was refused.";
          return;
        }
        document.body.classList.remove("signed-out");
        announce("Signed in.");
        signedIn();
      } },
      el("label", { for: "key", text: "API key" }),
      el("input", { id: "key", type: "password", autocomplete: "off", required: true }),
      el("button", { type: "submit", text: "Sign in" }),
      el("p", { id: "sign-in-error", role: "alert" })));
  document.getElementById("key").focus();
}
