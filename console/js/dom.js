// Element builders and announcements: the few DOM helpers every page uses.

/// An element `tag` with `attrs` (`on…` are listeners, `text` its text; false and null leave an
/// attribute out) and `children` (null and undefined left out).
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/// Replaces `node`'s children with `children`, leaving out the absent ones (null, undefined).
export function fill(node, ...children) {
  node.replaceChildren(...children.filter((c) => c !== null && c !== undefined));
}

let toastTimer = null;

/// Says `text` to screen readers (the live region) and, with `visible`, on the page too for a few
/// seconds (a toast), so a save or an add is seen as well as heard.
export function announce(text, visible = false) {
  document.getElementById("live").textContent = text;
  if (!visible) return;
  const toast = document.getElementById("toast");
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toast.hidden = true; }, 4000);
}
