// HLS playlists read for the console's own player (hls/player.js): the master's first variant and
// its audio, a media playlist's init section and segments. Pure (no DOM): the Node tests import it.

/// The attributes of a tag's value (`KEY=value,KEY="quoted, with commas"`), quotes taken off.
export function attributes(text) {
  const out = {};
  for (const m of text.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) out[m[1]] = m[2].startsWith("\"") ? m[2].slice(1, -1) : m[2];
  return out;
}

/// A master playlist at `base`: its first variant's playlist (`video`, absolute) and codecs, and
/// the audio rendition it names (`audio`, null where the variant carries its own), each codec list
/// split into the video's and the audio's (`avc1…`, `hvc1…` against `mp4a…`).
export function parseMaster(text, base) {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== "#EXTM3U") throw new Error("not a playlist");
  const audios = {};
  for (const l of lines) {
    if (!l.startsWith("#EXT-X-MEDIA:")) continue;
    const a = attributes(l.slice(13));
    if (a.TYPE === "AUDIO" && a.URI) audios[a["GROUP-ID"]] = new URL(a.URI, base).href;
  }
  const at = lines.findIndex((l) => l.startsWith("#EXT-X-STREAM-INF:"));
  const uri = at < 0 ? undefined : lines.slice(at + 1).find((l) => l && !l.startsWith("#"));
  if (!uri) throw new Error("a master playlist without a variant");
  const inf = attributes(lines[at].slice(18));
  const codecs = (inf.CODECS || "").split(",").map((c) => c.trim()).filter(Boolean);
  const isAudio = (c) => c.startsWith("mp4a") || c.startsWith("opus") || c.startsWith("ac-3") || c.startsWith("ec-3");
  return {
    video: new URL(uri, base).href,
    videoCodecs: codecs.filter((c) => !isAudio(c)).join(","),
    audio: (inf.AUDIO && audios[inf.AUDIO]) || null,
    audioCodecs: codecs.filter(isAudio).join(","),
  };
}

/// A media playlist at `base`: its init section (`#EXT-X-MAP`), its segments in order (absolute),
/// whether it has ended (`#EXT-X-ENDLIST`: a progressive output still rendering has not) and its
/// target duration in seconds (how often a player asks for it again meanwhile).
export function parseMedia(text, base) {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== "#EXTM3U") throw new Error("not a playlist");
  let init = null, targetDuration = 1, ended = false;
  const segments = [];
  for (const l of lines) {
    if (l.startsWith("#EXT-X-MAP:")) init = new URL(attributes(l.slice(11)).URI, base).href;
    else if (l.startsWith("#EXT-X-TARGETDURATION:")) targetDuration = Number(l.slice(22)) || 1;
    else if (l === "#EXT-X-ENDLIST") ended = true;
    else if (l && !l.startsWith("#")) segments.push(new URL(l, base).href);
  }
  return { init, segments, ended, targetDuration };
}
