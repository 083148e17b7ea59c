// The inspector: every member the schema allows the selected item (or the output, in its own
// panel), set or not (unset ones show their default), each with its control and `data-field` = its
// JSON pointer, and the server's message at the field it names.
import { el, fill } from "../dom.js";
import { branch, control, members, parseControl, schemaAt, showControl } from "./schema.js";
import { segments, withValue } from "./state.js";

const FONTS = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans", "Noto Serif", "Noto Sans CJK SC"];

/// Draws into `section` the fields of the value at `pointer`. `ctx`: `{ spec, schema, problems,
/// change(pointer, value, label), placeholder(pointer) }`.
export function drawInspector(section, pointer, ctx, title, idPrefix = "field-") {
  ctx = { ...ctx, base: pointer, idPrefix };
  const value = pointer ? segments(pointer).reduce((o, k) => o?.[k], ctx.spec) : undefined;
  if (!pointer || value === undefined) {
    fill(section, el("h2", { text: title || "Inspector" }), el("p", { text: "Select an item on the timeline (or press I on it)." }));
    return;
  }
  const node = ctx.schema ? schemaAt(ctx.schema, segments(pointer), ctx.spec) : null;
  const problems = (ctx.problems || []).filter((p) => p.pointer === pointer || p.pointer.startsWith(pointer + "/"));
  const own = problems.filter((p) => p.pointer === pointer);
  fill(section, el("h2", { text: (title || "Inspector") + ": " + pointer }),
    own.length ? el("p", { class: "bad", id: "inspector-problem", text: own.map((p) => p.message).join("; ") }) : null,
    node ? fieldset(pointer, node, value, ctx, problems) : el("p", { text: "Loading the schema…" }));
}

