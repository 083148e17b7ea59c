import Foundation
import ReelBasics
import ReelSpec

extension RenderPlanner {
    /// A Lottie overlay's file read and judged at planning (so `/v1/validate` finds it): a Lottie
    /// document rlottie loads, without a feature rlottie cannot draw (each a problem naming the
    /// feature and its layer), with its `sourceRange` inside the animation.
    func planLottie(_ spec: LottieSpec, pointer ptr: String, problems: inout [SpecProblem]) -> LottiePlan? {
        let src = spec.src
        if SourceScheme(src).isRemote {
            problems.append(SpecProblem(pointer: ptr + "/src", message: "Lottie files are read from the media root or from uploads, not from URLs"))
            return nil
        }
        let path: String
        do { path = try resolver.resolve(src) } catch {
            problems.append(SpecProblem(pointer: ptr + "/src", message: RenderPlanner.message(for: error, src: src)))
            return nil
        }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= LottieDocument.maxBytes,
              let data = FileManager.default.contents(atPath: path) else {
            problems.append(SpecProblem(pointer: ptr + "/src", message: "\"\(src)\" cannot be read, or is larger than \(LottieDocument.maxBytes >> 20) MiB"))
            return nil
        }
        let bytes = [UInt8](data)
        let document: LottieDocument
        do { document = try LottieDocument(bytes) } catch {
            let why: String
            switch error as? LottieDocument.Failure {
            case .notJSON(let e)?: why = "it is not JSON (\(e))"
            case .missing(let key)?: why = "its \(key) is missing or out of range"
            case nil: why = "\(error)"
            }
            problems.append(SpecProblem(pointer: ptr + "/src", message: "\"\(src)\" is not a Lottie animation: \(why)"))
            return nil
        }
        guard document.refusals.isEmpty else {
            for r in document.refusals {
                let message = r.limit
                    ? "\"\(src)\" has \(r.feature) in \(r.layer), beyond the Lottie limits (docs/SPEC.md, \"What only the server checks\"); simplify the animation"
                    : "\"\(src)\" uses \(r.feature) in \(r.layer), which Reel's Lottie renderer (rlottie) cannot draw; remove it or bake it into the animation"
                problems.append(SpecProblem(pointer: ptr + "/src", message: message))
            }
            return nil
        }
        guard (try? LottieAnimation(json: bytes, key: Digests.sha256Hex(bytes))) != nil else {
            problems.append(SpecProblem(pointer: ptr + "/src", message: "\"\(src)\" is not a Lottie animation rlottie can read"))
            return nil
        }
        let whole = TimeRange(start: .zero, duration: document.duration)
        let range = spec.sourceRange ?? whole
        if whole.end < range.end {
            problems.append(SpecProblem(pointer: ptr + "/sourceRange", message: "ends at \(range.end) s, after the end of \"\(src)\" (\(whole.end) s)"))
            return nil
        }
        return LottiePlan(path: path, document: document, sourceStart: range.start, sourceDuration: range.duration, speed: spec.speed, loop: spec.loop)
    }
}
