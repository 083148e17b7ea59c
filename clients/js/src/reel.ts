/**
 * The TypeScript client of Reel: uploads, renders, previews, templates, batches, listings and live
 * events over `fetch`, as one ES module with no runtime dependency (Node 18+, Deno, browsers).
 *
 *     const reel = new Reel("http://127.0.0.1:8080", { key: "…" });
 *     const clip = await reel.upload(bytes, { contentType: "video/mp4", filename: "intro.mp4" });
 *     const job = await reel.render({ version: 1, timeline: { videos: [{ src: clip.src }] } },
 *                                   { onProgress: (p) => console.log(p) });
 *
 * Specs are sent as given (docs/SPEC.md; the JSON Schema at `GET /v1/schema/job-spec.json`): a
 * misspelt member is the server's 422 naming its pointer (`ReelError.pointers`), never a default.
 */

/** A job spec (docs/SPEC.md): sent as it is. */
export type JobSpec = Record<string, unknown>;

/** One problem of a 422 at its JSON pointer. */
export interface Problem {
  pointer: string;
  message: string;
}

export type JobStatus = "queued" | "running" | "succeeded" | "failed" | "canceled";

/** A job as `GET /v1/jobs/{id}` shows it (the members a client uses; others pass through). */
export interface Job {
  id: string;
  status: JobStatus;
  progress: number;
  eta: number | null;
  attempts: number;
  error: { code: string; message: string } | null;
  output: { url: string; downloadUrl?: string; bytes: number; duration: number | null; sha256: string; contentType: string;
            firstSegmentSeconds?: number } | null;
  /** While a progressive HLS job (`output.hls.progressive`) runs: where it plays as it renders. */
  live?: { url: string; downloadUrl?: string };
  draft?: boolean;
  spec?: JobSpec;
  [member: string]: unknown;
}

/** An upload as `GET /v1/assets/{id}` shows it. */
export interface Asset {
  id: string;
  src: string;
  status: string;
  kind: string;
  bytes: number;
  filename: string | null;
  probe: Record<string, unknown> | null;
  [member: string]: unknown;
}

/** How a template declares one placeholder (`PlaceholderDeclaration` in openapi.yaml). */
export interface PlaceholderDeclaration {
  type: "text" | "number" | "color" | "media" | "boolean";
  label?: string;
  description?: string;
  default?: unknown;
  required?: boolean;
}

/** A placeholder as a template lists it: declared, or `any` and required where it is not. */
export interface Placeholder {
  type: PlaceholderDeclaration["type"] | "any";
  label?: string;
  description?: string;
  default?: unknown;
  required: boolean;
}

export interface Template {
  id: string;
  name: string | null;
  /** Every placeholder by name, in order of first use. */
  placeholders: Record<string, Placeholder>;
  spec?: JobSpec;
  [member: string]: unknown;
}

/** A key of the project, as `GET /v1/keys` lists it (never its secret). */
export interface Key {
  id: string;
  scope: "full" | "read";
  configured: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  /** The key this client uses. */
  current?: boolean;
  [member: string]: unknown;
}

/** A key just made: its secret, `key`, is in this answer only. */
export interface NewKey extends Key {
  key: string;
}

export interface Batch {
  id: string;
  status: string;
  counts: Record<JobStatus, number>;
  jobs: Array<string | Job>;
  [member: string]: unknown;
}

/** The verdict of `validate`. */
export type Verdict =
  | { valid: true; errors: []; duration: number; frames: number; output: Record<string, unknown> }
  | { valid: false; errors: Problem[] };

/** A Server-Sent Event of `events`: `job` (the job as it changed) or `deleted` (`{id}`). */
export interface ReelEvent {
  name: string;
  id: string | null;
  data: Record<string, unknown>;
}

/** An answer of 400 or more: the server's problem+json (RFC 9457). */
export class ReelError extends Error {
  constructor(readonly status: number, readonly type: string, readonly title: string, readonly detail: string,
              readonly errors: Problem[] = [], readonly retryAfter: number | null = null) {
    super(`${status} ${title}: ${detail}` + errors.map((e) => `\n  ${e.pointer || "/"}: ${e.message}`).join(""));
    this.name = "ReelError";
  }

  /** The JSON pointers of the problems, in order. */
  get pointers(): string[] {
    return this.errors.map((e) => e.pointer);
  }
}

/** A job waited for that ended `failed`, `canceled` or was deleted. */
export class JobFailed extends Error {
  constructor(readonly job: Job) {
    super(`job ${job.id} ${job.status}` + (job.error ? `: ${job.error.code}: ${job.error.message}` : ""));
    this.name = "JobFailed";
  }

