// `#/jobs/ID`: one job, live over its events stream: details, actions, its output playing.
import { api, follow, headers } from "../api.js";
import { announce, el, fill } from "../dom.js";
import { format, size } from "./format.js";
import { canPlayThroughMSE, playHLS } from "../hls/player.js";
import { FINISHED, progressBar } from "./jobs.js";

function definition(term, value) { return [el("dt", { text: term }), el("dd", {}, value)]; }

/// A succeeded job's outputs: its one (`output`, no name) or each of its named `outputs`.
function outputsOf(job) { return job.outputs || (job.output ? [job.output] : []); }

/// An element id for an output's part: `output`, `download`, `thumbnails` for a job's one output,
/// `output-NAME`, … for a named one (names are letters, digits, `-` and `_`: safe in an id).
function partId(part, out) { return out.name ? `${part}-${out.name}` : part; }

/// Players let go of their downloads when they go (the page left, a progressive output's player
/// replaced by the finished outputs): a browser keeps a few connections to a server, and players
/// left loading would hold them from the next requests. `stops`: the HLS players' (`playHLS`).
function letGo(root, stops) {
  for (const stop of stops.splice(0)) stop();
  for (const player of root.querySelectorAll("video, audio")) {
    player.pause();
    player.removeAttribute("src");
    player.load();
  }
}

