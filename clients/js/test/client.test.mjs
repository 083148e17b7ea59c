// The TypeScript client (compiled by tsc to REEL_CLIENT_JS) against a real `reel serve` started by
// JSClientTests (REEL_URL, REEL_KEY, REEL_TEST_CLIP: a 2 s 25 fps clip with a tone). Node's own
// test runner and assertions; ffprobe judges what was downloaded; a proxy written here loses
// answers and answers 503/429 itself to test retries.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile, mkdtemp, rm, truncate } from "node:fs/promises";
import { createReadStream, createWriteStream } from "node:fs";
import { execFileSync } from "node:child_process";
import http from "node:http";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

const { Reel, ReelError, JobFailed } = await import(process.env.REEL_CLIENT_JS);
const reel = new Reel(process.env.REEL_URL, { key: process.env.REEL_KEY });
const card = (color, seconds = 0.5) => ({ version: 1, output: { width: 64, height: 48, frameRate: 10 },
                                          timeline: { videos: [{ color, duration: seconds }] } });

test("upload, render with progress, download", async () => {
  const bytes = await readFile(process.env.REEL_TEST_CLIP);
  const clip = await reel.upload(bytes, { contentType: "video/mp4", filename: "clip.mp4" });
  assert.match(clip.src, /^upload:asset_/);
  assert.equal((await reel.asset(clip.id)).filename, "clip.mp4");
  const seen = [];
  const job = await reel.render({ version: 1, output: { width: 160, height: 120, frameRate: 25 },
                                  timeline: { videos: [{ src: clip.src, sourceRange: { start: 0.4, duration: 1 } }] } },
                                { onProgress: (p) => seen.push(p), timeoutMs: 60000 });
  assert.equal(job.status, "succeeded");
  assert.equal(seen.at(-1), 1);
  const dir = await mkdtemp(join(tmpdir(), "reel-js-"));
  const out = join(dir, "out.mp4");
  const whole = await reel.download(job.id);
  assert.equal(await reel.downloadTo(job.id, out), whole.length, "streamed to a file");
  assert.deepEqual(await readFile(out), Buffer.from(whole));
  const nodeStream = createWriteStream(join(dir, "node.mp4"));
  await reel.downloadTo(job.id, nodeStream);
  assert.deepEqual(await readFile(join(dir, "node.mp4")), Buffer.from(whole), "streamed to a Node stream");
  const webChunks = [];
  await reel.downloadTo(job.id, new WritableStream({ write: (chunk) => { webChunks.push(chunk); } }));
  assert.deepEqual(Buffer.concat(webChunks), Buffer.from(whole), "streamed to a web stream");
  const probe = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v", "-show_entries",
                                                    "stream=nb_read_frames,width,height", "-of", "json", out]).toString());
  assert.deepEqual(probe.streams[0], { width: 160, height: 120, nb_read_frames: "25" });
  const listed = [];
  for await (const a of reel.assets({ kind: "media", limit: 1 })) listed.push(a.id);
  assert.equal(listed[0], clip.id, "newest first, page after page");
  await rm(dir, { recursive: true, force: true });
});

test("named outputs are downloaded by name", async () => {
  const job = await reel.render({ version: 1, outputs: [{ name: "wide", width: 96, height: 64, frameRate: 10 },
                                                        { name: "poster", format: "png", width: 48, height: 32, time: 0.5 }],
                                  timeline: { videos: [{ color: "#336699", duration: 1 }] } }, { timeoutMs: 60000 });
  assert.equal(job.status, "succeeded");
  assert.equal(job.output, null);
  assert.deepEqual(job.outputs.map((o) => o.name), ["wide", "poster"]);
  const dir = await mkdtemp(join(tmpdir(), "reel-js-named-"));
  const wide = join(dir, "wide.mp4");
  const bytes = await reel.downloadTo(job.id, wide, { output: "wide" });
  assert.equal(bytes, job.outputs[0].bytes);
  const probe = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v", "-show_entries",
                                                    "stream=nb_read_frames,width,height", "-of", "json", wide]).toString());
  assert.deepEqual(probe.streams[0], { width: 96, height: 64, nb_read_frames: "10" });
  const poster = await reel.download(job.id, "poster");
  assert.deepEqual([...poster.slice(1, 4)].map((c) => String.fromCharCode(c)).join(""), "PNG");
  await assert.rejects(reel.download(job.id), (e) => e instanceof ReelError && e.status === 404, "no one output");
  await rm(dir, { recursive: true, force: true });
});

