// `#/new`: a spec written as JSON, checked as it is typed; or a template's placeholders filled in.
import { api, problemText } from "../api.js";
import { announce, el, fill } from "../dom.js";
import { nearest, pointerPositions } from "./pointers.js";

function problemList(problems, editor) {
  const positions = pointerPositions(editor.value);
  return el("ul", { id: "problems", "aria-label": "Problems" }, ...problems.map((p) => {
    const pointer = nearest(positions, p.pointer);
    return el("li", {}, el("button", { type: "button", class: "pointer", text: p.pointer || "/", onclick: () => {
      const at = positions[pointer] || [0, 0];
      editor.focus();
      editor.setSelectionRange(at[0], at[1]);
    } }), " " + p.message);
  }));
}

/// A merge value as typed: a number when it reads as one, else the text.
export function mergeValue(text) {
  return text.trim() !== "" && !isNaN(Number(text)) ? Number(text) : text;
}

/// One placeholder's field in the template form, made from its declaration: a checkbox for a
/// boolean, a number field for a number, text otherwise; its label, description and default shown,
/// required where a merge must give it. An undeclared placeholder (`any`) reads a number as one.
export function placeholderField(name, p) {
  const type = p.type || "any";
  const attrs = { id: "merge-" + name, name, "data-type": type, "aria-describedby": p.description ? "about-" + name : null };
  if (type === "boolean") attrs.type = "checkbox";
  else if (type === "number") Object.assign(attrs, { type: "number", step: "any" });
  else if (type === "color") Object.assign(attrs, { pattern: "#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?", placeholder: "#RRGGBB" });
  else if (type === "media") attrs.placeholder = "upload:asset_…, a path or a URL";
  if (p.required !== false && type !== "boolean") attrs.required = true;
  const input = el("input", attrs);
  if (type === "boolean") input.checked = p.default === true;
  else if (p.default !== undefined) input.value = String(p.default);
  return el("p", {}, el("label", { for: input.id, text: (p.label || name) + (p.required === false ? " (optional) " : " ") }), input,
    p.description ? el("small", { id: "about-" + name, text: " " + p.description }) : null);
}

/// The merge a template form makes: each field's value as its type wants it; an optional field
/// left empty is left out, so the template's default fills it.
export function mergeOf(inputs) {
  const merge = {};
  for (const input of inputs) {
    const type = input.dataset.type;
    if (type === "boolean") merge[input.name] = input.checked;
    else if (input.value === "" && !input.required) continue;
    else if (type === "number") merge[input.name] = Number(input.value);
    else if (type === "any") merge[input.name] = mergeValue(input.value);
    else merge[input.name] = input.value;
  }
  return merge;
}

export async function newJobPage(main) {
  const example = { version: 1, output: { width: 640, height: 360, frameRate: 25 }, timeline: { videos: [{ color: "#224466", duration: 3 }] } };
  const editor = el("textarea", { id: "spec-editor", rows: "18", spellcheck: "false", "aria-describedby": "verdict" });
  editor.value = JSON.stringify(example, null, 2);
  const verdict = el("div", { id: "verdict", "aria-live": "polite" });
  let timer = null;
  async function check() {
    const r = await api("POST", "/v1/validate", editor.value);
    if (r.status === 200 && r.json.valid) {
      const o = r.json.output || {};
      fill(verdict, el("p", { class: "ok", text: `Valid: ${r.json.duration} s, ${r.json.frames} frames, ${o.width || ""}×${o.height || ""} ${o.format || ""}` }));
    } else {
      fill(verdict, el("p", { class: "bad", text: r.json?.detail || "Not valid." }), problemList(r.json?.errors || [], editor));
    }
  }
  editor.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(check, 300); });
  const form = el("form", { id: "new-job", onsubmit: async (e) => {
      e.preventDefault();
      const r = await api("POST", "/v1/jobs", editor.value);
      if (r.status === 202) { announce("Queued " + r.json.id, true); location.hash = "#/jobs/" + r.json.id; }
      else fill(verdict, el("p", { class: "bad", role: "alert", text: r.json?.detail || r.text }), problemList(r.json?.errors || [], editor));
    } },
    el("label", { for: "spec-editor", text: "Spec (JSON), checked as you type" }), editor, verdict,
    el("button", { id: "submit", type: "submit", text: "Submit" }));
  const templates = await api("GET", "/v1/templates?limit=100");
  const templateSection = el("section", { id: "templates", "aria-label": "From a template" });
  const list = templates.json?.templates || [];
  if (list.length) {
    const fields = el("div", { id: "template-fields" });
    const editLink = el("a", { id: "edit-template", hidden: true, text: "Edit" });
    const select = el("select", { id: "template", onchange: () => {
        const t = list.find((x) => x.id === select.value);
        editLink.hidden = !t;
        if (t) editLink.href = "#/edit?template=" + encodeURIComponent(t.id);
        fill(fields, ...Object.entries(t ? t.placeholders : {}).map(([name, p]) => placeholderField(name, p)));
      } }, el("option", { value: "", text: "choose a template" }), ...list.map((t) => el("option", { value: t.id, text: t.name || t.id })));
    templateSection.append(el("h2", { text: "From a template" }),
      el("form", { id: "template-form", onsubmit: async (e) => {
          e.preventDefault();
          const merge = mergeOf(fields.querySelectorAll("input"));
          const r = await api("POST", "/v1/jobs", { template: select.value, merge });
          if (r.status === 202) location.hash = "#/jobs/" + r.json.id;
          else fields.append(el("p", { class: "bad", role: "alert", text: problemText(r) }));
        } }, el("label", { for: "template", text: "Template " }), select, " ", editLink, fields, el("button", { type: "submit", text: "Submit from template" })));
  }
  fill(main, el("h1", { text: "New job" }), form, templateSection);
  check();
  return () => clearTimeout(timer);
}
