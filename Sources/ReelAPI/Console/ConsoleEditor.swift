extension ConsoleAssets {
    /// `/console/editor.js`: the timeline editor (`#/edit`, docs/API.md (previews)), an ES module that
    /// `app.js` imports; the console's helpers (the API with the key, element builders) come in as
    /// its `ctx`. The spec is the one state: every gesture makes a new spec (kept for undo), and the
    /// tracks, the inspector, the JSON view and the preview are drawn from it. Previews come from
    /// `POST /v1/preview` (the render engine), neighbours prefetched; waveforms from `POST
    /// /v1/waveform`; lengths of sources from `POST /v1/probe`; the key's uploads (`GET /v1/assets`) to
    /// add as videos, overlays, voice-overs or music (`#/edit?add=SRC` adds one on opening). Hooks for
    /// tests and scripts: each
    /// clip's `data-pointer`, the playhead's and the preview's `data-time`, the root's
    /// `data-duration`, and `window.reelEditor.spec()`.
    static let editorScript = #"""
    const TRACKS = [
      { key: "videos", label: "Videos" },
      { key: "overlays", label: "Overlays" },
      { key: "voiceOvers", label: "Voice-overs" },
      { key: "music", label: "Music" },
    ];
    const EXAMPLE = { version: 1, output: { width: 1280, height: 720, frameRate: 30 },
                      timeline: { videos: [{ color: "#224466", duration: 3 }, { color: "#AA5522", duration: 2 }],
                                  transitions: [{ type: "dissolve", duration: 0.5 }],
                                  overlays: [{ type: "text", text: "Hello", start: 0.5, duration: 3 }] } };

    /// Seconds of a spec time: a number, "N/D" or a decimal string.
    export function seconds(v) {
      if (typeof v === "number") return v;
      if (typeof v === "string") {
        const [n, d] = v.split("/");
        return d === undefined ? Number(n) : Number(n) / Number(d);
      }
      return NaN;
    }

    /// A time written into the spec: to the millisecond, as a plain number.
    const written = (t) => Math.round(t * 1000) / 1000;
    const clone = (v) => JSON.parse(JSON.stringify(v));

    export async function editorPage(params, ctx) {
      const { api, el, fill, announce, main, headers } = ctx;
      let spec = clone(EXAMPLE);
      let source = "a new timeline";
      if (params.get("job")) {
        const r = await api("GET", "/v1/jobs/" + encodeURIComponent(params.get("job")));
        if (r.status !== 200) { fill(main, el("h1", { text: "Editor" }), el("p", { role: "alert", text: r.json?.detail || r.text })); return () => {}; }
        spec = clone(r.json.spec);
        source = "a copy of job " + r.json.id;
      } else if (params.get("template")) {
        const r = await api("GET", "/v1/templates/" + encodeURIComponent(params.get("template")));
        if (r.status !== 200) { fill(main, el("h1", { text: "Editor" }), el("p", { role: "alert", text: r.json?.detail || r.text })); return () => {}; }
        spec = clone(r.json.spec);
        source = "template " + (r.json.name || r.json.id);
      }
      const undo = [], redo = [];
      const adding = params.get("add");
      let selected = null;      // the selected item's pointer
      let time = 0;             // the playhead, seconds
      let zoom = 0;             // pixels a second; 0 until the first layout fits the timeline
      let duration = 0;         // the timeline's length (the server's, once valid)
      let version = 0;          // bumped at each change: previews of older specs are dropped
      let validated = null;     // the last verdict
      const probes = new Map(), waveforms = new Map(), previews = new Map();
      /// Requests whose answers redraw the tracks (probes, waveforms, validation), still under way:
      /// `window.reelEditor.settled()` is true when there are none (scripts wait for it).
      let redrawing = 0;
      const redraws = (promise) => { redrawing++; return promise.finally(() => { redrawing--; }); };

      const rate = () => seconds(spec.output?.frameRate) || 30;
      const frame = () => 1 / rate();
      const timeline = (s = spec) => (s.timeline ||= {});
      const at = (pointer) => pointer.split("/").slice(1).reduce((o, k) => (o == null ? undefined : o[k]), spec);

      // ---- Lengths ------------------------------------------------------------------------------
      function probe(src) {
        if (!src) return null;
        if (!probes.has(src)) {
          probes.set(src, null);
          redraws(api("POST", "/v1/probe", { src })).then((r) => { probes.set(src, r.status === 200 ? r.json : { failed: true }); draw(); });
        }
        return probes.get(src);
      }
      /// How long an item plays on the timeline, in seconds (a guess of 1 s while its source is probed).
      function length(item, track) {
        const speed = seconds(item.speed) || 1;
        if (item.duration !== undefined) return seconds(item.duration);
        if (item.sourceRange?.duration !== undefined) return seconds(item.sourceRange.duration) / speed;
        const p = probe(item.src);
        if (p && p.duration !== undefined) return Math.max(0, (seconds(p.duration) - (seconds(item.sourceRange?.start) || 0)) / speed);
        return track === "overlays" || track === "music" ? null : 1;
      }
      /// Every item of every track with its place: start and end seconds, its row.
      function layout(s = spec) {
        const t = timeline(s), out = [];
        let cursor = 0;
        (t.videos || []).forEach((item, i) => {
          const len = length(item, "videos") ?? 1;
          const into = i > 0 ? seconds(t.transitions?.[i - 1]?.duration) || 0 : 0;
          const start = Math.max(0, cursor - into);
          out.push({ track: "videos", index: i, item, start, end: start + len, row: i % 2 });
          cursor = start + len;
        });
        const videoEnd = cursor;
        const tail = [];
        for (const key of ["overlays", "voiceOvers", "music"]) {
          (t[key] || []).forEach((item, i) => {
            const start = seconds(item.start) || 0;
            const len = length(item, key);
            const place = { track: key, index: i, item, start, end: len === null ? null : start + len, row: i };
            out.push(place);
            tail.push(place);
          });
        }
        let end = Math.max(videoEnd, ...tail.filter((p) => p.end !== null && p.track !== "music").map((p) => p.end), 0);
        for (const p of out) if (p.end === null) p.end = Math.max(p.start + frame(), end);
        return { items: out, end };
      }

      // ---- Changes, undo and redo ---------------------------------------------------------------
      function commit(next, what) {
        undo.push(JSON.stringify(spec));
        if (undo.length > 200) undo.shift();
        redo.length = 0;
        spec = next;
        changed(what);
      }
      function changed(what) {
        version++;
        for (const v of previews.values()) if (v) URL.revokeObjectURL(typeof v === "string" ? v : v.url || "");
        previews.clear();
        if (selected && at(selected) === undefined) selected = null;
        if (what) announce(what);
        draw();
        syncJSON();
        validateSoon();
        showPreview();
      }
      function undoOnce() {
        if (!undo.length) return announce("Nothing to undo.");
        redo.push(JSON.stringify(spec));
        spec = JSON.parse(undo.pop());
        changed("Undone.");
      }
      function redoOnce() {
        if (!redo.length) return announce("Nothing to redo.");
        undo.push(JSON.stringify(spec));
        spec = JSON.parse(redo.pop());
        changed("Redone.");
      }
      function removeSelected() {
        if (!selected) return;
        const next = clone(spec);
        const parts = selected.split("/");
        const index = Number(parts.pop());
        const list = parts.slice(1).reduce((o, k) => o[k], next);
        list.splice(index, 1);
        if (parts[parts.length - 1] === "videos" && next.timeline.transitions) {
          next.timeline.transitions.splice(Math.min(index, Math.max(0, next.timeline.transitions.length - 1)), 1);
        }
        const gone = selected;
        selected = null;
        commit(next, "Removed " + gone + ".");
      }

      // ---- Gestures: move and trim --------------------------------------------------------------
      /// `base` with the item at `place` (as laid out in `base`) moved or trimmed by `dt` seconds
      /// (`edge`: "start", "end" or null for a move).
      function edited(base, place, edge, dt) {
        const next = clone(base);
        const item = next.timeline[place.track][place.index];
        const speed = seconds(item.speed) || 1;
        // A source without its own `duration` plays for its source range: a video (a still needs
        // a duration), whether or not its probe has come back yet.
        const p = probe(item.src);
        const isClip = Boolean(item.src) && item.duration === undefined && !(p && p.still);
        const len = place.end - place.start;
        if (!edge) {
          if (place.track === "videos") {
            // A video moves among the others: it goes where its middle now lies.
            const middle = (place.start + place.end) / 2 + dt;
            const others = layout(base).items.filter((q) => q.track === "videos" && q.index !== place.index);
            let to = others.filter((q) => (q.start + q.end) / 2 < middle).length;
            const list = next.timeline.videos;
            list.splice(place.index, 1);
            list.splice(to, 0, item);
          } else {
            item.start = written(Math.max(0, seconds(item.start || 0) + dt));
          }
          return next;
        }
        const min = frame();
        if (edge === "end") {
          const newLen = Math.max(min, len + dt);
          if (isClip && item.duration === undefined) {
            item.sourceRange = { start: item.sourceRange?.start ?? 0, duration: written(newLen * speed) };
          } else {
            item.duration = written(newLen);
          }
          return next;
        }
        // The start edge: the end stays where it is.
        const shift = Math.min(len - min, Math.max(dt, place.track === "videos" ? -Infinity : -seconds(item.start || 0)));
        if (isClip) {
          const from = seconds(item.sourceRange?.start) || 0;
          const moved = Math.max(-from / speed, shift);
          item.sourceRange = { start: written(from + moved * speed), duration: written((len - moved) * speed) };
          if (item.duration !== undefined) delete item.duration;
          if (place.track !== "videos") item.start = written(seconds(item.start || 0) + moved);
        } else {
          if (item.duration !== undefined || place.track === "videos") item.duration = written(len - shift);
          if (place.track !== "videos") item.start = written(seconds(item.start || 0) + shift);
        }
        return next;
      }

      // ---- The library: the key's uploads as sources ---------------------------------------------------
      /// `src` added to the timeline `as` "video" (a clip, or a still for 3 s), "overlay" (an image or
      /// a video in a corner), "voiceOver" (at the playhead) or "music"; "auto" chooses by its probe.
      async function addSource(src, as = "auto") {
        const r = await api("POST", "/v1/probe", { src });
        if (r.status !== 200) { announce("Cannot add " + src + ": " + (r.json?.errors?.[0]?.message || r.json?.detail || r.status)); return; }
        const info = r.json, hasVideo = (info.streams || []).some((s) => s.type === "video");
        if (as === "auto") as = hasVideo ? "video" : "voiceOver";
        const next = clone(spec), t = timeline(next);
        if (as === "video") (t.videos ||= []).push(info.still ? { src, duration: 3 } : { src });
        else if (as === "overlay") (t.overlays ||= []).push({ type: info.still ? "image" : "video", src, start: written(time),
                                                             frame: { x: 0.8, y: 0.2, width: 0.3 } });
        else if (as === "voiceOver") (t.voiceOvers ||= []).push({ src, start: written(time) });
        else (t.music ||= []).push({ src });
        commit(next, `Added ${src} as ${as}.`);
      }
      const librarySelect = el("select", { id: "library-src", "aria-label": "An upload to add" }, el("option", { value: "", text: "add an upload…" }));
      const libraryBar = el("div", { class: "actions", role: "group", "aria-label": "Library" }, librarySelect,
        ...[["video", "as a video"], ["overlay", "as an overlay"], ["voiceOver", "as a voice-over"], ["music", "as music"]].map(([as, text]) =>
          el("button", { type: "button", id: "add-" + as, text: "Add " + text, onclick: () => { if (librarySelect.value) addSource(librarySelect.value, as); } })));
      api("GET", "/v1/assets?kind=media&limit=100").then((r) => {
        for (const a of r.json?.assets || []) librarySelect.append(el("option", { value: a.src, text: (a.filename || a.id) + " (" + a.src + ")" }));
      });

      // ---- The page -----------------------------------------------------------------------------
      const preview = el("img", { id: "preview", alt: "The frame at the playhead", width: "640", "data-time": "" });
      const previewNote = el("p", { id: "preview-note", "aria-live": "polite" });
      const inspector = el("section", { id: "inspector", "aria-label": "Inspector" });
      const verdict = el("div", { id: "editor-verdict", "aria-live": "polite" });
      const ruler = el("div", { id: "ruler", class: "ed-ruler" });
      const playhead = el("div", { id: "playhead", class: "ed-playhead", role: "slider", tabindex: "0", "aria-label": "Playhead (seconds)",
                                   "aria-valuemin": "0", "data-time": "0" });
      const tracks = el("div", { id: "tracks", class: "ed-tracks" });
      const lane = el("div", { class: "ed-lane" }, ruler, tracks, playhead);
      const scroller = el("div", { id: "timeline", class: "ed-timeline", role: "group", "aria-label": "Timeline" }, lane);
      const json = el("textarea", { id: "editor-json", rows: "14", spellcheck: "false", "aria-describedby": "json-note" });
      const jsonNote = el("p", { id: "json-note", "aria-live": "polite" });
      const templateName = el("input", { id: "template-name", placeholder: "template name", "aria-label": "Template name" });
      const button = (id, text, onclick, label) => el("button", { id, type: "button", onclick, text, "aria-label": label || text });
      const toolbar = el("div", { class: "actions", role: "toolbar", "aria-label": "Editor" },
        button("undo", "Undo", undoOnce, "Undo (Ctrl+Z)"),
        button("redo", "Redo", redoOnce, "Redo (Ctrl+Shift+Z)"),
        button("zoom-out", "−", () => { zoom = Math.max(5, zoom / 1.5); draw(); }, "Zoom out"),
        button("zoom-in", "+", () => { zoom = Math.min(2000, zoom * 1.5); draw(); }, "Zoom in"),
        button("remove", "Remove", removeSelected, "Remove the selected item (Delete)"),
        button("render", "Render", () => render(false)),
        button("render-draft", "Render draft", () => render(true), "Render a draft (480 lines, fast)"),
        templateName,
        button("save-template", "Save as template", saveTemplate));
      const root = el("div", { id: "editor", "data-duration": "0" },
        el("p", { text: "Editing " + source + ". ←/→ a frame, Shift+←/→ a second, Delete removes the selection, Ctrl+Z / Ctrl+Shift+Z undo and redo; "
                        + "a selected clip: Alt+←/→ moves it, [ and ] trim its end (Shift: a second)." }),
        toolbar, libraryBar,
        el("div", { class: "ed-top" }, el("figure", { class: "ed-preview" }, preview, el("figcaption", {}, previewNote)), inspector),
        verdict, scroller,
        el("details", { open: true }, el("summary", { text: "JSON" }), el("label", { for: "editor-json", text: "The spec (JSON), kept in step" }), json, jsonNote));
      fill(main, el("h1", { text: "Editor" }), root);

      function px(t) { return Math.round(t * zoom); }
      function describe(place) {
        const i = place.item;
        const what = i.type === "text" ? `"${i.text ?? ""}"` : i.src || i.color || i.type || "";
        return `${TRACKS.find((t) => t.key === place.track).label} ${place.index + 1}: ${what}, ${place.start.toFixed(2)}–${place.end.toFixed(2)} s`;
      }

      function draw() {
        const { items, end } = layout();
        const length = Math.max(end, duration, 1);
        if (!zoom) zoom = Math.min(400, Math.max(20, (scroller.clientWidth || 900) / length));
        const width = px(length) + 40;
        lane.style.width = width + "px";
        root.dataset.duration = String(validated?.valid ? duration : end);
        playhead.setAttribute("aria-valuemax", root.dataset.duration);
        const step = zoom >= 60 ? 1 : zoom >= 15 ? 5 : 30;
        fill(ruler, ...Array.from({ length: Math.floor(length / step) + 1 }, (_, k) => {
          const tick = el("span", { class: "ed-tick", text: (k * step) + " s" });
          tick.style.left = px(k * step) + "px";
          return tick;
        }));
        ruler.onpointerdown = (e) => { scrub(e); follow(scrub, () => {}); };
        fill(tracks, ...TRACKS.map(({ key, label }) => {
          const own = items.filter((p) => p.track === key);
          const rows = key === "videos" ? 2 : Math.max(1, own.length);
          const track = el("div", { class: "ed-track", "data-track": key, role: "list", "aria-label": label });
          track.style.height = (rows * 34) + "px";
          for (const place of own) track.append(clip(place));
          return el("div", { class: "ed-row" }, el("span", { class: "ed-label", text: label }), track);
        }));
        drawPlayhead();
      }

      function clip(place) {
        const pointer = `/timeline/${place.track}/${place.index}`;
        const node = el("div", { class: "ed-clip" + (selected === pointer ? " selected" : ""), role: "listitem", tabindex: "0",
                                 "data-pointer": pointer, "aria-label": describe(place), "aria-pressed": String(selected === pointer) });
        node.style.left = px(place.start) + "px";
        node.style.width = Math.max(6, px(place.end - place.start)) + "px";
        node.style.top = (place.row * 34) + "px";
        const start = el("span", { class: "ed-handle start", "data-edge": "start", "aria-hidden": "true" });
        const end = el("span", { class: "ed-handle end", "data-edge": "end", "aria-hidden": "true" });
        node.append(start, el("span", { class: "ed-name", text: describe(place).split(": ")[1].split(",")[0] }), end);
        const audio = place.track === "voiceOvers" || place.track === "music";
        if (audio && place.item.src) node.append(waveform(place));
        if (place.track === "videos") thumbnail(node, place);
        node.addEventListener("focus", () => select(pointer, false));
        node.addEventListener("click", () => select(pointer, true));
        node.addEventListener("pointerdown", (e) => drag(e, place, e.target.dataset.edge || null, node));
        return node;
      }

      /// A video's first frame on the timeline (the output's own picture there, from the preview).
      function thumbnail(node, place) {
        const t = Math.min(place.end - frame(), place.start + Math.min(0.5, (place.end - place.start) / 2));
        const key = "thumb|" + version + "|" + Math.round(t * rate());
        const use = (url) => { if (url && node.isConnected) node.prepend(el("img", { class: "ed-thumb", src: url, alt: "" })); };
        if (previews.has(key)) return use(previews.get(key));
        previews.set(key, null);
        const asked = version;
        requestPreview(t, 96).then((r) => { if (r && asked === version) { previews.set(key, r.url); use(r.url); } });
      }

      function waveform(place) {
        const canvas = el("canvas", { class: "ed-wave", height: "24", "aria-hidden": "true" });
        canvas.width = Math.max(6, px(place.end - place.start));
        const pps = 20, src = place.item.src;
        const paint = (w) => {
          if (!w || !w.peaks) return;
          const g = canvas.getContext("2d"), peaks = w.peaks[0], from = (seconds(place.item.sourceRange?.start) || 0) * pps;
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

      function drawPlayhead() {
        playhead.style.left = px(time) + "px";
        playhead.dataset.time = String(written(time));
        playhead.setAttribute("aria-valuenow", String(written(time)));
        playhead.setAttribute("aria-valuetext", time.toFixed(3) + " s");
      }

      function select(pointer, announceIt) {
        if (selected === pointer) return;
        selected = pointer;
        for (const n of tracks.querySelectorAll(".ed-clip")) {
          n.classList.toggle("selected", n.dataset.pointer === pointer);
          n.setAttribute("aria-pressed", String(n.dataset.pointer === pointer));
        }
        drawInspector();
        if (announceIt) announce("Selected " + pointer + ".");
      }

      /// Calls `move` for each pointer move and `up` once at its release, wherever the pointer goes
      /// (the window's events: the element pressed may be drawn anew meanwhile).
      function follow(move, up) {
        const end = (e) => { window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", end); up(e); };
        window.addEventListener("pointermove", move);
        window.addEventListener("pointerup", end);
      }

      function drag(e, place, edge, node) {
        if (e.button !== 0) return;
        e.preventDefault();
        node.focus();
        select(`/timeline/${place.track}/${place.index}`, false);
        const x0 = e.clientX, before = spec;
        let moved = false;
        follow((m) => {
          if (!moved && Math.abs(m.clientX - x0) < 3) return;
          moved = true;
          spec = edited(before, place, edge, (m.clientX - x0) / zoom);
          draw();
        }, (u) => {
          if (!moved) return;
          const after = edited(before, place, edge, (u.clientX - x0) / zoom);
          spec = before;
          if (place.track === "videos" && !edge) selected = null;
          commit(after, edge ? `Trimmed the ${edge} of ${place.track} ${place.index + 1}.` : `Moved ${place.track} ${place.index + 1}.`);
        });
      }

      function scrub(e) {
        const box = lane.getBoundingClientRect();
        seek(Math.max(0, (e.clientX - box.left) / zoom));
      }

      function seek(t) {
        const end = Number(root.dataset.duration) || 0;
        const last = Math.max(0, end - frame());
        time = Math.min(Math.max(0, Math.floor(t * rate() + 1e-6) / rate()), last);
        drawPlayhead();
        showPreview();
      }

      // ---- Previews ---------------------------------------------------------------------------
      /// `POST /v1/preview` of the current spec at `t`: the image's URL and the frame's time.
      async function requestPreview(t, width) {
        const body = { spec, time: written(t) };
        if (width) body.width = Math.min(width, seconds(spec.output?.width) || width);
        const r = await fetch("/v1/preview", { method: "POST", headers: headers({ "Content-Type": "application/json" }), body: JSON.stringify(body) });
        if (!r.ok) {
          let problem = null;
          try { problem = await r.json(); } catch { problem = null; }
          return { error: problem?.errors?.map((p) => p.pointer + " " + p.message).join("; ") || problem?.detail || String(r.status) };
        }
        const frameTime = seconds(r.headers.get("Reel-Frame-Time"));
        return { url: URL.createObjectURL(await r.blob()), time: frameTime };
      }
      let shown = 0;
      async function showPreview() {
        const want = Math.round(time * rate()), asked = ++shown, v = version;
        const key = "frame|" + v + "|" + want;
        let got = previews.get(key);
        if (!got) {
          got = await requestPreview(want / rate(), 640);
          if (got.url && v === version) previews.set(key, got);
        }
        if (asked !== shown || v !== version) return;
        if (got.error) { previewNote.textContent = "No preview: " + got.error; return; }
        preview.src = got.url;
        preview.dataset.time = String(written(got.time));
        preview.alt = `The frame at ${got.time.toFixed(3)} s`;
        previewNote.textContent = `${got.time.toFixed(3)} s`;
        // The neighbours, so a step either way shows at once.
        for (const k of [want + 1, want - 1]) {
          const nk = "frame|" + v + "|" + k;
          if (k < 0 || previews.has(nk) || k / rate() >= (Number(root.dataset.duration) || 0)) continue;
          previews.set(nk, null);
          requestPreview(k / rate(), 640).then((n) => { if (n.url && v === version) previews.set(nk, n); else previews.delete(nk); });
        }
      }

      // ---- Validation, inspector, JSON -----------------------------------------------------------
      let timer = null;
      function validateSoon() { clearTimeout(timer); timer = setTimeout(validate, 250); }
      async function validate() {
        timer = null;
        const v = version;
        const r = await redraws(api("POST", "/v1/validate", spec));
        if (v !== version || r.status !== 200) return;
        validated = r.json;
        if (r.json.valid) {
          duration = seconds(r.json.duration) || 0;
          fill(verdict, el("p", { class: "ok", text: `Valid: ${r.json.duration} s, ${r.json.frames} frames` }));
        } else {
          fill(verdict, el("p", { class: "bad", text: "Not valid:" }), el("ul", { id: "editor-problems" }, ...r.json.errors.map((p) =>
            el("li", {}, el("button", { type: "button", class: "pointer", text: p.pointer || "/", onclick: () => {
              const m = p.pointer.match(/^\/timeline\/(videos|overlays|voiceOvers|music)\/\d+/);
              if (m) { select(m[0], true); tracks.querySelector(`[data-pointer="${m[0]}"]`)?.focus(); }
            } }), " " + p.message))));
        }
        draw();
        drawInspector();
      }

      function drawInspector() {
        if (!selected || at(selected) === undefined) { fill(inspector, el("h2", { text: "Inspector" }), el("p", { text: "Select a clip." })); return; }
        const item = at(selected);
        const problems = (validated?.errors || []).filter((p) => p.pointer === selected || p.pointer.startsWith(selected + "/"));
        const fields = Object.entries(item).map(([k, v]) => {
          const id = "field-" + k;
          const pointer = selected + "/" + k.replace(/~/g, "~0").replace(/\//g, "~1");
          const own = problems.filter((p) => p.pointer === pointer || p.pointer.startsWith(pointer + "/"));
          const isText = typeof v === "object" && v !== null;
          const input = isText ? el("textarea", { id, rows: "3", spellcheck: "false" }) : el("input", { id });
          input.value = isText ? JSON.stringify(v) : String(v);
          input.dataset.pointer = pointer;
          if (own.length) { input.setAttribute("aria-invalid", "true"); input.setAttribute("aria-describedby", id + "-problem"); }
          input.addEventListener("change", () => {
            let value = input.value;
            if (isText || typeof v === "number" || typeof v === "boolean") {
              try { value = JSON.parse(value); } catch { if (isText) { announce(k + " is not JSON."); return; } }
            }
            const next = clone(spec);
            selected.split("/").slice(1).reduce((o, key) => o[key], next)[k] = value;
            commit(next, `Changed ${k}.`);
          });
          return el("div", { class: "ed-field" }, el("label", { for: id, text: k }), input,
            own.length ? el("span", { id: id + "-problem", class: "bad", text: own.map((p) => p.message).join("; ") }) : null);
        });
        fill(inspector, el("h2", { text: "Inspector: " + selected }), ...fields,
          problems.length && !fields.length ? el("p", { class: "bad", text: problems.map((p) => p.message).join("; ") }) : null);
      }

      function syncJSON() {
        if (document.activeElement !== json) json.value = JSON.stringify(spec, null, 2);
      }
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

      // ---- Saving and rendering --------------------------------------------------------------------
      async function saveTemplate() {
        const name = templateName.value.trim() || "Edited timeline";
        const r = await api("POST", "/v1/templates", { name, spec });
        if (r.status === 201) announce(`Saved as template ${r.json.id}.`);
        else announce("Not saved: " + (r.json?.errors?.map((p) => p.pointer + " " + p.message).join("; ") || r.json?.detail || r.text));
      }
      async function render(draft) {
        const body = clone(spec);
        if (draft) (body.output ||= {}).draft = true;
        const r = await api("POST", "/v1/jobs", body);
        if (r.status === 202) { announce("Queued " + r.json.id); location.hash = "#/jobs/" + r.json.id; }
        else fill(verdict, el("p", { class: "bad", role: "alert", text: r.json?.errors?.map((p) => p.pointer + " " + p.message).join("; ") || r.json?.detail || r.text }));
      }

      // ---- The keyboard ----------------------------------------------------------------------------
      function onKey(e) {
        const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement?.tagName);
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && !typing) { e.preventDefault(); e.shiftKey ? redoOnce() : undoOnce(); return; }
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y" && !typing) { e.preventDefault(); redoOnce(); return; }
        if (typing) return;
        const place = selected && layout().items.find((p) => `/timeline/${p.track}/${p.index}` === selected);
        if (e.altKey && place && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
          e.preventDefault();
          const dir = e.key === "ArrowLeft" ? -1 : 1;
          let dt = dir * (e.shiftKey ? 1 : frame());
          if (place.track === "videos") {
            // Past the neighbour's middle: one place along.
            const n = layout().items.find((q) => q.track === "videos" && q.index === place.index + dir);
            if (!n) return;
            dt = (n.start + n.end) / 2 - (place.start + place.end) / 2 + dir * 0.001;
            selected = `/timeline/videos/${place.index + dir}`;
          }
          commit(edited(spec, place, null, dt), `Moved ${place.track} ${place.index + 1}.`);
          return;
        }
        if (place && ["[", "]", "{", "}"].includes(e.key)) {
          e.preventDefault();
          const step = e.key === "{" || e.key === "}" ? 1 : frame();
          commit(edited(spec, place, "end", (e.key === "]" || e.key === "}") ? step : -step), `Trimmed ${place.track} ${place.index + 1}.`);
          return;
        }
        if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
          e.preventDefault();
          const dir = e.key === "ArrowLeft" ? -1 : 1;
          seek(time + dir * (e.shiftKey ? 1 : frame()));
          playhead.focus();
        } else if (e.key === "Home") { e.preventDefault(); seek(0); }
        else if (e.key === "End") { e.preventDefault(); seek(Number(root.dataset.duration) || 0); }
        else if ((e.key === "Delete" || e.key === "Backspace") && selected) { e.preventDefault(); removeSelected(); }
        else if ((e.key === "Enter" || e.key === " ") && document.activeElement?.dataset?.pointer) { e.preventDefault(); select(document.activeElement.dataset.pointer, true); }
      }
      document.addEventListener("keydown", onKey);
      window.reelEditor = { spec: () => clone(spec), select: (p) => select(p, false), time: () => time, seek,
                            settled: () => redrawing === 0 && timer === null };
      changed();
      if (adding) await addSource(adding);
      return () => { document.removeEventListener("keydown", onKey); clearTimeout(timer); delete window.reelEditor; };
    }
    """#

    /// The editor's part of `/console/style.css`.
    static let editorStyle = #"""
    #editor .ed-top { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
    .ed-preview { margin: 0; flex: 0 1 480px; }
    .ed-preview img { width: 100%; height: auto; background: #000; display: block; min-height: 4rem; }
    #inspector { flex: 1 1 16rem; }
    .ed-field { display: grid; grid-template-columns: 8rem 1fr; gap: .25rem .5rem; margin: .25rem 0; align-items: start; }
    .ed-field .bad { grid-column: 2; }
    .ed-timeline { overflow-x: auto; border: 1px solid #8884; margin: .5rem 0; user-select: none; }
    .ed-lane { position: relative; padding-left: 0; min-width: 100%; }
    .ed-ruler { position: relative; height: 1.4rem; border-bottom: 1px solid #8886; cursor: pointer; touch-action: none; }
    .ed-tick { position: absolute; top: 0; font-size: .7rem; padding-left: 2px; border-left: 1px solid #8888; height: 100%; }
    .ed-row { position: relative; border-bottom: 1px solid #8882; }
    .ed-label { position: sticky; left: 0; font-size: .7rem; opacity: .7; z-index: 2; }
    .ed-track { position: relative; }
    .ed-clip { position: absolute; height: 30px; box-sizing: border-box; border: 1px solid #3d5a80; background: #3d5a8055; border-radius: 3px;
               overflow: hidden; font-size: .7rem; white-space: nowrap; cursor: grab; touch-action: none; }
    .ed-clip.selected { border: 2px solid #f4a261; background: #f4a26144; }
    .ed-clip.dragging { opacity: .8; }
    .ed-clip .ed-name { position: relative; padding: 0 8px; pointer-events: none; }
    .ed-thumb { height: 28px; float: left; pointer-events: none; opacity: .8; }
    .ed-wave { position: absolute; left: 0; bottom: 0; pointer-events: none; }
    .ed-handle { position: absolute; top: 0; width: 6px; height: 100%; background: #f4a26199; cursor: ew-resize; z-index: 1; }
    .ed-handle.start { left: 0; }
    .ed-handle.end { right: 0; }
    .ed-playhead { position: absolute; top: 0; bottom: 0; width: 2px; background: #e63946; z-index: 3; }
    .ed-playhead:focus-visible { outline: 3px solid #f4a261; }
    #editor-json { min-height: 12rem; }
    """#
}
