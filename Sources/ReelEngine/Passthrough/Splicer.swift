import CFFmpeg
import ReelSpec

/// Writes a spliced H.264 stream piece by piece, copied runs and encoded stretches, with one
/// timeline of timestamps: output frame `i` has pts `i` (in frames), and the `n`-th packet written
/// has dts `n − delay`, where `delay` is the deepest reordering of any piece. So decode times rise
/// by one frame per packet across every seam and never pass a packet's presentation time.
struct Splicer {
    let delay: Int64
    let stream: PacketStream
    /// Packets written so far.
    private(set) var written: Int64 = 0

    init(delay: Int64, stream: PacketStream) {
        self.delay = delay
        self.stream = stream
    }

    /// Copies a run's packets from its source, their NAL units rewritten with 4-byte lengths only
    /// when the source used another framing.
    mutating func copy(_ run: CopyRun, after: (Int64) throws -> Void) throws {
        let reader = try PacketReader(path: run.path)
        try reader.seek(to: run.seekTime)
        var rank: [Int64: Int64] = [:]
        for (k, pts) in run.ptsOrder.enumerated() { rank[pts] = Int64(k) }
        let packet = Packet()
        var started = false
        var copied = 0
        while copied < run.count {
            guard try reader.next(into: packet) else {
                throw PipelineError.splice("the source ended \(run.count - copied) packets before the end of a copied run")
            }
            if !started {
                guard packet.pts == run.firstPTS else { packet.unref(); continue }
                started = true
            }
            guard let r = rank[packet.pts] else {
                throw PipelineError.splice("a packet at \(packet.pts) is not one the source's index promised")
            }
            let out = try run.lengthSize == 4 ? packet : packet.withData(reframed(packet, lengthSize: run.lengthSize))
            try write(out, pts: run.outputStart + r)
            packet.unref()
            copied += 1
            try after(written)
        }
    }

    /// Encodes output frames `range`, taken from the picture pipeline, with a fresh encoder.
    mutating func encode(_ range: Range<Int64>, with encoder: Encoder, pictures: PictureStage, after: (Int64) throws -> Void) throws {
        var this = self
        defer { self = this }
        try withoutActuallyEscaping(after) { after in
        let sink = { (p: Packet) throws in
            guard p.pts >= range.lowerBound, p.pts < range.upperBound else {
                throw PipelineError.splice("the encoder returned a frame outside its stretch")
            }
            let units = NALUnits.splitAnnexB(p.bytes).filter { let t = $0.first! & 0x1F; return t != NALUnits.sps && t != NALUnits.pps }
            try this.write(try p.withData(NALUnits.lengthPrefixed(units)), pts: p.pts)
            try after(this.written)
        }
        for i in range {
            try encoder.encode(try pictures.next(i), sink: sink)
        }
        try encoder.encode(nil, sink: sink)
        }
        guard this.written == range.upperBound else {
            throw PipelineError.splice("the encoder returned \(this.written - range.lowerBound) packets for \(range.count) frames")
        }
    }

    /// Writes one packet showing output frame `pts`, as the next in decode order.
    private mutating func write(_ packet: Packet, pts: Int64) throws {
        let dts = written - delay
        guard dts <= pts else { throw PipelineError.splice("frame \(pts) would be decoded after it is shown") }
        packet.pointer.pointee.pts = pts
        packet.pointer.pointee.dts = dts
        packet.pointer.pointee.duration = 1
        try stream.write(packet)
        written += 1
    }

    /// A source packet's NAL units with 4-byte lengths.
    private func reframed(_ packet: Packet, lengthSize: Int) throws -> [UInt8] {
        let units: [ArraySlice<UInt8>]?
        if lengthSize == 0 { units = NALUnits.splitAnnexB(packet.bytes) } else { units = NALUnits.splitLengthPrefixed(packet.bytes, lengthSize: lengthSize) }
        guard let units else { throw PipelineError.splice("a packet's NAL units could not be read") }
        return NALUnits.lengthPrefixed(units)
    }
}
