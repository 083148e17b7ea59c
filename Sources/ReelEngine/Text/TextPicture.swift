import CFFmpeg
import Foundation
import ReelSpec

/// A text block rendered once: every glyph's fill and stroke coverage placed in a picture centred on
/// the block (so the picture's centre is the block's, whatever the shadow's offset), with the box
/// and shadow geometry. `frame(revealed:highlight:)` composes the layer for one state — all glyphs,
/// or the first characters of a typewriter, with a highlighted word — as straight-alpha YUVA 4:2:0
/// in the output's matrix; a state is composed once and reused while it lasts.
final class TextPicture {
    /// The picture's size (even, for 4:2:0).
    let width: Int
    let height: Int
    /// Limits of a text block's picture: its composition keeps about 24 bytes a pixel for a moment, so
    /// a block larger than a 4K frame is refused rather than exhausting memory.
    static let maxSide = 8192
    static let maxArea = 8 << 20

    /// How many characters a typewriter reveals one by one (glyph clusters, in logical order).
    let characterCount: Int
    let style: TextStyle
    let matrix: CanvasColor
    private let glyphs: [PlacedGlyph]
    /// The box in picture pixels (continuous coordinates), when the style has one.
    let boxRect: (x: Double, y: Double, width: Double, height: Double)?
    let shadowShift: (x: Int, y: Int)
    let blurRadius: Int
    private var cached: (key: StateKey, frame: Frame)?
    /// The box's coverage, and the last reveal state's blurred shadow (`TextPicture+Compose`).
    var boxCache: [Float]?
    var shadowCache: (revealed: Int, plane: [UInt8])?

    struct PlacedGlyph {
        let masks: GlyphRasterizer.Masks
        /// The pixel of the picture where the masks' pen position lies.
        let x: Int, y: Int
        /// Rank of its character among the revealed ones; the character index in the text.
        let rank: Int, character: Int
    }

    struct StateKey: Equatable {
        let revealed: Int
        let highlight: Range<Int>?
    }

    init(layout: TextLayout, style: TextStyle, matrix: CanvasColor) throws {
        self.style = style
        self.matrix = matrix
        // Refused before any glyph is rasterised: each glyph's masks cost about size² bytes.
        try TextPicture.checkSize(layout, style: style)
        let rasterizer = try GlyphRasterizer(library: layout.library, strokeWidth: style.stroke?.width ?? 0)
        // The block's centre lands on a whole pixel of a shifted grid: glyphs are drawn at their
        // position plus `phase`, so that grid's pixels become the picture's.
        let cx = layout.width / 2, cy = layout.height / 2
        let phase = (x: cx.rounded(.up) - cx, y: cy.rounded(.up) - cy)
        let centre = (x: Int(cx.rounded(.up)), y: Int(cy.rounded(.up)))
        let ranks = Dictionary(uniqueKeysWithValues: Set(layout.glyphs.map(\.character)).sorted().enumerated().map { ($1, $0) })
        characterCount = ranks.count
        var raw: [(GlyphRasterizer.Masks, Int, Int, Int)] = []
        var ink = Bounds()
        for g in layout.glyphs {
            let (m, x, y) = try rasterizer.masks(face: layout.faces[g.face], faceIndex: g.face, glyph: g.glyph, x: g.x + phase.x, y: g.y + phase.y)
            raw.append((m, x, y, g.character))
            let outer = m.stroke ?? m.fill
            ink.add(x + outer.left, y - outer.top, outer.width, outer.height)
        }
        var all = ink
        var box: (x: Double, y: Double, width: Double, height: Double)?
        if let b = style.box {
            box = (phase.x - b.padding, phase.y - b.padding, layout.width + 2 * b.padding, layout.height + 2 * b.padding)
            all.add(Int(box!.x.rounded(.down)) - 1, Int(box!.y.rounded(.down)) - 1, Int(box!.width.rounded(.up)) + 3, Int(box!.height.rounded(.up)) + 3)
        }
        if let s = style.shadow, !ink.isEmpty {
            let sx = Int(s.x.rounded()), sy = Int(s.y.rounded())
            let r = TextPicture.boxRadius(blur: s.blur)
            shadowShift = (sx, sy)
            blurRadius = r
            all.add(ink.minX + sx - 3 * r - 1, ink.minY + sy - 3 * r - 1, ink.maxX - ink.minX + 6 * r + 2, ink.maxY - ink.minY + 6 * r + 2)
        } else {
            shadowShift = (0, 0)
            blurRadius = 0
        }
        if all.isEmpty { all.add(centre.x - 1, centre.y - 1, 2, 2) }
        let halfW = max(centre.x - all.minX, all.maxX - centre.x, 1), halfH = max(centre.y - all.minY, all.maxY - centre.y, 1)
        guard 2 * halfW <= TextPicture.maxSide, 2 * halfH <= TextPicture.maxSide, 4 * halfW * halfH <= TextPicture.maxArea else {
            throw TextError(.tooLarge(width: 2 * halfW, height: 2 * halfH))
        }
        width = 2 * halfW
        height = 2 * halfH
        let shift = (x: halfW - centre.x, y: halfH - centre.y)
        glyphs = raw.map { PlacedGlyph(masks: $0.0, x: $0.1 + shift.x, y: $0.2 + shift.y, rank: ranks[$0.3]!, character: $0.3) }
        boxRect = box.map { ($0.x + Double(shift.x), $0.y + Double(shift.y), $0.width, $0.height) }
    }