  get code(): string {
    return this.job.error?.code ?? this.job.status;
  }
}

const FINISHED: JobStatus[] = ["succeeded", "failed", "canceled"];

export interface ReelOptions {
  /** The API key, sent as `Authorization: Bearer KEY`. */
  key?: string;
  /** The `fetch` to use (default the global one). */
  fetch?: typeof fetch;
}

export class Reel {
  private readonly base: string;
  private readonly key?: string;
  private readonly fetcher: typeof fetch;

  constructor(url: string, options: ReelOptions = {}) {
    this.base = url.replace(/\/+$/, "");
    this.key = options.key;
    this.fetcher = options.fetch ?? fetch;
  }

  // ---- Assets ------------------------------------------------------------------------------

  /** Uploads a media file, font, caption file or Lottie file as it is (a Lottie file not as application/json,
   * which asks for an import); its `src` goes into specs. */
  async upload(body: Blob | ArrayBuffer | Uint8Array, options: { contentType?: string; filename?: string } = {}): Promise<Asset> {
    const headers: Record<string, string> = { "Content-Type": options.contentType ?? "application/octet-stream" };
    if (options.filename) headers["X-Filename"] = options.filename;
    return this.json<Asset>("POST", "/v1/assets", { body, headers });
  }

  asset(id: string): Promise<Asset> {
    return this.json<Asset>("GET", `/v1/assets/${encodeURIComponent(id)}`);
  }

  /** The key's uploads, newest first, every page (`kind`: media, font, captions or lottie). */
  assets(options: { kind?: string; limit?: number } = {}): AsyncGenerator<Asset> {
    return this.pages<Asset>("/v1/assets", "assets", options);
  }

  async deleteAsset(id: string): Promise<void> {
    await this.send("DELETE", `/v1/assets/${encodeURIComponent(id)}`);
  }

  // ---- Jobs --------------------------------------------------------------------------------

  /** Queues a spec; with `idempotencyKey`, a repeat answers the first job. */
  submit(spec: JobSpec, options: { idempotencyKey?: string } = {}): Promise<Job> {
    return this.json<Job>("POST", "/v1/jobs", { json: spec, headers: idempotency(options.idempotencyKey) });
  }

  job(id: string): Promise<Job> {
    return this.json<Job>("GET", `/v1/jobs/${encodeURIComponent(id)}`);
  }

  /** The key's jobs, newest first, every page; `metadata: [key, value]` keeps those whose spec's
   * metadata has that string member. */
  jobs(options: { status?: JobStatus; batch?: string; metadata?: [string, string]; limit?: number } = {}): AsyncGenerator<Job> {
    const { metadata, ...rest } = options;
    return this.pages<Job>("/v1/jobs", "jobs", metadata ? { ...rest, [`metadata[${metadata[0]}]`]: metadata[1] } : rest);
  }

  cancel(id: string): Promise<Job> {
    return this.json<Job>("POST", `/v1/jobs/${encodeURIComponent(id)}/cancel`);
  }

  async delete(id: string): Promise<void> {
    await this.send("DELETE", `/v1/jobs/${encodeURIComponent(id)}`);
  }

  /** The finished output's bytes (an `hls` job's master playlist). */
  async download(id: string): Promise<Uint8Array> {
    const r = await this.send("GET", `/v1/jobs/${encodeURIComponent(id)}/output`);
    return new Uint8Array(await r.arrayBuffer());
  }

  /**
   * A job's changes as they happen (`GET /v1/jobs/{id}/events`, ending after its last), or with no
   * id every job of the key (`GET /v1/events`, without end: stop it with `signal`). A broken
   * connection is resumed after the last event (`Last-Event-ID`).
   */
  async *events(id?: string, options: { lastEventId?: string; signal?: AbortSignal } = {}): AsyncGenerator<ReelEvent> {
    const path = id ? `/v1/jobs/${encodeURIComponent(id)}/events` : "/v1/events";
    let last = options.lastEventId ?? null;
    for (;;) {
      const headers: Record<string, string> = { Accept: "text/event-stream" };
      if (last) headers["Last-Event-ID"] = last;
      let r: Response;
      try {
        r = await this.send("GET", path, { headers, signal: options.signal });
      } catch (e) {
        if (e instanceof ReelError || options.signal?.aborted) throw e;
        await pause(500);
        continue;
      }
      try {
        for await (const event of serverSentEvents(r)) {
          if (event.id !== null) last = event.id;
          yield event;
        }
      } catch (e) {
        if (options.signal?.aborted) return;
      }
      if (id) return;  // a job's stream ends after its last change
      if (options.signal?.aborted) return;
      await pause(500);
    }
  }

