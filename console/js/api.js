// The API, with the key of this browser tab: requests, and events streams read with fetch (an
// EventSource cannot send the key).

/// The key, kept in this tab only (sessionStorage).
export const session = {
  get key() { return sessionStorage.getItem("reel-key") || ""; },
  set key(v) { if (v) sessionStorage.setItem("reel-key", v); else sessionStorage.removeItem("reel-key"); },
};

let unauthorized = () => {};

/// What to do when the server refuses the key (401): the console shows its sign-in page.
export function onUnauthorized(handler) { unauthorized = handler; }

/// The error a request throws after a 401 (the sign-in page is shown by then).
export class Unauthorized extends Error {
  constructor() { super("401"); }
}

export function headers(extra = {}) {
  const h = { ...extra };
  if (session.key) h.Authorization = "Bearer " + session.key;
  return h;
}

/// `method path` with a JSON `body` (an object, or text sent as it is): the status, the JSON answer
/// (null when the answer is not JSON) and its text.
export async function api(method, path, body, extra = {}) {
  const init = { method, headers: headers(extra) };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers["Content-Type"] = "application/json";
  }
  const r = await fetch(path, init);
  if (r.status === 401) { unauthorized("This server needs an API key."); throw new Unauthorized(); }
  const text = await r.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  return { status: r.status, json, text };
}

/// A problem answer in one line: each problem at its pointer, else the detail, else the text.
export function problemText(r) {
  return r.json?.errors?.map((p) => (p.pointer || "/") + " " + p.message).join("; ") || r.json?.detail || r.text || String(r.status);
}

/// Follows the events stream at `path`, calling `onEvent(name, data)` per event; reconnects after
/// `Last-Event-ID` until the returned function is called. A job's stream ends by itself after the
/// job's last change.
export function follow(path, onEvent) {
  const controller = new AbortController();
  let last = null, stopped = false;
  (async () => {
    while (!stopped) {
      try {
        const h = headers({ Accept: "text/event-stream" });
        if (last) h["Last-Event-ID"] = last;
        const r = await fetch(path, { headers: h, signal: controller.signal });
        if (r.status === 401) { unauthorized("This server needs an API key."); return; }
        if (r.status !== 200) return;
        const reader = r.body.getReader();
        const decoder = new TextDecoder();
        const parser = eventParser((name, data, id) => {
          // Stopped while a chunk holds more events: the rest are for a page that has gone.
          if (stopped) return;
          if (id !== null) last = id;
          onEvent(name, JSON.parse(data));
        });
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser(decoder.decode(value, { stream: true }));
        }
        if (path.startsWith("/v1/jobs/")) return;  // a job's stream ended after its last change
      } catch {
        if (stopped) return;
      }
      await new Promise((ok) => setTimeout(ok, 2000));
    }
  })();
  return () => { stopped = true; controller.abort(); };
}

/// A Server-Sent Events parser (the standard's rules: `event`, `data` lines joined, `id`, comments,
/// CR LF): feed it text as it arrives; `emit(name, data, id)` per complete event.
export function eventParser(emit) {
  let buffer = "", name = "message", data = null, id = null;
  return (text) => {
    buffer += text;
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      let line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.endsWith("\r")) line = line.slice(0, -1);
      if (line === "") {
        if (data !== null) emit(name, data, id);
        name = "message"; data = null; id = null;
      } else if (!line.startsWith(":")) {
        const c = line.indexOf(":");
        const field = c < 0 ? line : line.slice(0, c);
        let v = c < 0 ? "" : line.slice(c + 1);
        if (v.startsWith(" ")) v = v.slice(1);
        if (field === "event") name = v;
        else if (field === "data") data = data === null ? v : data + "\n" + v;
        else if (field === "id") id = v;
      }
    }
  };
}

/// Whether an upload is media (a video, a sound or an image; `media` for one stored before the
/// server told the three apart) rather than a font, a caption file or a Lottie animation.
export function isMedia(asset) {
  return ["video", "audio", "image", "media"].includes(asset?.kind);
}
