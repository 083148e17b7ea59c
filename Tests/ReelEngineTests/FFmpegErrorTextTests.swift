import CFFmpeg
import Foundation
@testable import ReelEngine
import XCTest

/// Every FFmpeg error code reaches a user as words that say what to do, never "Error number N";
/// a source's failure names the file, the step and where, with FFmpeg's words last, never alone.
final class FFmpegErrorTextTests: XCTestCase {
    func testACodeFFmpegHasNoWordsForIsNamedAndExplained() {
        // What three mutated MPEG-TS inputs returned (a decoder's private value).
        let text = FFmpegError(-67_308_554, "avcodec_send_packet").message
        XCTAssertFalse(text.contains("Error number"), text)
        XCTAssertTrue(text.contains("-67308554"), text)
        XCTAssertTrue(text.contains("upload it again"), text)
    }

    func testTheCodesUsersMeetSayWhatToDo() {
        let invalid = FFmpegError(reel_averror_invaliddata(), "avformat_open_input").message
        XCTAssertTrue(invalid.hasPrefix("Invalid data found when processing input"), invalid)
        XCTAssertTrue(invalid.contains("upload it again"), invalid)
        XCTAssertTrue(FFmpegError(reel_averror_decoder_not_found(), "avcodec_find_decoder").message.contains("convert it"))
        XCTAssertTrue(FFmpegError(reel_averror_eof(), "av_read_frame").message.contains("ends early"))
        XCTAssertEqual(FFmpegError(reel_averror(ENOMEM), "av_frame_get_buffer").message, "Cannot allocate memory", "errno codes keep FFmpeg's words")
    }

    /// The job error a client reads (`RenderError.description` through `SourceNames`), for the
    /// codes mutated media met as bare words: "Invalid argument", "Function not implemented",
    /// "Operation not permitted" (FFmpeg's bare -1, never about permissions).
    func testASourcesFailureSaysWhichFileWhichStepAndWhatItMeans() {
        let names = SourceNames(mediaRoot: "/srv/media", dataRoot: "/srv/data")
        func jobError(_ code: Int32, _ step: FFmpegError.Reading.Step, stream: String? = nil, seconds: Double? = nil) -> String {
            let path = "/srv/media/clips/a.mp4"
            let cause = FFmpegError(code, "f", "", reading: FFmpegError.Reading(path: path, step: step, stream: stream, seconds: seconds))
            return names.clientFacing(RenderError.source(pointer: "/timeline/videos/0", path: path, cause: cause).description)
        }
        let damaged = "the file appears damaged, or is not a kind of media Reel reads; export or upload it again"
        XCTAssertEqual(jobError(reel_averror(EINVAL), .decoding, stream: "the video stream", seconds: 2.5),
                       "/timeline/videos/0 (clips/a.mp4): clips/a.mp4: the video stream could not be decoded at 2.5 s: \(damaged) (FFmpeg: Invalid argument)")
        XCTAssertEqual(jobError(reel_averror(ENOSYS), .findingDecoder(codec: "none"), stream: "the video stream"),
                       "/timeline/videos/0 (clips/a.mp4): clips/a.mp4: the video stream's codec is unknown: the file uses a format or feature "
                       + "Reel cannot read, or its header is damaged; convert it to H.264 or HEVC in MP4, or export it again (FFmpeg: Function not implemented)")
        XCTAssertEqual(jobError(reel_averror(EPERM), .decoding, stream: "the audio stream", seconds: 0.163),
                       "/timeline/videos/0 (clips/a.mp4): clips/a.mp4: the audio stream could not be decoded at 0.163 s: \(damaged) "
                       + "(FFmpeg: Operation not permitted, FFmpeg's catch-all -1)")
        XCTAssertEqual(jobError(reel_averror(EINVAL), .openingDecoder, stream: "the audio stream"),
                       "/timeline/videos/0 (clips/a.mp4): clips/a.mp4: the decoder for the audio stream could not be opened: \(damaged) (FFmpeg: Invalid argument)")
        XCTAssertEqual(jobError(reel_averror(EINVAL), .converting(shape: "23-channel audio at 44100 Hz"), stream: "the audio stream", seconds: 0.325),
                       "/timeline/videos/0 (clips/a.mp4): clips/a.mp4: the audio stream could not be converted for the output at 0.325 s "
                       + "(it decodes as 23-channel audio at 44100 Hz): \(damaged) (FFmpeg: Invalid argument)")
        XCTAssertEqual(jobError(reel_averror_invaliddata(), .seeking, stream: "the video stream", seconds: 12),
                       "/timeline/videos/0 (clips/a.mp4): clips/a.mp4: seeking in the video stream to 12 s failed: \(damaged) "
                       + "(FFmpeg: Invalid data found when processing input)")
        XCTAssertEqual(jobError(reel_averror(ENOENT), .opening),
                       "/timeline/videos/0 (clips/a.mp4): clips/a.mp4: could not be opened as media: the file is no longer there "
                       + "(it was moved or deleted after the job was accepted) (FFmpeg: No such file or directory)")
    }

