// The editor's state: the spec (the one thing every view is drawn from), the undo and redo stacks
// of earlier specs, the selection and the playhead; changed only through the named actions below,
// and kept in the browser's storage after each, so a Render, a Back or a reload loses nothing.

import { typeOfValue } from "./placeholders.js";

export const UNDO_LIMIT = 200;
const STORAGE_KEY = "reel-editor";

/// A blank timeline: what `#/edit?new` opens.
export function blankSpec() {
  return { version: 1, output: { width: 1280, height: 720, frameRate: 30 }, timeline: { videos: [] } };
}

export const clone = (v) => JSON.parse(JSON.stringify(v));

export class EditorState {
  /// `storage`: a Storage (localStorage) or anything with getItem/setItem/removeItem; null keeps nothing.
  constructor(storage = null) {
    this.storage = storage;
    this.spec = blankSpec();
    this.undoStack = [];   // JSON texts of earlier specs, oldest first
    this.redoStack = [];
    this.selection = [];   // pointers of the selected items; the last one is the inspector's
    this.frame = 0;        // the playhead's frame
    this.origin = "a new timeline";
    this.placeholders = {}; // a template's placeholders → {type, label, default, required}; previewed with the defaults
  }

  /// The state kept in `storage`, or a blank one.
  static restore(storage) {
    const s = new EditorState(storage);
    let saved = null;
    try { saved = JSON.parse(storage?.getItem(STORAGE_KEY) || "null"); } catch { saved = null; }
    if (saved && typeof saved.spec === "object" && saved.spec !== null) {
      s.spec = saved.spec;
      s.undoStack = Array.isArray(saved.undo) ? saved.undo : [];
      s.redoStack = Array.isArray(saved.redo) ? saved.redo : [];
      s.selection = Array.isArray(saved.selection) ? saved.selection : [];
      s.frame = Number.isInteger(saved.frame) ? saved.frame : 0;
      s.origin = typeof saved.origin === "string" ? saved.origin : s.origin;
      if (saved.placeholders && typeof saved.placeholders === "object") s.placeholders = saved.placeholders;
      else if (saved.samples && typeof saved.samples === "object") {
        // Kept before placeholders had types: each sample value becomes the default of its type.
        s.placeholders = Object.fromEntries(Object.entries(saved.samples).map(([n, v]) => [n, { type: typeOfValue(v), default: v, required: true }]));
      }
    }
    return s;
  }

  get selected() { return this.selection.length ? this.selection[this.selection.length - 1] : null; }

  save() {
    if (!this.storage) return;
    const state = { spec: this.spec, undo: this.undoStack, redo: this.redoStack, selection: this.selection, frame: this.frame, origin: this.origin, placeholders: this.placeholders };
    try { this.storage.setItem(STORAGE_KEY, JSON.stringify(state)); } catch {
      // A full storage keeps the spec and the latest steps rather than nothing.
      try { this.storage.setItem(STORAGE_KEY, JSON.stringify({ ...state, undo: this.undoStack.slice(-20), redo: [] })); } catch { /* nothing to keep it in */ }
    }
  }

  /// Starts again on `spec` (a job's or a template's, or blank): a new history.
  open(spec, origin) {
    this.spec = clone(spec);
    this.undoStack = [];
    this.redoStack = [];
    this.selection = [];
    this.frame = 0;
    this.origin = origin;
    this.placeholders = {};
    this.save();
  }

  /// `next` becomes the spec; the one before it can be undone.
  commit(next) {
    const before = JSON.stringify(this.spec);
    if (before === JSON.stringify(next)) return false;
    this.undoStack.push(before);
    if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
    this.redoStack.length = 0;
    this.spec = next;
    this.save();
    return true;
  }

  undo() {
    if (!this.undoStack.length) return false;
    this.redoStack.push(JSON.stringify(this.spec));
    this.spec = JSON.parse(this.undoStack.pop());
    this.save();
    return true;
  }

  redo() {
    if (!this.redoStack.length) return false;
    this.undoStack.push(JSON.stringify(this.spec));
    this.spec = JSON.parse(this.redoStack.pop());
    this.save();
    return true;
  }

  /// Selects `pointers` (one pointer, or several for a multi-selection; `add` extends it).
  select(pointers, add = false) {
    const list = Array.isArray(pointers) ? pointers : pointers ? [pointers] : [];
    this.selection = add ? [...this.selection.filter((p) => !list.includes(p)), ...list] : list;
    this.save();
  }

  seekFrame(frame) {
    this.frame = Math.max(0, frame);
    this.save();
  }

  /// The value at a JSON pointer of the spec (undefined when there is none).
  at(pointer) { return valueAt(this.spec, pointer); }
}

/// A JSON pointer's segments ("/a/b~1c" → ["a", "b/c"]).
export function segments(pointer) {
  return !pointer ? [] : pointer.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function pointerOf(parts) {
  return parts.map((p) => "/" + String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

export function valueAt(doc, pointer) {
  return segments(pointer).reduce((o, k) => (o === null || o === undefined ? undefined : o[k]), doc);
}

/// A copy of `doc` with the value at `pointer` set to `value` (objects made on the way; `undefined`
/// removes the member, and an object left empty by that goes too).
export function withValue(doc, pointer, value) {
  const next = clone(doc);
  const parts = segments(pointer);
  const trail = [next];
  let o = next;
  for (const k of parts.slice(0, -1)) {
    if (o[k] === undefined || o[k] === null || typeof o[k] !== "object") o[k] = {};
    o = o[k];
    trail.push(o);
  }
  const last = parts[parts.length - 1];
  if (value === undefined) {
    if (Array.isArray(o)) o.splice(Number(last), 1); else delete o[last];
    for (let i = trail.length - 1; i > 0; i--) {
      const holder = trail[i - 1], key = parts[i - 1];
      if (!Array.isArray(trail[i]) && Object.keys(trail[i]).length === 0) delete holder[key]; else break;
    }
  } else o[last] = value;
  return next;
}
