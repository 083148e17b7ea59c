import ReelSpec

/// The sizes in a Lottie file that decide how much work rlottie does for one frame, each held to
/// a documented range before rlottie sees the file: rlottie has no limits of its own, so a 4 KB
/// file could ask for 2^30 layers (precompositions that each use the next twice), ten million
/// repeater copies or a dash pattern of −1, and hang, crash or exhaust the process that loads it.
/// Each excess is a `LottieDocument.Refusal` naming the layer, found by a walk that never expands
/// what it counts (a precomposition's layers are counted once, by reference).
struct LottieLimits {
    /// Layers once precompositions are expanded (each use of one counts its layers again).
    static let maxExpandedLayers = 10_000
    /// Precompositions inside precompositions.
    static let maxPrecompDepth = 16
    /// Copies one repeater makes, and copies of a shape through every repeater above it.
    static let maxRepeaterCopies = 1_000
    static let maxNestedCopies = 10_000
    /// Shape items (groups, paths, fills, strokes, modifiers) in the whole file.
    static let maxShapeItems = 100_000
    /// Masks on one layer, and colour stops of one gradient.
    static let maxMasks = 64
    static let maxGradientStops = 256
    /// A stroke's dash pattern (dashes and gaps) adds up to at least this many units.
    static let minimumDashPattern = 1.0
    /// How many times the composition's larger side a rectangle, an ellipse or a star may measure:
    /// rlottie's cost of filling or stroking one grows with its size wherever it lies (a 10⁷-unit
    /// ellipse in a 64-unit composition took 6 ms to draw at 32 pixels), so a few thousand
    /// precomposed copies of one took seconds a frame (found by the plan fuzzer).
    static let maxShapeScale = 16.0
    /// The bound's floor, so a small icon's composition does not refuse a shape that bleeds out.
    static let minShapeLimit = 4096.0

    private var found: [LottieDocument.Refusal] = []
    private var shapeItems = 0
    /// Expanded layer counts of the precompositions already walked, by asset id.
    private var expanded: [String: Int] = [:]
    private var walking: Set<String> = []
    private let assets: [String: (layers: [JSONValue], path: String)]
    /// The largest size a shape may have here (`maxShapeScale` times the composition's larger side,
    /// at least `minShapeLimit`). Only the sizes rectangles, ellipses and stars declare are held to
    /// it: a path's points and the scales of transforms above a shape are not (yet) multiplied in.
    private let maxShapeSize: Double

    /// The refusals of `json`, a Lottie document's root.
    static func refusals(of json: JSONValue) -> [LottieDocument.Refusal] {
        var assets: [String: (layers: [JSONValue], path: String)] = [:]
        if case .array(let list)? = json.member("assets") {
            for (i, asset) in list.enumerated() {
                if case .string(let id)? = asset.member("id"), case .array(let layers)? = asset.member("layers") {
                    assets[id] = (layers, "assets/\(i)/layers")
                }
            }
        }
        let side = (numbers(in: json.member("w")) + numbers(in: json.member("h"))).filter(\.isFinite).max() ?? 0
        var limits = LottieLimits(assets: assets, maxShapeSize: max(minShapeLimit, maxShapeScale * side))
        guard case .array(let layers)? = json.member("layers") else { return [] }
        let total = limits.layers(layers, at: "layers", depth: 0)
        if total > maxExpandedLayers, !limits.found.contains(where: { $0.feature.hasPrefix("precompositions nested") }) {
            limits.found.append(.init(feature: "more than \(maxExpandedLayers) layers once its precompositions are expanded",
                                      layer: "layers", limit: true))
        }
        if limits.shapeItems > maxShapeItems {
            limits.found.append(.init(feature: "\(limits.shapeItems) shape items (at most \(maxShapeItems))", layer: "layers", limit: true))
        }
        return limits.found
    }

    private init(assets: [String: (layers: [JSONValue], path: String)], maxShapeSize: Double) {
        self.assets = assets
        self.maxShapeSize = maxShapeSize
    }

    /// How many layers `layers` are once expanded, capped just past the limit so the count stays
    /// small however the file multiplies; refusals found on the way are recorded.
    private mutating func layers(_ layers: [JSONValue], at path: String, depth: Int) -> Int {
        var total = 0
        for (i, layer) in layers.enumerated() {
            var name = "\(path)/\(i)"
            if case .string(let n)? = layer.member("nm") { name = "layer \"\(n)\" (\(path)/\(i))" }
            total = min(total + 1, LottieLimits.maxExpandedLayers + 1)
            if case .array(let masks)? = layer.member("masksProperties"), masks.count > LottieLimits.maxMasks {
                found.append(.init(feature: "\(masks.count) masks (at most \(LottieLimits.maxMasks) a layer)", layer: name, limit: true))
            }
            if case .array(let shapes)? = layer.member("shapes") { self.shapes(shapes, copies: 1, layer: name) }
            if case .number(let ty)? = layer.member("ty"), ty == "0", case .string(let ref)? = layer.member("refId") {
                total = min(total + precomp(ref, layer: name, depth: depth + 1), LottieLimits.maxExpandedLayers + 1)
            }
        }
        return total
    }

