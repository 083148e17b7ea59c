// How the pages write numbers for people: sizes, lengths, dates.

/// Bytes as people read them: "512 B", "1.5 KB", "12.3 MB", "2.04 GB" (powers of 1000).
export function size(bytes) {
  if (bytes === null || bytes === undefined || !Number.isFinite(Number(bytes))) return "";
  const b = Number(bytes);
  if (b < 1000) return b + " B";
  const units = ["KB", "MB", "GB", "TB"];
  let v = b / 1000, u = 0;
  while (v >= 1000 && u < units.length - 1) { v /= 1000; u++; }
  return (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) + " " + units[u];
}

/// Seconds as "m:ss.s" from a minute on, else "s.ss s"; "" when unknown.
export function length(seconds) {
  if (seconds === null || seconds === undefined || seconds === "") return "";
  const s = Number(seconds);
  if (!Number.isFinite(s)) return "";
  if (s < 60) return s.toFixed(2) + " s";
  const m = Math.floor(s / 60);
  return m + ":" + (s - m * 60).toFixed(1).padStart(4, "0");
}

/// A content type's short name for a column: "MP4", "HLS", "PNG", "WAV"…
export function format(contentType) {
  if (!contentType) return "";
  if (contentType.includes("mpegurl")) return "HLS";
  const sub = contentType.split("/")[1] || contentType;
  const names = { mp4: "MP4", quicktime: "MOV", webm: "WebM", png: "PNG", jpeg: "JPEG", gif: "GIF", webp: "WebP",
                  wav: "WAV", "x-wav": "WAV", mpeg: "MP3", mp4a: "M4A", aac: "AAC", ogg: "Ogg", flac: "FLAC" };
  return names[sub.split(";")[0]] || sub.toUpperCase();
}
