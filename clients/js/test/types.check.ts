// The spec's types at work, compiled and never run: `tsc -p clients/js/test` (strict, no output).
// The valid specs must compile; each mistake below must be an error on the line after its
// `@ts-expect-error` (tsc fails when an expected error does not occur), so a type that grew too
// loose — a misspelt member or a wrong type accepted — fails the build (JSClientTests).
import { Reel } from "../src/reel.js";
import type { JobSpec, Overlay, TemplateSpec, VideoItem } from "../src/reel.js";

// ---- Valid specs ----------------------------------------------------------------------------

/** The smallest render: one uploaded clip. */
export const minimal: JobSpec = { version: 1, timeline: { videos: [{ src: "upload:asset_01J9ZQ3V6T8K2M4N5P7R9S0T1V" }] } };

/** A vertical social clip: trimmed clips with a dissolve, captions, a title, music ducked under a voice-over. */
export const social: JobSpec = {
  $schema: "http://127.0.0.1:8080/v1/schema/job-spec.json",
  version: 1,
  output: { format: "mp4", width: 1080, height: 1920, frameRate: "30000/1001", fit: "blur", blurRadius: 30,
            video: { codec: "h264", crf: 20, preset: "medium", profile: "high" },
            audio: { codec: "aac", sampleRate: 48000, channels: 2, loudness: { target: "streaming", truePeak: -1 } },
            metadata: { title: "Launch", artist: "Reel" }, chapters: [{ start: 0, title: "Intro" }] },
  timeline: {
    videos: [
      { src: "clips/intro.mp4", sourceRange: { start: 2, duration: 5 }, volume: 0.8 },
      { src: "clips/product.mov", duration: "12/5", speed: 1.5, filters: ["grayscale", { type: "contrast", amount: 1.2 }],
        keyframes: [{ time: 0, scale: 1 }, { time: 2, scale: 1.2, easing: "easeInOut" }] },
      { color: "#101820", duration: 1.5 },
    ],
    transitions: [{ type: "dissolve", duration: 0.5 }, null],
    overlays: [
      { type: "captions", start: 0, src: "upload:asset_01J9ZQ3V6T8K2M4N5P7R9S0T1W", highlight: { color: "#FFD400" } },
      { type: "text", start: 0.5, duration: 3, text: "New in 2.0", font: { family: "DejaVu Sans", weight: "bold", size: 72 },
        position: ["50%", "20%"], animations: ["fade", { type: "slideIn", direction: "up", duration: 0.4 }],
        stroke: { color: "#000000", width: 3 }, box: { color: "#00000080", padding: 16, radius: 12 } },
      { type: "shape", start: 0, shape: "rect", frame: { x: 0.05, y: 0.9, width: "90%", height: "8px" },
        fill: { type: "linear", stops: [{ offset: 0, color: "#FF0000" }, { offset: 1, color: "#0000FF" }], from: { x: 0, y: 0 }, to: [1, 0] } },
    ],
    voiceOvers: [{ src: "upload:asset_01J9ZQ3V6T8K2M4N5P7R9S0T1X", start: 1, fadeIn: 0.2 }],
    music: [{ src: "music/bed.m4a", loop: true, duckUnder: "voiceOvers", duckLevel: 0.3,
              volume: [{ time: 0, value: 0 }, { time: 1, value: 1 }] }],
  },
  webhook: { url: "https://hooks.example.org/reel", events: ["succeeded", "failed"] },
  metadata: { name: "launch-vertical", orderId: "ord_1042", customer: { id: 42, tier: "gold" } },
  priority: "high",
};

/** An HLS ladder rendered while it plays, from an editor's OTIO timeline relinked to uploads. */
export const hls: JobSpec = {
  version: 1,
  output: { format: "hls", preset: "1920x1080", hls: { segmentDuration: 4, progressive: true, renditions: [{ height: 1080 }, { height: 540, videoBitrate: 1500000 }] } },
  otio: { OTIO_SCHEMA: "Timeline.1", name: "Cut 3", tracks: { OTIO_SCHEMA: "Stack.1", children: [] } },
  relink: { "file:///Volumes/Media/a.mov": "upload:asset_01J9ZQ3V6T8K2M4N5P7R9S0T1Y" },
};

/** A template: placeholders stand whole for any value, numbers included. */
export const card: TemplateSpec = {
  version: 1,
  output: { width: "{{width}}", height: 1080, draft: "{{draft}}" },
  timeline: { videos: [{ color: "{{color}}", duration: "{{seconds}}" }],
              overlays: [{ type: "text", start: 0, text: "Hello {{name}}", font: { size: "{{size}}" } }] },
};

