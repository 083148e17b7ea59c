/// Decoding of `timeline.voiceOvers` and `timeline.music` items.
extension SpecDecoder {
    /// Voice-overs sit at an explicit `start`; music items play one after another and may `loop`.
    static func audioItem(_ f: Field, isMusic: Bool) -> AudioItem? {
        f.object { r in
            let src = r.required("src")?.string()
            var item = AudioItem(src: src ?? "")
            if isMusic {
                r.reject("start", "is not allowed on music items, which play one after another")
                if let loop = r.field("loop")?.bool() { item.loop = loop }
            } else {
                item.start = r.required("start")?.time(.atLeast(.zero))
                r.reject("loop", "is only allowed on music items")
            }
            item.sourceRange = r.field("sourceRange")?.timeRange()
            item.speed = r.field("speed")?.speed()
            item.audioTrack = r.field("audioTrack")?.audioTrack()
            item.volume = r.field("volume")?.volume()
            item.fadeIn = r.field("fadeIn")?.time(.atLeast(.zero))
            item.fadeOut = r.field("fadeOut")?.time(.atLeast(.zero))
            item.pan = r.field("pan")?.double(.between(-1, 1))
            if let n = r.field("normalize")?.bool() { item.normalize = n }
            item.duckUnder = r.field("duckUnder")?.enumCase(AudioItem.DuckTarget.self)
            if let level = r.field("duckLevel") {
                item.duckLevel = level.double(.between(0, 1))
                if !r.has("duckUnder") { level.report("requires duckUnder") }
            }
            guard src != nil, isMusic || item.start != nil else { return nil }
            return item
        }
    }
}