    /// Whatever the code and the step, a source's text starts with the file, says what failed and
    /// what that means, and ends with FFmpeg's words in brackets; the message a planner puts after
    /// "\"a.mp4\" cannot be read as media: " never starts with FFmpeg's words either.
    func testNoCodeIsEverShownAlone() {
        let codes: [Int32] = [reel_averror(EINVAL), reel_averror(ENOSYS), reel_averror(EPERM), reel_averror(EIO), reel_averror(ENOMEM),
                              reel_averror(ENOENT), reel_averror(EACCES), reel_averror(ETIMEDOUT), reel_averror_invaliddata(),
                              reel_averror_eof(), reel_averror_patchwelcome(), reel_averror_decoder_not_found(), -67_308_554]
        let steps: [FFmpegError.Reading.Step] = [.opening, .probing, .reading, .seeking, .findingDecoder(codec: "prores"), .openingDecoder,
                                                 .decoding, .converting(shape: "2-channel audio at 7 Hz")]
        for code in codes {
            let words = FFmpegError.words(for: code)
            for step in steps {
                let e = FFmpegError(code, "f", "", reading: FFmpegError.Reading(path: "clips/a.mp4", step: step, stream: "the audio stream", seconds: 1))
                let text = e.description
                XCTAssertTrue(text.hasPrefix("clips/a.mp4: "), text)
                XCTAssertTrue(text.hasSuffix("(FFmpeg: \(words))"), text)
                XCTAssertFalse(text.contains("Error number"), text)
                XCTAssertFalse(e.message.hasPrefix(words), "FFmpeg's words come last: \(e.message)")
                XCTAssertTrue(e.message.contains("file") || e.message.contains("server"), "says what it means: \(e.message)")
            }
        }
    }

    /// A damaged header: the sample entry of an MP4's video stream names no codec ("avc1"
    /// overwritten). The file probes, so the job is accepted, and fails when the render opens its
    /// decoder: the error names the item, the file, the stream and the step, not just "Function not
    /// implemented".
    func testAnMP4WhoseCodecIsOverwrittenSaysWhichStreamAndWhy() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x64:r=10:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", ws.path("clip.mp4")])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ws.path("clip.mp4"))))
        // `stsd`: its version and flags, the entry count, then the first entry's size and format.
        let entry = try XCTUnwrap(Self.offsets(of: "stsd", in: bytes).map { $0 + 16 }.first { Array(bytes[$0..<($0 + 4)]) == Array("avc1".utf8) })
        bytes.replaceSubrange(entry..<(entry + 4), with: Array("zzzz".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: ws.path("tagged.mp4")))
        let plan = try ws.plan(#"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10 }, "timeline": { "videos": [ { "src": "tagged.mp4" } ] } }"#)
        XCTAssertThrowsError(try Renderer(plan: plan).render(to: ws.path("out.mp4"))) { error in
            guard case let RenderError.source(pointer, _, cause) = error, let e = cause as? FFmpegError else { return XCTFail("\(error)") }
            XCTAssertEqual(pointer, "/timeline/videos/0")
            XCTAssertEqual(e.reading?.step, .findingDecoder(codec: "none"))
            XCTAssertEqual(e.reading?.stream, "the video stream")
            let text = SourceNames(mediaRoot: ws.root, dataRoot: ws.root + "/data").clientFacing("\(error)")
            XCTAssertTrue(text.hasPrefix("/timeline/videos/0 (tagged.mp4): tagged.mp4: the video stream's codec is unknown: "), text)
            XCTAssertTrue(text.contains("its header is damaged"), text)
            XCTAssertTrue(text.hasSuffix("(FFmpeg: Function not implemented)"), text)
        }
    }

