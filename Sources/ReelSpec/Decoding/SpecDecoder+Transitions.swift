/// Decoding of `timeline.transitions` entries and the checks that they fit between their videos.
extension SpecDecoder {
    /// One non-null transition entry.
    static func transition(_ f: Field) -> TransitionSpec? {
        f.object { r in
            let kind = r.required("type")?.enumCase(TransitionSpec.Kind.self)
            let duration = r.required("duration")?.time(.greaterThan(.zero))
            var direction: Direction?
            var color: Color?
            switch kind {
            case .push?, .slide?, .wipe?:
                direction = r.required("direction", "is required for a \(kind!.rawValue) transition")?
                    .enumCase(Direction.self)
            case .dissolve?, .fade?, .matte?:
                r.reject("direction", "is not allowed on a \(kind!.rawValue) transition")
            case nil:
                direction = r.field("direction")?.enumCase(Direction.self)
            }
            if kind == .fade || kind == nil {
                color = r.field("color")?.color()
            } else {
                r.reject("color", "is only allowed on a fade transition")
            }
            var matte: TransitionSpec.Matte?
            if kind == .matte {
                let src = r.required("src", "is required for a matte transition: a grayscale image or video")?.string()
                let softness = r.field("softness")?.double(.between(0, 1))
                let invert = r.field("invert")?.bool()
                guard let src else { return nil }
                matte = TransitionSpec.Matte(src: src)
                if let softness { matte?.softness = softness }
                if let invert { matte?.invert = invert }
            } else {
                for key in ["src", "softness", "invert"] { r.reject(key, "is only allowed on a matte transition") }
            }
            guard let kind, let duration else { return nil }
            var spec = TransitionSpec(kind: kind, duration: duration, direction: direction, color: color)
            spec.matte = matte
            return spec
        }
    }

    /// Checks the entry count against the joins, and each transition's length against the
    /// neighbours whose length the spec fixes: a transition overlaps its two videos by its duration,
    /// so it may not be longer than either, and the two transitions around one video may not
    /// together be longer than it.
    static func checkTransitions(_ transitions: [TransitionSpec?], fields: [Field], videos: [VideoItem?],
                                 at array: Field) {
        let joins = max(videos.count - 1, 0)
        if transitions.count > joins {
            array.report("must have at most \(joins) \(joins == 1 ? "entry" : "entries"), one for each join between consecutive videos")
        }
        for (i, transition) in transitions.enumerated() where i < joins {
            guard let transition else { continue }
            let at = JSONPointer.appending("duration", to: fields[i].pointer)
            let d = transition.duration
            if let problem = longerThanNeighbour(d, videos: videos, indices: [i, i + 1]) {
                array.problems.report(at, problem)
            } else if i > 0, let previous = transitions[i - 1], let item = videos[i], let length = knownLength(item),
                      length < previous.duration + d {
                array.problems.report(at, "together with transitions/\(i - 1) (\(previous.duration) s) is longer than videos/\(i) (\(length) s)")
            }
        }
    }

    private static func longerThanNeighbour(_ d: Time, videos: [VideoItem?], indices: [Int]) -> String? {
        for j in indices {
            if let item = videos[j], let length = knownLength(item), length < d {
                return "is longer than videos/\(j) (\(length) s)"
            }
        }
        return nil
    }
}
