// Snapping: a time dragged or typed lands on a frame, and on the playhead or a clip's edge when it
// comes within a few pixels of one.
import { Time, frameIndex, frameTime } from "./time.js";

/// `t` snapped: to the nearest of `targets` (Times) within `tolerance` seconds, else to the nearest
/// frame at `rate`. Returns `{ time, target }` (`target` the one it met, or null).
export function snap(t, targets, tolerance, rate) {
  let best = null, distance = Infinity;
  for (const target of targets) {
    const d = Math.abs(target.seconds - t.seconds);
    if (d <= tolerance && d < distance) { best = target; distance = d; }
  }
  if (best) return { time: best, target: best };
  const k = frameIndex(t.add(frameTime(1, rate).div(new Time(2n))), rate);
  return { time: frameTime(k, rate), target: null };
}

/// The edges a moving item may meet: the playhead, 0, the timeline's end, and every other item's
/// start and end (`places` as `layout` gives them; `except` the pointers being moved).
export function edges(places, playhead, end, except = []) {
  const out = [playhead, end];
  for (const p of places) {
    if (except.includes(p.pointer)) continue;
    out.push(p.start, p.end);
  }
  return out.filter(Boolean);
}