/** Nested types are named, for specs built piece by piece. */
const intro: VideoItem = { src: "clips/intro.mp4", fit: "fill" };
const title: Overlay = { type: "text", start: 0, text: "Title" };
export const pieces: JobSpec = { version: 1, timeline: { videos: [intro], overlays: [title] } };

/** The client's methods take these types (never called here). */
export async function usage(reel: Reel): Promise<void> {
  await reel.render(social, { out: "out.mp4" });
  await reel.submitBatch({ jobs: [minimal, pieces] });
  await reel.validate({ template: "tpl_01J9ZQ3V6T8K2M4N5P7R9S0T1Z", merge: { color: "#FF0000" } });
  await reel.createTemplate(card, { placeholders: { color: { type: "color" } } });
  const job = await reel.job("job_01J9ZQ3V6T8K2M4N5P7R9S0T20");
  const again: JobSpec | undefined = job.spec;
  if (again) await reel.submit(again, { idempotencyKey: "order-1042" });
}

// ---- Mistakes that do not compile -----------------------------------------------------------

export const typoAtTheRoot: JobSpec = {
  version: 1,
  // @ts-expect-error `timelin` is not a member of a spec
  timelin: { videos: [{ src: "clips/intro.mp4" }] },
};

export const typoInTheTimeline: JobSpec = {
  version: 1,
  // @ts-expect-error `vidoes` is not a member of a timeline
  timeline: { vidoes: [{ src: "clips/intro.mp4" }] },
};

export const colorAsNumber: JobSpec = {
  version: 1,
  // @ts-expect-error a colour is a "#RRGGBB" string
  timeline: { videos: [{ color: 123, duration: 1 }] },
};

export const typoInAnItem: JobSpec = {
  version: 1,
  // @ts-expect-error `durration` is in neither kind of video item
  timeline: { videos: [{ color: "#000000", duration: 1, durration: 2 }] },
};

// @ts-expect-error `version` is required
export const noVersion: JobSpec = { timeline: { videos: [{ src: "clips/intro.mp4" }] } };

export const wrongVersion: JobSpec = {
  // @ts-expect-error only version 1 exists
  version: 2,
  timeline: { videos: [{ src: "clips/intro.mp4" }] },
};

export const unknownFormat: JobSpec = {
  version: 1,
  // @ts-expect-error `mp5` is not a format
  output: { format: "mp5" },
  timeline: { videos: [{ src: "clips/intro.mp4" }] },
};

export const unknownSampleRate: JobSpec = {
  version: 1,
  // @ts-expect-error 44000 Hz is not among the rates
  output: { audio: { sampleRate: 44000 } },
  timeline: { videos: [{ src: "clips/intro.mp4" }] },
};

export const overlayTypo: JobSpec = {
  version: 1,
  timeline: {
    videos: [{ src: "clips/intro.mp4" }],
    // @ts-expect-error `txt` is not a kind of overlay
    overlays: [{ type: "txt", start: 0, text: "Hi" }],
  },
};

export const shortPoint: JobSpec = {
  version: 1,
  timeline: {
    videos: [{ src: "clips/intro.mp4" }],
    // @ts-expect-error a point is [x, y]
    overlays: [{ type: "text", start: 0, text: "Hi", position: [0.5] }],
  },
};

export const sourceAsNumber: JobSpec = {
  version: 1,
  // @ts-expect-error a source is a string
  timeline: { videos: [{ src: 42 }] },
};

export const webhookTypo: JobSpec = {
  version: 1,
  timeline: { videos: [{ src: "clips/intro.mp4" }] },
  // @ts-expect-error `event` is `events`
  webhook: { url: "https://hooks.example.org/reel", event: ["succeeded"] },
};

export const unknownPriority: JobSpec = {
  version: 1,
  timeline: { videos: [{ src: "clips/intro.mp4" }] },
  // @ts-expect-error priorities are high, normal and low
  priority: "urgent",
};

export const templateTypo: TemplateSpec = {
  version: 1,
  // @ts-expect-error a template's members are a spec's
  timelin: { videos: [{ color: "{{color}}", duration: 1 }] },
};

export const notAPlaceholder: TemplateSpec = {
  version: 1,
  // @ts-expect-error a number is a number or a whole "{{name}}"
  output: { width: "wide", height: 1080 },
  timeline: { videos: [{ color: "#000000", duration: 1 }] },
};

export async function misuse(reel: Reel): Promise<void> {
  // @ts-expect-error a template's job is `submitTemplate`'s, not a spec
  await reel.submit({ template: "tpl_01J9ZQ3V6T8K2M4N5P7R9S0T1Z", merge: {} });
  // @ts-expect-error a batch's jobs are specs
  await reel.submitBatch({ jobs: [{ version: 1, timeline: { vidoes: [] } }] });
}
