// The library: the project's uploads (`GET /v1/assets`) by file name, to add to the timeline — from
// a select with a button per use, or from its list, each entry `data-asset` (its id): Enter adds
// it, and so does a drag onto the timeline (a video or image to the end of the videos, a sound as
// music).
import { api, isMedia } from "../api.js";
import { el, fill } from "../dom.js";

export class Library {
  /// `hooks.add(src, as)`: as "video", "overlay", "voiceOver", "music" or "auto".
  constructor(hooks) {
    this.hooks = hooks;
    this.assets = [];
    this.names = new Map();   // src → file name
    this.ready = false;
    this.select = el("select", { id: "library-src", "aria-label": "An upload to add" }, el("option", { value: "", text: "an upload…" }));
    this.bar = el("div", { class: "actions", role: "group", "aria-label": "Library" }, this.select,
      ...[["video", "Video", "as a video"], ["overlay", "Overlay", "as an overlay"], ["voiceOver", "Voice-over", "as a voice-over"], ["music", "Music", "as music"]]
        .map(([as, text, how]) => el("button", { type: "button", id: "add-" + as, text, "aria-label": "Add the chosen upload " + how, title: "Add the chosen upload " + how,
                                                 onclick: () => { if (this.select.value) hooks.add(this.select.value, as); } })));
    this.list = el("ul", { id: "library-list", class: "ed-library", "aria-label": "Uploads: Enter adds one, or drag it onto the timeline" });
  }

  async load() {
    const r = await api("GET", "/v1/assets?limit=100");
    this.assets = r.json?.assets || [];
    this.names = new Map(this.assets.map((a) => [a.src, a.filename || a.id]));
    const keep = this.select.value;
    fill(this.select, el("option", { value: "", text: "an upload…" }),
      ...this.assets.map((a) => el("option", { value: a.src, text: `${a.filename || a.id} (${a.kind})` })));
    this.select.value = keep;
    fill(this.list, ...this.assets.filter(isMedia).map((a) => {
      const item = el("li", { tabindex: "0", draggable: "true", "data-asset": a.id, "data-src": a.src, text: a.filename || a.id,
        onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); this.hooks.add(a.src, "auto"); } },
        ondragstart: (e) => { e.dataTransfer.setData("application/x-reel-src", a.src); e.dataTransfer.effectAllowed = "copy"; } });
      return item;
    }));
    this.ready = true;
  }

  refresh() { return this.load(); }

  /// The chosen upload's `src` when it is of `kind` (e.g. "captions", "lottie"), else the first such upload.
  chosen(kind) {
    const picked = this.assets.find((a) => a.src === this.select.value);
    if (picked && picked.kind === kind) return picked.src;
    return this.assets.find((a) => a.kind === kind)?.src || null;
  }

  /// Makes `target` take drops from the list.
  dropOnto(target) {
    target.addEventListener("dragover", (e) => { if (e.dataTransfer.types.includes("application/x-reel-src")) e.preventDefault(); });
    target.addEventListener("drop", (e) => {
      const src = e.dataTransfer.getData("application/x-reel-src");
      if (src) { e.preventDefault(); this.hooks.add(src, "auto"); }
    });
  }
}
