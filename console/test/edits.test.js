// Timeline edits: snapping, transitions kept on removal, split, placement of added items, and the
// canvas's units.
import assert from "node:assert/strict";
import { test } from "node:test";
import { added, freeBox, keyframeMoved, keyframeProperty, keyframed, removed, split, transitionsWithout, trimmed } from "../js/editor/edits.js";
import { layout } from "../js/editor/layout.js";
import { coerced, defaults, filled, fromTemplate, placeholderNames, toSave, typeFor, typeOfValue } from "../js/editor/placeholders.js";
import { edges, snap } from "../js/editor/snap.js";
import { boxOf, dragged, fraction, inUnits } from "../js/editor/stage.js";
import { Time } from "../js/editor/time.js";

const T = (n, d = 1) => new Time(BigInt(n), BigInt(d));
const rate = T(30);

test("a drag snaps to a frame, or to an edge within the tolerance", () => {
  assert.equal(snap(T(8010, 1000), [], 0, rate).time.toString(), "8", "8.01 s lands on frame 240");
  assert.equal(snap(T(4033, 1000), [], 0, rate).time.toString(), "121/30");
  const r = snap(T(2990, 1000), [T(3)], 0.05, rate);
  assert.equal(r.time.toString(), "3");
  assert.ok(r.target);
  assert.equal(snap(T(2900, 1000), [T(3)], 0.05, rate).target, null, "too far: a frame instead");
  const spec = { timeline: { videos: [{ color: "#000000", duration: 2 }, { color: "#FFFFFF", duration: 3 }] } };
  const places = layout(spec).items;
  const targets = edges(places, T(1), T(5), ["/timeline/videos/1"]);
  assert.deepEqual(targets.map((t) => t.toString()).sort(), ["0", "1", "2", "5"]);
});

test("layout is exact: a dissolve overlaps its clips by its length", () => {
  const spec = { timeline: { videos: [{ color: "#000000", duration: "121/30" }, { color: "#FFFFFF", duration: 1 }],
                             transitions: [{ type: "dissolve", duration: 0.5 }], overlays: [{ type: "text", text: "a", start: 1 }] } };
  const { items, end } = layout(spec);
  assert.equal(items[1].start.toString(), "53/15");
  assert.equal(end.toString(), "68/15");
  assert.equal(items[2].end.toString(), "68/15", "an overlay without a duration lasts to the end");
});

test("removing a clip keeps or re-joins its transitions and says so", () => {
  const d = { type: "dissolve", duration: 0.5 }, w = { type: "wipe", duration: 0.5 };
  assert.deepEqual(transitionsWithout([d, w], 3, 1), { transitions: [d], note: "the dissolve now joins its neighbours; the wipe after it went with it" });
  assert.deepEqual(transitionsWithout([null, w], 3, 1).transitions, [w], "the one after it re-joins");
  assert.deepEqual(transitionsWithout([d, w], 3, 0).transitions, [w]);
  assert.deepEqual(transitionsWithout([d, w], 3, 2).transitions, [d]);
  const spec = { timeline: { videos: [{ color: "#000000", duration: 2 }, { color: "#111111", duration: 2 }, { color: "#222222", duration: 2 }],
                             transitions: [null, w] } };
  const r = removed(spec, ["/timeline/videos/1"]);
  assert.deepEqual(r.spec.timeline.transitions, [w]);
  assert.equal(r.spec.timeline.videos.length, 2);
  assert.ok(r.notes[0].includes("wipe"));
});

test("a split cuts a clip in two at the playhead, each playing its part of the source", () => {
  const spec = { timeline: { videos: [{ src: "a.mp4", sourceRange: { start: 1, duration: 4 } }] } };
  const place = layout(spec).items[0];
  const next = split(spec, place, T(3, 2));
  assert.deepEqual(next.timeline.videos, [{ src: "a.mp4", sourceRange: { start: 1, duration: 1.5 } }, { src: "a.mp4", sourceRange: { start: 2.5, duration: 2.5 } }]);
  assert.equal(split(spec, place, T(4)), null, "the end is not inside");
});

test("a trim keeps a frame at least, in exact time", () => {
  const spec = { output: { frameRate: 30 }, timeline: { videos: [{ color: "#000000", duration: 2 }] } };
  const place = layout(spec).items[0];
  assert.equal(trimmed(spec, place, "end", T(121, 30), T(1, 30)).timeline.videos[0].duration, "121/30");
  assert.equal(trimmed(spec, place, "end", T(-1), T(1, 30)).timeline.videos[0].duration, "1/30");
});

test("two overlays added in a row do not land in the same box", () => {
  let spec = { timeline: { videos: [] } };
  const boxes = [];
  for (let i = 0; i < 4; i++) {
    boxes.push(JSON.stringify(freeBox(spec)));
    spec = added(spec, "add-shape", T(0)).spec;
  }
  assert.equal(new Set(boxes).size, 4);
  const shapes = ["rect", "ellipse", "polygon", "line", "path"].map((shape) => added({}, "add-shape", T(0), { shape }).spec.timeline.overlays[0]);
  assert.deepEqual(shapes.map((s) => Object.keys(s).filter((k) => ["frame", "radius", "points", "from", "d", "position"].includes(k))),
                   [["radius", "frame"], ["frame"], ["points"], ["from"], ["d", "position"]], "each shape with what it needs");
  assert.equal(added(spec, "add-transition", T(0), { video: 0 }), null, "no video before the first");
  assert.equal(added(spec, "add-lottie", T(0), {}), null, "a Lottie needs its file");
});

