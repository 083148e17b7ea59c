extension Field {
    /// `{color, similarity, smoothness, spill}`, each optional (defaults: `#00B140`, 0.3, 0.1, 0.5).
    func chromaKey() -> ChromaKeySpec? {
        object { r -> ChromaKeySpec? in
            var key = ChromaKeySpec()
            if let f = r.field("color") {
                guard let c = f.color() else { return nil }
                if c.alpha != 255 { f.report("must be an opaque colour (a key has no transparency)") }
                key.color = c
            }
            if let f = r.field("similarity") { guard let v = f.double(.between(0, 1)) else { return nil }; key.similarity = v }
            if let f = r.field("smoothness") { guard let v = f.double(.between(0, 1)) else { return nil }; key.smoothness = v }
            if let f = r.field("spill") { guard let v = f.double(.between(0, 1)) else { return nil }; key.spill = v }
            return key
        }
    }
}
