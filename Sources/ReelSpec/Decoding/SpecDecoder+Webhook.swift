extension SpecDecoder {
    /// `webhook`: `{ "url": "https://…", "events": [...] }`. The URL is checked for its shape here;
    /// the server checks its host against its allow-list.
    static func webhook(_ r: ObjectReader) -> WebhookSpec? {
        var url: String?
        if let f = r.required("url"), let s = f.string(maxLength: 2048) {
            if webhookURLIsWellFormed(s) { url = s } else { f.report("must be an http:// or https:// URL with a host") }
        }
        var events = WebhookSpec(url: "").events
        if let f = r.field("events"), let items = f.array(nonEmpty: true) {
            var seen: [WebhookSpec.Event] = []
            for item in items {
                guard let e = item.enumCase(WebhookSpec.Event.self) else { continue }
                if seen.contains(e) { item.report("repeats \"\(e.rawValue)\"") } else { seen.append(e) }
            }
            events = seen
        }
        guard let url else { return nil }
        return WebhookSpec(url: url, events: events)
    }

    /// `http://` or `https://` (any case), then a host of at least one character before any `/`,
    /// `?` or `#`, and no spaces or control characters anywhere.
    static func webhookURLIsWellFormed(_ s: String) -> Bool {
        guard !s.unicodeScalars.contains(where: { $0.value <= 32 || $0.value == 127 }) else { return false }
        let lower = s.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") { rest = s.dropFirst(8) } else if lower.hasPrefix("http://") { rest = s.dropFirst(7) } else { return false }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        return !host.isEmpty && !host.hasPrefix(":")
    }
}
