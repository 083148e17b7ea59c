/// OTIO's items (clips, gaps, transitions, media references, effects, markers), read into
/// `OTIOPiece`s and `OTIOCut`s in track time (see `SpecDecoder+OTIO`).
extension SpecDecoder {
    /// A clip or a gap (anything else is reported).
    static func piece(_ r: ObjectReader, name: String, at pointer: String, start: Time, relink: [String: String],
                      background: Color) -> OTIOPiece? {
        let rangeField = r.field("source_range").flatMap { $0.value == .null ? nil : $0 }
        let sourcePointer = rangeField?.pointer ?? pointer
        if name.hasPrefix("Gap.") {
            let range = rangeField.flatMap(OTIOTime.range) ?? r.field("duration").flatMap(OTIOTime.time).map { TimeRange(start: .zero, duration: $0) }
            guard let range else { r.report("source_range", "a gap needs a source_range"); return nil }
            return OTIOPiece(content: .gap, source: range, trackStart: start, pointer: pointer, sourcePointer: sourcePointer,
                             referencePointer: pointer)
        }
        guard name.hasPrefix("Clip.") else {
            r.report("OTIO_SCHEMA", name.isEmpty ? "is missing" : "is \(name), which Reel cannot play in a track")
            return nil
        }
        if let enabled = r.field("enabled")?.bool(), !enabled {
            let range = rangeField.flatMap(OTIOTime.range)
            guard let range else { return nil }
            return OTIOPiece(content: .gap, source: range, trackStart: start, pointer: pointer, sourcePointer: sourcePointer, referencePointer: pointer)
        }
        // Effects first: a clip that cannot play is reported for every reason at once.
        let speed = effects(r.field("effects"))
        guard let (content, available, mediaStart, referencePointer) = reference(r, relink: relink, background: background) else {
            return nil
        }
        var range = rangeField.flatMap(OTIOTime.range)
        if rangeField == nil {
            range = available
            if range == nil { r.report("source_range", "is needed: the media reference gives no available_range") }
        }
        let item = reelMetadata(r)?.field("item").flatMap(videoItem)
        guard var source = range else { return nil }
        // Source ranges are in the media's own time: its first frame is at available_range's start.
        if case .media = content, let first = mediaStart { source.start = source.start - first }
        var piece = OTIOPiece(content: content, source: source, speed: speed, trackStart: start, item: item, pointer: pointer,
                              sourcePointer: sourcePointer, referencePointer: referencePointer)
        if case .media = content, mediaStart == nil { piece.timecoded = true }
        return piece
    }

    /// The clip's active media reference: what it shows, the media's available range, the media
    /// time of its first frame (nil: the file's own timecode says), and the pointer of the place
    /// that names the media.
    private static func reference(_ r: ObjectReader, relink: [String: String], background: Color)
        -> (OTIOPiece.Content, TimeRange?, Time?, String)? {
        var field: Field?
        if let refs = r.field("media_references") {
            let key = r.field("active_media_reference_key")?.string() ?? "DEFAULT_MEDIA"
            field = refs.openObject { m -> Field? in
                let f = m.field(key)
                if f == nil { m.reportHere("has no reference named \(key) (active_media_reference_key)") }
                return f
            }
        } else if let single = r.field("media_reference") {
            field = single
        } else {
            r.reportHere("a clip needs a media reference")
        }
        guard let field else { return nil }
        return field.openObject { m -> (OTIOPiece.Content, TimeRange?, Time?, String)? in
            let name = schemaName(m) ?? ""
            let available = m.field("available_range").flatMap { $0.value == .null ? nil : OTIOTime.range($0) }
            if name.hasPrefix("ExternalReference.") {
                guard let urlField = m.required("target_url"), let url = urlField.string() else { return nil }
                guard let src = source(url, relink: relink) else {
                    urlField.report("names \(url), which Reel cannot read: relink it (\"relink\": {\"\(url)\": \"clips/…\"})")
                    return nil
                }
                return (.media(src), available, available?.start, urlField.pointer)
            }
            if name.hasPrefix("ImageSequenceReference.") {
                guard let (src, mediaStart) = imageSequence(m, available: available, relink: relink) else { return nil }
                return (.media(src), available, mediaStart, m.pointer(for: "target_url_base"))
            }
            if name.hasPrefix("GeneratorReference.") {
                let kind = m.field("generator_kind")?.string()
                guard kind == "SolidColor" else {
                    m.report("generator_kind", "is \(kind ?? "missing"); Reel generates SolidColor only")
                    return nil
                }
                let color = m.field("parameters")?.openObject { p -> Color? in
                    let c = p.field("color")?.color()
                    return c
                }
                return (.color(color ?? background), available, available?.start, m.pointer(for: "parameters"))
            }
            if name.hasPrefix("MissingReference.") {
                m.reportHere("the clip's media is missing (MissingReference): relink it in the editor")
                return nil
            }
            m.report("OTIO_SCHEMA", "is \(name.isEmpty ? "missing" : name), a media reference Reel cannot read yet")
            return nil
        }
    }