    /// A damaged packet in the media data: the AAC packet at 1 s holds a shorter whole frame and
    /// then bytes that are none. The decoder decodes the frame and fails on the rest, so the render
    /// fails there; the error names the music item, its file, the stream and the time.
    func testADamagedAudioPacketSaysWhereInTheStreamItIs() throws {
        let ws = try Workspace()
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2", "-c:a", "aac", ws.path("tone.m4a")])
        let listing = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "a", "-show_entries", "packet=pts_time,size,pos",
                                                "-of", "csv=p=0", ws.path("tone.m4a")])
        let packets = listing.text.split(separator: "\n").compactMap { line -> (time: Double, size: Int, pos: Int)? in
            let f = line.split(separator: ",")
            guard f.count >= 3, let t = Double(f[0]), let s = Int(f[1]), let p = Int(f[2]) else { return nil }
            return (t, s, p)
        }
        let target = try XCTUnwrap(packets.firstIndex { $0.time >= 1 }, listing.text)
        let damaged = packets[target]
        let donor = try XCTUnwrap(packets[..<target].last { $0.time >= 0 && $0.size < damaged.size })
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ws.path("tone.m4a"))))
        let frame = Array(bytes[donor.pos..<(donor.pos + donor.size)])
        bytes.replaceSubrange(damaged.pos..<(damaged.pos + damaged.size),
                              with: frame + [UInt8](repeating: 0x20, count: damaged.size - donor.size))
        try Data(bytes).write(to: URL(fileURLWithPath: ws.path("tone.m4a")))
        let plan = try ws.plan(##"{ "version": 1, "output": { "width": 64, "height": 64, "frameRate": 10 }, "timeline": { "videos": [ { "color": "#000000", "duration": 2 } ], "music": [ { "src": "tone.m4a" } ] } }"##)
        XCTAssertThrowsError(try Renderer(plan: plan).render(to: ws.path("out.mp4"))) { error in
            guard case let RenderError.source(pointer, _, cause) = error, let e = cause as? FFmpegError else { return XCTFail("\(error)") }
            XCTAssertEqual(pointer, "/timeline/music/0")
            XCTAssertEqual(e.reading?.step, .decoding)
            XCTAssertEqual(e.reading?.stream, "the audio stream")
            XCTAssertEqual(e.reading?.seconds ?? -1, damaged.time, accuracy: 0.025, "the damaged packet's time (one AAC frame is 21 ms)")
            let text = SourceNames(mediaRoot: ws.root, dataRoot: ws.root + "/data").clientFacing("\(error)")
            XCTAssertTrue(text.hasPrefix("/timeline/music/0 (tone.m4a): tone.m4a: the audio stream could not be decoded at 1.0"), text)
            XCTAssertTrue(text.contains(": the file appears damaged"), text)
            XCTAssertTrue(text.hasSuffix(")") && text.contains(" (FFmpeg: "), text)
        }
    }

    static func offsets(of tag: String, in bytes: [UInt8]) -> [Int] {
        let t = Array(tag.utf8)
        guard bytes.count >= t.count + 20 else { return [] }
        return (0...(bytes.count - t.count - 20)).filter { Array(bytes[$0..<($0 + t.count)]) == t }
    }
}
