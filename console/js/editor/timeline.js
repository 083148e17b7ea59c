// The timeline drawn from a layout: a ruler, one row per track (videos on two alternating rows, so
// a transition shows as the overlap of two clips), the transitions as marks on their joins, the
// end-of-timeline marker and the playhead. Clips are one Tab stop (a roving tabindex): ↑/↓ go from
// item to item, I to the inspector.
import { el, fill } from "../dom.js";
import { TRACKS } from "./layout.js";
import { timeOf } from "./time.js";

const ROW = 34;

/// Draws `view.layout` into `parts` ({ lane, ruler, tracks, playhead, endMarker }) at `view.zoom`
/// pixels a second. `hooks`: `label(place)`, `decorate(node, place)` (thumbnails, waveforms),
/// `press(event, place, edge, node)`, `focus(pointer)`, `scrub(event)`.
export function drawTimeline(parts, view, hooks) {
  const { items, end } = view.layout;
  const px = (t) => Math.round(t.seconds * view.zoom);
  const length = Math.max(end.seconds, 1);
  parts.lane.style.width = Math.round(length * view.zoom) + 60 + "px";
  const step = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300].find((s) => s * view.zoom >= 60) || 600;
  fill(parts.ruler, ...Array.from({ length: Math.floor(length / step) + 1 }, (_, k) => {
    const tick = el("span", { class: "ed-tick", text: +(k * step).toFixed(1) + " s" });
    tick.style.left = Math.round(k * step * view.zoom) + "px";
    return tick;
  }));
  parts.ruler.onpointerdown = hooks.scrub;
  const current = view.selection.length ? view.selection[view.selection.length - 1] : items[0]?.pointer;
  fill(parts.tracks, ...TRACKS.map(({ key, label }) => {
    const own = items.filter((p) => p.track === key);
    const rows = key === "videos" ? 2 : Math.max(1, own.length);
    const track = el("div", { class: "ed-track", "data-track": key, role: "list", "aria-label": label });
    track.style.height = rows * ROW + "px";
    for (const place of own) track.append(clip(place, view, hooks, px, current));
    if (key === "videos") for (const mark of joins(view, px)) track.append(mark);
    return el("div", { class: "ed-row" }, el("span", { class: "ed-label", text: label }), track);
  }));
  parts.endMarker.style.left = px(end) + "px";
  parts.endMarker.title = "The end: " + end.toString() + " s";
  parts.endMarker.dataset.time = end.toString();
}

function clip(place, view, hooks, px, current) {
  const selected = view.selection.includes(place.pointer);
  const node = el("div", { class: "ed-clip" + (selected ? " selected" : "") + (place.guessed ? " guessed" : ""), role: "listitem",
                           tabindex: place.pointer === current ? "0" : "-1", "data-pointer": place.pointer,
                           "aria-label": hooks.label(place), "aria-selected": String(selected) });
  node.style.left = px(place.start) + "px";
  node.style.width = Math.max(6, px(place.end) - px(place.start)) + "px";
  node.style.top = place.row * ROW + "px";
  node.append(el("span", { class: "ed-handle start", "data-edge": "start", "aria-hidden": "true" }),
    el("span", { class: "ed-name", text: hooks.name(place) }),
    el("span", { class: "ed-handle end", "data-edge": "end", "aria-hidden": "true" }));
  for (const [i, k] of (place.item.keyframes || []).entries()) {
    const at = timeOf(k.time)?.seconds || 0;
    const pointer = `${place.pointer}/keyframes/${i}`;
    const diamond = el("span", { class: "ed-key" + (view.selection.includes(pointer) ? " selected" : ""), "data-pointer": pointer, "data-keyframe": pointer,
                                 title: "Keyframe at " + k.time + " s (drag to move, Delete to remove)" });
    diamond.style.left = Math.round(at * view.zoom) - 4 + "px";
    diamond.addEventListener("pointerdown", (e) => { e.stopPropagation(); hooks.pressKey(e, pointer, place); });
    node.append(diamond);
  }
  hooks.decorate(node, place);
  node.addEventListener("focus", () => hooks.focus(place.pointer));
  node.addEventListener("pointerdown", (e) => hooks.press(e, place, e.target.dataset.edge || null, node));
  return node;
}

/// A mark on each join that has a transition: its type, selectable (`data-pointer` the transition's).
function joins(view, px) {
  const t = view.spec.timeline || {};
  const videos = view.layout.items.filter((p) => p.track === "videos");
  return (t.transitions || []).map((tr, i) => {
    if (!tr || !videos[i + 1]) return null;
    const b = videos[i + 1];
    const pointer = `/timeline/transitions/${i}`;
    const mark = el("button", { type: "button", class: "ed-join" + (view.selection.includes(pointer) ? " selected" : ""), tabindex: "-1",
                                "data-pointer": pointer, text: tr.type, "aria-label": `${tr.type} between videos ${i + 1} and ${i + 2}` });
    mark.style.left = px(b.start) + "px";
    mark.style.top = 2 * ROW - 14 + "px";
    return mark;
  }).filter(Boolean);
}
