extension ConsoleAssets {
    /// `/console/app.js`: the console, one ES module without dependencies. Pages by the URL's hash
    /// (`#/jobs`, `#/jobs/ID`, `#/new`, `#/uploads`, `#/keys`, `#/edit`: the editor, `editor.js`); every call goes to the API with the key kept
    /// in `sessionStorage`; live status comes over the events streams, read with `fetch` (an
    /// `EventSource` cannot send the key).
    static let script = #"""
    import { editorPage } from "/console/editor.js";
    const $ = (sel, root = document) => root.querySelector(sel);
    const main = $("#main");
    const live = $("#live");
    const FINISHED = ["succeeded", "failed", "canceled"];

    // ---- The API, with the key of this browser session --------------------------------------
    const session = {
      get key() { return sessionStorage.getItem("reel-key") || ""; },
      set key(v) { v ? sessionStorage.setItem("reel-key", v) : sessionStorage.removeItem("reel-key"); },
    };

    function headers(extra = {}) {
      const h = { ...extra };
      if (session.key) h["Authorization"] = "Bearer " + session.key;
      return h;
    }

    async function api(method, path, body, extra = {}) {
      const init = { method, headers: headers(extra) };
      if (body !== undefined) {
        init.body = typeof body === "string" ? body : JSON.stringify(body);
        init.headers["Content-Type"] = "application/json";
      }
      const r = await fetch(path, init);
      if (r.status === 401) { showSignIn("This server needs an API key."); throw new Error("401"); }
      const text = await r.text();
      let json = null;
      try { json = text ? JSON.parse(text) : null; } catch { json = null; }
      return { status: r.status, json, text };
    }

    function announce(text) { live.textContent = text; }

    /// Replaces `node`'s children with `children`, leaving out the absent ones (null, undefined).
    function fill(node, ...children) {
      node.replaceChildren(...children.filter((c) => c !== null && c !== undefined));
    }

