// The console's own HLS player reads Reel's playlists (hls/playlists.js): the master playlist as the
// server serves it through an output link (each address signed), a progressive output's media
// playlist while it renders (no ENDLIST) and once finished. The texts are what `reel serve` wrote
// for a progressive 640x360 ladder.
import assert from "node:assert/strict";
import { test } from "node:test";
import { attributes, parseMaster, parseMedia } from "../js/hls/playlists.js";

const sig = "expires=1796317680&signature=2c07a837";
const base = `http://127.0.0.1:8080/v1/jobs/job_1/output?${sig}`;
const master = [
  "#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS",
  `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Audio",DEFAULT=YES,AUTOSELECT=YES,URI="output/audio.m3u8?${sig}"`,
  "#EXT-X-STREAM-INF:BANDWIDTH=31538,AVERAGE-BANDWIDTH=31538,RESOLUTION=640x360,FRAME-RATE=25.000,CODECS=\"avc1.64001e,mp4a.40.2\",AUDIO=\"audio\"",
  `output/video_360p.m3u8?${sig}`,
  "#EXT-X-STREAM-INF:BANDWIDTH=9000,RESOLUTION=320x180,CODECS=\"avc1.64000d,mp4a.40.2\",AUDIO=\"audio\"",
  `output/video_180p.m3u8?${sig}`, ""].join("\n");

test("a tag's attributes, quoted ones with their commas", () => {
  assert.deepEqual(attributes("BANDWIDTH=1,CODECS=\"avc1.64001e,mp4a.40.2\",AUDIO=\"audio\""),
    { BANDWIDTH: "1", CODECS: "avc1.64001e,mp4a.40.2", AUDIO: "audio" });
});

test("the master's first variant and its audio, at addresses signed as the master's", () => {
  assert.deepEqual(parseMaster(master, base), {
    video: `http://127.0.0.1:8080/v1/jobs/job_1/output/video_360p.m3u8?${sig}`,
    videoCodecs: "avc1.64001e",
    audio: `http://127.0.0.1:8080/v1/jobs/job_1/output/audio.m3u8?${sig}`,
    audioCodecs: "mp4a.40.2",
  });
  assert.throws(() => parseMaster("#EXTM3U\n#EXT-X-VERSION:7\n", base), /without a variant/);
  assert.throws(() => parseMaster("<html>", base), /not a playlist/);
});

test("a variant without an audio group carries its own audio", () => {
  const muxed = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS=\"hvc1.2.4.L93.B0\"\nv.m3u8\n";
  assert.deepEqual(parseMaster(muxed, "http://h/a/master.m3u8"), { video: "http://h/a/v.m3u8", videoCodecs: "hvc1.2.4.L93.B0", audio: null, audioCodecs: "" });
});

test("a progressive media playlist grows without an end, then ends", () => {
  const at = `http://127.0.0.1:8080/v1/jobs/job_1/output/video_360p.m3u8?${sig}`;
  const growing = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:EVENT",
    `#EXT-X-MAP:URI="video_360p_init.mp4?${sig}"`, "#EXTINF:2.000000,", `video_360p_00000.m4s?${sig}`,
    "#EXTINF:2.000000,", `video_360p_00001.m4s?${sig}`, ""].join("\n");
  const list = parseMedia(growing, at);
  assert.equal(list.init, `http://127.0.0.1:8080/v1/jobs/job_1/output/video_360p_init.mp4?${sig}`);
  assert.deepEqual(list.segments, [0, 1].map((i) => `http://127.0.0.1:8080/v1/jobs/job_1/output/video_360p_0000${i}.m4s?${sig}`));
  assert.equal(list.ended, false);
  assert.equal(list.targetDuration, 2);
  assert.equal(parseMedia(growing + "#EXTINF:0.5,\nvideo_360p_00002.m4s\n#EXT-X-ENDLIST\n", at).ended, true);
});
