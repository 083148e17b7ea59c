// The TypeScript client (compiled by tsc to REEL_CLIENT_JS) against a real `reel serve` started by
// JSClientTests (REEL_URL, REEL_KEY, REEL_TEST_CLIP: a 2 s 25 fps clip with a tone). Node's own
// test runner and assertions; ffprobe judges what was downloaded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile, writeFile, mkdtemp } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
  await writeFile(out, await reel.download(job.id));
  const probe = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v", "-show_entries",
                                                    "stream=nb_read_frames,width,height", "-of", "json", out]).toString());
  assert.deepEqual(probe.streams[0], { width: 160, height: 120, nb_read_frames: "25" });
  const listed = [];
  for await (const a of reel.assets({ kind: "media", limit: 1 })) listed.push(a.id);
  assert.equal(listed[0], clip.id, "newest first, page after page");
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