test("uploads from a path, a Node stream and a web stream", async () => {
  const clipPath = process.env.REEL_TEST_CLIP;
  const bytes = await readFile(clipPath);
  const fromBytes = await reel.upload(bytes);
  const fromPath = await reel.upload(clipPath);
  assert.equal(fromPath.filename, basename(clipPath), "a path's file name");
  assert.equal(fromPath.contentType, "video/mp4", "a path's type by its extension");
  const fromNode = await reel.upload(createReadStream(clipPath, { highWaterMark: 4096 }), { contentType: "video/mp4" });
  let at = 0;
  const web = new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + 1000)));
      at += 1000;
    },
  });
  const fromWeb = await reel.upload(web, { contentType: "video/mp4", filename: "web.mp4" });
  for (const asset of [fromPath, fromNode, fromWeb]) {
    assert.equal(asset.status, "ready");
    assert.equal(asset.kind, fromBytes.kind);
    assert.equal(asset.bytes, bytes.length);
    assert.equal(asset.sha256, fromBytes.sha256, "the same bytes arrived");
  }
  for (const asset of [fromBytes, fromPath, fromNode, fromWeb]) await reel.deleteAsset(asset.id);
});

test("a 400 MB upload from a file adds under 64 MiB to the client's memory", async (t) => {
  const dir = await mkdtemp(join(tmpdir(), "reel-js-big-"));
  try {
    // A real MP4 (index first) padded with zeros to 400 MB: the server reads every byte, then
    // probes and keeps it as media, so the answer says how many bytes arrived. (Sparse on disk.)
    const big = join(dir, "big.mp4");
    execFileSync("ffmpeg", ["-v", "error", "-i", process.env.REEL_TEST_CLIP, "-c", "copy", "-movflags", "+faststart", big]);
    await truncate(big, 400_000_000);
    // A small upload from a path first, so that loading fetch's and the file system's code is not
    // counted as the big one's.
    await reel.deleteAsset((await reel.upload(process.env.REEL_TEST_CLIP)).id);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sample = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
    let asset;
    try {
      asset = await reel.upload(big);
    } finally {
      clearInterval(sample);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    assert.equal(asset.bytes, 400_000_000, "every byte arrived");
    assert.equal(asset.status, "ready", "kept as media");
    const added = (peak - baseline) / 2 ** 20;
    t.diagnostic(`the upload added ${added.toFixed(1)} MiB to the RSS`);
    assert.ok(added < 64, `the upload added ${added.toFixed(1)} MiB to the RSS`);
    await reel.deleteAsset(asset.id);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/**
 * An HTTP proxy in front of the server that misbehaves where `plan(request, n)` says (n: how many
 * tries of that method and path came before): `"drop"` forwards the request, lets the server
 * answer, and closes the client's connection without that answer; `{status, retryAfter}` answers
 * itself; anything else forwards. `tries` records each request's method, path and Idempotency-Key.
 */
async function misbehavingProxy(plan) {
  const upstream = new URL(process.env.REEL_URL);
  const tries = [];
  const server = http.createServer((req, res) => {
    const n = tries.filter((t) => t.method === req.method && t.path === req.url).length;
    tries.push({ method: req.method, path: req.url, key: req.headers["idempotency-key"] });
    const action = plan(req, n);
    if (action?.status) {
      req.resume();
      req.on("end", () => {
        res.writeHead(action.status, { "Content-Type": "application/problem+json", "Retry-After": action.retryAfter });
        res.end(JSON.stringify({ type: "about:blank", title: "Busy", status: action.status, detail: "the proxy says so" }));
      });
      return;
    }
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (action === "drop") {
        answer.resume();
        answer.on("end", () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    tries: (method, path) => tries.filter((t) => t.method === method && t.path === path),
    close: () => { server.closeAllConnections(); server.close(); },
  };
}

test("retries: a submit whose answer was lost makes one job; an upload's is not repeated", async () => {
  let jobPath = null;
  const proxy = await misbehavingProxy((req, n) => {
    if (req.method === "POST" && req.url === "/v1/jobs") return ["drop", { status: 503, retryAfter: "0" }, null, { status: 503, retryAfter: "0" }][n];
    if (req.method === "POST" && req.url === "/v1/assets") return "drop";
    // An HTTP date, as a proxy may send: a second from now at most.
    if (req.method === "GET" && req.url === jobPath && n === 0) return { status: 429, retryAfter: new Date(Date.now() + 1000).toUTCString() };
    return null;
  });
  try {
    const client = new Reel(proxy.url, { key: process.env.REEL_KEY, retryDelayMs: 50 });
    const name = `retried-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    // 1: the server makes the job, its answer is lost; 2: 503 Retry-After 0; 3: the job again.
    const job = await client.submit({ ...card("#224466"), metadata: { name } });
    const keys = proxy.tries("POST", "/v1/jobs").map((t) => t.key);
    assert.equal(keys.length, 3, "three tries");
    assert.match(keys[0], /^[0-9a-f-]{32,36}$/, "a key the client made");
    assert.deepEqual(keys, [keys[0], keys[0], keys[0]], "one key for every try");
    assert.equal(job.idempotencyKey, keys[0]);
    const found = [];
    for await (const j of reel.jobs({ metadata: ["name", name] })) found.push(j.id);
    assert.deepEqual(found, [job.id], "exactly one job");
    jobPath = `/v1/jobs/${job.id}`;
    assert.equal((await client.job(job.id)).id, job.id, "a 429 with an HTTP date tried again");
    assert.equal(proxy.tries("GET", jobPath).length, 2);
    // Without retries the proxy's 503 is the caller's.
    const once = new Reel(proxy.url, { key: process.env.REEL_KEY, retries: 0 });
    await assert.rejects(once.submit(card("#224466")), (e) => e instanceof ReelError && e.status === 503 && e.retryAfter === 0);
    assert.equal(proxy.tries("POST", "/v1/jobs").length, 4);
    // An upload has no Idempotency-Key: after a lost answer it is not sent again.
    await assert.rejects(client.upload(new Uint8Array(await readFile(process.env.REEL_TEST_CLIP))), (e) => e instanceof TypeError);
    assert.equal(proxy.tries("POST", "/v1/assets").length, 1, "sent once");
    await reel.delete(job.id);
  } finally {
    proxy.close();
  }
});

test("a typo is the server's 422 at its pointer; a cancelled job is JobFailed", async () => {
  await assert.rejects(reel.submit({ version: 1, timeline: { videos: [{ color: "#000000", duration: 1, durration: 2 }] } }),
                       (e) => e instanceof ReelError && e.status === 422 && e.pointers.includes("/timeline/videos/0/durration"));
  await assert.rejects(reel.job("job_00000000000000000000000000"), (e) => e instanceof ReelError && e.status === 404);
  const long = await reel.submit({ version: 1, output: { width: 640, height: 360, video: { preset: "medium" } },
                                   timeline: { videos: [{ color: "#336699", duration: 600 }] } });
  await reel.cancel(long.id);
  await assert.rejects(reel.wait(long.id, { timeoutMs: 60000 }), (e) => e instanceof JobFailed && e.code === "canceled");
});

test("validate, probe, preview, waveform, schema", async () => {
  const bad = await reel.validate({ version: 1, timeline: { videos: [{ color: "#00000", duration: 1 }] } });
  assert.equal(bad.valid, false);
  assert.deepEqual(bad.errors.map((e) => e.pointer), ["/timeline/videos/0/color"]);
  const good = await reel.validate(card("#102030"));
  assert.equal(good.valid, true);
  assert.equal(good.frames, 5);
  const clip = await reel.upload(await readFile(process.env.REEL_TEST_CLIP), { contentType: "video/mp4" });
  const info = await reel.probe(clip.src);
  assert.deepEqual(info.streams.map((s) => s.type).sort(), ["audio", "video"]);
  const { image, frameTime } = await reel.preview(card("#2060A0", 1), 0.37, { width: 32 });
  assert.deepEqual([...image.slice(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "a PNG");
  assert.equal(frameTime, "0.3", "the frame holding 0.37 s at 10 fps");
  const peaks = await reel.waveform(clip.src, 10);
  assert.equal(peaks.pointsPerSecond, 10);
  assert.equal(peaks.peaks.length, peaks.channels);
  assert.ok(Math.max(...peaks.peaks[0]) > 0.1, "the tone's peaks");
  const schema = await reel.schema();
  assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
});

test("templates, batches, listings and the key's events", async () => {
  const controller = new AbortController();
  const events = [];
  const watching = (async () => {
    try {
      for await (const e of reel.events(undefined, { signal: controller.signal })) events.push(e);
    } catch (e) {
      if (!controller.signal.aborted) throw e;
    }
  })();
  const template = await reel.createTemplate(card("{{color}}"), { name: "card", placeholders: { color: { type: "color", label: "Card" } } });
  assert.deepEqual(template.placeholders, { color: { type: "color", label: "Card", required: true } });
  assert.deepEqual((await reel.template(template.id)).spec, card("{{color}}"));
  const listed = [];
  for await (const t of reel.templates({ limit: 1 })) listed.push(t.id);
  assert.ok(listed.includes(template.id));
  const job = await reel.submitTemplate(template.id, { color: "#AA0000" });
  assert.equal((await reel.wait(job.id, { timeoutMs: 60000 })).status, "succeeded");
  const batch = await reel.submitBatch({ template: template.id, rows: [{ color: "#00AA00" }, { color: "#0000AA" }] });
  const ids = batch.jobs.map((j) => (typeof j === "string" ? j : j.id));
  assert.equal(ids.length, 2);
  for (const id of ids) await reel.wait(id, { timeoutMs: 60000 });
  assert.equal((await reel.batch(batch.id)).counts.succeeded, 2);
  const inBatch = [];
  for await (const j of reel.jobs({ batch: batch.id, limit: 1 })) inBatch.push(j.id);
  assert.deepEqual(inBatch.sort(), [...ids].sort());
  const named = await reel.submit({ ...card("#123456"), metadata: { name: "Named in JS" } });
  const found = [];
  for await (const j of reel.jobs({ metadata: ["name", "Named in JS"] })) found.push(j.id);
  assert.deepEqual(found, [named.id], "found by its metadata's name");
  // The key's stream saw the template's job end.
  const deadline = Date.now() + 30000;
  while (!events.some((e) => e.name === "job" && e.data.id === job.id && e.data.status === "succeeded") && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  controller.abort();
  await watching;
  assert.ok(events.some((e) => e.name === "job" && e.data.id === job.id && e.data.status === "succeeded"), "the key's events");
  await reel.deleteBatch(batch.id);
  await reel.deleteTemplate(template.id);
  await assert.rejects(reel.template(template.id), (e) => e instanceof ReelError && e.status === 404);
});

test("keys: a read key only reads; a deleted key is refused at once", async () => {
  const made = await reel.createKey("read");
  assert.match(made.key, /^reel_[0-9a-f]{64}$/);
  const listed = await reel.keys();
  assert.ok(listed.some((k) => k.id === made.id && k.scope === "read" && k.current === false), JSON.stringify(listed));
  assert.ok(!JSON.stringify(listed).includes(made.key), "no secret is listed");
  const reader = new Reel(process.env.REEL_URL, { key: made.key });
  for await (const _ of reader.jobs({ limit: 1 })) break;
  await assert.rejects(reader.submit(card("#000000")), (e) => e instanceof ReelError && e.status === 403 && e.type === "urn:reel:problem:read-only-key");
  await reel.deleteKey(made.id);
  await assert.rejects(reader.job("job_00000000000000000000000000"), (e) => e instanceof ReelError && e.status === 401);
});
