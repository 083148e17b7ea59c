/// OTIO's `ImageSequenceReference` as a Reel `sequence:` source (`ImageSequenceSource`).
extension SpecDecoder {
    /// The sequence an `ImageSequenceReference` names, and where its media time 0 is: the
    /// `available_range`'s start (the time of `start_frame`), else `start_frame` counted at `rate`.
    /// Problems are reported at the reference's members.
    static func imageSequence(_ m: ObjectReader, available: TimeRange?, relink: [String: String]) -> (src: String, mediaStart: Time)? {
        guard let baseField = m.required("target_url_base"), let base = baseField.string(nonEmpty: false) else { return nil }
        let prefix = m.field("name_prefix")?.string(nonEmpty: false) ?? ""
        let suffix = m.field("name_suffix")?.string(nonEmpty: false) ?? ""
        let first = m.field("start_frame")?.int(.between(0, 999_999_999)) ?? 1
        let padding = m.field("frame_zero_padding")?.int(.between(0, 9)) ?? 0
        if let step = m.field("frame_step"), let n = step.int(), n != 1 {
            step.report("is \(n); Reel plays sequences of every frame (frame_step 1)")
        }
        // Reel checks that every frame is there before it plays, whatever the policy says.
        _ = m.field("missing_frame_policy")?.oneOf(["error", "hold", "black"])
        var rate = Rational(1)
        if let rateField = m.field("rate") {
            guard case .number(let text) = rateField.value, let r = OTIOTime.rate(text), r < Rational(1000) else {
                rateField.report("must be a positive frame rate under 1000")
                return nil
            }
            rate = r
        }
        guard let folder = sequenceFolder(base, relink: relink) else {
            baseField.report("names \(base), a folder Reel cannot read: relink it to a folder under the media root (\"relink\": {\"\(base)\": \"renders/…\"})")
            return nil
        }
        let name = ImageSequenceSource.pattern(prefix: prefix, padding: padding, suffix: suffix)
        var count: Int?
        if let available {
            // The frames the reference says it has, which must all be there.
            let frames = available.duration.ticks(timeBaseNum: Int32(clamping: rate.denominator), den: Int32(clamping: rate.numerator), rounding: .down)
            if frames > 0 { count = Int(frames) }
        }
        let sequence = ImageSequenceSource(pattern: folder.isEmpty ? name : ImageSequenceSource.pattern(literal: folder) + "/" + name,
                                           first: first, count: count, rate: rate)
        return (sequence.src, available?.start ?? sequence.origin)
    }

    /// The folder under the media root that `base` names: the job's `relink` for it (with or without
    /// its trailing slash), else a `file://` URL's last folder, else a relative path; nil for what
    /// Reel cannot read (a URL: frames are read from the media root only).
    private static func sequenceFolder(_ base: String, relink: [String: String]) -> String? {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        if let mapped = relink[base] ?? relink[trimmed] { return mapped.hasSuffix("/") ? String(mapped.dropLast()) : mapped }
        if trimmed.hasPrefix("file://") {
            return trimmed.split(separator: "/").last.map { String($0).removingPercentEncodingIfValid }
        }
        if trimmed.contains("://") || trimmed.hasPrefix("/") { return nil }
        return trimmed == "." ? "" : trimmed
    }
}
