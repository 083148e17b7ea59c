/**
 * The TypeScript client of Reel: uploads, renders, previews, templates, batches, listings and live
 * events over `fetch`, as one ES module with no runtime dependency (Node 18+, Deno, browsers).
 *
 *     const reel = new Reel("http://127.0.0.1:8080", { key: "…" });
 *     const clip = await reel.upload("intro.mp4");                       // a path (Node), bytes or a stream
 *     const job = await reel.render({ version: 1, timeline: { videos: [{ src: clip.src }] } },
 *                                   { onProgress: (p) => console.log(p), out: "out.mp4" });
 *
 * Specs are typed by `JobSpec` (./spec.ts, generated from the JSON Schema by
 * scripts/ts_spec_types.py), so a misspelt member or a wrong type is a compile error; what a type
 * cannot say (ranges, patterns, rules between members) is the server's 422 naming its pointer
 * (`ReelError.pointers`). Connection failures, 429 and 503 are retried (`ReelOptions.retries`), and
 * every submit carries an `Idempotency-Key`, so a retry never makes a second job.
 */

import type { JobSpec } from "./spec.js";

export * from "./spec.js";

/**
 * A spec with placeholders: any string, number, boolean or null of a `JobSpec` may instead be a
 * `"{{name}}"` string, which a merge replaces (with the placeholder's typed value).
 */
export type TemplateSpec = Templated<JobSpec>;

type Templated<T> = unknown extends T ? T
  : T extends string | number | boolean | null ? T | `{{${string}}}`
  : { [K in keyof T]: Templated<T[K]> };

/** A job made from a template: its id and a value per placeholder. */
export interface TemplateMerge {
  template: string;
  merge: Record<string, unknown>;
}

/** One problem of a 422 at its JSON pointer. */
export interface Problem {
  pointer: string;
  message: string;
}

export type JobStatus = "queued" | "running" | "succeeded" | "failed" | "canceled";

/** A finished output as a job shows it: its one (`output`) or one of its named `outputs`. */
export interface JobOutput {
  name?: string; url: string; downloadUrl?: string; bytes: number; duration: number | null; sha256: string; contentType: string;
  firstSegmentSeconds?: number;
}

/** A job as `GET /v1/jobs/{id}` shows it (the members a client uses; others pass through). */
export interface Job {
  id: string;
  status: JobStatus;
  progress: number;
  eta: number | null;
  attempts: number;
  error: { code: string; message: string } | null;
  output: JobOutput | null;
  /** A succeeded job with `outputs`: each of them, with its name, in the spec's order. */
  outputs?: JobOutput[];
  /**
   * While a progressive HLS job (`output.hls.progressive`, or a progressive one of `outputs`) runs:
   * where it plays as it renders; `outputs` names each progressive one of a job's `outputs`.
   */
  live?: { url: string; downloadUrl?: string; outputs?: { name: string; url: string; downloadUrl?: string }[] };
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
  /** What it makes and what to change. */
  description: string | null;
  /** Every placeholder by name, in order of first use. */
  placeholders: Record<string, Placeholder>;
  spec?: TemplateSpec;
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
  /**
   * How many times a request is tried again after a connection failure (refused, reset, closed
   * before the answer) or a 429 or 503 answer (default 4; 0 never). A connection failure is tried
   * again only where repeating the request cannot do more than once: GET, HEAD, DELETE, the POSTs
   * that change nothing (validate, probe, preview, waveform) and submits, which carry an
   * `Idempotency-Key`. A 429 or 503 is tried again for any request (the server did nothing) but an
   * upload from a stream the caller gave, which can be read only once.
   */
  retries?: number;
  /**
   * The wait before the first try again in ms (default 500), doubled for each next one (at most
   * 30 s), with jitter so that many clients do not come back at once; a `Retry-After` answer
   * header (seconds or an HTTP date) is waited instead, unless it is over a minute: then the
   * `ReelError` (with `retryAfter`) is the caller's.
   */
  retryDelayMs?: number;
}

