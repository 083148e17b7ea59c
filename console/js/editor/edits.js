// The edits a gesture makes, each a function from a spec to a new spec (the state keeps the old one
// for undo): moves and trims in exact time, removal that keeps transitions, split, paste, and the
// new items each "add" button makes.
import { clone, pointerOf, segments, valueAt } from "./state.js";
import { Time, timeOf } from "./time.js";

const ONE = new Time(1n);
const max = (a, b) => (a.lt(b) ? b : a);

/// Whether an item plays its source for its source range (a video clip) rather than for a duration.
function playsRange(item, isStill) {
  return Boolean(item.src) && item.duration === undefined && !isStill;
}

/// `spec` with the item at `place` moved so that it starts at `to` (a Time). A video moves among
/// the others: it goes where its middle lands (`places`: the videos as laid out).
export function moved(spec, place, to, places = []) {
  const next = clone(spec);
  const list = next.timeline[place.track];
  const item = list[place.index];
  if (place.track === "videos") {
    const middle = to.add(place.end.sub(place.start).div(new Time(2n)));
    const others = places.filter((q) => q.track === "videos" && q.index !== place.index);
    const index = others.filter((q) => q.start.add(q.end).div(new Time(2n)).lt(middle)).length;
    list.splice(place.index, 1);
    list.splice(index, 0, item);
    return next;
  }
  if (place.track === "music") return next;  // music plays one after another: its order is its place
  item.start = max(to, Time.zero).toSpec();
  return next;
}

/// `spec` with the `edge` ("start" or "end") of the item at `place` moved to `to`; the other edge
/// stays. A clip's source range changes (its source's time at the edge stays under it), else its
/// `duration` (and an overlay's `start`). At least a frame (`frame`) is kept.
export function trimmed(spec, place, edge, to, frame, isStill = false) {
  const next = clone(spec);
  const item = next.timeline[place.track][place.index];
  const speed = timeOf(item.speed) || ONE;
  const range = playsRange(item, isStill);
  if (edge === "end") {
    const len = max(to.sub(place.start), frame);
    if (range) item.sourceRange = { start: item.sourceRange?.start ?? 0, duration: len.mul(speed).toSpec() };
    else item.duration = len.toSpec();
    return next;
  }
  const fixed = place.track === "videos" ? Time.zero : timeOf(item.start) || Time.zero;
  let shift = to.sub(place.start);
  if (place.track !== "videos" && shift.lt(fixed.mul(-1))) shift = fixed.mul(-1);
  const len = place.end.sub(place.start);
  if (len.sub(shift).lt(frame)) shift = len.sub(frame);
  if (range) {
    const from = timeOf(item.sourceRange?.start) || Time.zero;
    if (from.add(shift.mul(speed)).lt(Time.zero)) shift = from.mul(-1).div(speed);
    item.sourceRange = { start: from.add(shift.mul(speed)).toSpec(), duration: len.sub(shift).mul(speed).toSpec() };
  } else {
    item.duration = len.sub(shift).toSpec();
  }
  if (place.track !== "videos") item.start = fixed.add(shift).toSpec();
  return next;
}

/// `spec` with the videos' transition list kept aligned after removing video `i`: the join it left
/// (`transitions[i - 1]` before it, `transitions[i]` after it) becomes one join between its two
/// neighbours — the one before it if it had one, else the one after —, never silently dropped.
/// Returns the new transitions and what happened to them, to say so.
export function transitionsWithout(transitions, count, i) {
  const list = Array.from({ length: Math.max(0, count - 1) }, (_, k) => transitions?.[k] ?? null);
  const before = i > 0 ? list[i - 1] : null, after = i < count - 1 ? list[i] : null;
  const out = list.slice();
  let note = null;
  if (i === 0) { out.splice(0, 1); if (after) note = `its ${after.type} went with it (nothing before it to join)`; }
  else if (i === count - 1) { out.splice(i - 1, 1); if (before) note = `its ${before.type} went with it (nothing after it to join)`; }
  else {
    const kept = before || after;
    out.splice(i - 1, 2, kept);
    if (before && after) note = `the ${before.type} now joins its neighbours; the ${after.type} after it went with it`;
    else if (kept) note = `the ${kept.type} now joins its neighbours`;
  }
  while (out.length && (out[out.length - 1] === null || out[out.length - 1] === undefined)) out.pop();
  return { transitions: out, note };
}

