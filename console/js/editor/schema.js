// From the job spec's JSON Schema (`GET /v1/schema/job-spec.json`) to the inspector's controls: which
// members an item may have (its `oneOf` branch, its type's rules), each member's control (number
// with its range, select for an enum, colour, checkbox, time, length, a group of fields), and how
// a control's text becomes a value. Pure functions, tested with Node.

/// `node` with its `$ref` followed (once, then again while it is another `$ref`).
export function resolve(root, node) {
  let n = node;
  for (let i = 0; n && n.$ref && i < 16; i++) {
    const path = n.$ref.replace(/^#\//, "").split("/");
    const target = path.reduce((o, k) => o?.[k], root);
    // Sibling keywords (a default, a description) stay with the reference.
    const { $ref, ...rest } = n;
    void $ref;
    n = { ...target, ...rest };
  }
  return n;
}

/// The branch of a `oneOf`/`anyOf` that describes `value`: the first object branch whose required
/// members `value` has, else the first branch of `value`'s JSON type, else the first.
export function branch(root, node, value) {
  const options = (node.oneOf || node.anyOf || []).map((o) => resolve(root, o));
  if (!options.length) return node;
  const type = jsonType(value);
  const objects = options.filter((o) => o.type === "object");
  if (type === "object") {
    const fitting = objects.find((o) => (o.required || []).every((k) => value[k] !== undefined));
    if (fitting) return fitting;
  }
  return options.find((o) => o.type === type || (type === "integer" && o.type === "number")) || objects[0] || options[0];
}

function jsonType(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (Number.isInteger(v)) return "integer";
  return typeof v === "number" ? "number" : typeof v;
}

/// The schema of the value at JSON pointer `parts` (segments) of `spec`, walking properties and
/// items and choosing branches by the values met; null where the schema says nothing.
export function schemaAt(root, parts, spec) {
  let node = resolve(root, root), value = spec;
  for (const k of parts) {
    // A oneOf of shapes (not one of constraints beside the node's own properties) picks its branch.
    if ((node.oneOf || node.anyOf) && !node.properties) node = branch(root, node, value);
    if (node.type === "array" || node.items) node = resolve(root, node.items || {});
    else if (node.properties?.[k]) node = resolve(root, node.properties[k]);
    else if (node.additionalProperties && typeof node.additionalProperties === "object") node = resolve(root, node.additionalProperties);
    else return null;
    value = value?.[k];
  }
  if ((node.oneOf || node.anyOf) && !node.properties && value !== undefined && jsonType(value) === "object") node = { ...branch(root, node, value), description: node.description || branch(root, node, value).description };
  return node;
}

/// The members an object `value` may have under `node` (an object schema): its properties, less
/// those an `allOf` rule forbids for the value's own constants (an overlay's `type` decides which
/// of its fields apply), with whether each is required.
export function members(root, node, value = {}) {
  const props = node.properties || {};
  const forbidden = new Set();
  const required = new Set(node.required || []);
  for (const rule of node.allOf || []) {
    const conditions = Object.entries(rule.if?.properties || {});
    if (!conditions.length || !conditions.every(([k, c]) => c.const !== undefined && value[k] === c.const)) continue;
    for (const r of rule.then?.required || []) required.add(r);
    for (const alt of rule.then?.not?.anyOf || []) for (const r of alt.required || []) forbidden.add(r);
  }
  return Object.keys(props).filter((k) => !forbidden.has(k)).map((k) => ({ key: k, raw: props[k], schema: resolve(root, props[k]), required: required.has(k) }));
}

const TIME_DEFS = ["Time", "NonNegativeTime", "PositiveTime"];

/// The control for a member with schema `node` (named `key`): `{ kind, … }` where kind is one of
/// "select" (options), "choice" (options suggested, or a number), "checkbox", "number" (min, max, step), "color", "time", "length", "font",
/// "text", "group" (an object: its fields below) or "json" (a list or a choice of shapes, as JSON).
export function control(root, node, key = "", value = undefined) {
  const ref = node.$ref || "";
  const n = resolve(root, node);
  // A choice of a plain value or an object (a paint: a colour or a gradient): the plain value's
  // control while the value is plain or unset, the object's fields once it is an object.
  const alternatives = n.oneOf || n.anyOf;
  if (alternatives && (value === undefined || value === null || typeof value !== "object")) {
    const want = value === undefined || value === null ? null : typeof value;
    const plain = alternatives.find((o) => {
      const r = resolve(root, o);
      return r.type !== "object" && r.type !== "array" && r.type !== "null" && (want === null ? (o.$ref || "").endsWith("/Color") : r.type === want || (want === "number" && r.type === "integer"));
    });
    if (plain && alternatives.some((o) => resolve(root, o).type === "object")) return control(root, plain, key);
  }
  if (ref.endsWith("/Color") || n.pattern === "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$") return { kind: "color" };
  if (TIME_DEFS.some((d) => ref.endsWith("/" + d)) || isTime(root, n)) return { kind: "time" };
  if (ref.endsWith("/Length") || ref.endsWith("/PositiveLength")) return { kind: "length" };
  if (n.enum) return { kind: "select", options: n.enum };
  if (n.const !== undefined) return { kind: "select", options: [n.const] };
  if (n.oneOf || n.anyOf) {
    const options = (n.oneOf || n.anyOf).map((o) => resolve(root, o));
    const enums = options.filter((o) => o.enum).flatMap((o) => o.enum);
    // Names or a number (a loudness target, a font weight): a text field suggesting the names.
    if (enums.length && options.every((o) => o.enum || o.type === "integer" || o.type === "number")) return { kind: "choice", options: enums };
    if (options.some((o) => o.type === "object")) return { kind: "group", choice: true };
    return { kind: "json" };
  }
  if (n.type === "boolean") return { kind: "checkbox" };
  if (n.type === "number" || n.type === "integer") {
    return { kind: "number", min: n.minimum ?? n.exclusiveMinimum, max: n.maximum ?? n.exclusiveMaximum, step: n.type === "integer" ? 1 : "any" };
  }
  if (n.type === "string" && key === "family") return { kind: "font" };
  if (n.type === "string") return { kind: "text", multiline: key === "d" };
  if (n.type === "object") return { kind: "group" };
  return { kind: "json" };
}

function isTime(root, n) {
  const options = (n.oneOf || []).map((o) => resolve(root, o));
  return options.length === 2 && options.some((o) => o.type === "number") && options.some((o) => o.type === "string" && /\//.test(o.pattern || ""));
}

/// A control's text as the value to write: `""` removes the member (its default applies); numbers
/// as numbers; a time as a number where it is a plain decimal, else its "N/D" text; JSON as JSON.
/// Returns `{ value }` or `{ error }`.
export function parseControl(kind, text, options = []) {
  const t = typeof text === "string" ? text.trim() : text;
  if (kind === "checkbox") return { value: Boolean(text) };
  if (t === "" || t === undefined) return { value: undefined };
  switch (kind) {
  case "number": {
    const v = Number(t);
    return Number.isFinite(v) ? { value: v } : { error: "is not a number" };
  }
  case "time":
    if (/^-?\d+ *\/ *\d+$/.test(t)) return { value: t.replace(/ /g, "") };
    return Number.isFinite(Number(t)) ? { value: Number(t) } : { error: "is not a time (seconds, or N/D)" };
  case "length":
    return Number.isFinite(Number(t)) ? { value: Number(t) } : { value: t };
  case "select":
  case "choice": {
    const match = options.find((o) => String(o) === t);
    if (match !== undefined) return { value: match };
    return Number.isFinite(Number(t)) ? { value: Number(t) } : { value: t };
  }
  case "json":
    try { return { value: JSON.parse(t) }; } catch (e) { return { error: "is not JSON: " + e.message }; }
  default:
    return { value: text };
  }
}

/// A value as its control shows it.
export function showControl(kind, value) {
  if (value === undefined || value === null) return "";
  if (kind === "json" || typeof value === "object") return JSON.stringify(value);
  return String(value);
}
