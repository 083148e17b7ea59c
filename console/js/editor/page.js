// `#/edit`: the timeline editor. One state (`EditorState`: the spec, undo and redo, the selection,
// the playhead), changed only through its actions and kept in localStorage; the timeline, the
// inspector, the output panel, the JSON view and the preview are drawn from it after each change.
// What it shows is the server's: previews (`POST /v1/preview` at the playhead's exact frame),
// verdicts (`POST /v1/validate`), lengths (`POST /v1/probe`), waveforms (`POST /v1/waveform`).
import { api, problemText } from "../api.js";
import { announce, el, fill } from "../dom.js";
import { added, keyframed, keyframeMoved, keyframeProperty, moved, pasted, removed, split, trimmed } from "./edits.js";
import { drawInspector } from "./inspector.js";
import { layout, TRACKS } from "./layout.js";
import { Library } from "./library.js";
import { coerced, defaults, filled, fromTemplate, PLACEHOLDER_TYPES, placeholderNames, sampleFor, toSave, typeFor } from "./placeholders.js";
import { Previews } from "./preview.js";
import { Stage } from "./stage.js";
import { clone, EditorState, withValue } from "./state.js";
import { edges, snap } from "./snap.js";
import { drawTimeline } from "./timeline.js";
import { Time, frameIndex, frameRate, frameTime, timeOf } from "./time.js";

const SHORTCUTS = [
  ["← / →", "the playhead a frame (Shift: a second)"], ["Home / End", "the start / the last frame"],
  ["↑ / ↓", "the previous / next item"], ["I", "to the inspector (Esc back to the item)"],
  ["Shift+click", "add to the selection"], ["Delete", "remove the selection"], ["S", "split at the playhead"],
  ["Ctrl+C / Ctrl+V / Ctrl+D", "copy, paste at the playhead, duplicate"], ["Alt+← / →", "move the item a frame (Shift: a second)"],
  ["[ / ]", "trim the item's end a frame (Shift: a second)"], ["Ctrl+Z / Ctrl+Shift+Z", "undo / redo"], ["?", "this list"],
];

