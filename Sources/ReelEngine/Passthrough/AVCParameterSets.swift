/// The sequence and picture parameter sets of H.264 streams, by id, and the `avcC` record
/// (ISO/IEC 14496-15 AVCDecoderConfigurationRecord) that carries them in an MP4 sample entry.
///
/// A spliced stream holds the sources' parameter sets and the splice encoder's side by side: each
/// slice names its PPS by id and each PPS its SPS, so sets with distinct ids never disturb each
/// other, and an `avcC` may list up to 31 SPS and 255 PPS. FFmpeg's MP4 muxer writes an `avcC` it
/// is given as it is and then takes length-prefixed packets untouched (from Annex B extradata it
/// would build the record itself and rewrite every packet), so Reel builds the record.
struct AVCParameterSets: Equatable {
    struct Entry: Equatable {
        var id: Int
        var bytes: [UInt8]
    }

    /// Bytes before each NAL unit in the stream's packets (1, 2 or 4); 0 for Annex B packets.
    var lengthSize: Int
    var sps: [Entry] = []
    var pps: [Entry] = []

    /// Reads a stream's extradata: an `avcC` record or Annex B units. Nil when it holds no SPS or
    /// PPS, or one that cannot be read.
    init?(extradata: [UInt8]) {
        if extradata.first == 1 {
            guard let parsed = AVCParameterSets.parseAVCC(extradata) else { return nil }
            self = parsed
        } else {
            lengthSize = 0
            let units = extradata.withUnsafeBufferPointer { NALUnits.splitAnnexB($0) }
            guard add(units) else { return nil }
        }
        guard !sps.isEmpty, !pps.isEmpty else { return nil }
    }

    /// The parameter sets among Annex B `units` (an encoder's global header), others ignored.
    init?(annexBUnits units: [ArraySlice<UInt8>]) {
        lengthSize = 0
        guard add(units), !sps.isEmpty, !pps.isEmpty else { return nil }
    }

    private init(lengthSize: Int) { self.lengthSize = lengthSize }

    private mutating func add(_ units: [ArraySlice<UInt8>]) -> Bool {
        for u in units {
            guard let type = u.first.map({ $0 & 0x1F }) else { continue }
            if type == NALUnits.sps {
                guard let id = AVCParameterSets.spsID(u) else { return false }
                sps.append(Entry(id: id, bytes: Array(u)))
            } else if type == NALUnits.pps {
                guard let id = AVCParameterSets.ppsID(u) else { return false }
                pps.append(Entry(id: id, bytes: Array(u)))
            }
        }
        return true
    }

    private static func parseAVCC(_ d: [UInt8]) -> AVCParameterSets? {
        guard d.count >= 7 else { return nil }
        var sets = AVCParameterSets(lengthSize: Int(d[4] & 3) + 1)
        guard sets.lengthSize != 3 else { return nil }
        var i = 5
        var units: [ArraySlice<UInt8>] = []
        for list in 0..<2 {
            guard i < d.count else { return nil }
            let count = list == 0 ? Int(d[i] & 0x1F) : Int(d[i])
            i += 1
            for _ in 0..<count {
                guard i + 2 <= d.count else { return nil }
                let n = Int(d[i]) << 8 | Int(d[i + 1])
                i += 2
                guard n > 0, i + n <= d.count else { return nil }
                units.append(d[i..<(i + n)])
                i += n
            }
        }
        guard sets.add(units) else { return nil }
        return sets
    }

    /// `seq_parameter_set_id` of an SPS unit.
    static func spsID(_ unit: ArraySlice<UInt8>) -> Int? {
        var r = BitReader(NALUnits.rbsp(unit))
        guard r.bits(24) != nil, let id = r.ue(), id < 32 else { return nil }
        return Int(id)
    }

    /// `pic_parameter_set_id` of a PPS unit.
    static func ppsID(_ unit: ArraySlice<UInt8>) -> Int? {
        var r = BitReader(NALUnits.rbsp(unit))
        guard let id = r.ue(), id < 256 else { return nil }
        return Int(id)
    }

    /// Adds `other`'s sets; false (and nothing changed) when one of them has an id this already
    /// uses for a different set, since a stream cannot hold both.
    mutating func merge(_ other: AVCParameterSets) -> Bool {
        var merged = self
        for e in other.sps {
            if let have = merged.sps.first(where: { $0.id == e.id }) { if have.bytes != e.bytes { return false } } else { merged.sps.append(e) }
        }
        for e in other.pps {
            if let have = merged.pps.first(where: { $0.id == e.id }) { if have.bytes != e.bytes { return false } } else { merged.pps.append(e) }
        }
        self = merged
        return true
    }

    /// The lowest id free both as an SPS and as a PPS id (x264 numbers its PPS like its SPS).
    var freeID: Int? {
        (0..<32).first { id in !sps.contains { $0.id == id } && !pps.contains { $0.id == id } }
    }

    /// The `avcC` record: profile, compatibility and level of the first SPS (the first video item's),
    /// 4-byte NAL lengths, every SPS and PPS, and for the high profiles the chroma format and bit
    /// depths that the record's extension repeats from the SPS.
    func avcC() -> [UInt8] {
        let first = sps[0].bytes
        var out: [UInt8] = [1, first[1], first[2], first[3], 0xFF, 0xE0 | UInt8(sps.count)]
        for e in sps { out += [UInt8(e.bytes.count >> 8), UInt8(e.bytes.count & 0xFF)] + e.bytes }
        out.append(UInt8(pps.count))
        for e in pps { out += [UInt8(e.bytes.count >> 8), UInt8(e.bytes.count & 0xFF)] + e.bytes }
        if ![66, 77, 88].contains(first[1]) {
            var r = BitReader(NALUnits.rbsp(first[...]))
            _ = r.bits(24)
            _ = r.ue()
            let chroma = r.ue() ?? 1
            if chroma == 3 { _ = r.bits(1) }
            let lumaDepth = r.ue() ?? 0, chromaDepth = r.ue() ?? 0
            out += [0xFC | UInt8(chroma & 3), 0xF8 | UInt8(lumaDepth & 7), 0xF8 | UInt8(chromaDepth & 7), 0]
        }
        return out
    }
}