/// `spec` without the items at `pointers` (videos keep their joins: `transitionsWithout`); the notes
/// say what became of transitions.
export function removed(spec, pointers) {
  let next = clone(spec);
  const notes = [];
  // From the last index down, so earlier indices stay valid.
  const sorted = [...pointers].sort((a, b) => {
    const [ta, ia] = segments(a).slice(1), [tb, ib] = segments(b).slice(1);
    return ta === tb ? Number(ib) - Number(ia) : ta < tb ? -1 : 1;
  });
  for (const pointer of sorted) {
    const parts = segments(pointer);
    if (parts.length > 3) {
      // Something inside an item (a keyframe): out of its list, and the list out of the item once empty.
      const holder = valueAt(next, pointerOf(parts.slice(0, -1)));
      if (Array.isArray(holder)) holder.splice(Number(parts[parts.length - 1]), 1);
      if (Array.isArray(holder) && !holder.length) delete valueAt(next, pointerOf(parts.slice(0, -2)))[parts[parts.length - 2]];
      continue;
    }
    const [, track, index] = parts;
    const list = next.timeline?.[track];
    if (!Array.isArray(list)) continue;
    const i = Number(index);
    if (track === "videos") {
      const r = transitionsWithout(next.timeline.transitions, list.length, i);
      if (r.transitions.length) next.timeline.transitions = r.transitions; else delete next.timeline.transitions;
      if (r.note) notes.push(r.note);
    }
    if (track === "transitions") { list[i] = null; while (list.length && list[list.length - 1] === null) list.pop(); if (!list.length) delete next.timeline.transitions; continue; }
    list.splice(i, 1);
  }
  next = clone(next);
  return { spec: next, notes };
}

/// `spec` with the item at `place` cut in two at `at` (strictly inside it): the first part keeps
/// its start, the second starts at `at`, each playing its own part of the source.
export function split(spec, place, at, isStill = false) {
  if (!(place.start.lt(at) && at.lt(place.end))) return null;
  const first = trimmed(spec, place, "end", at, new Time(0n), isStill);
  const secondOnly = trimmed(spec, place, "start", at, new Time(0n), isStill);
  const second = secondOnly.timeline[place.track][place.index];
  const next = first;
  next.timeline[place.track].splice(place.index + 1, 0, second);
  if (place.track === "videos" && Array.isArray(next.timeline.transitions) && next.timeline.transitions.length > place.index) {
    next.timeline.transitions.splice(place.index, 0, null);  // a cut between the halves
  }
  return next;
}

/// `spec` with `items` (copies) inserted into `track` after `index` (the end when -1); overlays and
/// voice-overs pasted start at `at`, one after another.
export function pasted(spec, track, items, index = -1, at = null) {
  const next = clone(spec);
  const list = ((next.timeline ||= {})[track] ||= []);
  const where = index < 0 ? list.length : index + 1;
  let start = at;
  const copies = items.map((item) => {
    const copy = clone(item);
    if (start && (track === "overlays" || track === "voiceOvers")) {
      const len = timeOf(copy.duration);
      copy.start = start.toSpec();
      if (len) start = start.add(len);
    }
    return copy;
  });
  list.splice(where, 0, ...copies);
  if (track === "videos" && Array.isArray(next.timeline.transitions) && next.timeline.transitions.length >= where) {
    next.timeline.transitions.splice(where === 0 ? 0 : where - 1, 0, ...copies.map(() => null));
  }
  return next;
}

/// A frame box for the `n`-th overlay added, so that two added in a row do not land on each other.
export function freeBox(spec) {
  const n = (spec.timeline?.overlays || []).length;
  const col = n % 3, row = Math.floor(n / 3) % 3;
  return { x: 0.25 + col * 0.25, y: 0.25 + row * 0.25, width: 0.3, height: 0.2 };
}

