// Template placeholders as the server reads them (`{{name}}` in string values): found, and filled
// with the editor's sample values so a template previews and validates like the job it will make.

const NAME = /\{\{ *([A-Za-z_][A-Za-z0-9_.-]{0,127}) *\}\}/g;
const WHOLE = /^\{\{ *([A-Za-z_][A-Za-z0-9_.-]{0,127}) *\}\}$/;

/// The placeholder names of `spec`, in order of first use.
export function placeholderNames(spec) {
  const names = [];
  const visit = (v) => {
    if (typeof v === "string") { for (const m of v.matchAll(NAME)) if (!names.includes(m[1])) names.push(m[1]); }
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === "object") Object.values(v).forEach(visit);
  };
  visit(spec);
  return names;
}

/// `spec` filled from `values` (name → value): a string that is exactly one placeholder becomes the
/// value whatever its type; a placeholder inside longer text becomes the value as text. Names
/// without a value stay as they are.
export function filled(spec, values) {
  const fill = (v) => {
    if (typeof v === "string") {
      const whole = WHOLE.exec(v);
      if (whole) return values[whole[1]] !== undefined ? values[whole[1]] : v;
      return v.replace(NAME, (all, name) => (values[name] !== undefined ? String(values[name]) : all));
    }
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(spec);
}

/// A sample value of the kind a control takes, for a placeholder made from it.
export function sampleFor(kind, current) {
  if (current !== undefined && current !== null && !(typeof current === "string" && WHOLE.test(current))) return current;
  return { number: 1, time: 1, color: "#FFFFFF", checkbox: true }[kind] ?? "Sample";
}

/// The placeholder types a template declares (the server's `PlaceholderDeclaration.type`).
export const PLACEHOLDER_TYPES = ["text", "number", "color", "media", "boolean"];

/// The type a placeholder made from a control of `kind` at `pointer` takes.
export function typeFor(kind, pointer = "") {
  if (kind === "number" || kind === "time") return "number";
  if (kind === "color") return "color";
  if (kind === "checkbox") return "boolean";
  if (/\/src$/.test(pointer)) return "media";
  return "text";
}

/// The type a bare sample value reads as (a state kept before placeholders had types).
export function typeOfValue(value) {
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string" && /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/.test(value)) return "color";
  return "text";
}

/// A value typed into a placeholder's default field, as its type wants it (a number stays a number).
export function coerced(type, raw) {
  if (type === "number") return raw === "" || isNaN(Number(raw)) ? raw : Number(raw);
  if (type === "boolean") return raw === true || raw === "true";
  if (type === "any") return typeof raw === "string" && raw.trim() !== "" && !isNaN(Number(raw)) ? Number(raw) : raw;
  return String(raw);
}

/// The values a template is previewed and validated with: each placeholder's default.
export function defaults(declarations) {
  return Object.fromEntries(Object.entries(declarations).filter(([, d]) => d.default !== undefined).map(([n, d]) => [n, d.default]));
}

/// The editor's declarations of a template the server lists (`GET /v1/templates/{id}`): an
/// undeclared placeholder (`any`) becomes text, to be given a default before it previews.
export function fromTemplate(placeholders) {
  return Object.fromEntries(Object.entries(placeholders || {}).map(([n, p]) => {
    const d = { type: p.type === "any" ? "text" : p.type, required: p.required !== false };
    for (const k of ["label", "description", "default"]) if (p[k] !== undefined) d[k] = p[k];
    return [n, d];
  }));
}

/// What "Save as template" sends as `placeholders`: a declaration for each name the spec uses,
/// without empty labels; required by default, as the editor's default is a sample to preview with.
export function toSave(declarations, names) {
  const out = {};
  for (const n of names) {
    const d = declarations[n] || { type: "text" };
    const saved = { type: d.type, required: d.required !== false };
    if (d.label) saved.label = d.label;
    if (d.description) saved.description = d.description;
    if (d.default !== undefined && d.default !== "") saved.default = d.default;
    if (!saved.required && saved.default === undefined) saved.required = true;
    out[n] = saved;
  }
  return out;
}
