// `#/keys`: the project's keys, made and deleted from the browser.
import { api } from "../api.js";
import { announce, el, fill } from "../dom.js";

/// `#/keys`: the project's keys (GET /v1/keys); a new one's secret is shown once, to copy; a
/// key is deleted with two presses, the server refusing the project's last full key.
export async function keysPage(main) {
  const made = el("div", { id: "new-key", "aria-live": "polite" });
  const scope = el("select", { id: "key-scope" }, el("option", { value: "full", text: "full" }), el("option", { value: "read", text: "read (GET only)" }));
  const table = el("section", { id: "keys-list", "aria-label": "Keys" });
  let confirming = "";
  async function list() {
    const r = await api("GET", "/v1/keys");
    if (r.status !== 200) { fill(table, el("p", { role: "alert", text: r.json?.detail || r.text })); return; }
    if (r.json.project) document.getElementById("project").textContent = "Project " + r.json.project;
    const rows = r.json.keys.map((k) => el("tr", { "data-key": k.id },
      el("td", {}, el("code", { text: k.id })), el("td", { text: k.scope }),
      el("td", { text: k.configured ? "configuration" : "API" }),
      el("td", { text: new Date(k.createdAt).toLocaleString() }),
      el("td", { text: k.lastUsedAt ? new Date(k.lastUsedAt).toLocaleString() : "never" }),
      el("td", {}, k.current ? el("strong", { text: "this session's key " }) : null,
        el("button", { type: "button", "data-delete": k.id, "aria-label": (confirming === k.id ? "Confirm delete of " : "Delete ") + k.id,
                       text: confirming === k.id ? "Confirm delete" : "Delete", onclick: async () => {
            if (confirming !== k.id) {
              confirming = k.id;
              setTimeout(() => { if (confirming === k.id) { confirming = ""; list(); } }, 5000);
              announce("Press Confirm delete to delete " + k.id + ": requests with it are refused from then on.");
              return list();
            }
            confirming = "";
            const d = await api("DELETE", "/v1/keys/" + k.id);
            announce(d.status === 204 ? "Deleted " + k.id + "." : (d.json?.detail || "Not deleted."));
            if (d.status !== 204) fill(made, el("p", { role: "alert", class: "bad", text: d.json?.detail || d.text }));
            list();
          } }))));
    fill(table, el("table", { id: "keys" },
      el("caption", { text: "Keys reach everything of the project; a read key may only read." }),
      el("thead", {}, el("tr", {}, ...["Id", "Scope", "From", "Made", "Last used", ""].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, ...rows)));
  }
  const form = el("form", { id: "make-key", onsubmit: async (e) => {
      e.preventDefault();
      const r = await api("POST", "/v1/keys", { scope: scope.value });
      if (r.status !== 201) { fill(made, el("p", { role: "alert", class: "bad", text: r.json?.detail || r.text })); return; }
      fill(made, el("p", { text: `New ${r.json.scope} key ${r.json.id}; copy its secret now, it is not shown again:` }),
        el("p", {}, el("code", { id: "new-key-secret", text: r.json.key }), " ",
          el("button", { type: "button", text: "Copy", onclick: async () => {
              try { await navigator.clipboard.writeText(r.json.key); announce("Copied.", true); } catch { announce("Select it and copy it."); }
            } })));
      announce("Made key " + r.json.id + ".", true);
      list();
    } },
    el("label", { for: "key-scope", text: "Scope " }), scope, " ", el("button", { type: "submit", text: "Make a key" }));
  fill(main, el("h1", { text: "Keys" }),
    el("p", { text: "To rotate a key: make a new one, use it, then delete the old one. Jobs, uploads and templates belong to the project, not to a key." }),
    form, made, table);
  await list();
  return () => {};
}