/** What `upload` sends: bytes, a file's path (Node), a web `ReadableStream` or an async iterable of
 * bytes (a Node `Readable`, such as `fs.createReadStream`); paths and streams are streamed. */
export type UploadSource = Blob | ArrayBuffer | Uint8Array | string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** Where a job's output is: its one, or its named output `output`. */
function outputPath(id: string, output?: string): string {
  const job = `/v1/jobs/${encodeURIComponent(id)}`;
  return output === undefined ? `${job}/output` : `${job}/outputs/${encodeURIComponent(output)}`;
}

/** Where `downloadTo` writes: a file's path (Node), a web `WritableStream` or a Node `Writable`
 * (`write`, `end`, events), such as `fs.createWriteStream` or an HTTP response. */
export type DownloadTarget = string | WritableStream<Uint8Array> | NodeWritable;

/** The members of a Node `Writable` used here (the client does not depend on Node's types). */
export interface NodeWritable {
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
}

export class Reel {
  private readonly base: string;
  private readonly key?: string;
  private readonly fetcher: typeof fetch;
  private readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(url: string, options: ReelOptions = {}) {
    this.base = url.replace(/\/+$/, "");
    this.key = options.key;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
    this.retries = Math.max(0, Math.floor(options.retries ?? 4));
    this.retryDelayMs = options.retryDelayMs ?? 500;
  }

  // ---- Assets ------------------------------------------------------------------------------

  /**
   * Uploads a media file, font, caption file or Lottie file as it is; its `src` goes into specs.
   * A path (Node) is streamed from the file with its size as `Content-Length`, its name as the
   * filename and a type told by its extension; a stream is sent chunked (`Transfer-Encoding:
   * chunked`) unless `bytes` gives its length. Either way the client holds a chunk at a time, never
   * the file. A Lottie file goes as any type but application/json (which asks for an import).
   */
  async upload(source: UploadSource, options: { contentType?: string; filename?: string; bytes?: number } = {}): Promise<Asset> {
    const headers: Record<string, string> = {};
    let body: Call["body"];
    if (typeof source === "string") {
      const fs = await nodeModule("node:fs");
      const size = (await fs.promises.stat(source)).size as number;
      const name = source.split(/[\\/]/).pop() ?? "";
      headers["Content-Length"] = String(size);
      headers["Content-Type"] = options.contentType ?? typeByExtension(name);
      if (name) headers["X-Filename"] = name;
      // A fresh read of the file for each try (a 429 or 503 is tried again), in 32 KiB chunks:
      // each chunk sent is garbage until the next collection, and smaller ones are collected
      // sooner (a 400 MB upload over loopback: 40–57 MB more RSS in 64 KiB chunks, 34–45 in 32 KiB).
      body = () => streamOf(fs.createReadStream(source, { highWaterMark: 32768 }) as AsyncIterable<Uint8Array>);
    } else if (isReadableStream(source)) {
      body = source;
    } else if (isAsyncIterable(source)) {
      body = streamOf(source);
    } else {
      body = source;
    }
    headers["Content-Type"] ??= options.contentType ?? "application/octet-stream";
    if (options.filename) headers["X-Filename"] = options.filename;
    if (options.bytes !== undefined) headers["Content-Length"] = String(options.bytes);
    return this.json<Asset>("POST", "/v1/assets", { body, headers });
  }

  asset(id: string): Promise<Asset> {
    return this.json<Asset>("GET", `/v1/assets/${encodeURIComponent(id)}`);
  }

  /** The key's uploads, newest first, every page (`kind`: video, audio, image, media (those three),
   * font, captions or lottie). */
  assets(options: { kind?: string; limit?: number } = {}): AsyncGenerator<Asset> {
    return this.pages<Asset>("/v1/assets", "assets", options);
  }

  async deleteAsset(id: string): Promise<void> {
    await this.send("DELETE", `/v1/assets/${encodeURIComponent(id)}`);
  }

  // ---- Jobs --------------------------------------------------------------------------------