  /** Waits for the job to end over its events; answers it succeeded, throws `JobFailed` else. */
  async wait(id: string, options: { onProgress?: (fraction: number, job: Job) => void; timeoutMs?: number } = {}): Promise<Job> {
    const controller = new AbortController();
    const timer = options.timeoutMs === undefined ? null : setTimeout(() => controller.abort(), options.timeoutMs);
    let shown = -1;
    try {
      for await (const event of this.events(id, { signal: controller.signal })) {
        if (event.name === "deleted") {
          throw new JobFailed({ id, status: "canceled", progress: 0, eta: null, attempts: 0, output: null,
                                error: { code: "deleted", message: "the job was deleted" } });
        }
        const job = event.data as Job;
        const fraction = job.status === "succeeded" ? 1 : Number(job.progress ?? 0);
        if (options.onProgress && fraction !== shown) {
          shown = fraction;
          options.onProgress(fraction, job);
        }
        if (FINISHED.includes(job.status)) {
          const final = await this.job(id);
          if (final.status !== "succeeded") throw new JobFailed(final);
          return final;
        }
      }
      if (controller.signal.aborted) throw new Error(`job ${id} did not end within ${options.timeoutMs} ms`);
      const now = await this.job(id);
      if (now.status === "succeeded") return now;
      if (FINISHED.includes(now.status)) throw new JobFailed(now);
      return this.wait(id, options);
    } finally {
      if (timer !== null) clearTimeout(timer);
    }
  }

  /** Submits and, unless `wait: false`, waits for the job. */
  async render(spec: JobSpec, options: { wait?: boolean; onProgress?: (fraction: number, job: Job) => void; timeoutMs?: number } = {}): Promise<Job> {
    const job = await this.submit(spec);
    return options.wait === false ? job : this.wait(job.id, options);
  }

  // ---- Seeing before rendering ---------------------------------------------------------------

  /** The server's verdict on a spec (or `{template, merge}`), nothing queued. */
  validate(spec: JobSpec): Promise<Verdict> {
    return this.json<Verdict>("POST", "/v1/validate", { json: spec });
  }

  /** A source's container, streams, metadata and chapters. */
  probe(src: string): Promise<Record<string, unknown>> {
    return this.json("POST", "/v1/probe", { json: { src } });
  }

  /** The output frame holding `time` (seconds or "N/D") as PNG or JPEG bytes, and its time. */
  async preview(spec: JobSpec, time: number | string, options: { format?: "png" | "jpeg"; width?: number } = {}): Promise<{ image: Uint8Array; frameTime: string }> {
    const body: Record<string, unknown> = { spec, time, format: options.format ?? "png" };
    if (options.width !== undefined) body.width = options.width;
    const r = await this.send("POST", "/v1/preview", { json: body });
    return { image: new Uint8Array(await r.arrayBuffer()), frameTime: r.headers.get("Reel-Frame-Time") ?? "" };
  }

  /** A source's audio as min/max peaks per channel. */
  waveform(src: string, pointsPerSecond = 100): Promise<{ sampleRate: number; pointsPerSecond: number; channels: number; length: number; peaks: number[][] }> {
    return this.json("POST", "/v1/waveform", { json: { src, pointsPerSecond } });
  }

  /** The job spec's JSON Schema (draft 2020-12). */
  schema(): Promise<Record<string, unknown>> {
    return this.json("GET", "/v1/schema/job-spec.json");
  }

  // ---- Templates and batches ----------------------------------------------------------------

  /** Stores a spec with `{{name}}` placeholders, typed by `options.placeholders` where given. */
  createTemplate(spec: JobSpec, options: { name?: string; placeholders?: Record<string, PlaceholderDeclaration> } = {}): Promise<Template> {
    const body: Record<string, unknown> = { spec };
    if (options.name !== undefined) body.name = options.name;
    if (options.placeholders !== undefined) body.placeholders = options.placeholders;
    return this.json<Template>("POST", "/v1/templates", { json: body });
  }

  template(id: string): Promise<Template> {
    return this.json<Template>("GET", `/v1/templates/${encodeURIComponent(id)}`);
  }

  templates(options: { limit?: number } = {}): AsyncGenerator<Template> {
    return this.pages<Template>("/v1/templates", "templates", options);
  }

  async deleteTemplate(id: string): Promise<void> {
    await this.send("DELETE", `/v1/templates/${encodeURIComponent(id)}`);
  }