test("placeholders are found and filled as the server fills them", () => {
  const spec = { timeline: { videos: [{ color: "{{ colour }}", duration: "{{seconds}}" }], overlays: [{ type: "text", text: "Hi {{name}}!", start: 0 }] } };
  assert.deepEqual(placeholderNames(spec), ["colour", "seconds", "name"]);
  const f = filled(spec, { colour: "#00AA55", seconds: 2, name: "Ann" });
  assert.deepEqual(f.timeline.videos[0], { color: "#00AA55", duration: 2 });
  assert.equal(f.timeline.overlays[0].text, "Hi Ann!");
  assert.equal(filled(spec, {}).timeline.overlays[0].text, "Hi {{name}}!");
});

test("the canvas writes a drag back in the item's own units", () => {
  const size = [1000, 500];
  assert.equal(fraction("50%", 0, size), 0.5);
  assert.equal(fraction("100px", 1, size), 0.2);
  assert.equal(fraction("10vw", 1, size), 0.2);
  assert.equal(inUnits(0.25, "10%", 0, size), "25%");
  assert.equal(inUnits(0.25, "1px", 0, size), "250px");
  assert.equal(inUnits(0.123456, 0.5, 0, size), 0.1235);
  const item = { type: "shape", frame: { x: "500px", y: 0.5, width: 0.2, height: "20%" } };
  const movedItem = dragged(item, "move", 0.1, -0.1, size);
  assert.deepEqual(movedItem.frame, { x: "600px", y: 0.4, width: 0.2, height: "20%" });
  const grown = dragged(item, "resize-se", 0.1, 0.1, size);
  assert.equal(grown.frame.width, 0.3);
  assert.equal(grown.frame.height, "30%");
  assert.equal(grown.frame.x, "550px", "the top-left corner stays");
  assert.deepEqual(boxOf({ position: [0.5, 0.25] }, size).x, 0.5);
  assert.deepEqual(dragged({ position: { x: 0.5, y: 0.5 } }, "move", 0.1, 0, size).position, { x: 0.6, y: 0.5 });
});

test("keyframes: added at the playhead from a field, kept in time order, moved, removed", () => {
  const animatable = ["time", "opacity", "x", "y", "radius", "fill", "easing"];
  assert.equal(keyframeProperty("/timeline/overlays/0", "/timeline/overlays/0/opacity", animatable), "opacity");
  assert.equal(keyframeProperty("/timeline/overlays/0", "/timeline/overlays/0/position/x", animatable), "x");
  assert.equal(keyframeProperty("/timeline/overlays/0", "/timeline/overlays/0/start", animatable), null);
  assert.equal(keyframeProperty("/timeline/overlays/0", "/timeline/overlays/0/font/size", animatable), null);
  let spec = { timeline: { overlays: [{ type: "text", text: "a", start: 1 }] } };
  spec = keyframed(spec, "/timeline/overlays/0", "opacity", 0, T(2)).spec;
  const r = keyframed(spec, "/timeline/overlays/0", "opacity", 1, T(1, 30));
  assert.equal(r.pointer, "/timeline/overlays/0/keyframes/0");
  spec = keyframed(r.spec, "/timeline/overlays/0", "x", 0.5, T(2)).spec;
  assert.deepEqual(spec.timeline.overlays[0].keyframes, [{ time: "1/30", opacity: 1 }, { time: 2, opacity: 0, x: 0.5 }]);
  const m = keyframeMoved(spec, "/timeline/overlays/0/keyframes/0", T(3));
  assert.equal(m.pointer, "/timeline/overlays/0/keyframes/1");
  assert.deepEqual(m.spec.timeline.overlays[0].keyframes.map((k) => k.time), [2, 3]);
  assert.equal(keyframeMoved(spec, "/timeline/overlays/0/keyframes/0", T(2)), null, "two keyframes never share a time");
  const once = removed(spec, ["/timeline/overlays/0/keyframes/1"]).spec;
  assert.deepEqual(once.timeline.overlays[0].keyframes, [{ time: "1/30", opacity: 1 }]);
  assert.equal(removed(once, ["/timeline/overlays/0/keyframes/0"]).spec.timeline.overlays[0].keyframes, undefined, "the empty list goes");
});

test("typed placeholders: a control's type, defaults to preview with, and what a template saves", () => {
  assert.equal(typeFor("number"), "number");
  assert.equal(typeFor("time"), "number");
  assert.equal(typeFor("color"), "color");
  assert.equal(typeFor("checkbox"), "boolean");
  assert.equal(typeFor("text", "/timeline/videos/0/src"), "media");
  assert.equal(typeFor("text", "/timeline/overlays/0/text"), "text");
  assert.equal(typeOfValue("#FF3366"), "color");
  assert.equal(typeOfValue(2), "number");
  assert.equal(typeOfValue("Hello"), "text");
  assert.equal(coerced("number", "2.5"), 2.5);
  assert.equal(coerced("text", "2.5"), "2.5", "text stays text");
  assert.equal(coerced("boolean", "true"), true);
  const declared = { title: { type: "text", label: "Title", default: "Hi", required: true }, n: { type: "number", default: 3, required: false } };
  assert.deepEqual(defaults(declared), { title: "Hi", n: 3 });
  assert.deepEqual(toSave({ ...declared, gone: { type: "text" } }, ["title", "n", "fresh"]), {
    title: { type: "text", required: true, label: "Title", default: "Hi" },
    n: { type: "number", required: false, default: 3 },
    fresh: { type: "text", required: true },
  }, "only the names the spec uses, each typed");
  assert.deepEqual(fromTemplate({ a: { type: "any", required: true }, b: { type: "color", default: "#000000", required: false } }),
                   { a: { type: "text", required: true }, b: { type: "color", required: false, default: "#000000" } });
});
