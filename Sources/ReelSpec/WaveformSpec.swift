/// An audiogram (overlay `type: "waveform"`, docs/API.md "Audiograms"): the sound of the mix or of
/// one audio item drawn for each output frame from exactly that frame's samples, as a spectrum of
/// log-spaced bands or as the scrolling peak envelope of the last `window`.
public struct WaveformSpec: Sendable, Equatable {
    public enum Mode: String, Sendable, CaseIterable {
        /// Band levels from 50 Hz to 16 kHz over the frame's own samples, −60…0 dBFS.
        case spectrum
        /// The peak of each slice of the last `window`, newest on the right.
        case amplitude
    }

    public enum Style: String, Sendable, CaseIterable {
        /// Bars standing on a 2 px baseline at the bottom.
        case bars
        /// A 2 px line through the bars' tops.
        case line
        /// Bars reaching up and down from a 2 px baseline across the middle.
        case mirror
    }

    /// Bars a waveform may have (each at least a pixel wide on a wide frame; a spectrum's bands
    /// narrower than that say nothing a bar could show).
    public static let barRange = 2...256
    /// How long an amplitude window may be.
    public static let maxWindow = Time(value: 60, timescale: 1)

    /// The audio drawn: nil for the mix, else an audio item's pointer (`/timeline/voiceOvers/0`).
    public var audio: String?
    public var mode: Mode = .spectrum
    public var bars = 48
    public var color: Color = .white
    public var style: Style = .bars
    /// The amplitude mode's span, newest sample at the frame's end.
    public var window = Time(value: 2, timescale: 1)

    public init() {}
}
