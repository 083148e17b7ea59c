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
