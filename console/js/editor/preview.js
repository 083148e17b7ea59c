// Previews: `POST /v1/preview` of the spec at an exact time ("N/D"), kept per spec version and
// frame, the neighbours fetched ahead.
import { headers } from "../api.js";

export class Previews {
  constructor() {
    this.cache = new Map();   // "version|frame|width" → { url, time } or a pending promise
    this.version = 0;
  }

  /// Forgets every image (the spec changed).
  reset() {
    for (const v of this.cache.values()) if (v && v.url) URL.revokeObjectURL(v.url);
    this.cache.clear();
    this.version++;
  }

  /// A preview not kept here (the caller keeps it): `{ url, time }` or `{ error }`.
  fetch(spec, time, width) { return request(spec, time, width); }

  /// The frame at `time` (a Time) of `spec`, `width` px wide at most: `{ url, time }` (the frame's
  /// time as the server says, `Reel-Frame-Time`) or `{ error }`.
  get(spec, time, width) {
    const key = this.version + "|" + time.toString() + "|" + width;
    if (this.cache.has(key)) return this.cache.get(key);
    const version = this.version;
    const asked = request(spec, time, width).then((r) => {
      if (r.url && version === this.version) this.cache.set(key, r);
      else { this.cache.delete(key); if (r.url && version !== this.version) URL.revokeObjectURL(r.url); }
      return r;
    });
    this.cache.set(key, asked);
    return asked;
  }
}

export async function request(spec, time, width) {
  const body = { spec, time: time.toString() };
  const own = Number(spec.output?.width) || width;
  if (width) body.width = Math.min(width, own);
  const r = await fetch("/v1/preview", { method: "POST", headers: headers({ "Content-Type": "application/json" }), body: JSON.stringify(body) });
  if (!r.ok) {
    let problem = null;
    try { problem = await r.json(); } catch { problem = null; }
    return { error: problem?.errors?.map((p) => p.pointer + " " + p.message).join("; ") || problem?.detail || String(r.status) };
  }
  return { url: URL.createObjectURL(await r.blob()), time: r.headers.get("Reel-Frame-Time") };
}