export async function jobPage(main, id) {
  const r = await api("GET", "/v1/jobs/" + encodeURIComponent(id));
  if (r.status !== 200) { fill(main, el("h1", { text: "Job" }), el("p", { role: "alert", text: r.json?.detail || r.text })); return () => {}; }
  let job = r.json;
  const details = el("dl", { id: "job-details" });
  const actions = el("div", { class: "actions" });
  const media = el("section", { id: "media", "aria-label": "Output" });
  const stops = [];   // the HLS players' (`playHLS`), stopped when their players go
  const liveShown = new Set();   // the progressive outputs playing while the job runs, by name
  let probing = false;
  const curl = el("code", { id: "curl" });
  let confirmingDelete = false;
  function render() {
    const outputs = outputsOf(job);
    fill(details,
      ...definition("Status", el("span", { id: "job-status", text: job.status })),
      ...definition("Progress", progressBar(job)),
      ...definition("Attempts", `${job.attempts} of ${job.maxAttempts}`),
      ...definition("Chunks", String(job.chunks)),
      ...(job.template ? definition("Template", job.template) : []),
      ...(job.error ? definition("Error", `${job.error.code}: ${job.error.message}`) : []),
      ...outputs.flatMap((o) => definition(o.name ? `Output ${o.name}` : "Output",
        `${format(o.contentType)} (${o.contentType}), ${size(o.bytes)}, ${o.duration} s`)),
      ...outputs.flatMap((o) => ((o.destinations || []).length ? definition(o.name ? `Destinations of ${o.name}` : "Destinations",
        el("ul", {}, ...o.destinations.map((d) => el("li", { text: `${d.url}: ${d.status}${d.error ? " (" + d.error + ")" : ""}` })))) : [])),
      ...(job.webhook ? definition("Webhook deliveries",
        el("ul", {}, ...(job.webhook.deliveries || []).map((d) => el("li", { text: `${d.event}: ${d.status} after ${d.attempts} attempt(s)` })))) : []));
    fill(actions,
      !FINISHED.includes(job.status) ? el("button", { id: "cancel", text: "Cancel", onclick: async () => {
        // Its progressive outputs stop playing first: their files go with the render.
        stopLive();
        await api("POST", `/v1/jobs/${id}/cancel`);
        announce("Cancel asked for.", true);
      } }) : null,
      el("button", { id: "delete", "aria-describedby": "delete-note", text: confirmingDelete ? "Confirm delete" : "Delete", onclick: async () => {
        // Two presses: the first asks, the second (within 5 s) deletes the job and its output.
        if (!confirmingDelete) {
          confirmingDelete = true;
          setTimeout(() => { confirmingDelete = false; render(); }, 5000);
          announce("Press Confirm delete to delete the job and its output.");
          render();
          document.getElementById("delete").focus();
          return;
        }
        if ((await api("DELETE", "/v1/jobs/" + id)).status === 204) { announce("Deleted.", true); location.hash = "#/jobs"; }
      } }),
      confirmingDelete ? el("span", { id: "delete-note", text: "Deletes the job and its output; press again to confirm." }) : null,
      ...outputs.filter((o) => o.downloadUrl).map((o) => el("a", { id: partId("download", o), href: o.downloadUrl, download: "",
        text: o.name ? `Download ${o.name}` : "Download" })),
      el("a", { id: "edit-copy", href: "#/edit?job=" + encodeURIComponent(id), text: "Edit a copy" }),
      el("button", { id: "copy-curl", text: "Copy as curl", onclick: async () => {
        curl.textContent = `curl -sS -H "Authorization: Bearer $REEL_KEY" ${location.origin}/v1/jobs/${id}`;
        try { await navigator.clipboard.writeText(curl.textContent); announce("Copied.", true); } catch { announce("Shown below; copy it from there.", true); }
      } }));
  }
  function showMedia() {
    const outputs = outputsOf(job).filter((o) => o.downloadUrl);
    if (job.status !== "succeeded" || !outputs.length || media.dataset.shown) return;
    media.dataset.shown = "1";
    letGo(media, stops);
    // Thumbnails for the first video only: each is drawn by an engine process, which uploads and
    // previews share.
    const strip = outputs.find((o) => (o.contentType || "").startsWith("video/"));
    fill(media, el("h2", { text: outputs.length > 1 ? "Outputs" : "Output" }), ...outputs.flatMap((o) => outputMedia(o, o === strip)));
  }
  /// Each progressive output playing while the job runs (`live`: its link), once its master
  /// playlist answers (409 until its first segments are written): asked again at each change the
  /// job's events bring, so nothing waits on a timer. The finished outputs replace them.
  async function showLive() {
    // Failed or canceled: what it had made visible is gone.
    if (FINISHED.includes(job.status) && job.status !== "succeeded") stopLive();
    if (FINISHED.includes(job.status) || !job.live || media.dataset.shown || probing) return;
    const waiting = (job.live.outputs || [job.live]).filter((o) => o.downloadUrl && !liveShown.has(o.name || ""));
    if (!waiting.length) return;
    probing = true;
    try {
      for (const o of waiting) {
        const res = await fetch(o.downloadUrl, { method: "HEAD" }).catch(() => null);
        if (!res || !res.ok || media.dataset.shown || FINISHED.includes(job.status)) continue;
        if (!liveShown.size) fill(media, el("h2", { text: "Playing as it renders" }));
        liveShown.add(o.name || "");
        media.append(...liveMedia(o));
      }
    } finally {
      probing = false;
    }
  }
  /// The progressive outputs' players stopped and gone (the job canceled, failed, or asked to cancel).
  function stopLive() {
    if (!liveShown.size) return;
    letGo(media, stops);
    fill(media);
    liveShown.clear();
  }
  /// A progressive output's player while it renders (`playing-NAME`, or `playing` for a job's
  /// one): through Media Source Extensions (`playHLS`), since a browser's own HLS player may not
  /// follow a playlist that is still growing; a link where there are none.
  function liveMedia(o) {
    const playerId = o.name ? `playing-${o.name}` : "playing";
    let player;
    if (canPlayThroughMSE()) {
      player = el("video", { id: playerId, controls: true, muted: true, autoplay: true, "data-playlist": o.downloadUrl });
      stops.push(playHLS(player, o.downloadUrl, (e) => announce(`${o.name || "The output"} stopped playing: ${e.message}`)));
    } else {
      player = el("p", { id: playerId }, "A progressive HLS output: ", el("a", { href: o.downloadUrl, text: "its master playlist" }),
        " (this browser plays no HLS).");
    }
    return [o.name ? el("h3", { text: o.name }) : null, player].filter(Boolean);
  }
  /// One output playing (a picture shown, HLS where the browser plays it), and with `thumbnails`
  /// five frames of it drawn by the server.
  function outputMedia(out, thumbnails) {
    const type = out.contentType || "";
    const url = out.downloadUrl;
    const playerId = partId("output", out);
    let player;
    if (type.startsWith("image/")) player = el("img", { id: playerId, src: url, alt: out.name ? `The output ${out.name}` : "The output" });
    else if (type.includes("mpegurl")) {
      const native = document.createElement("video").canPlayType("application/vnd.apple.mpegurl");
      player = native ? el("video", { id: playerId, src: url, controls: true, muted: true, preload: "auto" })
        : el("p", { id: playerId }, "An HLS output: ", el("a", { href: url, text: "its master playlist" }), " (this browser does not play HLS itself).");
    } else if (type.startsWith("audio/")) player = el("audio", { id: playerId, src: url, controls: true, preload: "auto" });
    else player = el("video", { id: playerId, src: url, controls: true, muted: true, playsinline: true, preload: "auto" });
    const strip = el("div", { id: partId("thumbnails", out), role: "list", "aria-label": `Frames of the output${out.name ? " " + out.name : ""}` });
    const seconds = Number(out.duration) || 0;
    if (thumbnails && seconds > 0) {
      const which = out.name ? `&output=${encodeURIComponent(out.name)}` : "";
      for (let i = 0; i < 5; i++) {
        const t = (seconds * i / 5).toFixed(3);
        fetch(`/v1/jobs/${id}/thumbnail?time=${t}&width=160${which}`, { headers: headers() })
          .then((res) => (res.ok ? res.blob() : null))
          .then((blob) => { if (blob) strip.append(el("img", { role: "listitem", src: URL.createObjectURL(blob), alt: `The frame at ${t} s`, width: "160" })); });
      }
    }
    return [out.name ? el("h3", { text: out.name }) : null, player, strip];
  }
  render();
  showMedia();
  showLive();
  const spec = el("pre", { id: "spec", tabindex: "0", "aria-label": "The job's spec" }, JSON.stringify(job.spec, null, 2));
  fill(main, el("h1", { text: "Job " + id }), details, actions, curl, media, el("h2", { text: "Spec" }), spec);
  const stop = follow(`/v1/jobs/${id}/events`, async (name, changed) => {
    if (name === "deleted") { announce("The job was deleted.", true); return; }
    job = { ...job, ...changed };
    if (FINISHED.includes(job.status) && !job.spec) job = (await api("GET", "/v1/jobs/" + id)).json;
    render();
    showMedia();
    showLive();
    announce(`Job ${job.status}, ${Math.round((job.status === "succeeded" ? 1 : job.progress) * 100)} %.`);
  });
  return () => {
    stop();
    letGo(media, stops);
  };
}