  /**
   * Queues a spec. It carries `idempotencyKey`, or a key made here for this call, on every try:
   * the server answers a repeat with the job the first try made, so a retry after a lost answer
   * never queues a second job. Give your own key to make a repeat of the whole call safe too.
   */
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

  /** The finished output's bytes (an `hls` job's master playlist; `output`: one of a job's named
   * `outputs`), read whole into memory: for a large output, `downloadTo` a file or a stream. */
  async download(id: string, output?: string): Promise<Uint8Array> {
    const r = await this.send("GET", outputPath(id, output));
    return new Uint8Array(await r.arrayBuffer());
  }

  /**
   * Streams the finished output to a file's path (Node; written beside it as `PATH.part`, renamed
   * when whole, so the path never holds a partial output) or to a stream, a chunk at a time; the
   * stream is ended (closed) after the last byte unless `end: false`. Answers the bytes written.
   */
  async downloadTo(id: string, target: DownloadTarget, options: { end?: boolean; output?: string } = {}): Promise<number> {
    const r = await this.send("GET", outputPath(id, options.output));
    return writeBody(r, target, options.end ?? true);
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

  /** Submits and, unless `wait: false`, waits for the job; with `out`, downloads its output there
   * (`downloadTo`). */
  async render(spec: JobSpec, options: { wait?: boolean; onProgress?: (fraction: number, job: Job) => void; timeoutMs?: number;
                                         out?: DownloadTarget; idempotencyKey?: string } = {}): Promise<Job> {
    const job = await this.submit(spec, { idempotencyKey: options.idempotencyKey });
    if (options.wait === false) return job;
    const done = await this.wait(job.id, options);
    if (options.out !== undefined) await this.downloadTo(done.id, options.out);
    return done;
  }

  // ---- Seeing before rendering ---------------------------------------------------------------

  /** The server's verdict on a spec (or `{template, merge}`), nothing queued. */
  validate(spec: JobSpec | TemplateMerge): Promise<Verdict> {
    return this.json<Verdict>("POST", "/v1/validate", { json: spec, repeatable: true });
  }

  /** A source's container, streams, metadata and chapters. */
  probe(src: string): Promise<Record<string, unknown>> {
    return this.json("POST", "/v1/probe", { json: { src }, repeatable: true });
  }

  /**
   * The output frame holding `time` (seconds or "N/D") as PNG or JPEG bytes, and its time; for a spec
   * with `outputs`, of the one named `options.output` (default the first).
   */
  async preview(spec: JobSpec, time: number | string, options: { format?: "png" | "jpeg"; width?: number; output?: string } = {}): Promise<{ image: Uint8Array; frameTime: string }> {
    const body: Record<string, unknown> = { spec, time, format: options.format ?? "png" };
    if (options.width !== undefined) body.width = options.width;
    if (options.output !== undefined) body.output = options.output;
    const r = await this.send("POST", "/v1/preview", { json: body, repeatable: true });
    return { image: new Uint8Array(await r.arrayBuffer()), frameTime: r.headers.get("Reel-Frame-Time") ?? "" };
  }

  /** A source's audio as min/max peaks per channel. */
  waveform(src: string, pointsPerSecond = 100): Promise<{ sampleRate: number; pointsPerSecond: number; channels: number; length: number; peaks: number[][] }> {
    return this.json("POST", "/v1/waveform", { json: { src, pointsPerSecond }, repeatable: true });
  }

  /** The job spec's JSON Schema (draft 2020-12). */
  schema(): Promise<Record<string, unknown>> {
    return this.json("GET", "/v1/schema/job-spec.json");
  }

  // ---- Templates and batches ----------------------------------------------------------------

  /** Stores a spec with `{{name}}` placeholders, typed by `options.placeholders` where given. */
  createTemplate(spec: TemplateSpec, options: { name?: string; description?: string; placeholders?: Record<string, PlaceholderDeclaration> } = {}): Promise<Template> {
    const body: Record<string, unknown> = { spec };
    if (options.name !== undefined) body.name = options.name;
    if (options.description !== undefined) body.description = options.description;
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

  /** Queues a template merged with a value per placeholder (with an `Idempotency-Key` as `submit`). */
  submitTemplate(id: string, merge: Record<string, unknown>, options: { idempotencyKey?: string } = {}): Promise<Job> {
    const body: TemplateMerge = { template: id, merge };
    return this.json<Job>("POST", "/v1/jobs", { json: body, headers: idempotency(options.idempotencyKey) });
  }

  /** Queues many jobs, all or none: a template's `rows` of merge values, or `jobs` specs (with an
   * `Idempotency-Key` as `submit`: a retried batch is the same batch). */
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

  private async json<T>(method: string, path: string, call: Call = {}): Promise<T> {
    const r = await this.send(method, path, call);
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

  /** One request, tried again as `ReelOptions.retries` says; an answer of 400 or more is thrown
   * as a `ReelError`. */
  private async send(method: string, path: string, call: Call = {}): Promise<Response> {
    const headers: Record<string, string> = { ...(call.headers ?? {}) };
    if (this.key) headers.Authorization = `Bearer ${this.key}`;
    if (call.json !== undefined) headers["Content-Type"] = "application/json";
    const repeatable = call.repeatable ?? (["GET", "HEAD", "DELETE"].includes(method) || "Idempotency-Key" in headers);
    // A stream given by the caller can be sent once; bytes, JSON and a file's path again.
    const replayable = call.body === undefined || typeof call.body === "function" || !isReadableStream(call.body);
    let lostAnswer = false;
    for (let attempt = 0; ; attempt++) {
      const again = replayable && attempt < this.retries;
      let body: BodyInit | undefined;
      if (call.json !== undefined) body = JSON.stringify(call.json);
      else if (typeof call.body === "function") body = call.body();
      else body = call.body instanceof Uint8Array ? new Blob([call.body]) : call.body;
      const init: RequestInit & { duplex?: "half" } = { method, headers, body, signal: call.signal };
      if (isReadableStream(body)) {
        // `duplex` lets fetch send a stream (Node asks for it; TypeScript 4.8's DOM types lack it).
        // Without a window and with redirects refused, fetch sends the request itself instead of a
        // clone of it, whose tee would keep every chunk sent (Node's fetch: 400 MB held for a
        // 400 MB upload). A stream cannot follow a redirect anyway.
        Object.assign(init, { duplex: "half", window: null, redirect: "error" });
      }
      let r: Response;
      try {
        r = await this.fetcher(this.base + path, init);
      } catch (e) {
        if (isReadableStream(body) && !body.locked) body.cancel().catch(() => undefined);  // a file closed
        // fetch's network errors (refused, reset, closed before the answer) are TypeErrors.
        if (!again || !repeatable || call.signal?.aborted || !(e instanceof TypeError)) throw e;
        lostAnswer = true;
        await pause(this.backoff(attempt), call.signal);
        continue;
      }
      if ((r.status === 429 || r.status === 503) && again) {
        const wait = retryAfterSeconds(r.headers.get("Retry-After"));
        if (wait === null || wait <= 60) {
          await r.arrayBuffer().catch(() => undefined);  // read, so the connection is used again
          await pause(wait === null ? this.backoff(attempt) : wait * 1000, call.signal);
          continue;
        }
      }
      // A DELETE whose answer was lost and is then not found was done by the lost try.
      if (r.status === 404 && method === "DELETE" && lostAnswer) return r;
      if (r.status >= 400) throw await problemOf(r);
      return r;
    }
  }

  /** The wait before try `attempt + 1`: exponential, at most 30 s, half of it random. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(30000, this.retryDelayMs * 2 ** attempt);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }
}

interface Call {
  json?: unknown;
  /** A function makes a fresh body for each try (a file read again). */
  body?: Blob | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array> | (() => ReadableStream<Uint8Array>);
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Whether doing it twice does no more than once, so a connection failure may be tried again
   * (by default: GET, HEAD, DELETE and whatever carries an `Idempotency-Key`). */
  repeatable?: boolean;
}

/** The `ReelError` of an answer of 400 or more (its problem+json). */
async function problemOf(r: Response): Promise<ReelError> {
  let problem: Record<string, unknown> = {};
  try {
    problem = (await r.json()) as Record<string, unknown>;
  } catch {
    problem = {};
  }
  return new ReelError(r.status, String(problem.type ?? ""), String(problem.title ?? r.statusText), String(problem.detail ?? ""),
                       Array.isArray(problem.errors) ? (problem.errors as Problem[]) : [], retryAfterSeconds(r.headers.get("Retry-After")));
}

/** `Retry-After` in seconds from now (RFC 9110: delay-seconds or an HTTP date), or null. */
function retryAfterSeconds(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

/** The submit's `Idempotency-Key` header: the caller's, else a new random one (made once per
 * call, so every try of it sends the same). */
function idempotency(key?: string): Record<string, string> {
  return { "Idempotency-Key": key || randomKey() };
}

function randomKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === "function") return c.randomUUID();
  // `randomUUID` needs a secure context in browsers; `getRandomValues` does not.
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function isReadableStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as ReadableStream | null)?.getReader === "function";
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array> {
  return typeof (value as AsyncIterable<Uint8Array> | null)?.[Symbol.asyncIterator] === "function";
}

/** A web stream pulling from `source` one chunk at a time, so it reads no further ahead than the
 * connection takes (and closes `source`, a file, if the request stops early). */
function streamOf(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await it.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      await it.return?.(reason);
    },
  }, { highWaterMark: 0 });
}

