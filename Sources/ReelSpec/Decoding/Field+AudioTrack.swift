extension Field {
    /// `{"language": "spa"}` (three lowercase letters, ISO 639-2) or `{"index": 1}` (0 or more), one
    /// of the two.
    func audioTrack() -> AudioTrackSelection? {
        object { r in
            if r.has("language") && r.has("index") {
                r.reject("index", "cannot be given together with language")
                _ = r.field("language")
                return nil
            }
            if let f = r.field("language") {
                guard let code = f.string() else { return nil }
                guard code.count == 3, code.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
                    f.report("must be an ISO 639-2 code: three lowercase letters, e.g. spa")
                    return nil
                }
                return .language(code)
            }
            if let n = r.field("index")?.int(.atLeast(0)) { return .index(n) }
            if !r.has("index") { r.reportHere("needs language or index") }
            return nil
        }
    }
}
