import ReelSpec

extension RenderPlanner {
    /// A looping item may repeat at most this often (each pass is one clip).
    static let maxLoopPasses: Int128 = 10_000

    /// An audio item resolved and placed: where it plays on the timeline and from where in its source.
    struct PlacedAudio {
        let pointer: String
        let item: AudioItem
        let path: String
        let sourceRange: TimeRange
        /// The file's audio stream the item plays.
        let streamIndex: Int
        /// Where the item starts on the timeline.
        let start: Time
        let speed: Rational
        /// How long one play of `sourceRange` lasts on the timeline, at `speed`.
        var length: Time { sourceRange.duration.played(at: speed) }
    }

    /// Why `selection` finds no audio stream in the source, naming what it has instead.
    static func missingTrack(_ selection: AudioTrackSelection, in info: MediaInfo, src: String) -> String {
        let all = info.audioStreams
        switch selection {
        case .language(let code):
            let languages = all.compactMap(\.language)
            return "\"\(src)\" has no audio stream in language \(code)"
                + (languages.isEmpty ? (all.isEmpty ? " (it has no audio)" : " (its audio streams name no language)")
                                     : " (it has \(languages.joined(separator: ", ")))")
        case .index(let n):
            return "\"\(src)\" has \(all.count) audio stream\(all.count == 1 ? "" : "s"), so there is no index \(n) (counting from 0)"
        }
    }

    /// Places voice-overs (at their starts) and music (one after another from 0, a looping item to
    /// the end), finds the timeline's end, and cuts everything to it. The timeline ends with the
    /// videos when there are any, else where the last non-looping audio item ends.
    func planAudioItems(_ t: TimelineSpec, videoEnd: Time?, probes: SourceProbes, problems: inout [SpecProblem])
        -> (clips: [AudioClip], end: Time) {
        let voices = t.voiceOvers.enumerated().compactMap { i, item in
            resolveAudio(item, pointer: "/timeline/voiceOvers/\(i)", at: item.start ?? .zero, probes: probes, problems: &problems)
        }
        var music: [PlacedAudio] = []
        var cursor = Time.zero
        for (i, item) in t.music.enumerated() {
            guard let placed = resolveAudio(item, pointer: "/timeline/music/\(i)", at: cursor, probes: probes, problems: &problems) else { continue }
            music.append(placed)
            cursor = cursor + placed.length
        }
        let audioEnd = (voices + music.filter { !$0.item.loop }).map { $0.start + $0.length }.max() ?? .zero
        let end = videoEnd ?? audioEnd
        // Each item's audible span: cut at the timeline's end; a looping item fills up to it.
        func span(_ p: PlacedAudio) -> TimeRange? {
            let natural = p.item.loop ? end : p.start + p.length
            let stop = Time.min(natural, end)
            return p.start < stop ? TimeRange(start: p.start, duration: stop - p.start) : nil
        }
        let voiceSpans = voices.map(span)
        var clips: [AudioClip] = []
        for (k, p) in (voices + music).enumerated() {
            guard let placed = span(p) else { continue }
            if p.item.loop, RenderPlanner.maxLoopPasses < Time.divide(Int128(placed.duration.value) * Int128(p.length.timescale),
                                                                       Int128(placed.duration.timescale) * Int128(p.length.value), rounding: .up) {
                problems.append(SpecProblem(pointer: p.pointer + "/sourceRange",
                                            message: "is \(p.sourceRange.duration) s, so the loop would repeat more than \(RenderPlanner.maxLoopPasses) times; use a longer part of the source"))
                continue
            }
            var duck: (level: Double, under: [TimeRange])?
            if p.item.duckUnder == .voiceOvers {
                let others = voiceSpans.enumerated().compactMap { j, r in j == k ? nil : r }
                duck = (p.item.duckLevel ?? DuckingEnvelope.defaultLevel, others)
            }
            let shaping = AudioShaping.make(volume: p.item.volume, fadeIn: p.item.fadeIn, fadeOut: p.item.fadeOut,
                                            pan: p.item.pan, placed: placed, duck: duck)
            // A looping item is one clip per pass, each starting on the exact sample where the last ended.
            var passStart = placed.start
            repeat {
                let passEnd = Time.min(passStart + p.length, placed.end)
                clips.append(AudioClip(pointer: p.pointer, path: p.path, range: TimeRange(start: passStart, duration: passEnd - passStart),
                                       sourceStart: p.sourceRange.start, speed: p.speed, streamIndex: p.streamIndex, shaping: shaping,
                                       normalize: p.item.normalize))
                passStart = passEnd
            } while p.item.loop && passStart < placed.end
        }
        return (clips, end)
    }

    private func resolveAudio(_ item: AudioItem, pointer: String, at start: Time, probes: SourceProbes,
                              problems: inout [SpecProblem]) -> PlacedAudio? {
        let path: String
        let info: MediaInfo
        do {
            (path, info) = try probes.probe(item.src)
        } catch {
            problems.append(SpecProblem(pointer: pointer + "/src", message: RenderPlanner.message(for: error, src: item.src)))
            return nil
        }
        guard let a = info.audioStream(item.audioTrack) else {
            if let selection = item.audioTrack {
                problems.append(SpecProblem(pointer: pointer + "/audioTrack", message: RenderPlanner.missingTrack(selection, in: info, src: item.src)))
            } else {
                problems.append(SpecProblem(pointer: pointer + "/src", message: "\"\(item.src)\" has no audio stream"))
            }
            return nil
        }
        guard let assetEnd = info.duration ?? a.duration else {
            problems.append(SpecProblem(pointer: pointer + "/src", message: "\"\(item.src)\" does not say how long it is; give a sourceRange"))
            return nil
        }
        let range = item.sourceRange ?? TimeRange(start: .zero, duration: RenderPlanner.wholeStream(a, assetEnd: assetEnd))
        if assetEnd < range.end {
            problems.append(SpecProblem(pointer: pointer + (item.sourceRange != nil ? "/sourceRange" : "/src"),
                                        message: "ends at \(range.end) s, after the end of \"\(item.src)\" (\(assetEnd) s)"))
            return nil
        }
        guard range.duration.isPositive else {
            problems.append(SpecProblem(pointer: pointer + "/src", message: "\"\(item.src)\" has no audio to play"))
            return nil
        }
        return PlacedAudio(pointer: pointer, item: item, path: path, sourceRange: range, streamIndex: a.index, start: start,
                           speed: item.speed ?? Rational(1))
    }
}