    /// Refuses a block whose picture would exceed the limits, judged from the layout's advance box
    /// grown by the stroke, the shadow's offset and blur and the box's padding (the ink of the glyphs
    /// is taken to fill the advance box), before anything is rasterised. Also the planner's check.
    static func checkSize(_ layout: TextLayout, style: TextStyle) throws {
        let stroke = max(0, style.stroke?.width ?? 0)
        var w = layout.width + 2 * stroke, h = layout.height + 2 * stroke
        if let s = style.shadow {
            let r = Double(3 * boxRadius(blur: s.blur) + 1)
            w += 2 * (abs(s.x) + r)
            h += 2 * (abs(s.y) + r)
        }
        if let b = style.box {
            w = max(w, layout.width + 2 * b.padding)
            h = max(h, layout.height + 2 * b.padding)
        }
        guard w <= Double(maxSide), h <= Double(maxSide), w * h <= Double(maxArea) else {
            // Clamped so that no size turns into an Int that traps.
            throw TextError(.tooLarge(width: Int(min(w, 1e12).rounded(.up)), height: Int(min(h, 1e12).rounded(.up))))
        }
    }

    /// The layer with the characters of rank below `revealed` drawn (all by default), and the
    /// characters in `highlight` in the highlight colour.
    func frame(revealed: Int? = nil, highlight: Range<Int>? = nil, highlightColor: Color? = nil) throws -> Frame {
        let state = StateKey(revealed: min(revealed ?? characterCount, characterCount), highlight: highlightColor == nil ? nil : highlight)
        if let c = cached, c.key == state { return c.frame }
        let f = try compose(state, highlightColor: highlightColor ?? style.color)
        cached = (state, f)
        return f
    }

    /// The glyphs a typewriter has revealed so far.
    func visibleGlyphs(_ revealed: Int) -> [PlacedGlyph] { glyphs.filter { $0.rank < revealed } }

    /// Three box passes of radius r have variance r² + r; CSS reads a blur of b as σ = b / 2.
    static func boxRadius(blur: Double) -> Int {
        let sigma = blur / 2
        guard sigma > 0.3 else { return 0 }
        return max(1, Int(((-1 + (1 + 4 * sigma * sigma).squareRoot()) / 2).rounded()))
    }

    /// An integer rectangle that grows to hold what is added.
    private struct Bounds {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var isEmpty: Bool { minX > maxX }

        mutating func add(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            guard w > 0, h > 0 else { return }
            minX = min(minX, x); minY = min(minY, y)
            maxX = max(maxX, x + w); maxY = max(maxY, y + h)
        }
    }
}
