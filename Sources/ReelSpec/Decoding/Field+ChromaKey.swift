extension Field {
    /// `{color, similarity, smoothness, spill}`, each optional (defaults: `#00B140`, 0.3, 0.1, 0.5).
    /// Every member is read even after one fails, so each problem is reported at its own pointer
    /// (a member left unread would be called unknown).
    func chromaKey() -> ChromaKeySpec? {
        object { r -> ChromaKeySpec? in
            var key = ChromaKeySpec(), valid = true
            if let f = r.field("color") {
                if let c = f.color() {
                    if c.alpha != 255 { f.report("must be an opaque colour (a key has no transparency)") }
                    key.color = c
                } else {
                    valid = false
                }
            }
            func amount(_ name: String, _ set: (Double) -> Void) {
                guard let f = r.field(name) else { return }
                if let v = f.double(.between(0, 1)) { set(v) } else { valid = false }
            }
            amount("similarity") { key.similarity = $0 }
            amount("smoothness") { key.smoothness = $0 }
            amount("spill") { key.spill = $0 }
            return valid ? key : nil
        }
    }
}
