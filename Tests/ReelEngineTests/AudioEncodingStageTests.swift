@testable import ReelEngine
import ReelSpec
import ReelBasics
import TestSupport
import XCTest

/// The audio track encoded on its own thread: the same packets as encoding it in line, handed over
/// exactly up to each boundary, and a stop that never hangs.
final class AudioEncodingStageTests: XCTestCase {
    private struct Encoded: Equatable {
        let pts: Int64
        let data: [UInt8]
        init(_ p: Packet) {
            pts = p.pts
            data = Array(UnsafeBufferPointer(start: p.pointer.pointee.data, count: Int(p.pointer.pointee.size)))
        }
    }

    /// The track encoder for `seconds` of a mixed tone and voice-over, as a render would build it.
    private func track(_ ws: Workspace, seconds: Int) throws -> AudioTrackEncoder {
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=\(seconds)", ws.path("bed.wav")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=48000:duration=1", ws.path("vo.wav")])
        let plan = try ws.plan("""
        { "version": 1, "output": { "format": "m4a" },
          "timeline": { "music": [ { "src": "bed.wav", "volume": 0.5, "duckUnder": "voiceOvers" } ],
                        "voiceOvers": [ { "src": "vo.wav", "start": 0.5 } ] } }
        """)
        return AudioTrackEncoder(plan: plan, encoder: try OutputEncoders.audio(plan, globalHeader: false))
    }

    func testStagedPacketsEqualInLineEncodingAndSplitAtEachBoundary() throws {
        let ws = try Workspace()
        var inLine: [Encoded] = []
        try track(ws, seconds: 2).finish { inLine.append(Encoded($0)) }
        XCTAssertGreaterThan(inLine.count, 90, "2 s of 48 kHz AAC is about 95 packets")

        let stage = AudioEncodingStage(track: try track(ws, seconds: 2), capacity: 8)
        defer { stage.stop() }
        var staged: [Encoded] = []
        var batches: [Range<Int>] = []
        for boundary in [Int64(4800), 4800, 48000, 70000] {
            let first = staged.count
            try stage.writePackets(before: boundary) { staged.append(Encoded($0)) }
            batches.append(first..<staged.count)
            XCTAssertTrue(staged[first...].allSatisfy { $0.pts < boundary }, "nothing at or after \(boundary)")
        }
        XCTAssertFalse(batches[0].isEmpty)
        XCTAssertTrue(batches[1].isEmpty, "the same boundary again hands over nothing")
        // Every packet before a boundary was handed over by that call, not a later one.
        XCTAssertGreaterThanOrEqual(staged[batches[2].lowerBound].pts, 4800)
        XCTAssertGreaterThanOrEqual(staged[batches[3].lowerBound].pts, 48000)
        try stage.writeRemainingPackets { staged.append(Encoded($0)) }
        XCTAssertEqual(staged, inLine)
    }

    /// With a startup lead (a loudness target solved before the first packet) the muxer does not
    /// wait for a stage that has produced nothing yet, up to the lead; past it, it waits as before;
    /// nothing is lost or reordered. A watchdog opens the held stage after 20 s, so an
    /// implementation that waits fails here instead of hanging.
    func testAStartupLeadLetsTheVideoGoOnWhileTheStageHasNothingYet() throws {
        let ws = try Workspace()
        var inLine: [Encoded] = []
        try track(ws, seconds: 2).finish { inLine.append(Encoded($0)) }
        let gate = DispatchSemaphore(value: 0)
        let opened = Guarded(false)
        let held = try track(ws, seconds: 2)
        let stage = AudioEncodingStage(capacity: 8, startupLead: 48000) { sink in
            gate.wait()
            try held.finish(sink: sink)
        }
        defer { stage.stop() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
            opened.withLock { $0 = true }
            gate.signal()
        }
        var staged: [Encoded] = []
        for boundary in [Int64(1600), 24000, 48000] {
            try stage.writePackets(before: boundary) { staged.append(Encoded($0)) }
        }
        XCTAssertFalse(opened.withLock { $0 }, "returned while the stage was still held")
        XCTAssertEqual(staged, [], "and handed over nothing")
        if !opened.withLock({ $0 }) { gate.signal() }
        try stage.writePackets(before: 72000) { staged.append(Encoded($0)) }
        XCTAssertTrue(staged.allSatisfy { $0.pts < 72000 })
        XCTAssertGreaterThan(staged.last?.pts ?? 0, 72000 - 2048, "past the lead it waits for everything before the boundary")
        try stage.writeRemainingPackets { staged.append(Encoded($0)) }
        XCTAssertEqual(staged, inLine)
    }

    func testStopReleasesAStageWaitingForRoom() throws {
        let ws = try Workspace()
        let stage = AudioEncodingStage(track: try track(ws, seconds: 20), capacity: 2)
        var first: [Int64] = []
        try stage.writePackets(before: 1) { first.append($0.pts) }  // the stage is running and soon full
        let stopped = DispatchSemaphore(value: 0)
        // The stage is handed to the other thread whole: this one does not touch it again.
        let handed = HandedOver(stage)
        Thread.detachNewThread {
            handed.value.stop()
            stopped.signal()
        }
        XCTAssertEqual(stopped.wait(timeout: .now() + 10), .success, "stop() returned while the stage waited for room")
    }
}