function fieldset(pointer, node, value, ctx, problems) {
  const list = members(ctx.schema, node, value || {});
  const set = list.filter((m) => value?.[m.key] !== undefined), unset = list.filter((m) => value?.[m.key] === undefined);
  const box = el("div", { class: "ed-fields" });
  for (const m of [...set, ...unset]) box.append(field(pointer + "/" + m.key.replace(/~/g, "~0").replace(/\//g, "~1"), m, value?.[m.key], ctx, problems));
  return box;
}

function field(pointer, member, value, ctx, problems) {
  const c = control(ctx.schema, member.raw, member.key, value);
  const id = ctx.idPrefix + pointer.slice(ctx.base.length + 1).replace(/\//g, "-");
  const mine = problems.filter((p) => p.pointer === pointer || (c.kind !== "group" && p.pointer.startsWith(pointer + "/")));
  const note = mine.length ? el("span", { id: id + "-problem", class: "bad", text: mine.map((p) => p.message).join("; ") }) : null;
  const isSet = value !== undefined;
  const fallback = member.schema.default;
  const label = el("label", { for: id, text: member.key + (member.required ? " *" : ""), title: member.schema.description || "" });
  if (c.kind === "group") {
    if (!isSet) {
      // An object not set yet: one press sets it (empty: its members' defaults), then its fields show.
      return el("div", { class: "ed-field unset" }, el("span", { class: "ed-key-name", text: member.key, title: member.schema.description || "" }),
        el("span", { class: "ed-control" }, el("button", { type: "button", id, "data-field": pointer, text: "Set " + member.key,
          onclick: () => ctx.change(pointer, {}, member.key) })), note);
    }
    const plain = value !== null && typeof value === "object" && !Array.isArray(value);
    const node = c.choice ? (plain ? branch(ctx.schema, member.schema, value) : null) : member.schema;
    const inner = el("details", { class: "ed-group", open: true },
      el("summary", { text: member.key, "data-field": pointer }),
      node && node.properties ? fieldset(pointer, node, value, ctx, problems) : jsonInput(id, pointer, value, ctx),
      member.required ? null : el("button", { type: "button", class: "ed-mini", "aria-label": "Unset " + member.key, text: "Unset " + member.key,
        onclick: () => ctx.change(pointer, undefined, member.key) }));
    return el("div", { class: "ed-field group" }, inner, note);
  }
  let input;
  const shown = showControl(c.kind, isSet ? value : fallback);
  const commit = (text) => {
    const parsed = parseControl(c.kind, text, c.options);
    if (parsed.error) { ctx.refuse(pointer, member.key + " " + parsed.error); return; }
    ctx.change(pointer, parsed.value, member.key);
  };
  switch (c.kind) {
  case "checkbox":
    input = el("input", { id, type: "checkbox" });
    input.checked = Boolean(isSet ? value : fallback);
    input.addEventListener("change", () => commit(input.checked));
    break;
  case "select":
    input = el("select", { id }, el("option", { value: "", text: fallback !== undefined ? `default (${fallback})` : "unset" }),
      ...c.options.map((o) => el("option", { value: String(o), text: String(o), selected: isSet && String(o) === String(value) })));
    input.addEventListener("change", () => commit(input.value));
    break;
  case "choice":
    input = el("input", { id, list: id + "-names", placeholder: fallback !== undefined ? String(fallback) : c.options.join(", "), spellcheck: "false" });
    input.value = isSet ? shown : "";
    input.addEventListener("change", () => commit(input.value));
    break;
  case "number":
    input = el("input", { id, type: "number", step: String(c.step), min: c.min, max: c.max, placeholder: fallback !== undefined ? String(fallback) : "" });
    input.value = isSet ? shown : "";
    input.addEventListener("change", () => commit(input.value));
    break;
  case "json":
    input = jsonInput(id, pointer, value, ctx);
    break;
  default: {
    input = el(c.multiline ? "textarea" : "input", { id, rows: c.multiline ? "2" : undefined, spellcheck: "false",
      placeholder: fallback !== undefined ? String(fallback) : c.kind === "time" ? "seconds or N/D" : "", list: c.kind === "font" ? "ed-fonts" : undefined });
    input.value = isSet ? shown : "";
    input.addEventListener("change", () => commit(input.value));
  }
  }
  input.dataset.field = pointer;
  if ("value" in input) input.dataset.shown = input.value;
  if (mine.length) { input.setAttribute("aria-invalid", "true"); input.setAttribute("aria-describedby", id + "-problem"); }
  const extras = [];
  if (c.kind === "color") {
    const picker = el("input", { type: "color", id: id + "-picker", "aria-label": member.key + " (picker)", tabindex: "-1" });
    picker.value = /^#[0-9A-Fa-f]{6}/.test(shown) ? shown.slice(0, 7) : "#000000";
    picker.addEventListener("change", () => commit(picker.value.toUpperCase() + (isSet && String(value).length === 9 ? String(value).slice(7) : "")));
    extras.push(picker);
  }
  if (c.kind === "choice") extras.push(el("datalist", { id: id + "-names" }, ...c.options.map((o) => el("option", { value: String(o) }))));
  if (c.kind === "font") extras.push(el("datalist", { id: "ed-fonts" }, ...FONTS.map((f) => el("option", { value: f }))));
  if (ctx.placeholder && (c.kind === "text" || c.kind === "choice" || c.kind === "color" || c.kind === "number" || c.kind === "time" || c.kind === "font")) {
    extras.push(el("button", { type: "button", class: "ed-mini", "data-placeholder": pointer, title: "Make this a template placeholder",
      "aria-label": "Make " + member.key + " a placeholder", text: "{{}}", onclick: () => ctx.placeholder(pointer, member.key, c.kind, isSet ? value : fallback) }));
  }
  if (ctx.keyframe && ctx.keyframeProperty(pointer)) {
    extras.push(el("button", { type: "button", class: "ed-mini", "data-keyframe-add": pointer, text: "◆", title: "A keyframe of " + member.key + " at the playhead",
      "aria-label": "Add a keyframe of " + member.key + " at the playhead", onclick: () => ctx.keyframe(pointer, isSet ? value : fallback) }));
  }
  if (isSet && !member.required) {
    extras.push(el("button", { type: "button", class: "ed-mini", "aria-label": "Unset " + member.key, title: "Unset (the default applies)", text: "×",
      onclick: () => ctx.change(pointer, undefined, member.key) }));
  }
  return el("div", { class: "ed-field" + (isSet ? "" : " unset") }, label, el("span", { class: "ed-control" }, input, ...extras), note);
}

function jsonInput(id, pointer, value, ctx) {
  const input = el("textarea", { id, rows: "2", spellcheck: "false", "data-field": pointer });
  input.value = value === undefined ? "" : JSON.stringify(value);
  input.addEventListener("change", () => {
    const parsed = parseControl("json", input.value);
    if (parsed.error) { ctx.refuse(pointer, parsed.error); return; }
    ctx.change(pointer, parsed.value, pointer.split("/").pop());
  });
  return input;
}

/// The spec with `value` at `pointer` (undefined removes it).
export const changedSpec = (spec, pointer, value) => withValue(spec, pointer, value);
