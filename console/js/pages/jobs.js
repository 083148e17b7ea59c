// `#/jobs`: the project's jobs, newest first, live over the events stream.
import { api, follow, headers } from "../api.js";
import { announce, el, fill } from "../dom.js";
import { format, length, size } from "./format.js";

export const FINISHED = ["succeeded", "failed", "canceled"];

export function progressBar(job) {
  const value = job.status === "succeeded" ? 1 : Number(job.progress || 0);
  return el("progress", { max: "1", value: String(value), "aria-label": `progress of ${job.id}`, title: `${Math.round(value * 100)} %` });
}

/// Thumbnails of finished jobs by id (blob URLs), fetched once with the key.
const thumbnails = new Map();

/// What a job is called in a list: its `metadata.name`, else what it is (its output's format and
/// size, or its template's id).
export function jobName(job) {
  if (typeof job.metadata?.name === "string" && job.metadata.name) return job.metadata.name;
  if (job.template) return "from template " + job.template;
  return null;
}

function jobRow(job) {
  const name = jobName(job);
  const picture = el("td", { class: "thumb" });
  // A job with `outputs` is shown by its first.
  const first = job.output || job.outputs?.[0];
  const type = first?.contentType || "";
  if (job.status === "succeeded" && (type.startsWith("video/") || type.startsWith("image/") || type.includes("mpegurl"))) {
    const show = (url) => picture.append(el("img", { src: url, alt: "The output's first frame", width: "64" }));
    if (thumbnails.has(job.id)) show(thumbnails.get(job.id));
    else fetch(`/v1/jobs/${job.id}/thumbnail?width=64${first.name ? "&output=" + encodeURIComponent(first.name) : ""}`, { headers: headers() })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => { if (blob) { const url = URL.createObjectURL(blob); thumbnails.set(job.id, url); show(url); } });
  }
  const done = job.status === "succeeded" ? 1 : job.progress || 0;
  return el("tr", { id: "row-" + job.id, "data-status": job.status },
    el("td", {}, el("a", { href: "#/jobs/" + job.id, text: job.id }), name ? el("div", { class: "name", text: name }) : null),
    el("td", { class: "status", text: job.status }),
    el("td", {}, progressBar(job), el("span", { class: "percent", text: ` ${Math.round(done * 100)} %` })),
    el("td", { text: job.createdAt ? new Date(job.createdAt).toLocaleString() : "" }),
    el("td", { class: "format", text: format(type) }),
    el("td", { class: "length", text: length(first?.duration) }),
    el("td", { class: "size", text: size(first?.bytes) }),
    el("td", { class: "template" }, job.template ? el("code", { text: job.template }) : null),
    el("td", { text: job.error ? job.error.message : "" }),
    picture);
}

/// The list; `route()` redraws the page (a first job arriving on an empty list).
export async function jobsPage(main, params, route) {
  const status = params.get("status") || "";
  const cursor = params.get("cursor") || "";
  const named = params.get("name") || "";
  const query = new URLSearchParams({ limit: "20" });
  if (status) query.set("status", status);
  if (named) query.set("q", named);
  if (cursor) query.set("cursor", cursor);
  const r = await api("GET", "/v1/jobs?" + query);
  if (r.status !== 200) { fill(main, el("p", { role: "alert", text: r.text })); return () => {}; }
  const kept = () => ({ ...(status ? { status } : {}), ...(named ? { name: named } : {}) });
  const listed = (changes) => {
    const p = new URLSearchParams({ ...kept(), ...changes });
    for (const [k, v] of [...p]) if (!v) p.delete(k);
    location.hash = "#/jobs" + (String(p) ? "?" + p : "");
  };
  const filter = el("select", { id: "status-filter", onchange: (e) => listed({ status: e.target.value }) },
    ...["", "queued", "running", "succeeded", "failed", "canceled"].map((s) => el("option", { value: s, text: s || "any", selected: s === status })));
  const body = el("tbody", {}, ...r.json.jobs.map(jobRow));
  const table = el("table", { id: "jobs" },
    el("caption", { text: "Jobs, newest first; status and progress are live." }),
    el("thead", {}, el("tr", {}, ...["Job", "Status", "Progress", "Created", "Format", "Length", "Size", "Template", "Error", "Output"]
      .map((h) => el("th", { scope: "col", text: h })))),
    body);
  const next = r.json.nextCursor
    ? el("a", { href: "#/jobs?" + new URLSearchParams({ ...kept(), cursor: r.json.nextCursor }), text: "Older jobs →" })
    : null;
  fill(main, el("h1", { text: "Jobs" }),
    el("form", { id: "job-search", role: "search", onsubmit: (e) => { e.preventDefault(); listed({ name: document.getElementById("name-search").value.trim() }); } },
      el("label", { for: "status-filter", text: "Status " }), filter, " ",
      el("label", { for: "name-search", text: "Name contains " }),
      el("input", { id: "name-search", type: "search", value: named }), " ",
      el("button", { type: "submit", text: "Search" })),
    r.json.jobs.length ? table : el("p", { text: "No jobs yet. " }, el("a", { href: "#/new", text: "Submit one." })),
    next);
  return follow("/v1/events", (name, job) => {
    if (name !== "job") return;
    const row = document.getElementById("row-" + job.id);
    if (row) row.replaceWith(jobRow(job));
    else if (!cursor && !named && (!status || status === job.status)) {
      body.prepend(jobRow(job));
      // The first job on an empty list: the page drawn again with its table (its stream stopped
      // by then, so once).
      if (!table.isConnected) route();
    }
    if (FINISHED.includes(job.status)) announce(`Job ${job.id} ${job.status}.`);
  });
}
