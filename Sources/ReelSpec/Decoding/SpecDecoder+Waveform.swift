/// Decoding of an audiogram overlay's own members (`type: "waveform"`).
extension SpecDecoder {
    /// The members only a waveform overlay has.
    static let waveformKeys = ["audio", "mode", "bars", "color", "style", "window"]

    /// `audio` ("mix" or an audio item's pointer, checked against the timeline by the planner),
    /// `mode`, `bars`, `color`, `style` and, for the amplitude mode only, `window`.
    static func waveform(_ r: ObjectReader) -> WaveformSpec? {
        var spec = WaveformSpec()
        var sound = true
        if let f = r.field("audio"), let s = f.string() {
            if s != "mix" {
                if s.hasPrefix("/timeline/") { spec.audio = s } else {
                    f.report("must be \"mix\" or the pointer of an audio item, such as \"/timeline/voiceOvers/0\"")
                    sound = false
                }
            }
        } else if r.has("audio") { sound = false }
        let mode = r.field("mode").map { $0.enumCase(WaveformSpec.Mode.self) }
        let bars = r.field("bars").map { $0.int(.between(WaveformSpec.barRange.lowerBound, WaveformSpec.barRange.upperBound)) }
        let color = r.field("color").map { $0.color() }
        let style = r.field("style").map { $0.enumCase(WaveformSpec.Style.self) }
        if let m = mode ?? nil { spec.mode = m }
        var window: Time??
        if spec.mode == .amplitude {
            window = r.field("window").map { $0.time(.greaterThan(.zero, atMost: WaveformSpec.maxWindow)) }
        } else if mode.map({ $0 != nil }) ?? true {
            r.reject("window", "is only allowed with mode amplitude")
        } else {
            r.skip(["window"])
        }
        if let b = bars ?? nil { spec.bars = b }
        if let c = color ?? nil { spec.color = c }
        if let s = style ?? nil { spec.style = s }
        if let w = window ?? nil { spec.window = w }
        let failed = [mode.map { $0 == nil }, bars.map { $0 == nil }, color.map { $0 == nil }, style.map { $0 == nil },
                      window.map { $0 == nil }].contains(true)
        return failed || !sound ? nil : spec
    }
}