    function el(tag, attrs = {}, ...children) {
      const e = document.createElement(tag);
      for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === null || v === false) continue;
        if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
        else if (k === "text") e.textContent = v;
        else e.setAttribute(k, v === true ? "" : v);
      }
      for (const c of children) if (c !== null && c !== undefined) e.append(c);
      return e;
    }

    // ---- Server-Sent Events over fetch ---------------------------------------------------------
    /// Follows `path`, calling `onEvent(name, data)` per event; reconnects after `Last-Event-ID`
    /// until `stop()` is called. A job's stream ends by itself after the job's last change.
    function follow(path, onEvent) {
      const controller = new AbortController();
      let last = null, stopped = false;
      (async () => {
        while (!stopped) {
          try {
            const h = headers({ Accept: "text/event-stream" });
            if (last) h["Last-Event-ID"] = last;
            const r = await fetch(path, { headers: h, signal: controller.signal });
            if (r.status === 401) { showSignIn("This server needs an API key."); return; }
            if (r.status !== 200) return;
            const reader = r.body.getReader();
            const decoder = new TextDecoder();
            let buffer = "", name = "message", data = null, id = null;
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              buffer += decoder.decode(value, { stream: true });
              let nl;
              while ((nl = buffer.indexOf("\n")) >= 0) {
                let line = buffer.slice(0, nl);
                buffer = buffer.slice(nl + 1);
                if (line.endsWith("\r")) line = line.slice(0, -1);
                if (line === "") {
                  if (data !== null) {
                    if (id !== null) last = id;
                    onEvent(name, JSON.parse(data));
                  }
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
            }
            if (path.startsWith("/v1/jobs/")) return;  // a job's stream ended after its last change
          } catch (e) {
            if (stopped) return;
          }
          await new Promise((ok) => setTimeout(ok, 2000));
        }
      })();
      return () => { stopped = true; controller.abort(); };
    }

    // ---- Sign-in --------------------------------------------------------------------------------
    function showSignIn(reason) {
      stopPage();
      fill(main, 
        el("h1", { text: "Sign in" }),
        el("p", { text: reason + " The key is kept in this browser tab only (sessionStorage)." }),
        el("form", { id: "sign-in", onsubmit: async (e) => {
            e.preventDefault();
            session.key = $("#key").value.trim();
            const r = await fetch("/v1/jobs?limit=1", { headers: headers() });
            if (r.status === 401) { session.key = ""; announce("That key was refused."); $("#sign-in-error").textContent = "That key was refused."; return; }
            announce("Signed in.");
            route();
          } },
          el("label", { for: "key", text: "API key" }),
          el("input", { id: "key", type: "password", autocomplete: "off", required: true }),
          el("button", { type: "submit", text: "Sign in" }),
          el("p", { id: "sign-in-error", role: "alert" })));
      $("#key").focus();
    }

    // ---- Pages ----------------------------------------------------------------------------------
    let stopPage = () => {};

    function progressBar(job) {
      const value = job.status === "succeeded" ? 1 : Number(job.progress || 0);
      return el("progress", { max: "1", value: String(value), "aria-label": `progress of ${job.id}`,
                               title: `${Math.round(value * 100)} %` });
    }

    /// Thumbnails of finished jobs by id (blob URLs), fetched once with the key.
    const thumbnails = new Map();

    function jobRow(job) {
      const name = typeof job.metadata?.name === "string" ? job.metadata.name : null;
      const seconds = job.output && job.output.duration !== null && job.output.duration !== undefined ? Number(job.output.duration) : null;
      const picture = el("td", { class: "thumb" });
      const type = job.output?.contentType || "";
      if (job.status === "succeeded" && (type.startsWith("video/") || type.startsWith("image/") || type.includes("mpegurl"))) {
        const show = (url) => picture.append(el("img", { src: url, alt: "The output's first frame", width: "64" }));
        if (thumbnails.has(job.id)) show(thumbnails.get(job.id));
        else fetch(`/v1/jobs/${job.id}/thumbnail?width=64`, { headers: headers() })
          .then((res) => res.ok ? res.blob() : null)
          .then((blob) => { if (blob) { const url = URL.createObjectURL(blob); thumbnails.set(job.id, url); show(url); } });
      }
      return el("tr", { id: "row-" + job.id, "data-status": job.status },
        el("td", {}, el("a", { href: "#/jobs/" + job.id, text: job.id }), name ? el("div", { class: "name", text: name }) : null),
        el("td", { class: "status", text: job.status }),
        el("td", {}, progressBar(job), el("span", { class: "percent", text: ` ${Math.round((job.status === "succeeded" ? 1 : job.progress || 0) * 100)} %` })),
        el("td", { text: job.createdAt ? new Date(job.createdAt).toLocaleString() : "" }),
        el("td", { text: job.error ? job.error.message : "" }),
        el("td", { class: "length", text: seconds === null ? "" : seconds.toFixed(2) + " s" }),
        picture);
    }

    async function jobsPage(params) {
      const status = params.get("status") || "";
      const cursor = params.get("cursor") || "";
      const named = params.get("name") || "";
      const query = new URLSearchParams({ limit: "20" });
      if (status) query.set("status", status);
      if (named) query.set("metadata[name]", named);
      if (cursor) query.set("cursor", cursor);
      const r = await api("GET", "/v1/jobs?" + query);
      if (r.status !== 200) { fill(main, el("p", { role: "alert", text: r.text })); return; }
      const listed = (changes) => {
        const p = new URLSearchParams({ ...(status ? { status } : {}), ...(named ? { name: named } : {}), ...changes });
        for (const [k, v] of [...p]) if (!v) p.delete(k);
        location.hash = "#/jobs" + (String(p) ? "?" + p : "");
      };
      const filter = el("select", { id: "status-filter", onchange: (e) => listed({ status: e.target.value }) },
        ...["", "queued", "running", "succeeded", "failed", "canceled"].map((s) =>
          el("option", { value: s, text: s || "any", selected: s === status })));
      const body = el("tbody", {}, ...r.json.jobs.map(jobRow));
      const table = el("table", { id: "jobs" },
        el("caption", { text: "Jobs, newest first; status and progress are live." }),
        el("thead", {}, el("tr", {}, ...["Job", "Status", "Progress", "Created", "Error", "Length", "Output"].map((h) => el("th", { scope: "col", text: h })))),
        body);
      const next = r.json.nextCursor
        ? el("a", { href: "#/jobs?" + new URLSearchParams({ ...(status ? { status } : {}), ...(named ? { name: named } : {}), cursor: r.json.nextCursor }), text: "Older jobs →" })
        : null;
      fill(main, el("h1", { text: "Jobs" }),
        el("form", { id: "job-search", role: "search", onsubmit: (e) => { e.preventDefault(); listed({ name: $("#name-search").value.trim() }); } },
          el("label", { for: "status-filter", text: "Status " }), filter, " ",
          el("label", { for: "name-search", text: "Name (metadata.name) " }),
          el("input", { id: "name-search", type: "search", value: named }), " ",
          el("button", { type: "submit", text: "Search" })),
        r.json.jobs.length ? table : el("p", { text: "No jobs yet. " }, el("a", { href: "#/new", text: "Submit one." })),
        next);
      stopPage = follow("/v1/events", (name, job) => {
        if (name !== "job") return;
        const row = document.getElementById("row-" + job.id);
        if (row) { row.replaceWith(jobRow(job)); }
        else if (!cursor && !named && (!status || status === job.status)) { body.prepend(jobRow(job)); if (!table.isConnected) route(); }
        if (FINISHED.includes(job.status)) announce(`Job ${job.id} ${job.status}.`);
      });
    }

    function definition(term, value) { return [el("dt", { text: term }), el("dd", {}, value)]; }

    async function jobPage(id) {
      const r = await api("GET", "/v1/jobs/" + id);
      if (r.status !== 200) { fill(main, el("h1", { text: "Job" }), el("p", { role: "alert", text: r.json?.detail || r.text })); return; }
      let job = r.json;
      const details = el("dl", { id: "job-details" });
      const actions = el("div", { class: "actions" });
      const media = el("section", { id: "media", "aria-label": "Output" });
      const curl = el("code", { id: "curl" });
      let confirmingDelete = false;
      function render() {
        fill(details, 
          ...definition("Status", el("span", { id: "job-status", text: job.status })),
          ...definition("Progress", progressBar(job)),
          ...definition("Attempts", `${job.attempts} of ${job.maxAttempts}`),
          ...definition("Chunks", String(job.chunks)),
          ...(job.error ? definition("Error", `${job.error.code}: ${job.error.message}`) : []),
          ...(job.output ? definition("Output", `${job.output.contentType}, ${job.output.bytes} bytes, ${job.output.duration} s`) : []),
          ...((job.output?.destinations || []).length ? definition("Destinations",
              el("ul", {}, ...job.output.destinations.map((d) => el("li", { text: `${d.url}: ${d.status}${d.error ? " (" + d.error + ")" : ""}` })))) : []),
          ...(job.webhook ? definition("Webhook deliveries",
              el("ul", {}, ...(job.webhook.deliveries || []).map((d) => el("li", { text: `${d.event}: ${d.status} after ${d.attempts} attempt(s)` })))) : []));
        fill(actions, 
          !FINISHED.includes(job.status) ? el("button", { id: "cancel", onclick: async () => { await api("POST", `/v1/jobs/${id}/cancel`); announce("Cancel asked for."); } , text: "Cancel" }) : null,
          el("button", { id: "delete", "aria-describedby": "delete-note", onclick: async () => {
              // Two presses: the first asks, the second (within 5 s) deletes the job and its output.
              if (!confirmingDelete) {
                confirmingDelete = true;
                setTimeout(() => { confirmingDelete = false; render(); }, 5000);
                announce("Press Confirm delete to delete the job and its output.");
                return render();
              }
              if ((await api("DELETE", "/v1/jobs/" + id)).status === 204) { announce("Deleted."); location.hash = "#/jobs"; }
            }, text: confirmingDelete ? "Confirm delete" : "Delete" }),
          confirmingDelete ? el("span", { id: "delete-note", text: "Deletes the job and its output; press again to confirm." }) : null,
          job.output?.downloadUrl ? el("a", { id: "download", href: job.output.downloadUrl, download: "", text: "Download" }) : null,
          el("a", { id: "edit-copy", href: "#/edit?job=" + encodeURIComponent(id), text: "Edit a copy" }),
          el("button", { id: "copy-curl", onclick: async () => {
              curl.textContent = `curl -sS -H "Authorization: Bearer $REEL_KEY" ${location.origin}/v1/jobs/${id}`;
              try { await navigator.clipboard.writeText(curl.textContent); announce("Copied."); } catch { announce("Shown below; copy it from there."); }
            }, text: "Copy as curl" }));
      }
      function showMedia() {
        if (job.status !== "succeeded" || !job.output?.downloadUrl || media.dataset.shown) return;
        media.dataset.shown = "1";
        const type = job.output.contentType || "";
        let player;
        if (type.startsWith("image/")) player = el("img", { id: "output", src: job.output.downloadUrl, alt: "The output" });
        else if (type.includes("mpegurl")) {
          const native = document.createElement("video").canPlayType("application/vnd.apple.mpegurl");
          player = native ? el("video", { id: "output", src: job.output.downloadUrl, controls: true, muted: true, preload: "auto" })
                          : el("p", {}, "An HLS output: ", el("a", { href: job.output.downloadUrl, text: "its master playlist" }), " (this browser does not play HLS itself).");
        } else if (type.startsWith("audio/")) player = el("audio", { id: "output", src: job.output.downloadUrl, controls: true, preload: "auto" });
        else player = el("video", { id: "output", src: job.output.downloadUrl, controls: true, muted: true, playsinline: true, preload: "auto" });
        const strip = el("div", { id: "thumbnails", role: "list", "aria-label": "Frames of the output" });
        fill(media, el("h2", { text: "Output" }), player, strip);
        const seconds = Number(job.output.duration) || 0;
        if (type.startsWith("video/") && seconds > 0) {
          for (let i = 0; i < 5; i++) {
            const t = (seconds * i / 5).toFixed(3);
            fetch(`/v1/jobs/${id}/thumbnail?time=${t}&width=160`, { headers: headers() })
              .then((res) => res.ok ? res.blob() : null)
              .then((blob) => { if (blob) strip.append(el("img", { role: "listitem", src: URL.createObjectURL(blob), alt: `The frame at ${t} s`, width: "160" })); });
          }
        }
      }
      render();
      showMedia();
      const spec = el("pre", { id: "spec", tabindex: "0", "aria-label": "The job's spec" }, JSON.stringify(job.spec, null, 2));
      fill(main, el("h1", { text: "Job " + id }), details, actions, curl, media, el("h2", { text: "Spec" }), spec);
      stopPage = follow(`/v1/jobs/${id}/events`, async (name, changed) => {
        if (name === "deleted") { announce("The job was deleted."); return; }
        job = { ...job, ...changed };
        if (FINISHED.includes(job.status) && !job.spec) job = (await api("GET", "/v1/jobs/" + id)).json;
        render();
        showMedia();
        announce(`Job ${job.status}, ${Math.round((job.status === "succeeded" ? 1 : job.progress) * 100)} %.`);
      });
    }

    /// Where each JSON pointer lies in `text` ([start, end) offsets; an object's member from its name
    /// to the end of its value), read as JSON is.
    function pointerPositions(text) {
      const positions = {};
      let i = 0;
      const ws = () => { while (i < text.length && " \t\r\n".includes(text[i])) i++; };
      const escape = (s) => s.replace(/~/g, "~0").replace(/\//g, "~1");
      function string() {
        const start = i++;
        while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
        i++;
        return JSON.parse(text.slice(start, i));
      }
      function value(pointer) {
        ws();
        const start = i;
        if (text[i] === "{") {
          i++; ws();
          if (text[i] === "}") i++;
          else for (;;) {
            ws();
            const keyStart = i;
            const key = string();
            ws(); i++;  // :
            const member = pointer + "/" + escape(key);
            value(member);
            positions[member] = [keyStart, positions[member][1]];  // a member: its name and its value
            ws();
            if (text[i++] !== ",") break;
          }
        } else if (text[i] === "[") {
          i++; ws();
          if (text[i] === "]") i++;
          else for (let n = 0; ; n++) {
            value(pointer + "/" + n);
            ws();
            if (text[i++] !== ",") break;
          }
        } else if (text[i] === '"') string();
        else while (i < text.length && !",]} \t\r\n".includes(text[i])) i++;
        positions[pointer] = [start, i];
      }
      try { value(""); } catch { /* a text that is not JSON has the positions read so far */ }
      return positions;
    }

    function problemList(problems, editor) {
      const positions = pointerPositions(editor.value);
      return el("ul", { id: "problems", "aria-label": "Problems" }, ...problems.map((p) => {
        let pointer = p.pointer;
        while (pointer && !positions[pointer]) pointer = pointer.slice(0, pointer.lastIndexOf("/"));
        return el("li", {}, el("button", { type: "button", class: "pointer", text: p.pointer || "/", onclick: () => {
          const at = positions[pointer] || [0, 0];
          editor.focus();
          editor.setSelectionRange(at[0], at[1]);
        } }), " " + p.message);
      }));
    }

    async function newJobPage() {
      const example = { version: 1, output: { width: 640, height: 360, frameRate: 25 },
                        timeline: { videos: [{ color: "#224466", duration: 3 }] } };
      const editor = el("textarea", { id: "spec-editor", rows: "18", spellcheck: "false", "aria-describedby": "verdict" });
      editor.value = JSON.stringify(example, null, 2);
      const verdict = el("div", { id: "verdict", "aria-live": "polite" });
      const submit = el("button", { id: "submit", type: "submit", text: "Submit" });
      let timer = null;
      async function check() {
        const r = await api("POST", "/v1/validate", editor.value);
        if (r.status === 200 && r.json.valid) {
          const o = r.json.output || {};
          fill(verdict, el("p", { class: "ok", text: `Valid: ${r.json.duration} s, ${r.json.frames} frames, ${o.width || ""}×${o.height || ""} ${o.format || ""}` }));
        } else {
          fill(verdict, el("p", { class: "bad", text: r.json?.detail || "Not valid." }), problemList(r.json?.errors || [], editor));
        }
        return r.status === 200 && r.json.valid;
      }
      editor.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(check, 300); });
      const form = el("form", { id: "new-job", onsubmit: async (e) => {
          e.preventDefault();
          const r = await api("POST", "/v1/jobs", editor.value);
          if (r.status === 202) { announce("Queued " + r.json.id); location.hash = "#/jobs/" + r.json.id; }
          else fill(verdict, el("p", { class: "bad", role: "alert", text: r.json?.detail || r.text }), problemList(r.json?.errors || [], editor));
        } },
        el("label", { for: "spec-editor", text: "Spec (JSON), checked as you type" }), editor, verdict, submit);
      const templates = await api("GET", "/v1/templates?limit=100");
      const templateSection = el("section", { id: "templates", "aria-label": "From a template" });
      const list = templates.json?.templates || [];
      if (list.length) {
        const fields = el("div", { id: "template-fields" });
        const editLink = el("a", { id: "edit-template", hidden: true, text: "Edit" });
        const select = el("select", { id: "template", onchange: () => {
            const t = list.find((x) => x.id === select.value);
            editLink.hidden = !t;
            if (t) editLink.href = "#/edit?template=" + encodeURIComponent(t.id);
            fill(fields, ...(t ? t.placeholders : []).map((name) =>
              el("p", {}, el("label", { for: "merge-" + name, text: name + " " }), el("input", { id: "merge-" + name, name, required: true }))));
          } }, el("option", { value: "", text: "choose a template" }), ...list.map((t) => el("option", { value: t.id, text: t.name || t.id })));
        templateSection.append(el("h2", { text: "From a template" }),
          el("form", { id: "template-form", onsubmit: async (e) => {
              e.preventDefault();
              const merge = {};
              for (const input of fields.querySelectorAll("input")) {
                const v = input.value;
                merge[input.name] = v.trim() !== "" && !isNaN(Number(v)) ? Number(v) : v;
              }
              const r = await api("POST", "/v1/jobs", { template: select.value, merge });
              if (r.status === 202) location.hash = "#/jobs/" + r.json.id;
              else fields.append(el("p", { class: "bad", role: "alert", text: (r.json?.errors || []).map((p) => p.pointer + " " + p.message).join("; ") || r.text }));
            } }, el("label", { for: "template", text: "Template " }), select, " ", editLink, fields, el("button", { type: "submit", text: "Submit from template" })));
      }
      fill(main, el("h1", { text: "New job" }), form, templateSection);
      check();
    }

    function uploadsPage() {
      const input = el("input", { id: "file", type: "file" });
      const bar = el("progress", { id: "upload-progress", max: "1", value: "0", "aria-label": "upload progress" });
      const result = el("pre", { id: "upload-result", "aria-live": "polite" });
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
            announce(`Uploaded ${file.name} as ${asset.src}.`);
            listAssets();
          } else {
            result.textContent = asset?.detail || xhr.responseText;
            announce("The upload was refused.");
          }
        };
        xhr.send(file);
      }
      input.addEventListener("change", () => { if (input.files[0]) send(input.files[0]); });
      const library = el("section", { id: "library", "aria-label": "Library" });
      /// The key's uploads, newest first, 20 a page (GET /v1/assets): each with its `src` to copy,
      /// a way into the editor with it, and delete.
      async function listAssets(cursor) {
        const r = await api("GET", "/v1/assets?limit=20" + (cursor ? "&cursor=" + encodeURIComponent(cursor) : ""));
        if (r.status !== 200) { fill(library, el("p", { role: "alert", text: r.json?.detail || r.text })); return; }
        const rows = r.json.assets.map((a) => el("tr", { "data-src": a.src },
          el("td", { text: a.filename || a.id }), el("td", { text: a.kind }),
          el("td", {}, el("code", { text: a.src })),
          el("td", { text: a.probe?.duration !== undefined ? Number(a.probe.duration).toFixed(2) + " s" : "" }),
          el("td", { text: (a.bytes / 1e6).toFixed(2) + " MB" }),
          el("td", {},
            el("button", { type: "button", text: "Copy src", "aria-label": "Copy the src of " + (a.filename || a.id), onclick: async () => {
                try { await navigator.clipboard.writeText(a.src); announce("Copied " + a.src); } catch { announce(a.src); }
              } }), " ",
            a.kind === "media" ? el("a", { href: "#/edit?add=" + encodeURIComponent(a.src), text: "Edit with it" }) : null, " ",
            el("button", { type: "button", text: "Delete", "aria-label": "Delete " + (a.filename || a.id), onclick: async () => {
                const d = await api("DELETE", "/v1/assets/" + a.id);
                announce(d.status === 204 ? "Deleted." : (d.json?.detail || "Not deleted."));
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
    }

    /// `#/keys`: the project's keys (GET /v1/keys); a new one's secret is shown once, to copy; a
    /// key is deleted with two presses, the server refusing the project's last full key.
    async function keysPage() {
      const made = el("div", { id: "new-key", "aria-live": "polite" });
      const scope = el("select", { id: "key-scope" }, el("option", { value: "full", text: "full" }), el("option", { value: "read", text: "read (GET only)" }));
      const table = el("section", { id: "keys-list", "aria-label": "Keys" });
      let confirming = "";
      async function list() {
        const r = await api("GET", "/v1/keys");
        if (r.status !== 200) { fill(table, el("p", { role: "alert", text: r.json?.detail || r.text })); return; }
        const rows = r.json.keys.map((k) => el("tr", { "data-key": k.id },
          el("td", {}, el("code", { text: k.id })), el("td", { text: k.scope }),
          el("td", { text: k.configured ? "configuration" : "API" }),
          el("td", { text: new Date(k.createdAt).toLocaleString() }),
          el("td", { text: k.lastUsedAt ? new Date(k.lastUsedAt).toLocaleString() : "never" }),
          el("td", {}, k.current ? el("strong", { text: "this session's key " }) : null,
            el("button", { type: "button", "data-delete": k.id, "aria-label": (confirming === k.id ? "Confirm delete of " : "Delete ") + k.id,
                           text: confirming === k.id ? "Confirm delete" : "Delete", onclick: async () => {
                if (confirming !== k.id) {
                  confirming = k.id;
                  setTimeout(() => { if (confirming === k.id) { confirming = ""; list(); } }, 5000);
                  announce("Press Confirm delete to delete " + k.id + ": requests with it are refused from then on.");
                  return list();
                }
                confirming = "";
                const d = await api("DELETE", "/v1/keys/" + k.id);
                announce(d.status === 204 ? "Deleted " + k.id + "." : (d.json?.detail || "Not deleted."));
                if (d.status !== 204) fill(made, el("p", { role: "alert", class: "bad", text: d.json?.detail || d.text }));
                list();
              } }))));
        fill(table, el("table", { id: "keys" },
          el("caption", { text: "Keys reach everything of the project; a read key may only read." }),
          el("thead", {}, el("tr", {}, ...["Id", "Scope", "From", "Made", "Last used", ""].map((h) => el("th", { scope: "col", text: h })))),
          el("tbody", {}, ...rows)));
      }
      const form = el("form", { id: "make-key", onsubmit: async (e) => {
          e.preventDefault();
          const r = await api("POST", "/v1/keys", { scope: scope.value });
          if (r.status !== 201) { fill(made, el("p", { role: "alert", class: "bad", text: r.json?.detail || r.text })); return; }
          fill(made, el("p", { text: `New ${r.json.scope} key ${r.json.id}; copy its secret now, it is not shown again:` }),
            el("p", {}, el("code", { id: "new-key-secret", text: r.json.key }), " ",
              el("button", { type: "button", text: "Copy", onclick: async () => {
                  try { await navigator.clipboard.writeText(r.json.key); announce("Copied."); } catch { announce("Select it and copy it."); }
                } })));
          announce("Made key " + r.json.id + ".");
          list();
        } },
        el("label", { for: "key-scope", text: "Scope " }), scope, " ", el("button", { type: "submit", text: "Make a key" }));
      fill(main, el("h1", { text: "Keys" }),
        el("p", { text: "To rotate a key: make a new one, use it, then delete the old one. Jobs, uploads and templates belong to the project, not to a key." }),
        form, made, table);
      await list();
    }

    // ---- Routing --------------------------------------------------------------------------------
    async function route() {
      stopPage();
      stopPage = () => {};
      const [path, query] = (location.hash.slice(1) || "/jobs").split("?");
      const params = new URLSearchParams(query || "");
      for (const a of document.querySelectorAll("nav a")) a.setAttribute("aria-current", path.startsWith(a.getAttribute("href").slice(1)) ? "page" : "false");
      try {
        if (path === "/new") await newJobPage();
        else if (path === "/edit") stopPage = await editorPage(params, { api, el, fill, announce, main, headers });
        else if (path === "/uploads") uploadsPage();
        else if (path === "/keys") await keysPage();
        else if (path.startsWith("/jobs/")) await jobPage(decodeURIComponent(path.slice(6)));
        else await jobsPage(params);
        main.focus();
      } catch (e) {
        if (String(e.message) !== "401") fill(main, el("p", { role: "alert", text: "Something went wrong: " + e.message }));
      }
    }

    $("#sign-out").addEventListener("click", () => { session.key = ""; showSignIn("Signed out."); });
    // A server without keys answers without one: there is nothing to sign out of.
    // Nor keys to manage.
    fetch("/v1/jobs?limit=1").then((r) => { $("#sign-out").hidden = $("#nav-keys").hidden = r.status !== 401; });
    // The skip link moves the focus without touching the hash the pages live in.
    $(".skip").addEventListener("click", (e) => { e.preventDefault(); main.focus(); });
    window.addEventListener("hashchange", route);
    route();
    """#
}
