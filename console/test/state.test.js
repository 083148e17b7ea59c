// The editor's state: undo and redo give back every earlier spec exactly, and the state survives
// a reload through its storage.
import assert from "node:assert/strict";
import { test } from "node:test";
import { added, moved, removed, trimmed } from "../js/editor/edits.js";
import { layout } from "../js/editor/layout.js";
import { EditorState, UNDO_LIMIT, blankSpec, withValue } from "../js/editor/state.js";
import { Time } from "../js/editor/time.js";

class MemoryStorage {
  constructor() { this.items = new Map(); }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { this.items.set(k, String(v)); }
  removeItem(k) { this.items.delete(k); }
}

/// Fifty edits of every kind the editor makes, each from the spec before it.
function fiftyEdits(state) {
  const frame = new Time(1n, 30n);
  const kinds = ["add-color", "add-text", "add-shape", "field", "trim", "move", "add-transition", "remove", "add-audiogram", "unset"];
  for (let i = 0; i < 50; i++) {
    const spec = state.spec, places = layout(spec).items;
    let next = null;
    switch (kinds[i % kinds.length]) {
    case "field": next = withValue(spec, "/output/width", 640 + i * 2); break;
    case "trim": { const p = places.find((q) => q.track === "videos"); next = p && trimmed(spec, p, "end", p.end.add(new Time(BigInt(i), 30n)), frame); break; }
    case "move": { const p = places.find((q) => q.track === "overlays"); next = p && moved(spec, p, new Time(BigInt(i), 25n), places); break; }
    case "remove": { const p = places.find((q) => q.track === "overlays"); next = p && removed(spec, [p.pointer]).spec; break; }
    case "unset": next = withValue(spec, "/output/width", undefined); break;
    default: next = added(spec, kinds[i % kinds.length], new Time(BigInt(i), 10n), { video: 1 })?.spec;
    }
    // An edit that changes nothing here (a move to where it is) is replaced by one that does.
    if (!next || !state.commit(next)) state.commit(withValue(spec, "/metadata/step", i));
  }
}

test("undo over 50 mixed edits returns every earlier spec exactly, and redo every later one", () => {
  const state = new EditorState(new MemoryStorage());
  state.open(blankSpec(), "a test");
  const seen = [JSON.stringify(state.spec)];
  const commit = state.commit.bind(state);
  state.commit = (next) => { const r = commit(next); if (r) seen.push(JSON.stringify(state.spec)); return r; };
  fiftyEdits(state);
  assert.equal(seen.length, 51, "fifty edits, each a change");
  for (let i = seen.length - 2; i >= 0; i--) {
    assert.ok(state.undo());
    assert.equal(JSON.stringify(state.spec), seen[i], `undo to step ${i}`);
  }
  assert.equal(state.undo(), false, "nothing before the first");
  for (let i = 1; i < seen.length; i++) {
    assert.ok(state.redo());
    assert.equal(JSON.stringify(state.spec), seen[i], `redo to step ${i}`);
  }
  assert.equal(state.redo(), false);
});

test("a new edit after undo drops the redo stack; an unchanged spec is no step", () => {
  const state = new EditorState(null);
  state.commit(withValue(state.spec, "/output/width", 100));
  state.commit(withValue(state.spec, "/output/width", 200));
  state.undo();
  state.commit(withValue(state.spec, "/output/width", 300));
  assert.equal(state.redo(), false);
  assert.equal(state.commit(JSON.parse(JSON.stringify(state.spec))), false);
  assert.equal(state.undoStack.length, 2);
});

test("the history is bounded", () => {
  const state = new EditorState(null);
  for (let i = 0; i < UNDO_LIMIT + 20; i++) state.commit(withValue(state.spec, "/output/width", i + 1));
  assert.equal(state.undoStack.length, UNDO_LIMIT);
});

test("spec, history, selection, playhead and placeholders survive a reload", () => {
  const storage = new MemoryStorage();
  const state = EditorState.restore(storage);
  assert.deepEqual(state.spec, blankSpec(), "nothing kept: blank");
  state.commit(added(state.spec, "add-text", new Time(1n)).spec);
  state.select(["/timeline/overlays/0"]);
  state.seekFrame(42);
  state.placeholders = { title: { type: "text", default: "Hi", required: true } };
  state.save();
  const again = EditorState.restore(storage);
  assert.deepEqual(again.spec, state.spec);
  assert.deepEqual(again.undoStack, state.undoStack);
  assert.deepEqual(again.selection, ["/timeline/overlays/0"]);
  assert.equal(again.frame, 42);
  assert.deepEqual(again.placeholders, { title: { type: "text", default: "Hi", required: true } });
  assert.ok(again.undo());
  assert.deepEqual(again.spec, blankSpec());
});

test("a corrupt storage opens blank rather than failing", () => {
  const storage = new MemoryStorage();
  storage.setItem("reel-editor", "{not json");
  assert.deepEqual(EditorState.restore(storage).spec, blankSpec());
});

test("withValue sets, makes the objects on the way, and removes (emptied objects too)", () => {
  const spec = { timeline: { overlays: [{ type: "text", text: "a" }] } };
  const set = withValue(spec, "/timeline/overlays/0/font/size", 12);
  assert.deepEqual(set.timeline.overlays[0].font, { size: 12 });
  assert.deepEqual(withValue(set, "/timeline/overlays/0/font/size", undefined).timeline.overlays[0], { type: "text", text: "a" });
  assert.deepEqual(spec.timeline.overlays[0], { type: "text", text: "a" }, "the original untouched");
  assert.equal(withValue({}, "/a~1b/c~0d", 1)["a/b"]["c~d"], 1);
});

test("sample values kept before placeholders had types become typed defaults", () => {
  const storage = new MemoryStorage();
  storage.setItem("reel-editor", JSON.stringify({ spec: blankSpec(), samples: { title: "Hi", accent: "#FF3366", n: 2 } }));
  assert.deepEqual(EditorState.restore(storage).placeholders, {
    title: { type: "text", default: "Hi", required: true },
    accent: { type: "color", default: "#FF3366", required: true },
    n: { type: "number", default: 2, required: true },
  });
});