export async function editorPage(main, params) {
  const state = EditorState.restore(window.localStorage);
  const open = async (path, what) => {
    const r = await api("GET", path);
    if (r.status !== 200) { fill(main, el("h1", { text: "Editor" }), el("p", { role: "alert", text: r.json?.detail || r.text })); return false; }
    state.open(r.json.spec, what(r.json));
    // A template's placeholders come with their types, labels and defaults.
    if (r.json.placeholders && typeof r.json.placeholders === "object" && !Array.isArray(r.json.placeholders)) {
      state.placeholders = fromTemplate(r.json.placeholders);
      state.save();
    }
    return true;
  };
  if (params.has("new")) state.open({ version: 1, output: { width: 1280, height: 720, frameRate: 30 }, timeline: { videos: [] } }, "a new timeline");
  else if (params.get("job") && !(await open("/v1/jobs/" + encodeURIComponent(params.get("job")), (j) => "a copy of job " + j.id))) return () => {};
  else if (params.get("template") && !(await open("/v1/templates/" + encodeURIComponent(params.get("template")), (t) => "template " + (t.name || t.id)))) return () => {};
  // The examples (examples/ of the repository) are built into the console beside its own files.
  else if (params.get("example") && !(await open("/console/examples/" + encodeURIComponent(params.get("example")) + ".json", (t) => "the example " + t.name))) return () => {};
  // The opened spec is kept; Back to this page restores it (and its history) rather than opening it again.
  if ([...params.keys()].length) history.replaceState(null, "", "#/edit");

  const previews = new Previews();
  const probes = new Map(), waveforms = new Map(), thumbs = new Map();
  let schema = null, validated = null, duration = null, zoom = 0, clipboard = null;
  /// Until the user zooms, the timeline is fitted to the width at every change of its length.
  let fitted = true, dragging = false;
  /// The template's placeholders by name ({type, label, default, required}); previewed with the defaults.
  let declared = state.placeholders || {};
  const setDeclared = (next) => { declared = next; state.placeholders = next; state.save(); };
  /// Answers that redraw the tracks still under way: `window.reelEditor.settled()` is true at none.
  let redrawing = 0;
  const redraws = (promise) => { redrawing++; return promise.finally(() => { redrawing--; }); };
  api("GET", "/v1/schema/job-spec.json").then((r) => { if (r.status === 200) { schema = r.json; keepingFocus(drawPanels); } });

  const rate = () => frameRate(state.spec);
  const frame = () => frameTime(1, rate());
  const playhead = () => frameTime(state.frame, rate());
  const probed = (src) => {
    if (!probes.has(src)) {
      probes.set(src, null);
      redraws(api("POST", "/v1/probe", { src })).then((r) => { probes.set(src, r.status === 200 ? r.json : { failed: true }); draw(); });
    }
    const p = probes.get(src);
    return p && p.duration !== undefined ? timeOf(String(p.duration)) : null;
  };
  const isStill = (item) => Boolean(item.src && probes.get(item.src)?.still);
  const placed = () => layout(state.spec, probed, frame());
  const rendered = () => filled(state.spec, defaults(declared));

  // ---- The page ------------------------------------------------------------------------------
  const library = new Library({ add: (src, as) => addSource(src, as) });
  const preview = el("img", { id: "preview", alt: "The frame at the playhead", "data-time": "" });
  const stage = new Stage(preview, { change: (next, what) => commit(next, what), spec: () => state.spec, selected: () => state.selected });
  const previewNote = el("p", { id: "preview-note", "aria-live": "polite" });
  const inspector = el("section", { id: "inspector", "aria-label": "Inspector", tabindex: "-1" });
  const outputPanel = el("section", { id: "output-panel", "aria-label": "Output settings", hidden: true });
  const templatePanel = el("section", { id: "placeholders", "aria-label": "Placeholders" });
  const verdict = el("div", { id: "editor-verdict", "aria-live": "polite" });
  const ruler = el("div", { id: "ruler", class: "ed-ruler" });
  const head = el("div", { id: "playhead", class: "ed-playhead", role: "slider", tabindex: "0", "aria-label": "Playhead (seconds)",
                           "aria-valuemin": "0", "data-time": "0" });
  const endMarker = el("div", { id: "timeline-end", class: "ed-end", "aria-hidden": "true" });
  const tracks = el("div", { id: "tracks", class: "ed-tracks" });
  const lane = el("div", { class: "ed-lane" }, ruler, tracks, endMarker, head);
  const scroller = el("div", { id: "timeline", class: "ed-timeline", role: "group", "aria-label": "Timeline" }, lane);
  const json = el("textarea", { id: "editor-json", rows: "14", spellcheck: "false", "aria-describedby": "json-note" });
  const jsonNote = el("p", { id: "json-note", "aria-live": "polite" });
  const templateName = el("input", { id: "template-name", placeholder: "template name", "aria-label": "Template name" });
  const exampleSelect = el("select", { id: "example", "aria-label": "Example" }, el("option", { value: "", text: "an example…" }));
  api("GET", "/console/examples/index.json").then((r) => {
    for (const e of r.status === 200 && Array.isArray(r.json) ? r.json : []) exampleSelect.append(el("option", { value: e.slug, text: e.name, title: e.description }));
  });
  const shortcuts = el("dialog", { id: "shortcuts", "aria-label": "Keyboard shortcuts" }, el("h2", { text: "Keyboard" }),
    el("dl", {}, ...SHORTCUTS.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: v })])),
    el("form", { method: "dialog" }, el("button", { text: "Close" })));
  const holderDialog = el("dialog", { id: "placeholder-dialog", "aria-label": "Make a placeholder" },
    el("form", { id: "placeholder-form" }, el("h2", { text: "Make a placeholder" }), el("p", { id: "placeholder-note" }),
      el("p", {}, el("label", { for: "placeholder-name", text: "Name " }), el("input", { id: "placeholder-name", required: true, autocomplete: "off" })),
      el("p", {}, el("label", { for: "placeholder-type", text: "Type " }),
        el("select", { id: "placeholder-type" }, ...PLACEHOLDER_TYPES.map((t) => el("option", { value: t, text: t }))), " ",
        el("label", { for: "placeholder-label", text: "Label " }), el("input", { id: "placeholder-label", autocomplete: "off", placeholder: "as a form shows it" })),
      el("button", { type: "submit", id: "placeholder-ok", text: "Make it" }), " ",
      el("button", { type: "button", text: "Cancel", onclick: () => holderDialog.close() })));
  const cuesDialog = el("dialog", { id: "cues-dialog", "aria-label": "Captions" },
    el("form", { id: "cues-form" }, el("h2", { text: "Captions" }),
      el("label", { for: "cues-text", text: "Cues, WebVTT style: a time range on one line (from the overlay's start), the text below, a blank line between cues" }),
      el("textarea", { id: "cues-text", rows: "8", spellcheck: "true" }), el("p", { id: "cues-note", role: "alert" }),
      el("button", { type: "submit", id: "cues-ok", text: "Add captions" }), " ",
      el("button", { type: "button", text: "Cancel", onclick: () => cuesDialog.close() })));
  cuesDialog.querySelector("#cues-text").value = "00:00.000 --> 00:02.000\nA caption\n\n00:02.000 --> 00:04.000\nAnother one";
  const button = (id, text, onclick, hint, extra = {}) => el("button", { id, type: "button", onclick, text, "aria-label": hint || text, title: hint || text, ...extra });
  const transitionType = el("select", { id: "transition-type", "aria-label": "Transition type" },
    ...["dissolve", "fade", "push", "slide", "wipe", "matte"].map((t) => el("option", { value: t, text: t })));
  const shapeType = el("select", { id: "shape-type", "aria-label": "Shape" }, ...["rect", "ellipse", "polygon", "line", "path"].map((t) => el("option", { value: t, text: t })));
  const toolbar = el("div", { class: "actions ed-toolbar", role: "toolbar", "aria-label": "Editor" },
    button("undo", "Undo", () => undoOnce(), "Undo (Ctrl+Z)"),
    button("redo", "Redo", () => redoOnce(), "Redo (Ctrl+Shift+Z)"),
    button("zoom-out", "−", () => { fitted = false; zoom = Math.max(2, zoom / 1.5); draw(); }, "Zoom out"),
    button("zoom-in", "+", () => { fitted = false; zoom = Math.min(2000, zoom * 1.5); draw(); }, "Zoom in"),
    button("zoom-fit", "Fit", () => { fitted = true; zoom = 0; draw(); }, "Zoom to fit", { "data-action": "zoom-fit" }),
    button("split", "Split", () => splitSelected(), "Split at the playhead (S)", { "data-action": "split" }),
    button("duplicate", "Duplicate", () => duplicate(), "Duplicate (Ctrl+D)", { "data-action": "duplicate" }),
    button("remove", "Remove", () => removeSelected(), "Remove the selection (Delete)", { "data-action": "remove" }),
    button("show-output", "Output…", () => togglePanel(), "Output settings", { "data-action": "show-output", "aria-expanded": "false" }),
    button("render", "Render", () => render(false)),
    button("render-draft", "Render draft", () => render(true), "Render a draft (480 lines, fast)"),
    templateName, button("save-template", "Save as template", () => saveTemplate()),
    exampleSelect, button("start-example", "Start from an example", () => {
      if (exampleSelect.value) location.hash = "#/edit?example=" + encodeURIComponent(exampleSelect.value);
    }, "Start from the chosen example (its media: scripts/example_media.sh MEDIA_ROOT)", { "data-action": "start-example" }),
    button("show-shortcuts", "?", () => shortcuts.showModal(), "Keyboard shortcuts (?)"));
  const adds = el("div", { class: "actions ed-adds", role: "toolbar", "aria-label": "Add" },
    button("add-text", "Text", () => add("add-text"), "Add a text", { "data-action": "add-text" }),
    shapeType, button("add-shape", "Shape", () => add("add-shape", { shape: shapeType.value }), "Add a shape", { "data-action": "add-shape" }),
    button("add-color", "Colour card", () => add("add-color"), "Add a colour card", { "data-action": "add-color" }),
    transitionType, button("add-transition", "Transition", () => add("add-transition", { type: transitionType.value, video: selectedVideo() }),
      "Add a transition before the selected video", { "data-action": "add-transition" }),
    button("add-captions", "Captions", () => addCaptions(), "Add captions (the chosen caption file, else typed cues)", { "data-action": "add-captions" }),
    button("add-lottie", "Lottie", () => add("add-lottie", { src: library.chosen("lottie") }), "Add the chosen Lottie animation", { "data-action": "add-lottie" }),
    button("add-audiogram", "Audiogram", () => add("add-audiogram"), "Add an audiogram of the mix", { "data-action": "add-audiogram" }));
  const root = el("div", { id: "editor", "data-duration": "0" },
    el("p", { id: "editor-origin", class: "ed-origin" }),
    toolbar, el("div", { class: "ed-row2" }, adds, library.bar),
    el("div", { class: "ed-top" },
      el("figure", { class: "ed-preview" }, stage.box, el("figcaption", {}, previewNote)),
      el("div", { class: "ed-side" }, verdict, inspector, outputPanel, templatePanel)),
    scroller, library.list,
    el("details", {}, el("summary", { text: "JSON" }), el("label", { for: "editor-json", text: "The spec (JSON), kept in step" }), json, jsonNote),
    shortcuts, holderDialog, cuesDialog);
  fill(main, el("h1", { text: "Editor" }), root);
  library.dropOnto(scroller);

  // ---- Actions: every change goes through commit, undo or redo -------------------------------
  function commit(next, what, select) {
    if (!state.commit(next)) return;
    if (select !== undefined) state.select(select);
    changed(what);
  }
  function changed(what) {
    previews.reset();
    state.selection = state.selection.filter((p) => state.at(p) !== undefined);
    if (what) announce(what, true);
    redraw();
    validateSoon();
    showPreview();
  }
  function undoOnce() { if (state.undo()) changed("Undone."); else announce("Nothing to undo.", true); }
  function redoOnce() { if (state.redo()) changed("Redone."); else announce("Nothing to redo.", true); }
  function removeSelected() {
    if (!state.selection.length) return;
    const places = placed().items;
    const first = state.selection[0];
    const r = removed(state.spec, state.selection);
    const gone = state.selection.length === 1 ? first : state.selection.length + " items";
    // The focus goes to the item that takes the removed one's place (else the one before it).
    const track = first.split("/")[2], index = Number(first.split("/")[3]);
    const left = places.filter((p) => p.track === track && !state.selection.includes(p.pointer)).length;
    // A keyframe removed: its item keeps the focus.
    const inside = first.split("/").length > 4 ? first.split("/").slice(0, 4).join("/") : null;
    const nextPointer = inside || (left ? `/timeline/${track}/${Math.min(index, left - 1)}` : null);
    state.select(nextPointer ? [nextPointer] : []);
    commit(r.spec, "Removed " + gone + "." + (r.notes.length ? " " + r.notes.join("; ") + "." : ""));
    focusItem(nextPointer);
  }
  function add(action, options = {}) {
    const r = added(state.spec, action, playhead(), options);
    if (!r) {
      const why = { "add-transition": "select the second of two videos first", "add-lottie": "choose a Lottie upload in the library first",
                    "add-captions": "choose a caption file first" }[action] || "nothing to add";
      announce("Not added: " + why + ".", true);
      return;
    }
    commit(r.spec, "Added " + r.pointer + ".", [r.pointer]);
    focusItem(r.pointer);
  }
  /// Captions: the chosen caption upload, else cues typed in a dialog, uploaded as a WebVTT file
  /// (the overlay reads its cues from a file) and added at the playhead.
  async function addCaptions() {
    const src = library.chosen("captions");
    if (src) { add("add-captions", { src }); return; }
    const text = cuesDialog.querySelector("#cues-text");
    const note = cuesDialog.querySelector("#cues-note");
    note.textContent = "";
    cuesDialog.onsubmit = async (e) => {
      e.preventDefault();
      const body = "WEBVTT\n\n" + text.value.trim().replace(/\r\n/g, "\n") + "\n";
      const r = await fetch("/v1/assets", { method: "POST", headers: { ...authHeaders(), "Content-Type": "text/vtt", "X-Filename": "captions.vtt" }, body });
      const asset = await r.json().catch(() => null);
      if (r.status !== 201) { note.textContent = "Not taken: " + (asset?.detail || r.status); return; }
      cuesDialog.close();
      await library.refresh();
      add("add-captions", { src: asset.src });
    };
    cuesDialog.showModal();
    text.focus();
  }
  function selectedVideo() {
    const p = state.selected;
    return p && p.startsWith("/timeline/videos/") ? Number(p.split("/")[3]) : undefined;
  }
  function splitSelected() {
    const place = placed().items.find((p) => p.pointer === state.selected);
    if (!place) { announce("Select an item to split.", true); return; }
    const next = split(state.spec, place, playhead(), isStill(place.item));
    if (!next) { announce("The playhead is not inside " + place.pointer + ".", true); return; }
    commit(next, "Split " + place.pointer + " at " + playhead().toString() + " s.", [`/timeline/${place.track}/${place.index + 1}`]);
    focusItem(state.selected);
  }
  function copy() {
    const items = state.selection.filter((p) => /^\/timeline\/(videos|overlays|voiceOvers|music)\/\d+$/.test(p));
    if (!items.length) return;
    clipboard = { track: items[0].split("/")[2], items: items.filter((p) => p.split("/")[2] === items[0].split("/")[2]).map((p) => clone(state.at(p))) };
    announce("Copied " + clipboard.items.length + " item(s).", true);
  }
  function paste() {
    if (!clipboard) { announce("Nothing copied.", true); return; }
    const index = state.selected && state.selected.split("/")[2] === clipboard.track ? Number(state.selected.split("/")[3]) : -1;
    const next = pasted(state.spec, clipboard.track, clipboard.items, index, playhead());
    const at = index < 0 ? (state.spec.timeline?.[clipboard.track] || []).length : index + 1;
    commit(next, "Pasted " + clipboard.items.length + " item(s).", clipboard.items.map((_, k) => `/timeline/${clipboard.track}/${at + k}`));
    focusItem(state.selected);
  }
  function duplicate() { copy(); if (clipboard) paste(); }
  function change(pointer, value, field) {
    const next = withValue(state.spec, pointer, value);
    commit(next, value === undefined ? `Unset ${field}.` : `Changed ${field}.`);
  }
  /// Makes the field at `pointer` a template placeholder: a name, type and label asked in a dialog
  /// (the field's own name and the type of its control by default), its current value kept as the
  /// default the editor previews and validates with and the template is saved with.
  function makePlaceholder(pointer, field, kind, current) {
    const input = holderDialog.querySelector("#placeholder-name");
    const typeSelect = holderDialog.querySelector("#placeholder-type");
    const labelInput = holderDialog.querySelector("#placeholder-label");
    input.value = field.replace(/[^A-Za-z0-9_.-]/g, "_");
    typeSelect.value = typeFor(kind, pointer);
    labelInput.value = "";
    holderDialog.querySelector("#placeholder-note").textContent = `${pointer} becomes {{name}}; ${JSON.stringify(sampleFor(kind, current))} is its default.`;
    holderDialog.onsubmit = (e) => {
      e.preventDefault();
      const holder = input.value.trim();
      if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/.test(holder)) { holderDialog.querySelector("#placeholder-note").textContent = "A name is a letter or _, then letters, digits, _ . or -."; return; }
      holderDialog.close();
      const type = typeSelect.value;
      const d = { type, default: coerced(type, sampleFor(kind, current)), required: true };
      if (labelInput.value.trim()) d.label = labelInput.value.trim();
      setDeclared({ ...declared, [holder]: d });
      commit(withValue(state.spec, pointer, "{{" + holder + "}}"), `${field} is now the placeholder {{${holder}}}.`);
      root.querySelector(`[data-field="${pointer}"]`)?.focus();
    };
    holderDialog.showModal();
    input.focus();
    input.select();
  }

  // ---- Drawing -------------------------------------------------------------------------------
  const names = () => library.names;
  function label(place) {
    const i = place.item;
    const what = i.type === "text" ? `"${i.text ?? ""}"` : i.src ? (names().get(i.src) || i.src) : i.color || i.type || i.shape || "";
    return `${TRACKS.find((t) => t.key === place.track).label} ${place.index + 1}: ${what}, ${place.start.toString()} to ${place.end.toString()} s`;
  }
  function name(place) {
    const i = place.item;
    if (i.type === "text") return `"${i.text ?? ""}"`;
    if (i.src) return names().get(i.src) || i.src.replace(/^upload:/, "");
    return i.type ? i.type + (i.shape ? " " + i.shape : "") : i.color || "";
  }
  function decorate(node, place) {
    if ((place.track === "voiceOvers" || place.track === "music") && place.item.src) node.append(waveform(place));
    if (place.track === "videos") thumbnail(node, place);
  }
  function redraw() {
    keepingFocus(() => { draw(); drawPanels(); });
    syncJSON();
  }
  /// Runs `drawing` (which makes elements anew) and gives the focus back to the element that had it
  /// (the same `data-field` or `data-pointer`), with the text being typed in it and its caret.
  function keepingFocus(drawing) {
    const focused = document.activeElement;
    const keep = focused?.dataset?.field ? `[data-field="${focused.dataset.field}"]` : focused?.dataset?.pointer ? `[data-pointer="${focused.dataset.pointer}"]` : null;
    const typing = keep && "value" in focused && focused.value !== focused.dataset.shown ? focused.value : null;
    let caret = null;
    try { caret = [focused.selectionStart, focused.selectionEnd]; } catch { caret = null; }
    drawing();
    if (!keep || document.contains(focused)) return;
    const again = root.querySelector(keep);
    if (!again) return;
    if (typing !== null && "value" in again) again.value = typing;
    again.focus();
    try { if (caret && caret[0] !== null) again.setSelectionRange(caret[0], caret[1]); } catch { /* not a text control */ }
  }
  /// The tracks drawn anew, the focus kept.
  function draw() { keepingFocus(drawTracks); }
  function drawTracks() {
    const view = placed();
    const end = duration || view.end;
    // Fitted: refit when the timeline would overflow the view or fill less than 60 % of it (not at
    // every small change, which would move what the user is looking at).
    const room = (scroller.clientWidth || 900) - 60, span = Math.max(end.seconds, 1);
    if (!zoom || (fitted && !dragging && (span * zoom > room || span * zoom < 0.6 * room))) zoom = Math.min(400, Math.max(2, room / span));
    root.dataset.duration = end.toString();
    head.setAttribute("aria-valuemax", end.toString());
    drawTimeline({ lane, ruler, tracks, playhead: head, endMarker }, { layout: { items: view.items, end }, zoom, selection: state.selection, spec: state.spec },
      { label, name, decorate, press, pressKey, focus: (p) => { if (!state.selection.includes(p)) selectOnly(p); }, scrub: (e) => { scrub(e); follow(scrub, () => {}); } });
    for (const mark of tracks.querySelectorAll(".ed-join")) mark.addEventListener("click", (e) => selectOnly(mark.dataset.pointer, e.shiftKey));
    drawPlayhead();
    fill(root.querySelector("#editor-origin"), "Editing " + state.origin + ". ", el("a", { href: "#/edit?new", text: "New blank timeline" }),
      ". Press ? for the keyboard shortcuts.");
  }
  /// What the inspector and the output panel draw with and call back.
  function panelContext() {
    const animatable = Object.keys(schema?.$defs?.Keyframe?.properties || {});
    const item = state.selected?.match(/^\/timeline\/(videos|overlays)\/\d+/)?.[0];
    return { spec: state.spec, schema, problems: validated?.errors || [], change, refuse: (p, m) => announce(m, true), placeholder: makePlaceholder,
             keyframeProperty: (pointer) => (item && pointer.startsWith(item + "/") && !pointer.includes("/keyframes/") ? keyframeProperty(item, pointer, animatable) : null),
             keyframe: (pointer, value) => addKeyframe(item, pointer, value, animatable) };
  }
  /// A keyframe of the field at `pointer` at the playhead (its time from the item's start).
  function addKeyframe(item, pointer, value, animatable) {
    const place = placed().items.find((p) => p.pointer === item);
    if (!place || value === undefined) { announce("Nothing to key: set " + pointer.split("/").pop() + " first.", true); return; }
    const at = playhead().sub(place.start);
    if (at.lt(Time.zero) || !playhead().lt(place.end)) { announce("Move the playhead over " + item + " first.", true); return; }
    const r = keyframed(state.spec, item, keyframeProperty(item, pointer, animatable), value, at);
    commit(r.spec, `A keyframe of ${pointer.split("/").pop()} at ${at.toString()} s into ${item}.`);
  }
  /// A keyframe's diamond pressed: selected; dragged along its clip, its time moves by frames.
  function pressKey(e, pointer, place) {
    if (e.button !== 0) return;
    e.preventDefault();
    selectOnly(pointer, e.shiftKey);
    const x0 = e.clientX, before = state.spec, from = timeOf(state.at(pointer).time) || Time.zero;
    const at = (x) => {
      const wanted = place.start.add(from).add(timeOfSeconds(Math.abs((x - x0) / zoom)).mul((x - x0) < 0 ? -1 : 1));
      const snapped = snap(wanted.lt(place.start) ? place.start : wanted, [playhead()], 8 / zoom, rate()).time;
      return keyframeMoved(before, pointer, snapped.sub(place.start));
    };
    follow(() => {}, (u) => {
      if (Math.abs(u.clientX - x0) < 3) return;
      const r = at(u.clientX);
      if (!r) { announce("Another keyframe is at that time.", true); return; }
      commit(r.spec, `Moved the keyframe to ${timeOf(valueAtPointer(r.spec, r.pointer).time).toString()} s.`, [r.pointer]);
    });
  }
  function valueAtPointer(spec, pointer) { return pointer.split("/").slice(1).reduce((o, k) => o?.[k], spec); }
  function drawPanels() {
    const ctx = panelContext();
    drawInspector(inspector, state.selected, ctx);
    if (!outputPanel.hidden) drawInspector(outputPanel, "/output", { ...ctx, spec: { ...state.spec, output: state.spec.output || {} } }, "Output", "output-");
    const holders = placeholderNames(state.spec);
    fill(templatePanel, holders.length ? el("h2", { text: "Placeholders" }) : null,
      holders.length ? el("p", { text: "Each is typed as a merge must give it; the template is previewed with the defaults." }) : null,
      ...holders.map((n) => placeholderFields(n, declared[n] || { type: "text", required: true })));
    stage.draw();
  }
  /// One placeholder's declaration as controls: its type, label, default (the control its type
  /// takes) and whether a merge must give it; each change is kept and previewed at once.
  function placeholderFields(n, d) {
    const update = (patch) => {
      setDeclared({ ...declared, [n]: { ...(declared[n] || { type: "text", required: true }), ...patch } });
      previews.reset(); validateSoon(); showPreview();
    };
    const type = el("select", { id: "type-" + n, "data-placeholder-type": n, "aria-label": `Type of {{${n}}}` },
      ...PLACEHOLDER_TYPES.map((t) => el("option", { value: t, text: t })));
    type.value = d.type;
    type.addEventListener("change", () => {
      update({ type: type.value, default: d.default === undefined ? undefined : coerced(type.value, d.default) });
      keepingFocus(drawPanels);
    });
    const labelInput = el("input", { id: "label-" + n, "aria-label": `Label of {{${n}}}`, placeholder: "label" });
    labelInput.value = d.label || "";
    labelInput.addEventListener("change", () => update({ label: labelInput.value.trim() || undefined }));
    const isBoolean = d.type === "boolean";
    const sample = el("input", { id: "sample-" + n, "data-placeholder-name": n, "aria-label": `Default of {{${n}}}`,
                                 type: isBoolean ? "checkbox" : d.type === "number" ? "number" : "text", step: "any" });
    if (isBoolean) sample.checked = d.default === true;
    else sample.value = d.default === undefined ? "" : String(d.default);
    sample.addEventListener("change", () => update({ default: isBoolean ? sample.checked : coerced(d.type, sample.value) }));
    const required = el("input", { id: "required-" + n, type: "checkbox", "aria-label": `A merge must give {{${n}}}` });
    required.checked = d.required !== false;
    required.addEventListener("change", () => update({ required: required.checked }));
    return el("fieldset", { class: "ed-placeholder", "data-placeholder-fields": n }, el("legend", { text: "{{" + n + "}}" }),
      type, " ", labelInput, " ", el("label", { for: "sample-" + n, text: "default " }), sample, " ",
      el("label", { for: "required-" + n }, required, " required"));
  }
  function drawPlayhead() {
    const t = playhead();
    head.style.left = Math.round(t.seconds * zoom) + "px";
    head.dataset.time = t.toString();
    head.setAttribute("aria-valuenow", t.toString());
    head.setAttribute("aria-valuetext", t.toString() + " s, frame " + state.frame);
  }
  /// A video item's own picture (not the composite: what the clip itself shows), half a second in,
  /// from a preview of a timeline holding only it; kept by the item's JSON, across edits elsewhere.
  function thumbnail(node, place) {
    const item = filled(place.item, defaults(declared));
    const len = place.end.sub(place.start);
    const into = len.seconds > 1 ? new Time(1n, 2n) : Time.zero;
    const alone = { version: 1, output: { width: state.spec.output?.width || 1280, height: state.spec.output?.height || 720, frameRate: state.spec.output?.frameRate || 30 },
                    timeline: { videos: [item] } };
    const key = JSON.stringify(alone);
    const use = (r) => { if (r?.url) node.prepend(el("img", { class: "ed-thumb", src: r.url, alt: "" })); };
    if (!thumbs.has(key)) thumbs.set(key, previews.fetch(alone, into, 96).then((r) => { thumbs.set(key, r); return r; }));
    const got = thumbs.get(key);
    // The node may not be on the page yet (it is being drawn): the picture goes in all the same.
    if (got instanceof Promise) got.then(use); else use(got);
  }
  function waveform(place) {
    const canvas = el("canvas", { class: "ed-wave", height: "24", "aria-hidden": "true" });
    canvas.width = Math.max(6, Math.round((place.end.seconds - place.start.seconds) * zoom));
    const pps = 20, src = place.item.src;
    const paint = (w) => {
      if (!w || !w.peaks) return;
      const g = canvas.getContext("2d"), peaks = w.peaks[0], from = (timeOf(place.item.sourceRange?.start)?.seconds || 0) * pps;
      g.fillStyle = "#2a9d8f";
      for (let x = 0; x < canvas.width; x++) {
        const k = Math.floor(from + (x / zoom) * pps) % Math.max(1, peaks.length / 2);
        const lo = peaks[2 * k] ?? 0, hi = peaks[2 * k + 1] ?? 0;
        g.fillRect(x, 12 - hi * 12, 1, Math.max(1, (hi - lo) * 12));
      }
    };
    if (waveforms.has(src)) paint(waveforms.get(src));
    else {
      waveforms.set(src, null);
      redraws(api("POST", "/v1/waveform", { src, pointsPerSecond: pps })).then((r) => { if (r.status === 200) { waveforms.set(src, r.json); draw(); } });
    }
    return canvas;
  }

  // ---- Selection, gestures, the playhead -----------------------------------------------------
  function selectOnly(pointer, extend = false) {
    state.select(pointer ? [pointer] : [], extend);
    for (const n of tracks.querySelectorAll("[data-pointer]")) {
      const on = state.selection.includes(n.dataset.pointer);
      n.classList.toggle("selected", on);
      n.setAttribute("aria-selected", String(on));
      if (n.classList.contains("ed-clip")) n.tabIndex = n.dataset.pointer === state.selected ? 0 : -1;
    }
    keepingFocus(() => drawInspector(inspector, state.selected, panelContext()));
    stage.draw();
  }
  function focusItem(pointer) {
    if (pointer) (tracks.querySelector(`[data-pointer="${pointer}"]`) || head).focus();
    else head.focus();
  }
  function follow(move, up) {
    const end = (e) => { window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", end); up(e); };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
  }
  function press(e, place, edge, node) {
    if (e.button !== 0) return;
    e.preventDefault();
    // Shift adds to the selection (before the focus, whose handler would select it alone).
    if (e.shiftKey) { selectOnly(place.pointer, true); node.focus(); return; }
    node.focus();
    if (!state.selection.includes(place.pointer) || state.selection.length > 1) selectOnly(place.pointer);
    const x0 = e.clientX, before = state.spec, places = placed().items;
    const targets = edges(places, playhead(), placed().end, [place.pointer]);
    const tolerance = 8 / zoom;
    let moved_ = false;
    const at = (x) => {
      const dt = (x - x0) / zoom;
      const base = edge === "end" ? place.end : place.start;
      const wanted = timeOfSeconds(base.seconds + dt);
      const to = snap(wanted, targets, tolerance, rate()).time;
      return edge ? trimmed(before, place, edge, to, frame(), isStill(place.item)) : moved(before, place, to, places);
    };
    follow((m) => {
      if (!moved_ && Math.abs(m.clientX - x0) < 3) return;
      moved_ = true;
      dragging = true;
      state.spec = at(m.clientX);
      draw();
    }, (u) => {
      dragging = false;
      if (!moved_) return;
      const after = at(u.clientX);
      state.spec = before;
      commit(after, edge ? `Trimmed the ${edge} of ${place.pointer}.` : `Moved ${place.pointer}.`, place.track === "videos" && !edge ? [] : undefined);
    });
  }
  /// Seconds (a float from a pointer) as a Time on a fine grid; snapping makes it a frame.
  function timeOfSeconds(s) { return new Time(BigInt(Math.round(Math.max(0, s) * 1e6)), 1000000n); }
  function scrub(e) {
    const box = lane.getBoundingClientRect();
    seekFrame(frameIndex(timeOfSeconds((e.clientX - box.left) / zoom), rate()));
  }
  function lastFrame() {
    // The frame starting before the end: at an end on a frame boundary, the one before it.
    const frames = (duration || placed().end).mul(rate());
    return Math.max(0, Number(frames.floor()) - (frames.d === 1n ? 1 : 0));
  }
  function seekFrame(k) {
    state.seekFrame(Math.min(Math.max(0, k), lastFrame()));
    drawPlayhead();
    showPreview();
  }

  // ---- Previews ------------------------------------------------------------------------------
  let shown = 0;
  async function showPreview() {
    const asked = ++shown, k = state.frame, spec = rendered();
    const got = await previews.get(spec, frameTime(k, rate()), 640);
    if (asked !== shown) return;
    if (got.error) { previewNote.textContent = "No preview: " + got.error; return; }
    preview.src = got.url;
    preview.dataset.time = got.time;
    preview.alt = `The frame at ${got.time} s`;
    previewNote.textContent = `${got.time} s (frame ${k})`;
    for (const n of [k + 1, k - 1]) if (n >= 0 && n <= lastFrame()) previews.get(spec, frameTime(n, rate()), 640);
  }

  // ---- Validation, JSON ----------------------------------------------------------------------
  let timer = null;
  function validateSoon() { clearTimeout(timer); timer = setTimeout(validate, 250); }
  async function validate() {
    timer = null;
    const spec = state.spec;
    const r = await redraws(api("POST", "/v1/validate", rendered()));
    if (spec !== state.spec || r.status !== 200) return;
    validated = r.json;
    const holders = placeholderNames(spec);
    const template = holders.length ? ` (a template: ${holders.map((n) => "{{" + n + "}}").join(", ")} previewed with their defaults)` : "";
    if (r.json.valid) {
      duration = timeOf(String(r.json.duration));
      fill(verdict, el("p", { class: "ok", text: `Valid${template}: ${r.json.duration} s, ${r.json.frames} frames` }));
    } else {
      duration = null;
      fill(verdict, el("p", { class: "bad", text: "Not valid" + template + ":" }), el("ul", { id: "editor-problems" }, ...r.json.errors.map((p) =>
        el("li", {}, el("button", { type: "button", class: "pointer", text: p.pointer || "/", onclick: () => goToProblem(p.pointer) }), " " + p.message))));
    }
    keepingFocus(() => { draw(); drawPanels(); });
  }
  function goToProblem(pointer) {
    const m = pointer.match(/^\/timeline\/(videos|overlays|voiceOvers|music|transitions)\/\d+/);
    if (m) selectOnly(m[0]);
    else if (pointer.startsWith("/output")) { if (outputPanel.hidden) togglePanel(); }
    const field = root.querySelector(`[data-field="${pointer}"]`);
    (field || tracks.querySelector(`[data-pointer="${m?.[0]}"]`))?.focus();
  }
  function togglePanel() {
    outputPanel.hidden = !outputPanel.hidden;
    root.querySelector("#show-output").setAttribute("aria-expanded", String(!outputPanel.hidden));
    drawPanels();
    if (!outputPanel.hidden) outputPanel.querySelector("[data-field]")?.focus();
  }
  function syncJSON() { if (document.activeElement !== json) json.value = JSON.stringify(state.spec, null, 2); }
  let jsonTimer = null;
  json.addEventListener("input", () => {
    clearTimeout(jsonTimer);
    jsonTimer = setTimeout(() => {
      let next;
      try { next = JSON.parse(json.value); } catch (e) { jsonNote.textContent = "Not JSON yet: " + e.message; return; }
      if (typeof next !== "object" || next === null || Array.isArray(next)) { jsonNote.textContent = "A spec is a JSON object."; return; }
      jsonNote.textContent = "";
      commit(next);
    }, 300);
  });
  json.addEventListener("blur", syncJSON);

  // ---- Saving and rendering ------------------------------------------------------------------
  function authHeaders() { const k = sessionStorage.getItem("reel-key"); return k ? { Authorization: "Bearer " + k } : {}; }
  async function saveTemplate() {
    const nameText = templateName.value.trim() || "Edited timeline";
    const r = await api("POST", "/v1/templates", { name: nameText, spec: state.spec, placeholders: toSave(declared, placeholderNames(state.spec)) });
    if (r.status === 201) announce(`Saved as template ${r.json.id} (${nameText}).`, true);
    else announce("Not saved: " + problemText(r), true);
  }
  async function render(draft) {
    const body = rendered();
    if (draft) (body.output ||= {}).draft = true;
    const r = await api("POST", "/v1/jobs", body);
    if (r.status === 202) { announce("Queued " + r.json.id + "; the editor keeps your work (Back returns to it).", true); location.hash = "#/jobs/" + r.json.id; }
    else fill(verdict, el("p", { class: "bad", role: "alert", text: problemText(r) }));
  }

  // ---- The keyboard --------------------------------------------------------------------------
  function onKey(e) {
    const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement?.tagName) || shortcuts.open || holderDialog.open || cuesDialog.open;
    const ctrl = e.ctrlKey || e.metaKey, key = e.key.toLowerCase();
    if (ctrl && key === "z" && !typing) { e.preventDefault(); if (e.shiftKey) redoOnce(); else undoOnce(); return; }
    if (ctrl && key === "y" && !typing) { e.preventDefault(); redoOnce(); return; }
    if (e.key === "Escape" && inspector.contains(document.activeElement)) { e.preventDefault(); focusItem(state.selected); return; }
    if (typing) return;
    if (ctrl && key === "c") { e.preventDefault(); copy(); return; }
    if (ctrl && key === "v") { e.preventDefault(); paste(); return; }
    if (ctrl && key === "d") { e.preventDefault(); duplicate(); return; }
    if (ctrl) return;
    const place = state.selected && placed().items.find((p) => p.pointer === state.selected);
    if (e.key === "?") { e.preventDefault(); shortcuts.showModal(); return; }
    if (key === "i" && state.selected) { e.preventDefault(); inspector.querySelector("[data-field]")?.focus(); return; }
    if (key === "s" && !e.altKey) { e.preventDefault(); splitSelected(); return; }
    if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      const items = [...tracks.querySelectorAll(".ed-clip")];
      if (!items.length) return;
      e.preventDefault();
      const i = items.findIndex((n) => n.dataset.pointer === state.selected);
      const n = items[Math.min(items.length - 1, Math.max(0, i < 0 ? 0 : i + (e.key === "ArrowUp" ? -1 : 1)))];
      selectOnly(n.dataset.pointer);
      n.focus();
      return;
    }
    if (e.altKey && place && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
      e.preventDefault();
      const dir = e.key === "ArrowLeft" ? -1 : 1;
      const step = e.shiftKey ? new Time(1n) : frame();
      if (place.track === "videos") {
        const n = placed().items.find((q) => q.track === "videos" && q.index === place.index + dir);
        if (!n) return;
        const to = dir > 0 ? n.end.sub(place.end.sub(place.start)).add(frame()) : n.start.sub(frame());
        commit(moved(state.spec, place, to.lt(Time.zero) ? Time.zero : to, placed().items), `Moved ${place.pointer}.`, [`/timeline/videos/${place.index + dir}`]);
      } else {
        const to = dir > 0 ? place.start.add(step) : place.start.sub(step);
        commit(moved(state.spec, place, to.lt(Time.zero) ? Time.zero : to), `Moved ${place.pointer}.`);
      }
      focusItem(state.selected);
      return;
    }
    if (place && ["[", "]", "{", "}"].includes(e.key)) {
      e.preventDefault();
      const step = e.key === "{" || e.key === "}" ? new Time(1n) : frame();
      const to = e.key === "]" || e.key === "}" ? place.end.add(step) : place.end.sub(step);
      commit(trimmed(state.spec, place, "end", to, frame(), isStill(place.item)), `Trimmed ${place.pointer}.`);
      focusItem(state.selected);
      return;
    }
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      const dir = e.key === "ArrowLeft" ? -1 : 1;
      seekFrame(state.frame + dir * (e.shiftKey ? Math.round(rate().seconds) : 1));
      if (!tracks.contains(document.activeElement)) head.focus();
    } else if (e.key === "Home") { e.preventDefault(); seekFrame(0); }
    else if (e.key === "End") { e.preventDefault(); seekFrame(lastFrame()); }
    else if ((e.key === "Delete" || e.key === "Backspace") && state.selection.length) { e.preventDefault(); removeSelected(); }
    else if ((e.key === "Enter" || e.key === " ") && document.activeElement?.dataset?.pointer) {
      e.preventDefault();
      selectOnly(document.activeElement.dataset.pointer, e.shiftKey);
    }
  }
  document.addEventListener("keydown", onKey);
  tracks.addEventListener("click", (e) => {
    const node = e.target.closest(".ed-clip");
    if (node && !e.shiftKey && !e.target.closest(".ed-key")) selectOnly(node.dataset.pointer);
  });

  // ---- Adding from the library ---------------------------------------------------------------
  async function addSource(src, as = "auto") {
    const r = await api("POST", "/v1/probe", { src });
    if (r.status !== 200) { announce("Cannot add " + src + ": " + problemText(r), true); return; }
    const info = r.json, hasVideo = (info.streams || []).some((s) => s.type === "video");
    probes.set(src, info);
    if (as === "auto") as = hasVideo ? "video" : "music";
    const next = clone(state.spec), t = (next.timeline ||= {});
    const start = playhead().toSpec();
    let track;
    if (as === "video") { track = "videos"; (t.videos ||= []).push(info.still ? { src, duration: 3 } : { src }); }
    else if (as === "overlay") {
      track = "overlays";
      const n = (t.overlays || []).length;
      (t.overlays ||= []).push({ type: info.still ? "image" : "video", src, start, frame: { x: 0.8 - (n % 3) * 0.3, y: 0.2 + Math.floor(n / 3) % 3 * 0.3, width: 0.3 } });
    } else if (as === "voiceOver") { track = "voiceOvers"; (t.voiceOvers ||= []).push({ src, start }); }
    else { track = "music"; (t.music ||= []).push({ src }); }
    const pointer = `/timeline/${track}/${t[track].length - 1}`;
    commit(next, `Added ${names().get(src) || src} as ${as}.`, [pointer]);
  }

  window.reelEditor = {
    spec: () => clone(state.spec),
    select: (p) => selectOnly(p),
    /// The playhead's time, exact: "N/D" seconds.
    time: () => { const t = playhead(); return `${t.n}/${t.d}`; },
    seek: (seconds) => seekFrame(frameIndex(typeof seconds === "string" ? timeOf(seconds) : timeOfSeconds(seconds), rate())),
    settled: () => redrawing === 0 && timer === null && library.ready,
  };
  library.load().then(() => draw());
  changed();
  if (params.get("add")) await addSource(params.get("add"));
  return () => { document.removeEventListener("keydown", onKey); clearTimeout(timer); delete window.reelEditor; };
}