/** Writes a response's body to `target` a chunk at a time; answers the bytes written. */
async function writeBody(r: Response, target: DownloadTarget, end: boolean): Promise<number> {
  let bytes = 0;
  const body = (r.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() })).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({ transform(chunk, c) { bytes += chunk.byteLength; c.enqueue(chunk); } }));
  if (typeof target !== "string" && typeof (target as WritableStream).getWriter === "function") {
    await body.pipeTo(target as WritableStream<Uint8Array>, { preventClose: !end });
    return bytes;
  }
  // Node: a `Writable`, or a file written as PATH.part and renamed when whole.
  const { Readable } = await nodeModule("node:stream");
  const { pipeline } = await nodeModule("node:stream/promises");
  if (typeof target !== "string") {
    await pipeline(Readable.fromWeb(body), target, { end });
    return bytes;
  }
  const fs = await nodeModule("node:fs");
  const partial = `${target}.part`;
  try {
    await pipeline(Readable.fromWeb(body), fs.createWriteStream(partial));
    await fs.promises.rename(partial, target);
  } catch (e) {
    await fs.promises.rm(partial, { force: true });
    throw e;
  }
  return bytes;
}

/**
 * A Node built-in module, loaded only when a path or a Node stream asks for it, so the client still
 * runs where there is none (browsers, Deno without them); untyped, as Node's types are not a
 * dependency of this package.
 */
async function nodeModule(name: string): Promise<any> {
  return import(name);
}

/** A file's type told by its extension (the server tells its kind by its bytes; the type is kept
 * with the asset); `.json` is not `application/json`, which would ask for an import. */
function typeByExtension(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  const types: Record<string, string> = {
    mp4: "video/mp4", m4v: "video/x-m4v", mov: "video/quicktime", webm: "video/webm", mkv: "video/x-matroska",
    mp3: "audio/mpeg", m4a: "audio/mp4", wav: "audio/wav", flac: "audio/flac", ogg: "audio/ogg",
    png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp",
    ttf: "font/ttf", otf: "font/otf", ttc: "font/collection", srt: "application/x-subrip", vtt: "text/vtt",
  };
  return types[ext] ?? "application/octet-stream";
}

/** Waits `ms`, or less when `signal` aborts (then rejects with its reason). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
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
