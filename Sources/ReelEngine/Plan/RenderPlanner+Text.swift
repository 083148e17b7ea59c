import Foundation
import ReelSpec

extension RenderPlanner {
    /// The fonts of a text or captions overlay at `ptr`: a system family (refused by name when not
    /// installed) or a font file (refused when FreeType cannot open it), then a check that every
    /// character of `texts` has a glyph in it or in a fallback. A text that cannot be drawn is a
    /// problem at `textPointer(i)` (with its prefix) naming each character as U+XXXX.
    func planText(_ style: TextStyle, texts: [String], ptr: String, animations: [Animation],
                  textPointer: (Int) -> (pointer: String, prefix: String), problems: inout [SpecProblem]) -> TextPlan? {
        let chain: FontChain
        do {
            if let src = style.fontSrc {
                if SourceScheme(src) == .web {
                    problems.append(SpecProblem(pointer: ptr + "/font/src", message: "fonts are read from the media root or from uploads, not from URLs"))
                    return nil
                }
                do {
                    let path = try resolver.resolve(src)
                    chain = try FontChain(fontFile: path, weight: style.weight, italic: style.italic, text: texts.joined())
                } catch let e as TextError {
                    problems.append(SpecProblem(pointer: ptr + "/font/src", message: "\"\(src)\" \(e)"))
                    return nil
                } catch {
                    problems.append(SpecProblem(pointer: ptr + "/font/src", message: RenderPlanner.message(for: error, src: src)))
                    return nil
                }
            } else {
                chain = try FontChain(family: style.family, weight: style.weight, italic: style.italic)
            }
        } catch {
            problems.append(SpecProblem(pointer: ptr + "/font/family", message: "\(error)"))
            return nil
        }
        var ok = true
        for (i, text) in texts.enumerated() {
            do {
                _ = try chain.faces(for: Array(text.unicodeScalars))
            } catch {
                let at = textPointer(i)
                problems.append(SpecProblem(pointer: at.pointer, message: at.prefix + "\(error)"))
                ok = false
            }
        }
        guard ok else { return nil }
        return TextPlan(style: style, chain: chain, typewriter: animations.last { $0.kind == .typewriter })
    }

    /// Titles set as they will be rendered (wrapped to `maxWidth` of the output's width), so that a
    /// block larger than a text picture may be is a problem at its `text` when the job is submitted
    /// rather than a failed render. Caption cues are judged when each is shown (a file may hold
    /// thousands); the same check refuses them before any glyph is drawn.
    func checkTitleSizes(_ overlays: [OverlayPlan], frameWidth: Int, problems: inout [SpecProblem]) {
        for o in overlays {
            guard case .text(let plan) = o.source else { continue }
            let s = plan.style
            do {
                let layout = try TextLayout(text: s.text, chain: plan.chain, size: s.size, lineHeight: s.lineHeight, align: s.align,
                                            maxWidth: s.maxWidth.map { $0 * Double(frameWidth) })
                try TextPicture.checkSize(layout, style: s)
            } catch {
                problems.append(SpecProblem(pointer: o.pointer + "/text", message: "\(error)"))
            }
        }
    }

    /// The cues of a captions file named by `src`, or nil with a problem at `pointer` naming the line
    /// that does not parse (also the soft subtitles' reader).
    func readCues(_ src: String, pointer: String, problems: inout [SpecProblem]) -> [Cue]? {
        if SourceScheme(src) == .web {
            problems.append(SpecProblem(pointer: pointer, message: "captions are read from the media root or from uploads, not from URLs"))
            return nil
        }
        do {
            let path = try resolver.resolve(src)
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= CaptionParser.maxBytes,
                  let data = FileManager.default.contents(atPath: path) else {
                problems.append(SpecProblem(pointer: pointer, message: "\"\(src)\" cannot be read, or is larger than \(CaptionParser.maxBytes >> 20) MiB"))
                return nil
            }
            return try CaptionParser.parse([UInt8](data))
        } catch let e as CaptionParseError {
            problems.append(SpecProblem(pointer: pointer, message: "\"\(src)\" is not an SRT or WebVTT file: \(e)"))
            return nil
        } catch {
            problems.append(SpecProblem(pointer: pointer, message: RenderPlanner.message(for: error, src: src)))
            return nil
        }
    }
}
