// `#/uploads`: a file sent with a progress bar, and the project's library of uploads.
import { api, headers, isMedia } from "../api.js";
import { announce, el, fill } from "../dom.js";
import { length, size } from "./format.js";

export function uploadsPage(main) {
  const input = el("input", { id: "file", type: "file" });
  const bar = el("progress", { id: "upload-progress", max: "1", value: "0", "aria-label": "upload progress" });
  const result = el("pre", { id: "upload-result", "aria-live": "polite" });
  const library = el("section", { id: "library", "aria-label": "Library" });
  function send(file) {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/v1/assets");
    // application/json would ask for an import: a Lottie file goes as plain bytes.
    const type = file.type && file.type !== "application/json" ? file.type : "application/octet-stream";
    for (const [k, v] of Object.entries(headers({ "Content-Type": type, "X-Filename": file.name }))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) bar.value = e.loaded / e.total; };
    xhr.onload = () => {
      bar.value = 1;
      let asset = null;
      try { asset = JSON.parse(xhr.responseText); } catch { asset = null; }
      if (xhr.status === 201 && asset) {
        result.textContent = `${asset.src}\n` + JSON.stringify(asset.probe, null, 2);
        announce(`Uploaded ${file.name} as ${asset.src}.`, true);
        listAssets();
      } else {
        result.textContent = asset?.detail || xhr.responseText;
        announce("The upload was refused.", true);
      }
    };
    xhr.send(file);
  }
  input.addEventListener("change", () => { if (input.files[0]) send(input.files[0]); });
  /// The project's uploads, newest first, 20 a page (GET /v1/assets): each with its `src` to copy,
  /// a way into the editor with it, and delete.
  async function listAssets(cursor) {
    const r = await api("GET", "/v1/assets?limit=20" + (cursor ? "&cursor=" + encodeURIComponent(cursor) : ""));
    if (r.status !== 200) { fill(library, el("p", { role: "alert", text: r.json?.detail || r.text })); return; }
    const rows = r.json.assets.map((a) => el("tr", { "data-src": a.src },
      el("td", { text: a.filename || a.id }), el("td", { text: a.kind }),
      el("td", {}, el("code", { text: a.src })),
      el("td", { text: length(a.probe?.duration) }),
      el("td", { text: size(a.bytes) }),
      el("td", {},
        el("button", { type: "button", text: "Copy src", "aria-label": "Copy the src of " + (a.filename || a.id), onclick: async () => {
          try { await navigator.clipboard.writeText(a.src); announce("Copied " + a.src, true); } catch { announce(a.src, true); }
        } }), " ",
        isMedia(a) ? el("a", { href: "#/edit?add=" + encodeURIComponent(a.src), text: "Edit with it" }) : null, " ",
        el("button", { type: "button", text: "Delete", "aria-label": "Delete " + (a.filename || a.id), onclick: async () => {
          const d = await api("DELETE", "/v1/assets/" + a.id);
          announce(d.status === 204 ? "Deleted." : (d.json?.detail || "Not deleted."), true);
          listAssets();
        } }))));
    fill(library, el("h2", { text: "Library" }),
      rows.length ? el("table", { id: "assets" },
        el("thead", {}, el("tr", {}, ...["File", "Kind", "src", "Length", "Size", ""].map((h) => el("th", { scope: "col", text: h })))),
        el("tbody", {}, ...rows)) : el("p", { text: "Nothing uploaded yet." }),
      r.json.nextCursor ? el("button", { type: "button", id: "older-assets", text: "Older uploads →", onclick: () => listAssets(r.json.nextCursor) }) : null);
  }
  const zone = el("div", { id: "drop", tabindex: "0", role: "button", "aria-label": "Drop a file here, or press Enter to choose one",
                           onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); input.click(); } },
                           ondragover: (e) => { e.preventDefault(); zone.classList.add("over"); },
                           ondragleave: () => zone.classList.remove("over"),
                           ondrop: (e) => { e.preventDefault(); zone.classList.remove("over"); if (e.dataTransfer.files[0]) send(e.dataTransfer.files[0]); } },
  "Drop a media file, font, caption file or Lottie file here");
  fill(main, el("h1", { text: "Uploads" }), zone, el("p", {}, el("label", { for: "file", text: "Or choose a file " }), input), bar, result, library);
  listAssets();
  return () => {};
}
