extension OutputFormat {
    /// The format a file name's extension names (`clip.webm` → webm; `jpeg` is jpg), or nil for an
    /// extension that names none.
    public init?(fileExtension ext: String) {
        let lower = ext.lowercased()
        if lower == "jpeg" { self = .jpg; return }
        self.init(rawValue: lower)
    }
}
