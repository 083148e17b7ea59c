/// Reads SVG path data (the `d` attribute, SVG 1.1 §8.3 grammar) into absolute `PathCommand`s.
///
/// Commands may repeat their arguments (`L 1 2 3 4`); a move's extra pairs are lines; numbers may
/// run together where the grammar allows (`M1-2.5.5`), and an arc's flags may be written without
/// separators (`a5 5 0 015 5`). The first problem stops the parse with its character offset.
public struct SVGPathParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at character \(offset + 1)" }
    }

    private let bytes: [UInt8]
    private var i = 0
    private var commands: [PathCommand] = []
    private var current = PathPoint(0, 0)
    private var subpathStart = PathPoint(0, 0)
    /// The last curve's second control point, for `S` and `T`'s reflection.
    private var lastCubicControl: PathPoint?
    private var lastQuadControl: PathPoint?

    public static func parse(_ d: String) -> Result<[PathCommand], Failure> {
        var p = SVGPathParser(bytes: Array(d.utf8))
        do {
            try p.run()
            return .success(p.commands)
        } catch let f as Failure {
            return .failure(f)
        } catch {
            return .failure(Failure(offset: 0, reason: "\(error)"))
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func run() throws {
        skipSpace()
        guard i < bytes.count else { throw Failure(offset: 0, reason: "the path is empty") }
        var first = true
        while true {
            skipSpace()
            guard i < bytes.count else { break }
            let at = i
            let letter = bytes[i]
            guard let command = Character(Unicode.Scalar(letter)).isLetter ? Character(Unicode.Scalar(letter)) : nil else {
                throw Failure(offset: at, reason: "expected a command letter (M, L, H, V, C, S, Q, T, A or Z)")
            }
            i += 1
            if first, command != "M", command != "m" { throw Failure(offset: at, reason: "path data must begin with a moveto (M or m)") }
            first = false
            try read(command, at: at)
        }
    }

    private mutating func read(_ command: Character, at: Int) throws {
        let relative = command.isLowercase
        let base = { (p: PathPoint, cur: PathPoint) in relative ? PathPoint(cur.x + p.x, cur.y + p.y) : p }
        switch command.uppercased() {
        case "Z":
            commands.append(.close)
            current = subpathStart
            clearControls()
        case "M":
            var firstPair = true
            repeat {
                let p = base(try pair(), current)
                if firstPair {
                    commands.append(.move(p))
                    subpathStart = p
                    firstPair = false
                } else {
                    commands.append(.line(p))
                }
                current = p
            } while hasNumber()
            clearControls()
        case "L":
            repeat {
                current = base(try pair(), current)
                commands.append(.line(current))
            } while hasNumber()
            clearControls()
        case "H", "V":
            repeat {
                let v = try number()
                if command.uppercased() == "H" {
                    current.x = relative ? current.x + v : v
                } else {
                    current.y = relative ? current.y + v : v
                }
                commands.append(.line(current))
            } while hasNumber()
            clearControls()
        case "C", "S":
            repeat {
                let c1: PathPoint
                if command.uppercased() == "C" {
                    c1 = base(try pair(), current)
                } else {
                    c1 = lastCubicControl.map { PathPoint(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                }
                let c2 = base(try pair(), current), p = base(try pair(), current)
                commands.append(.cubic(c1, c2, p))
                current = p
                lastCubicControl = c2
                lastQuadControl = nil
            } while hasNumber()
        case "Q", "T":
            repeat {
                let c: PathPoint
                if command.uppercased() == "Q" {
                    c = base(try pair(), current)
                } else {
                    c = lastQuadControl.map { PathPoint(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                }
                let p = base(try pair(), current)
                commands.append(.quad(c, p))
                current = p
                lastQuadControl = c
                lastCubicControl = nil
            } while hasNumber()
        case "A":
            repeat {
                let rx = try number(), ry = try number()
                guard rx >= 0, ry >= 0 else { throw Failure(offset: i, reason: "an arc's radii must not be negative") }
                let rotation = try number(), large = try flag(), sweep = try flag()
                let p = base(try pair(), current)
                commands.append(.arc(rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep, to: p))
                current = p
            } while hasNumber()
            clearControls()
        default:
            throw Failure(offset: at, reason: "unknown command \"\(command)\"")
        }
    }

    private mutating func clearControls() {
        lastCubicControl = nil
        lastQuadControl = nil
    }

    private mutating func pair() throws -> PathPoint {
        let x = try number()
        let y = try number()
        return PathPoint(x, y)
    }

    /// Whether another number follows (after spaces and at most one comma): the command repeats.
    private mutating func hasNumber() -> Bool {
        skipSpace()
        guard i < bytes.count else { return false }
        let c = bytes[i]
        return isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") || c == UInt8(ascii: ",")
    }

    private mutating func flag() throws -> Bool {
        skipSeparator()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
            throw Failure(offset: i, reason: "expected an arc flag (0 or 1)")
        }
        defer { i += 1 }
        return bytes[i] == UInt8(ascii: "1")
    }

    /// A number: sign, digits with at most one point, an optional exponent.
    private mutating func number() throws -> Double {
        skipSeparator()
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var digits = 0
        while i < bytes.count, isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else {
            i = start
            throw Failure(offset: start, reason: i < bytes.count ? "expected a number" : "the path ends where a number was expected")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
            if j < bytes.count, isDigit(bytes[j]) {
                while j < bytes.count, isDigit(bytes[j]) { j += 1 }
                i = j
            }
        }
        guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite, abs(v) <= 1e7 else {
            throw Failure(offset: start, reason: "a number is out of range (at most 10000000 in size)")
        }
        return v
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x0C { i += 1 }
    }

    private mutating func skipSeparator() {
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1 }
        skipSpace()
    }
}
