// An HLS output played through Media Source Extensions, for what the browser's own player does not
// play: a progressive output while it renders (the console's Chromium plays a finished ladder
// itself but not a playlist without `#EXT-X-ENDLIST`), or any HLS output in a browser without an
// HLS player of its own. Reel's renditions are fragmented MP4 (an init section, then `.m4s`
// segments), which a SourceBuffer takes as they are: the first variant's video and its audio
// rendition, each appended segment by segment, each playlist asked for again every target
// duration until it ends (the interval the HLS specification gives a client of a live playlist).
import { parseMaster, parseMedia } from "./playlists.js";

/// Whether this browser can play HLS through Media Source Extensions.
export function canPlayThroughMSE() { return typeof window.MediaSource === "function"; }

/// Plays the master playlist at `url` in `video`; returns a function that stops following it.
/// `onError` hears what made it stop early (a playlist or segment that failed, a codec refused).
export function playHLS(video, url, onError = () => {}) {
  let stopped = false;
  const source = new MediaSource();
  video.src = URL.createObjectURL(source);
  const fetched = async (address, read) => {
    const res = await fetch(address);
    if (!res.ok) throw new Error(`${res.status} for ${address}`);
    return read(res);
  };
  const append = (buffer, data) => new Promise((resolve, reject) => {
    buffer.addEventListener("updateend", resolve, { once: true });
    buffer.addEventListener("error", () => reject(new Error("a segment the browser did not take")), { once: true });
    buffer.appendBuffer(data);
  });
  async function follow(buffer, playlist) {
    let next = 0, initialized = false;
    while (!stopped) {
      const list = parseMedia(await fetched(playlist, (r) => r.text()), playlist);
      if (!initialized && list.init) {
        await append(buffer, await fetched(list.init, (r) => r.arrayBuffer()));
        initialized = true;
      }
      for (; next < list.segments.length && !stopped; next++) await append(buffer, await fetched(list.segments[next], (r) => r.arrayBuffer()));
      if (list.ended) return;
      await new Promise((resolve) => setTimeout(resolve, list.targetDuration * 1000));
    }
  }
  source.addEventListener("sourceopen", async () => {
    try {
      const master = parseMaster(await fetched(url, (r) => r.text()), new URL(url, location.href).href);
      const tracks = [follow(source.addSourceBuffer(`video/mp4; codecs="${master.videoCodecs}"`), master.video)];
      if (master.audio) tracks.push(follow(source.addSourceBuffer(`audio/mp4; codecs="${master.audioCodecs}"`), master.audio));
      await Promise.all(tracks);
      if (!stopped && source.readyState === "open") source.endOfStream();
    } catch (e) {
      if (!stopped) onError(e);
    }
  }, { once: true });
  return () => {
    stopped = true;
    URL.revokeObjectURL(video.src);
  };
}
