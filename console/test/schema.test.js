// Schema to controls, over the job spec's real JSON Schema (docs/job-spec.schema.json, the one the
// server serves at /v1/schema/job-spec.json).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { control, members, parseControl, schemaAt } from "../js/editor/schema.js";
import { segments } from "../js/editor/state.js";

const schema = JSON.parse(readFileSync(new URL("../../docs/job-spec.schema.json", import.meta.url)));
const spec = { version: 1, output: { width: 1280, height: 720 },
               timeline: { videos: [{ color: "#112233", duration: 2 }, { src: "a.mp4" }],
                           overlays: [{ type: "text", text: "Hi", start: 0, font: { size: 40 } }, { type: "shape", shape: "rect", start: 0 }] } };
const at = (pointer) => schemaAt(schema, segments(pointer), spec);
const kindOf = (pointer, key) => {
  const node = at(pointer);
  const m = members(schema, node, segments(pointer).reduce((o, k) => o?.[k], spec)).find((x) => x.key === key);
  assert.ok(m, `${pointer} has ${key}`);
  return control(schema, m.raw, key);
};

test("an item's branch is chosen by its members: a colour card, a media clip", () => {
  assert.deepEqual(members(schema, at("/timeline/videos/0"), spec.timeline.videos[0]).map((m) => m.key).sort().slice(0, 3).length, 3);
  assert.ok(members(schema, at("/timeline/videos/0"), spec.timeline.videos[0]).some((m) => m.key === "color" && m.required));
  assert.ok(members(schema, at("/timeline/videos/1"), spec.timeline.videos[1]).some((m) => m.key === "sourceRange"));
  assert.ok(!members(schema, at("/timeline/videos/1"), spec.timeline.videos[1]).some((m) => m.key === "color"));
});

test("an overlay shows only its type's fields", () => {
  const text = members(schema, at("/timeline/overlays/0"), spec.timeline.overlays[0]).map((m) => m.key);
  assert.ok(text.includes("font") && text.includes("box") && text.includes("blend"));
  assert.ok(!text.includes("shape") && !text.includes("src") && !text.includes("radius"), text.join());
  const shape = members(schema, at("/timeline/overlays/1"), spec.timeline.overlays[1]).map((m) => m.key);
  assert.ok(shape.includes("radius") && shape.includes("fill") && !shape.includes("text") && !shape.includes("font"), shape.join());
});

test("each field gets the right control", () => {
  assert.deepEqual(kindOf("/timeline/videos/0", "color"), { kind: "color" });
  assert.equal(kindOf("/timeline/videos/0", "duration").kind, "time");
  assert.equal(kindOf("/timeline/overlays/0", "start").kind, "time");
  assert.equal(kindOf("/timeline/overlays/0", "blend").kind, "select");
  assert.ok(kindOf("/timeline/overlays/0", "blend").options.includes("multiply"));
  assert.equal(kindOf("/timeline/overlays/0", "font").kind, "group");
  assert.equal(kindOf("/timeline/overlays/0/font", "family").kind, "font");
  const size = kindOf("/timeline/overlays/0/font", "size");
  assert.deepEqual([size.kind, size.min, size.max], ["number", 1, 1000]);
  assert.deepEqual(kindOf("/timeline/overlays/0/font", "weight"), { kind: "choice", options: ["normal", "bold"] });
  assert.deepEqual(parseControl("choice", "-14", ["streaming"]), { value: -14 });
  assert.deepEqual(parseControl("choice", "streaming", ["streaming"]), { value: "streaming" });
  assert.equal(kindOf("/timeline/videos/1", "muted").kind, "checkbox");
  assert.equal(kindOf("/output", "format").kind, "select");
  assert.equal(kindOf("/output", "width").kind, "number");
  assert.equal(kindOf("/timeline/overlays/0", "text").kind, "text");
  const fill = members(schema, at("/timeline/overlays/1"), spec.timeline.overlays[1]).find((m) => m.key === "fill");
  assert.equal(control(schema, fill.raw, "fill").kind, "color", "a paint not set yet: a colour");
  assert.equal(control(schema, fill.raw, "fill", "#FF3366").kind, "color");
  assert.equal(control(schema, fill.raw, "fill", { type: "linear", stops: [] }).kind, "group", "a gradient: its fields");
});

test("a control's text becomes the value the spec takes", () => {
  assert.deepEqual(parseControl("time", "121/30"), { value: "121/30" });
  assert.deepEqual(parseControl("time", "2.5"), { value: 2.5 });
  assert.ok(parseControl("time", "soon").error);
  assert.deepEqual(parseControl("number", "12"), { value: 12 });
  assert.deepEqual(parseControl("length", "50%"), { value: "50%" });
  assert.deepEqual(parseControl("length", "0.25"), { value: 0.25 });
  assert.deepEqual(parseControl("select", "700", ["normal", "bold"]), { value: 700 });
  assert.deepEqual(parseControl("select", "bold", ["normal", "bold"]), { value: "bold" });
  assert.deepEqual(parseControl("text", ""), { value: undefined }, "empty unsets");
  assert.deepEqual(parseControl("checkbox", false), { value: false });
  assert.deepEqual(parseControl("json", "[1,2]"), { value: [1, 2] });
});
