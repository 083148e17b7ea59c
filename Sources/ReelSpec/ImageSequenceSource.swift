/// A numbered image sequence as one video source (docs/SPEC.md `src`; OTIO's `ImageSequenceReference`, docs/API.md):
/// `sequence:renders/sh010/beauty.%04d.exr?first=1001&rate=24000/1001&count=48` plays the files
/// `beauty.1001.exr` … `beauty.1048.exr` as frames at that rate, the first at media time 0.
///
/// The pattern is a path with exactly one `%d` (or `%0Nd`, zero padded to N digits) in its file
/// name, `%%` standing for a literal `%`: FFmpeg's image2 sequence syntax, so the demuxer reads the
/// frames itself. `first` defaults to 1 (OTIO's default start frame), `count` to the unbroken run
/// of files from `first`; `rate` is required (a sequence says nothing of its own timing). The
/// resolver turns the relative pattern into an absolute one under the media root and fills in
/// `count`, having checked that every frame is there.
public struct ImageSequenceSource: Sendable, Equatable {
    public static let scheme = "sequence:"

    /// The path with the frame number's place, `%0Nd`.
    public var pattern: String
    public var first: Int
    public var count: Int?
    public var rate: Rational

    public init(pattern: String, first: Int, count: Int? = nil, rate: Rational) {
        self.pattern = pattern
        self.first = first
        self.count = count
        self.rate = rate
    }

    /// Why a `sequence:` source cannot be read.
    public struct Malformed: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { reason }
    }

    /// True when `src` names a sequence (whether or not it is well formed).
    public static func isSequence(_ src: String) -> Bool { src.hasPrefix(scheme) }

    /// Reads a `sequence:` source; throws `Malformed` saying what is wrong with it.
    public init(src: String) throws {
        guard src.hasPrefix(Self.scheme) else { throw Malformed(reason: "does not start with \(Self.scheme)") }
        let body = src.dropFirst(Self.scheme.count)
        guard let q = body.lastIndex(of: "?") else { throw Malformed(reason: "needs its rate: sequence:PATTERN?rate=24") }
        pattern = String(body[..<q])
        var first = 1, count: Int?, rate: Rational?
        for pair in body[body.index(after: q)...].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { throw Malformed(reason: "has \"\(pair)\" in its query; expected first=, count= and rate=") }
            switch kv[0] {
            case "first":
                guard let n = Int(kv[1]), n >= 0, n < 1_000_000_000 else { throw Malformed(reason: "has first=\(kv[1]); expected a frame number ≥ 0") }
                first = n
            case "count":
                guard let n = Int(kv[1]), n > 0, n <= 10_000_000 else { throw Malformed(reason: "has count=\(kv[1]); expected a number of frames ≥ 1") }
                count = n
            case "rate":
                guard let r = Self.rate(kv[1]) else { throw Malformed(reason: "has rate=\(kv[1]); expected a frame rate such as 24 or 24000/1001") }
                rate = r
            default:
                throw Malformed(reason: "has \(kv[0])= in its query; expected first=, count= and rate=")
            }
        }
        guard let rate else { throw Malformed(reason: "needs its rate: sequence:PATTERN?rate=24") }
        self.first = first
        self.count = count
        self.rate = rate
        guard let place = Self.place(in: pattern) else {
            throw Malformed(reason: "needs exactly one %d or %0Nd (N up to 9) in its file name, and %% for a literal %")
        }
        if let slash = pattern.lastIndex(of: "/"), place.range.lowerBound < slash {
            throw Malformed(reason: "must number its files, not its folders")
        }
    }

    /// The time of frame `first` counted at `rate` from frame 0: where editors (OTIO's
    /// `available_range`) put the sequence's first frame.
    public var origin: Time {
        Time.exact(Int128(first) * Int128(rate.denominator), Int128(rate.numerator)) ?? .zero
    }

    /// The source as written: `sequence:PATTERN?first=N&rate=R[&count=N]`.
    public var src: String {
        Self.scheme + pattern + "?first=\(first)&rate=\(rate.numerator)" + (rate.denominator == 1 ? "" : "/\(rate.denominator)")
            + (count.map { "&count=\($0)" } ?? "")
    }

    /// The pattern's pieces: the text before the number, its zero padding, and the text after (with
    /// `%%` read back as `%`).
    public var parts: (prefix: String, padding: Int, suffix: String) {
        let place = Self.place(in: pattern)!
        let unescape = { (s: Substring) in String(s.replacing("%%", with: "%")) }
        return (unescape(pattern[..<place.range.lowerBound]), place.padding, unescape(pattern[place.range.upperBound...]))
    }

    /// The file of frame `n`.
    public func path(frame n: Int) -> String {
        let (prefix, padding, suffix) = parts
        let digits = String(n)
        return prefix + String(repeating: "0", count: max(0, padding - digits.count)) + digits + suffix
    }

    /// A pattern whose `prefix` and `suffix` are literal text (a `%` in them doubled).
    public static func pattern(prefix: String, padding: Int, suffix: String) -> String {
        pattern(literal: prefix) + (padding > 1 ? "%0\(padding)d" : "%d") + pattern(literal: suffix)
    }

    /// Literal text (a folder's name) as part of a pattern: each `%` doubled.
    public static func pattern(literal text: String) -> String { text.replacing("%", with: "%%") }

    /// Where the one `%d`/`%0Nd` is, and its padding; nil when there is none, more than one, or a
    /// `%` that is neither that nor `%%`.
    static func place(in pattern: String) -> (range: Range<String.Index>, padding: Int)? {
        var found: (Range<String.Index>, Int)?
        var i = pattern.startIndex
        while i < pattern.endIndex {
            guard pattern[i] == "%" else { i = pattern.index(after: i); continue }
            let start = i
            i = pattern.index(after: i)
            guard i < pattern.endIndex else { return nil }
            if pattern[i] == "%" { i = pattern.index(after: i); continue }
            var padding = 0
            if pattern[i] == "0" {
                i = pattern.index(after: i)
                guard i < pattern.endIndex, let d = pattern[i].wholeNumberValue, d > 0 else { return nil }
                padding = d
                i = pattern.index(after: i)
            }
            guard i < pattern.endIndex, pattern[i] == "d", found == nil else { return nil }
            i = pattern.index(after: i)
            found = (start..<i, padding)
        }
        return found
    }

    /// `24`, `24000/1001` or `23.976` (read as 24000/1001, like OTIO's NTSC rates); positive, under 1,000.
    static func rate(_ text: String) -> Rational? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            // Bounded before multiplying: a rate is under 1000 fps with a denominator of at most a million.
            guard let n = Int64(parts[0]), let d = Int64(parts[1]), n > 0, d > 0, d <= 1_000_000, n < 1000 * d else { return nil }
            return Rational(n, d)
        }
        guard parts.count == 1, let r = OTIOTime.rate(text), r < Rational(1000) else { return nil }
        return r
    }
}
