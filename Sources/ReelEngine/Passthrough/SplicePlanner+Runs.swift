import CFFmpeg
import ReelSpec

extension SplicePlanner {
    /// What the index keeps of a packet.
    struct IndexedPacket {
        var pts: Int64
        var time: Time?
        var idr: Bool
        /// The output frame that shows this packet's frame, when exactly one does.
        var output: Int64?
    }

    /// The copy runs inside one stretch: the source's packets around it indexed in decode order,
    /// each matched with the output frame that shows it, then cut into runs (see the type's notes).
    func copyRuns(_ stretch: Stretch, segment: VideoSegment, sourceStart: Time, path: String, reader: PacketReader,
                  lengthSize: Int) throws -> [CopyRun] {
        let sourceTimes = stretch.frames.map { i in
            segment.sourceTime(at: plan.outputRange.start + plan.frameTime(i), sourceStart: sourceStart)
        }
        guard let first = sourceTimes.first, let last = sourceTimes.last else { return [] }
        var packets = try index(reader, from: first, to: last + SplicePlanner.tolerance, lengthSize: lengthSize)
        match(&packets, sourceTimes: sourceTimes, firstFrame: stretch.frames.lowerBound)
        var runs: [CopyRun] = []
        var k = 0
        while k < packets.count {
            guard packets[k].idr, let start = packets[k].output, let seek = packets[k].time else { k += 1; continue }
            // Extend over packets shown in this stretch; remember the longest prefix showing exactly
            // the frames start, start + 1, … and the largest reorder inside it.
            var highest = start, count = 0, delay = 0, best: (end: Int, delay: Int)?
            var m = k
            while m < packets.count, let o = packets[m].output, !(o < start) {
                count += 1
                highest = max(highest, o)
                delay = max(delay, count - 1 - Int(o - start))
                if highest - start + 1 == Int64(count) { best = (m + 1, delay) }
                m += 1
            }
            guard let best else { k += 1; continue }
            let slice = packets[k..<best.end]
            runs.append(CopyRun(pointer: segment.pointer, path: path, seekTime: seek, firstPTS: packets[k].pts,
                                count: slice.count, outputStart: start, ptsOrder: slice.map(\.pts).sorted(),
                                lengthSize: lengthSize, delay: best.delay))
            k = best.end
        }
        return runs
    }

    /// The packets from the sync sample at or before `from` until decoding has passed `to`.
    private func index(_ reader: PacketReader, from: Time, to limit: Time, lengthSize: Int) throws -> [IndexedPacket] {
        try reader.seek(to: from)
        var out: [IndexedPacket] = []
        let packet = Packet()
        var pastLimit = 0
        while try reader.next(into: packet) {
            defer { packet.unref() }
            let p = packet.pointer.pointee
            let time = p.pts == reel_nopts() ? nil : reader.time(ofTimestamp: p.pts)
            let idr = p.size > 0 && (lengthSize == 0
                ? NALUnits.splitAnnexB(UnsafeBufferPointer(start: p.data, count: Int(p.size))).contains { $0.first! & 0x1F == NALUnits.idrSlice }
                : NALUnits.containsIDR(UnsafeBufferPointer(start: p.data, count: Int(p.size)), lengthSize: lengthSize))
            out.append(IndexedPacket(pts: p.pts, time: time, idr: idr))
            // Decode time never exceeds presentation time: past the limit nothing later is shown
            // inside the stretch. Without decode times, a few packets more cover any reordering.
            if p.dts != reel_nopts() {
                if limit < reader.time(ofTimestamp: p.dts) { break }
            } else if let time, limit < time {
                pastLimit += 1
                if pastLimit > 16 { break }
            }
        }
        return out
    }

    /// Sets each packet's `output` to the one output frame that shows it (the last frame at or
    /// before the frame's source time, within the tolerance), if exactly one does.
    private func match(_ packets: inout [IndexedPacket], sourceTimes: [Time], firstFrame: Int64) {
        let byTime = packets.indices.filter { packets[$0].time != nil }.sorted { packets[$0].time! < packets[$1].time! }
        var shown: [Int: (first: Int64, times: Int)] = [:]
        var cursor = -1
        for (n, s) in sourceTimes.enumerated() {
            let limit = s + SplicePlanner.tolerance
            while cursor + 1 < byTime.count, !(limit < packets[byTime[cursor + 1]].time!) { cursor += 1 }
            guard cursor >= 0 else { continue }
            let p = byTime[cursor]
            let frame = firstFrame + Int64(n)
            shown[p] = shown[p].map { ($0.first, $0.times + 1) } ?? (frame, 1)
        }
        for (p, s) in shown where s.times == 1 { packets[p].output = s.first }
    }
}