/// What each "add" button (`data-action`) puts into the spec at time `at` (a Time) with the
/// playhead's item `selectedVideo` (an index or null). Returns `{ spec, pointer }`, the new item's.
export function added(spec, action, at, options = {}) {
  const next = clone(spec);
  const t = (next.timeline ||= {});
  const start = at.toSpec();
  const push = (track, item) => { (t[track] ||= []).push(item); return { spec: next, pointer: `/timeline/${track}/${t[track].length - 1}` }; };
  switch (action) {
  case "add-color":
    return push("videos", { color: options.color || "#224466", duration: 3 });
  case "add-text": {
    const box = freeBox(spec);
    return push("overlays", { type: "text", text: options.text || "Title", start, duration: 3, position: { x: box.x, y: box.y },
                              font: { size: 64, color: "#FFFFFF" } });
  }
  case "add-shape": {
    // Each shape with what it needs to be drawn: a box (a rect with rounded corners), points, or path data.
    const box = freeBox(spec), shape = options.shape || "rect";
    const base = { type: "shape", shape, start, duration: 3, fill: "#FF3366" };
    if (shape === "rect") return push("overlays", { ...base, radius: 16, frame: box });
    if (shape === "ellipse") return push("overlays", { ...base, frame: box });
    if (shape === "polygon") {
      const { x, y, width: w, height: h } = box;
      return push("overlays", { ...base, points: [[x, y - h / 2], [x + w / 2, y + h / 2], [x - w / 2, y + h / 2]].map((p) => p.map((v) => Number(v.toFixed(4)))) });
    }
    if (shape === "line") { delete base.fill; return push("overlays", { ...base, from: [box.x - box.width / 2, box.y], to: [box.x + box.width / 2, box.y], stroke: { color: "#FFFFFF", width: 4 } }); }
    return push("overlays", { ...base, d: "M0 0 L120 0 L60 90 Z", position: { x: box.x, y: box.y } });
  }
  case "add-captions":
    // A captions overlay reads its cues from a file (SRT or WebVTT): the page uploads typed cues as one.
    return options.src ? push("overlays", { type: "captions", src: options.src, start }) : null;
  case "add-lottie":
    return options.src ? push("overlays", { type: "lottie", src: options.src, start, frame: freeBox(spec) }) : null;
  case "add-audiogram":
    return push("overlays", { type: "waveform", start, duration: 3, frame: { x: 0.5, y: 0.8, width: 0.8, height: 0.2 } });
  case "add-transition": {
    // Before the selected video (the join with the one before it), else before the last.
    const videos = t.videos || [];
    const i = options.video ?? videos.length - 1;
    if (videos.length < 2 || i < 1) return null;
    const list = t.transitions || [];
    while (list.length < i) list.push(null);
    list[i - 1] = { type: options.type || "dissolve", duration: 0.5 };
    t.transitions = list;
    return { spec: next, pointer: `/timeline/transitions/${i - 1}` };
  }
  default:
    return null;
  }
}

/// The keyframe property a field animates: the item's own member (`opacity`, `radius`, `fill`…) or
/// its position's `x`/`y`; null when keyframes cannot animate it. `animatable`: the Keyframe
/// schema's properties.
export function keyframeProperty(itemPointer, fieldPointer, animatable) {
  const rest = segments(fieldPointer).slice(segments(itemPointer).length);
  const name = rest.length === 1 ? rest[0] : rest.length === 2 && rest[0] === "position" ? rest[1] : null;
  return name && name !== "time" && name !== "easing" && animatable.includes(name) ? name : null;
}

/// `spec` with the item at `itemPointer` keyed at `at` (a Time from the item's start): `property`
/// set to `value` in the keyframe at that time (made, in time order, when there is none).
export function keyframed(spec, itemPointer, property, value, at) {
  const next = clone(spec);
  const item = valueAt(next, itemPointer);
  const keys = (item.keyframes ||= []);
  let k = keys.find((x) => timeOf(x.time)?.eq(at));
  if (!k) {
    k = { time: at.toSpec() };
    keys.push(k);
    keys.sort((a, b) => (timeOf(a.time) || Time.zero).cmp(timeOf(b.time) || Time.zero));
  }
  k[property] = value;
  return { spec: next, pointer: `${itemPointer}/keyframes/${keys.indexOf(k)}` };
}

/// `spec` with the keyframe at `keyPointer` moved to `at` (from its item's start, at least 0), the
/// list kept in time order; null when another keyframe is at that time already.
export function keyframeMoved(spec, keyPointer, at) {
  const next = clone(spec);
  const parts = segments(keyPointer);
  const keys = valueAt(next, pointerOf(parts.slice(0, -1)));
  const k = keys[Number(parts[parts.length - 1])];
  const to = at.lt(Time.zero) ? Time.zero : at;
  if (keys.some((x) => x !== k && timeOf(x.time)?.eq(to))) return null;
  k.time = to.toSpec();
  keys.sort((a, b) => (timeOf(a.time) || Time.zero).cmp(timeOf(b.time) || Time.zero));
  return { spec: next, pointer: pointerOf([...parts.slice(0, -1), keys.indexOf(k)]) };
}
