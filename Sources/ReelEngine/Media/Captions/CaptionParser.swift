import Foundation
import ReelSpec

/// Reads SRT and WebVTT caption files into cues with exact times (milliseconds as rationals).
///
/// WebVTT (a `WEBVTT` first line): cue identifiers, settings after the times, `NOTE`, `STYLE` and
/// `REGION` blocks, and inline markup (`<c>`, `<b>`, `<i>`, `<u>`, `<v Speaker>`, `<lang>`, `<ruby>`)
/// are read and dropped; inline timestamps time the words that follow them. SRT: a counter line,
/// `HH:MM:SS,mmm --> HH:MM:SS,mmm`, then text; `<b>`-style tags are stripped too. Anything else is
/// a `CaptionParseError` naming its line, never a silently empty track.
public enum CaptionParser {
    /// Caption files larger than this are refused (a day of dense captions is a few megabytes).
    public static let maxBytes = 8 << 20

    public static func parse(_ bytes: [UInt8]) throws -> [Cue] {
        guard bytes.count <= maxBytes else { throw CaptionParseError(line: 1, reason: "the file is larger than \(maxBytes >> 20) MiB") }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // CRLF is one Character in Swift, so lines split on each kind of line end.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        let isVTT = lines.first.map { $0 == "WEBVTT" || $0.hasPrefix("WEBVTT ") || $0.hasPrefix("WEBVTT\t") } ?? false
        var cues: [Cue] = []
        var i = isVTT ? 1 : 0
        // WebVTT's header runs to the first blank line.
        if isVTT { while i < lines.count && !lines[i].trimmingSpaces.isEmpty { i += 1 } }
        while i < lines.count {
            if lines[i].trimmingSpaces.isEmpty { i += 1; continue }
            let blockStart = i
            if isVTT, let keyword = lines[i].split(separator: " ").first, ["NOTE", "STYLE", "REGION"].contains(keyword) || lines[i] == "NOTE" {
                while i < lines.count && !lines[i].trimmingSpaces.isEmpty { i += 1 }
                continue
            }
            // An identifier (WebVTT) or counter (SRT) may come before the times.
            var timing = i
            if !lines[timing].contains("-->") {
                timing += 1
                guard timing < lines.count, lines[timing].contains("-->") else {
                    throw CaptionParseError(line: blockStart + 1, reason: "expected a cue's times (\"00:00:01.000 --> 00:00:02.000\")")
                }
            }
            let (start, end) = try times(lines[timing], line: timing + 1, vtt: isVTT)
            var body: [Substring] = []
            i = timing + 1
            while i < lines.count && !lines[i].trimmingSpaces.isEmpty {
                // Cue text never holds "-->": here a cue's times follow without the blank line
                // that must end the cue before.
                guard !lines[i].contains("-->") else {
                    throw CaptionParseError(line: i + 1, reason: "a cue's times inside the text of the cue before; cues are separated by a blank line")
                }
                body.append(lines[i])
                i += 1
            }
            let (plain, words) = try markup(body.joined(separator: "\n"), cueStart: start, line: timing + 2)
            cues.append(Cue(start: start, end: end, text: plain, words: words))
        }
        return cues
    }

    /// `start --> end` and, for WebVTT, settings after it.
    private static func times(_ line: Substring, line number: Int, vtt: Bool) throws -> (Time, Time) {
        let parts = line.components(separatedBy: "-->")
        guard parts.count == 2 else { throw CaptionParseError(line: number, reason: "expected one \"-->\" between two times") }
        let startText = parts[0].trimmingSpaces
        let endText = parts[1].trimmingSpaces.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        guard let start = timestamp(startText), let end = timestamp(endText) else {
            throw CaptionParseError(line: number, reason: "\"\(line)\" is not two times like \(vtt ? "00:01.000 or 00:00:01.000" : "00:00:01,000")")
        }
        guard start < end else { throw CaptionParseError(line: number, reason: "the cue ends (\(end) s) before it starts (\(start) s)") }
        return (start, end)
    }

    /// `[HH:]MM:SS.mmm` or `HH:MM:SS,mmm` as exact milliseconds.
    static func timestamp(_ s: String) -> Time? {
        guard s.allSatisfy({ $0.isASCIIDigit || $0 == ":" || $0 == "." || $0 == "," }) else { return nil }
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let secondsPart = parts[parts.count - 1]
        let secondsAndMillis = secondsPart.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
        guard secondsAndMillis.count == 2, secondsAndMillis[1].count == 3, secondsAndMillis[0].count == 2,
              let seconds = Int64(secondsAndMillis[0]), let millis = Int64(secondsAndMillis[1]), seconds < 60,
              let minutes = Int64(parts[parts.count - 2]), parts[parts.count - 2].count == 2, minutes < 60 else { return nil }
        var hours: Int64 = 0
        if parts.count == 3 {
            guard let h = Int64(parts[0]), parts[0].count >= 2, h < 1000 else { return nil }
            hours = h
        }
        guard secondsAndMillis.allSatisfy({ part in part.allSatisfy { $0.isASCIIDigit } }) else { return nil }
        return Time(value: ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis, timescale: 1000)
    }

    /// The cue text without markup, and its words, each timed by the last inline timestamp before it.
    private static func markup(_ raw: String, cueStart: Time, line: Int) throws -> (String, [CueWord]) {
        var plain = ""
        var words: [CueWord] = []
        var current = ""
        var currentStart: Time?
        var pendingStart: Time?
        func endWord() {
            if !current.isEmpty { words.append(CueWord(text: current, start: currentStart)) }
            current = ""
            currentStart = nil
        }
        func addCharacter(_ c: Character) {
            plain.append(c)
            for s in c.unicodeScalars {
                if CueWord.separates(s) {
                    endWord()
                } else if !CueWord.isDropped(s) {
                    if current.isEmpty { currentStart = pendingStart }
                    current.unicodeScalars.append(s)
                }
            }
        }
        var i = raw.startIndex
        // Once no `>` follows, no later `<` opens a tag either: not looking again keeps a text of
        // many `<` linear.
        var noCloseAfter = false
        while i < raw.endIndex {
            let c = raw[i]
            if c == "<", !noCloseAfter {
                guard let close = raw[i...].firstIndex(of: ">") else {
                    noCloseAfter = true
                    addCharacter(c)
                    i = raw.index(after: i)
                    continue
                }
                let tag = String(raw[raw.index(after: i)..<close])
                if let t = timestamp(tag) {
                    endWord()
                    pendingStart = t
                }
                i = raw.index(after: close)
                continue
            }
            if c == "&", let semi = raw[i...].prefix(10).firstIndex(of: ";") {
                let name = String(raw[raw.index(after: i)..<semi])
                if let decoded = entities[name] {
                    decoded.forEach(addCharacter)
                    i = raw.index(after: semi)
                    continue
                }
            }
            addCharacter(c)
            i = raw.index(after: i)
        }
        endWord()
        return (plain, words)
    }

    private static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{00A0}", "lrm": "\u{200E}", "rlm": "\u{200F}", "quot": "\"", "apos": "'",
    ]
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

extension String {
    var trimmingSpaces: String { Substring(self).trimmingSpaces }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
