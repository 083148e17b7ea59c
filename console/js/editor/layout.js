// Where each item of a spec's timeline lies, in exact time: the rules of the engine's timeline
// (videos one after another, each transition overlapping its two neighbours; overlays and
// voice-overs at their `start`; music one after another from 0).
import { Time, timeOf } from "./time.js";

export const TRACKS = [
  { key: "videos", label: "Videos" },
  { key: "overlays", label: "Overlays" },
  { key: "voiceOvers", label: "Voice-overs" },
  { key: "music", label: "Music" },
];

const ONE = new Time(1n);

/// How long `item` plays, as far as the spec alone tells (null when only its source can): its
/// `duration`, else its source range's length over its speed, else its probed length (`probed(src)`
/// gives a source's Time length or null while it is unknown).
export function playLength(item, probed = () => null) {
  const speed = timeOf(item.speed) || ONE;
  const own = timeOf(item.duration);
  if (own) return own;
  const range = timeOf(item.sourceRange?.duration);
  if (range) return range.div(speed);
  const whole = item.src ? probed(item.src) : null;
  if (whole) {
    const from = timeOf(item.sourceRange?.start) || Time.zero;
    const left = whole.sub(from);
    return (left.lt(Time.zero) ? Time.zero : left).div(speed);
  }
  return null;
}

/// Every item with its place: `{ track, index, pointer, item, start, end, row, guessed }` (Times), and
/// the timeline's `end`. An item whose length is unknown yet is guessed at a second (a video) or
/// to the end (an overlay or music), marked `guessed`.
export function layout(spec, probed = () => null, frame = new Time(1n, 30n)) {
  const t = spec.timeline || {};
  const out = [];
  let cursor = Time.zero;
  (t.videos || []).forEach((item, i) => {
    const known = playLength(item, probed);
    const len = known || ONE;
    const into = i > 0 ? timeOf(t.transitions?.[i - 1]?.duration) || Time.zero : Time.zero;
    let start = cursor.sub(into);
    if (start.lt(Time.zero)) start = Time.zero;
    out.push({ track: "videos", index: i, pointer: `/timeline/videos/${i}`, item, start, end: start.add(len), row: i % 2, guessed: !known });
    cursor = start.add(len);
  });
  let end = cursor;
  const open = [];
  let musicCursor = Time.zero;
  for (const key of ["overlays", "voiceOvers", "music"]) {
    (t[key] || []).forEach((item, i) => {
      const start = key === "music" ? musicCursor : timeOf(item.start) || Time.zero;
      const len = playLength(item, probed);
      const place = { track: key, index: i, pointer: `/timeline/${key}/${i}`, item, start, end: len ? start.add(len) : null, row: i, guessed: !len };
      if (key === "music" && len) musicCursor = place.end;
      out.push(place);
      if (place.end === null) open.push(place);
      else if (key !== "music" && end.lt(place.end)) end = place.end;
    });
  }
  for (const p of open) p.end = end.lt(p.start.add(frame)) ? p.start.add(frame) : end;
  return { items: out, end };
}
