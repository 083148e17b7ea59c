// The canvas: the preview with the selected visual item's box drawn over it, with handles
// (`data-handle="move"`, `"resize-se"`) that move and resize it, written back in the item's own
// units (fractions, "%", "px", "vw"…).
import { el } from "../dom.js";
import { withValue } from "./state.js";

/// A `Length` (a number: a fraction of the axis; or "50%", "120px", "10vw", "10vh", "10vmin", "10vmax")
/// as a fraction of the axis (`axis` 0: x/width, 1: y/height) of a `size` [w, h] frame.
export function fraction(length, axis, size) {
  if (typeof length === "number") return length;
  const m = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(%|px|vw|vh|vmin|vmax)$/.exec(String(length));
  if (!m) return NaN;
  const v = Number(m[1]), along = size[axis];
  const px = { "%": (v / 100) * along, px: v, vw: (v / 100) * size[0], vh: (v / 100) * size[1],
               vmin: (v / 100) * Math.min(...size), vmax: (v / 100) * Math.max(...size) }[m[2]];
  return px / along;
}

/// `f` (a fraction of the axis) written in the units of `like` (the value it replaces).
export function inUnits(f, like, axis, size) {
  const round = (v, places) => Number(v.toFixed(places));
  if (typeof like !== "string") return round(f, 4);
  const unit = /(%|px|vw|vh|vmin|vmax)$/.exec(like)?.[1] || "px";
  const px = f * size[axis];
  const v = { "%": f * 100, px, vw: (px / size[0]) * 100, vh: (px / size[1]) * 100,
              vmin: (px / Math.min(...size)) * 100, vmax: (px / Math.max(...size)) * 100 }[unit];
  return round(v, unit === "px" ? 0 : 2) + unit;
}

/// The box of an overlay on the frame, as fractions `{ x, y, width, height }` (centre, size), and
/// which member holds it ("frame" or "position"); null for an item without a place.
export function boxOf(item, size) {
  if (item?.frame && typeof item.frame === "object") {
    const f = item.frame;
    const width = fraction(f.width, 0, size);
    // Without a height: the aspect ratio of what it shows (a shape: its width in pixels); square stands in.
    const height = f.height !== undefined ? fraction(f.height, 1, size) : (width * size[0]) / size[1];
    return { x: fraction(f.x, 0, size), y: fraction(f.y, 1, size), width, height, member: "frame" };
  }
  const p = item?.position;
  if (p !== undefined) {
    const [x, y] = Array.isArray(p) ? p : [p.x, p.y];
    return { x: fraction(x, 0, size), y: fraction(y, 1, size), width: 0.2, height: 0.1, member: "position" };
  }
  return null;
}

/// `item`'s place after a drag of (dx, dy) (fractions of the frame) by `handle`.
export function dragged(item, handle, dx, dy, size) {
  const box = boxOf(item, size);
  if (!box) return item;
  if (box.member === "position") {
    const p = item.position;
    const [x, y] = Array.isArray(p) ? p : [p.x, p.y];
    const nx = inUnits(box.x + dx, x, 0, size), ny = inUnits(box.y + dy, y, 1, size);
    return { ...item, position: Array.isArray(p) ? [nx, ny] : { ...p, x: nx, y: ny } };
  }
  const f = { ...item.frame };
  if (handle === "move") {
    f.x = inUnits(box.x + dx, f.x, 0, size);
    f.y = inUnits(box.y + dy, f.y, 1, size);
  } else {
    // The top-left corner stays: the centre moves by half the change.
    const w = Math.max(0.01, box.width + dx);
    f.width = inUnits(w, f.width, 0, size);
    f.x = inUnits(box.x + (w - box.width) / 2, f.x, 0, size);
    if (item.frame.height !== undefined) {
      const h = Math.max(0.01, box.height + dy);
      f.height = inUnits(h, f.height, 1, size);
      f.y = inUnits(box.y + (h - box.height) / 2, f.y, 1, size);
    }
  }
  return { ...item, frame: f };
}

export class Stage {
  /// `hooks`: `spec()`, `selected()` (a pointer), `change(nextSpec, what)`.
  constructor(image, hooks) {
    this.image = image;
    this.hooks = hooks;
    this.frame = el("div", { class: "ed-box", "data-handle": "move", hidden: true, title: "Drag to move" },
      el("span", { class: "ed-resize", "data-handle": "resize-se", title: "Drag to resize" }));
    this.box = el("div", { class: "ed-stage" }, image, this.frame);
    this.frame.addEventListener("pointerdown", (e) => this.press(e));
    image.addEventListener("load", () => this.draw());
  }

  size() {
    const o = this.hooks.spec().output || {};
    return [Number(o.width) || 1280, Number(o.height) || 720];
  }

  draw() {
    const pointer = this.hooks.selected();
    const item = pointer && pointer.startsWith("/timeline/overlays/") ? pointer.split("/").slice(1).reduce((o, k) => o?.[k], this.hooks.spec()) : null;
    const box = item ? boxOf(item, this.size()) : null;
    if (!box || !Number.isFinite(box.x) || !Number.isFinite(box.width)) { this.frame.hidden = true; return; }
    this.frame.hidden = false;
    this.frame.dataset.pointer = pointer;
    this.frame.style.left = (box.x - box.width / 2) * 100 + "%";
    this.frame.style.top = (box.y - box.height / 2) * 100 + "%";
    this.frame.style.width = box.width * 100 + "%";
    this.frame.style.height = box.height * 100 + "%";
  }

  press(e) {
    if (e.button !== 0) return;
    e.preventDefault();
    const handle = e.target.dataset.handle;
    const pointer = this.hooks.selected(), spec = this.hooks.spec();
    const item = pointer.split("/").slice(1).reduce((o, k) => o?.[k], spec);
    const rect = this.image.getBoundingClientRect(), size = this.size();
    const x0 = e.clientX, y0 = e.clientY;
    const at = (m) => dragged(item, handle, (m.clientX - x0) / rect.width, (m.clientY - y0) / rect.height, size);
    const move = (m) => {
      const b = boxOf(at(m), size);
      this.frame.style.left = (b.x - b.width / 2) * 100 + "%";
      this.frame.style.top = (b.y - b.height / 2) * 100 + "%";
      this.frame.style.width = b.width * 100 + "%";
      this.frame.style.height = b.height * 100 + "%";
    };
    const up = (u) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      if (Math.abs(u.clientX - x0) + Math.abs(u.clientY - y0) < 2) return;
      this.hooks.change(withValue(spec, pointer, at(u)), (handle === "move" ? "Moved " : "Resized ") + pointer + ".");
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }
}