    private mutating func precomp(_ id: String, layer: String, depth: Int) -> Int {
        if let known = expanded[id] { return known }
        guard let asset = assets[id] else { return 0 }
        if walking.contains(id) {
            found.append(.init(feature: "a precomposition that contains itself (\"\(id)\")", layer: layer, limit: true))
            return 0
        }
        if depth > LottieLimits.maxPrecompDepth {
            found.append(.init(feature: "precompositions nested more than \(LottieLimits.maxPrecompDepth) deep", layer: layer, limit: true))
            return LottieLimits.maxExpandedLayers + 1
        }
        walking.insert(id)
        let count = layers(asset.layers, at: asset.path, depth: depth)
        walking.remove(id)
        expanded[id] = count
        return count
    }

    /// Shape items and groups (`it`), with the copies the repeaters above them make.
    private mutating func shapes(_ items: [JSONValue], copies: Double, layer: String) {
        var copies = copies
        // A repeater copies the items before it in its group: the group's own items are walked
        // after its repeaters are known.
        for item in items {
            shapeItems += 1
            guard case .string(let ty)? = item.member("ty") else { continue }
            switch ty {
            case "rp":
                let n = LottieLimits.numbers(in: item.member("c"))
                guard let most = n.max(), n.allSatisfy(\.isFinite), most <= Double(LottieLimits.maxRepeaterCopies) else {
                    let shown = n.first(where: { !$0.isFinite || $0 > Double(LottieLimits.maxRepeaterCopies) }).map { "\($0)" } ?? "no"
                    found.append(.init(feature: "a repeater of \(shown) copies (at most \(LottieLimits.maxRepeaterCopies))", layer: layer, limit: true))
                    continue
                }
                copies *= max(1, most)
                if copies > Double(LottieLimits.maxNestedCopies) {
                    found.append(.init(feature: "repeaters making \(Int(min(copies, 1e18))) copies together (at most \(LottieLimits.maxNestedCopies))", layer: layer, limit: true))
                    return
                }
            case "st", "gs":
                if case .array(let dashes)? = item.member("d") { dash(dashes, layer: layer) }
                if ty == "gs" { stops(item, layer: layer) }
            case "gf":
                stops(item, layer: layer)
            case "rc", "el", "sr":
                let sizes = ty == "sr" ? LottieLimits.numbers(in: item.member("or")) + LottieLimits.numbers(in: item.member("ir"))
                    : LottieLimits.numbers(in: item.member("s"))
                if let bad = sizes.first(where: { !$0.isFinite || abs($0) > maxShapeSize }) {
                    let kind = ["rc": "rectangle", "el": "ellipse", "sr": "star"][ty] ?? ty
                    found.append(.init(feature: "a\(kind == "ellipse" ? "n" : "") \(kind) of size \(bad) (at most \(Int(maxShapeSize)): \(Int(LottieLimits.maxShapeScale)) times the composition, \(Int(LottieLimits.minShapeLimit)) at least)",
                                       layer: layer, limit: true))
                }
            default: break
            }
        }
        for item in items {
            if case .array(let inner)? = item.member("it") { shapes(inner, copies: copies, layer: layer) }
        }
    }

    /// A stroke's dash pattern (`d`: `{n: "d"|"g"|"o", v: …}`): finite, no negative length, and
    /// a pattern at least `minimumDashPattern` long (rlottie loops forever on a negative one).
    private mutating func dash(_ entries: [JSONValue], layer: String) {
        var longest = 0.0
        for entry in entries {
            let values = LottieLimits.numbers(in: entry.member("v"))
            guard values.allSatisfy(\.isFinite) else {
                return found.append(.init(feature: "a dash length that is not a finite number", layer: layer, limit: true))
            }
            guard case .string(let n)? = entry.member("n"), n != "o" else { continue }
            if let negative = values.first(where: { $0 < 0 }) {
                return found.append(.init(feature: "a negative dash length (\(negative))", layer: layer, limit: true))
            }
            longest += values.min() ?? 0
        }
        if entries.contains(where: { if case .string(let n)? = $0.member("n") { return n != "o" } else { return false } }),
           longest < LottieLimits.minimumDashPattern {
            found.append(.init(feature: "a dash pattern shorter than \(Int(LottieLimits.minimumDashPattern)) unit (\(longest))", layer: layer, limit: true))
        }
    }

    /// A gradient's stop count (`g.p`).
    private mutating func stops(_ item: JSONValue, layer: String) {
        let p = LottieLimits.numbers(in: item.member("g")?.member("p"))
        if let bad = p.first(where: { !$0.isFinite || $0 < 0 || $0 > Double(LottieLimits.maxGradientStops) }) {
            found.append(.init(feature: "a gradient of \(bad) stops (at most \(LottieLimits.maxGradientStops))", layer: layer, limit: true))
        }
    }

    /// Every number an animatable property may take: `{k: n}`, `{k: [n…]}` or keyframes
    /// `{k: [{s: [n…], e: [n…]}, …]}` (times and easing handles left out), or a bare number.
    static func numbers(in value: JSONValue?) -> [Double] {
        guard let value else { return [] }
        switch value {
        case .number(let text): return [Double(text) ?? .nan]
        case .array(let items): return items.flatMap { numbers(in: $0) }
        case .object:
            if let k = value.member("k") { return numbers(in: k) }
            return numbers(in: value.member("s")) + numbers(in: value.member("e"))
        default: return []
        }
    }
}