  /** Queues a template merged with a value per placeholder. */
  submitTemplate(id: string, merge: Record<string, unknown>, options: { idempotencyKey?: string } = {}): Promise<Job> {
    return this.submit({ template: id, merge }, options);
  }

  /** Queues many jobs, all or none: a template's `rows` of merge values, or `jobs` specs. */
  submitBatch(batch: { template: string; rows: Record<string, unknown>[] } | { jobs: JobSpec[] }, options: { idempotencyKey?: string } = {}): Promise<Batch> {
    return this.json<Batch>("POST", "/v1/batches", { json: batch, headers: idempotency(options.idempotencyKey) });
  }

  batch(id: string): Promise<Batch> {
    return this.json<Batch>("GET", `/v1/batches/${encodeURIComponent(id)}`);
  }

  cancelBatch(id: string): Promise<Batch> {
    return this.json<Batch>("POST", `/v1/batches/${encodeURIComponent(id)}/cancel`);
  }

  async deleteBatch(id: string): Promise<void> {
    await this.send("DELETE", `/v1/batches/${encodeURIComponent(id)}`);
  }

  // ---- The project's keys -------------------------------------------------------------------

  /** A new key of this client's project (`full` or `read`); keep its `key`: it is not shown again. */
  createKey(scope: "full" | "read" = "full"): Promise<NewKey> {
    return this.json<NewKey>("POST", "/v1/keys", { json: { scope } });
  }

  /** The project's keys, oldest first, without secrets. */
  async keys(): Promise<Key[]> {
    return (await this.json<{ keys: Key[] }>("GET", "/v1/keys")).keys;
  }

  /** Deletes a key of the project: refused from the next request on, on every node. */
  async deleteKey(id: string): Promise<void> {
    await this.send("DELETE", `/v1/keys/${encodeURIComponent(id)}`);
  }

  // ---- Answers -------------------------------------------------------------------------------

  private async json<T>(method: string, path: string, init: Request = {}): Promise<T> {
    const r = await this.send(method, path, init);
    return (await r.json()) as T;
  }

  /** Every item of a listing, page after page (`nextCursor`). */
  private async *pages<T>(path: string, member: string, params: Record<string, string | number | undefined>): AsyncGenerator<T> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v));
    for (;;) {
      const page = await this.json<Record<string, unknown>>("GET", `${path}?${query}`);
      for (const item of page[member] as T[]) yield item;
      const next = page.nextCursor;
      if (typeof next !== "string" || next === "") return;
      query.set("cursor", next);
    }
  }

  private async send(method: string, path: string, init: Request = {}): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.key) headers.Authorization = `Bearer ${this.key}`;
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.body !== undefined) {
      body = init.body instanceof Uint8Array ? new Blob([init.body]) : init.body;
    }
    const r = await this.fetcher(this.base + path, { method, headers, body, signal: init.signal });
    if (r.status >= 400) {
      let problem: Record<string, unknown> = {};
      try {
        problem = (await r.json()) as Record<string, unknown>;
      } catch {
        problem = {};
      }
      const retry = r.headers.get("Retry-After");
      throw new ReelError(r.status, String(problem.type ?? ""), String(problem.title ?? r.statusText), String(problem.detail ?? ""),
                          Array.isArray(problem.errors) ? (problem.errors as Problem[]) : [], retry === null ? null : Number(retry));
    }
    return r;
  }
}

interface Request {
  json?: unknown;
  body?: Blob | ArrayBuffer | Uint8Array;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function idempotency(key?: string): Record<string, string> {
  return key ? { "Idempotency-Key": key } : {};
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The events of a `text/event-stream` body, by the HTML standard's rules. */
async function* serverSentEvents(r: Response): AsyncGenerator<ReelEvent> {
  if (!r.body) return;
  const reader = r.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "", name = "message", data: string | null = null, id: string | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      let line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.endsWith("\r")) line = line.slice(0, -1);
      if (line === "") {
        if (data !== null) yield { name, id, data: JSON.parse(data) as Record<string, unknown> };
        name = "message";
        data = null;
        id = null;
      } else if (!line.startsWith(":")) {
        const c = line.indexOf(":");
        const field = c < 0 ? line : line.slice(0, c);
        let v = c < 0 ? "" : line.slice(c + 1);
        if (v.startsWith(" ")) v = v.slice(1);
        if (field === "event") name = v;
        else if (field === "data") data = data === null ? v : `${data}\n${v}`;
        else if (field === "id") id = v;
      }
    }
  }
}
