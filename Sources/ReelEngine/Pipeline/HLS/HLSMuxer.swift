import Foundation
import ReelSpec

/// Options of FFmpeg's `hls` muxer for one media playlist of an HLS output: fMP4 segments of
/// `segmentDuration` (cut at the first keyframe at or after each multiple of it), a complete VOD
/// playlist or, for a progressive output, an EVENT playlist rewritten after each segment (through a
/// temporary file, so a reader never sees half of one), files named after the playlist. A video
/// playlist keeps its timestamps as the encoder gave them (`avoid_negative_ts` off): with B-frames
/// the first packet's decoding time is before 0, and the muxer's default shift would start the
/// video two frames after the audio; kept, the init segment's edit list starts it at 0.
enum HLSMuxer {
    static func options(name: String, folder: String, hls: HLSPlan, video: Bool) -> [(String, String)] {
        let segmentDuration = hls.segmentDuration
        // The muxer counts time in microseconds; rounding down keeps every forced keyframe (at or
        // after each exact multiple) a place it cuts.
        let seconds = Time(value: segmentDuration.ticks(in: 1_000_000, rounding: .down), timescale: 1_000_000).description
        let timestamps = video ? [("avoid_negative_ts", "disabled")] : []
        return [
            ("hls_time", seconds), ("hls_segment_type", "fmp4"), ("hls_playlist_type", hls.progressive ? "event" : "vod"), ("hls_list_size", "0"),
            // The segment name is a printf template: a `%` of the folder's own is doubled.
            ("hls_segment_filename", folder.replacingOccurrences(of: "%", with: "%%") + "/" + name + "_%05d.m4s"), ("hls_fmp4_init_filename", name + "_init.mp4"),
            ("hls_flags", hls.progressive ? "independent_segments+temp_file" : "independent_segments"),
        ] + timestamps
    }
}
