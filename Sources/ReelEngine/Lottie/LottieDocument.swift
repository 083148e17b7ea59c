import ReelSpec

/// What Reel reads from a Lottie (Bodymovin) file before rlottie draws it: its canvas, frame rate
/// and in/out points, exactly as written (decimal text made rational, so `fr: 29.97` maps time
/// exactly), and the features rlottie cannot draw, each with the layer that uses it, so a spec
/// using one is refused at validation instead of rendering a silently wrong frame.
struct LottieDocument: Sendable {
    /// A feature rlottie does not draw, and where.
    struct Refusal: Sendable, Equatable {
        let feature: String
        /// `layer "Name" (layers/3)`, or inside a precomposition `assets/0/layers/1`.
        let layer: String
        /// A size beyond `LottieLimits` rather than a feature rlottie lacks.
        var limit = false
    }

    enum Failure: Error, Equatable {
        case notJSON(String)
        case missing(String)
    }

    let width: Int
    let height: Int
    let frameRate: Rational
    let inPoint: Rational
    let outPoint: Rational
    let refusals: [Refusal]

    /// Files larger than this are refused before parsing (Lottie files of real templates are tens
    /// to hundreds of KiB; embedded images make them larger).
    static let maxBytes = 32 << 20

    /// The animation's length on its own timeline: `(op − ip) / fr` seconds.
    var duration: Time {
        let (ip, op, fr) = (inPoint, outPoint, frameRate)
        let frames = Int128(op.numerator) * Int128(ip.denominator) - Int128(ip.numerator) * Int128(op.denominator)
        return Time.fitting(frames * Int128(fr.denominator), Int128(op.denominator) * Int128(ip.denominator) * Int128(fr.numerator),
                            fallbackTimescale: 1_000_000)
    }

    /// The frame shown `at` seconds into the animation's own timeline (0 = the in-point):
    /// `⌊ip + at·fr⌋`, exact, kept inside the in and out points.
    func frame(at t: Time) -> Int { clamped(Time.divide(position(t).num, position(t).den, rounding: .down)) }

    /// The last frame that starts before `t`: `⌈ip + t·fr⌉ − 1` (the frame an animation played up
    /// to `t` ends on).
    func lastFrame(before t: Time) -> Int { clamped(Time.divide(position(t).num, position(t).den, rounding: .up) - 1) }

    /// `ip + t·fr` as a fraction.
    private func position(_ t: Time) -> (num: Int128, den: Int128) {
        let (ip, fr) = (inPoint, frameRate)
        let num = Int128(ip.numerator) * Int128(t.timescale) * Int128(fr.denominator) + Int128(t.value) * Int128(fr.numerator) * Int128(ip.denominator)
        return (num, Int128(ip.denominator) * Int128(t.timescale) * Int128(fr.denominator))
    }

    private func clamped(_ n: Int128) -> Int {
        let first = Time.divide(Int128(inPoint.numerator), Int128(inPoint.denominator), rounding: .up)
        let last = Time.divide(Int128(outPoint.numerator), Int128(outPoint.denominator), rounding: .up) - 1
        return Int(max(first, min(n, last)))
    }

    init(_ bytes: [UInt8]) throws {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw Failure.notJSON("\(error)") }
        func rational(_ key: String) throws -> Rational {
            guard case .number(let text)? = json.member(key), case .success(let t) = TimeParser.parseDecimal(text) else { throw Failure.missing(key) }
            return Rational(t)
        }
        func size(_ key: String) throws -> Int {
            let r = try rational(key)
            guard r.denominator == 1, r.numerator >= 1, r.numerator <= 16384 else { throw Failure.missing(key) }
            return Int(r.numerator)
        }
        width = try size("w")
        height = try size("h")
        frameRate = try rational("fr")
        inPoint = try rational("ip")
        outPoint = try rational("op")
        guard Rational(0) < frameRate, frameRate < Rational(1000), inPoint < outPoint, Rational(-1_000_000) < inPoint,
              outPoint < Rational(1_000_000_000) else { throw Failure.missing("fr, ip or op") }
        var found: [Refusal] = []
        if case .array(let layers)? = json.member("layers") { LottieDocument.scan(layers, at: "layers", into: &found) }
        if case .array(let assets)? = json.member("assets") {
            for (i, asset) in assets.enumerated() {
                if case .array(let layers)? = asset.member("layers") { LottieDocument.scan(layers, at: "assets/\(i)/layers", into: &found) }
                if asset.member("p") != nil, !LottieDocument.isEmbedded(asset) {
                    found.append(Refusal(feature: "an image that is not embedded (only data: URIs are read)", layer: "assets/\(i)"))
                }
            }
        }
        refusals = found + LottieLimits.refusals(of: json)
    }

    /// An image asset whose picture is in the file (`e: 1` or a `data:` URI).
    private static func isEmbedded(_ asset: JSONValue) -> Bool {
        if case .number(let e)? = asset.member("e"), e == "1" { return true }
        if case .string(let p)? = asset.member("p"), p.hasPrefix("data:") { return true }
        return false
    }

    /// rlottie 0.1 (Debian 12) ignores these: drawing them would be silently wrong.
    private static func scan(_ layers: [JSONValue], at path: String, into found: inout [Refusal]) {
        for (i, layer) in layers.enumerated() {
            var name = "\(path)/\(i)"
            if case .string(let n)? = layer.member("nm") { name = "layer \"\(n)\" (\(path)/\(i))" }
            func refuse(_ feature: String) { found.append(Refusal(feature: feature, layer: name)) }
            if case .number(let ty)? = layer.member("ty") {
                switch ty {
                case "5": refuse("text layers")
                case "13": refuse("cameras")
                default: break
                }
            }
            if case .number(let ddd)? = layer.member("ddd"), ddd == "1" { refuse("3D layers") }
            if case .number(let bm)? = layer.member("bm"), bm != "0" { refuse("layer blend modes") }
            if case .array(let effects)? = layer.member("ef"), !effects.isEmpty { refuse("effects") }
            if case .array(let styles)? = layer.member("sy"), !styles.isEmpty { refuse("layer styles") }
            if case .array(let masks)? = layer.member("masksProperties") {
                for m in masks {
                    if case .string(let mode)? = m.member("mode"), !["a", "s", "i", "n"].contains(mode) { refuse("mask mode \"\(mode)\"") }
                }
            }
            if hasExpression(layer) { refuse("expressions") }
            if case .array(let shapes)? = layer.member("shapes"), hasShape("mm", in: shapes) { refuse("merge paths") }
        }
    }

    /// An animated property with an expression: `{"k": …, "x": "…script…"}` anywhere in `v`.
    private static func hasExpression(_ v: JSONValue) -> Bool {
        switch v {
        case .object(let members):
            if members.contains(where: { $0.key == "k" }), case .string? = members.first(where: { $0.key == "x" })?.value { return true }
            return members.contains { hasExpression($0.value) }
        case .array(let items): return items.contains { hasExpression($0) }
        default: return false
        }
    }

    /// A shape item of type `ty` in `shapes` or any group (`it`) inside.
    private static func hasShape(_ ty: String, in shapes: [JSONValue]) -> Bool {
        shapes.contains { s in
            if case .string(let t)? = s.member("ty"), t == ty { return true }
            if case .array(let items)? = s.member("it") { return hasShape(ty, in: items) }
            return false
        }
    }
}