    /// Where `url` is read from: the job's `relink` for it, else the file name of a `file://` URL
    /// (looked up under the media root), a relative path, or an http(s)/s3 URL as any `src`.
    static func source(_ url: String, relink: [String: String]) -> String? {
        if let mapped = relink[url] { return mapped }
        if url.hasPrefix("file://") {
            let path = String(url.dropFirst("file://".count))
            let name = path.split(separator: "/").last.map(String.init) ?? ""
            return name.removingPercentEncodingIfValid.isEmpty ? nil : name.removingPercentEncodingIfValid
        }
        if SourceScheme(url).isRemote { return url }
        if url.contains("://") || url.hasPrefix("/") { return nil }
        return url.isEmpty ? nil : url
    }

    /// A clip's effects: a `LinearTimeWarp` is its speed (0.25–4); anything else is reported.
    static func effects(_ f: Field?) -> Rational? {
        guard let items = f?.array() else { return nil }
        var speed: Rational?
        for item in items {
            _ = item.openObject { e -> Bool? in
                let name = schemaName(e) ?? ""
                if name.hasPrefix("LinearTimeWarp.") {
                    guard let sf = e.required("time_scalar"), case .number(let text) = sf.value,
                          case .success(let t) = TimeParser.parseDecimal(text) else { return nil }
                    let r = Rational(t)
                    guard !(r < Rational(1, 4)), !(Rational(4) < r) else {
                        sf.report("is \(text); Reel plays speeds from 0.25 to 4")
                        return nil
                    }
                    speed = r
                    return true
                }
                if name.hasPrefix("FreezeFrame.") {
                    e.reportHere("a freeze frame is not supported: export it as a still or a clip")
                    return nil
                }
                e.report("OTIO_SCHEMA", "is \(name.isEmpty ? "missing" : name), an effect Reel cannot play")
                return nil
            }
        }
        return speed
    }

    /// A `Transition.1`: a dissolve (SMPTE_Dissolve) with its offsets before and after the cut.
    static func transition(_ r: ObjectReader, at pointer: String) -> OTIOCut? {
        let type = r.field("transition_type")
        let written = reelMetadata(r)?.field("transition").flatMap(SpecDecoder.transition)
        var kind: TransitionSpec.Kind? = written?.kind
        if let type, case .string(let name) = type.value {
            if name == "SMPTE_Dissolve" {
                kind = .dissolve
            } else if written == nil {
                type.report("is \(name); Reel plays SMPTE_Dissolve transitions (and its own, described in metadata.reel)")
            }
        } else {
            r.report("transition_type", "is required")
        }
        guard let inField = r.required("in_offset"), let outField = r.required("out_offset"),
              let inOffset = OTIOTime.time(inField), let outOffset = OTIOTime.time(outField), let kind else { return nil }
        if inOffset.isNegative || outOffset.isNegative || (inOffset + outOffset).isZero {
            r.reportHere("needs offsets that are not negative and not both zero")
            return nil
        }
        return OTIOCut(kind: kind, inOffset: inOffset, outOffset: outOffset, spec: written, pointer: pointer)
    }

    /// Markers as chapters: each at its marked range's start, a clip's taken from media time
    /// (`sourceStart` at track time `offset`) to timeline time.
    static func markers(_ f: Field?, offset: Time, sourceStart: Time) -> [ChapterSpec] {
        guard let items = f?.array() else { return [] }
        return items.compactMap { item in
            item.openObject { m -> ChapterSpec? in
                                guard let range = m.required("marked_range").flatMap(OTIOTime.range) else { return nil }
                let name = m.field("name")?.string(nonEmpty: false) ?? ""
                let start = offset + (range.start - sourceStart)
                return start.isNegative ? nil : ChapterSpec(start: start, title: name.isEmpty ? "Marker" : name)
            }
        }
    }
}

extension String {
    /// The string with `%XX` escapes decoded, or itself when they do not form UTF-8.
    var removingPercentEncodingIfValid: String {
        var bytes: [UInt8] = []
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let c = utf8[i]
            if c == UInt8(ascii: "%"), let h = utf8.index(i, offsetBy: 2, limitedBy: utf8.endIndex), h < utf8.endIndex,
               let v = UInt8(String(decoding: utf8[utf8.index(after: i)...h], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i = utf8.index(after: h)
            } else {
                bytes.append(c)
                i = utf8.index(after: i)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}
