import Foundation
import ReelSpec

extension RenderPlanner {
    /// The transition joining `videos[i-1]` and `videos[i]`, if any.
    static func transition(_ t: TimelineSpec, before i: Int) -> TransitionSpec? {
        i > 0 && i - 1 < t.transitions.count ? t.transitions[i - 1] : nil
    }

    /// Checks each transition against its neighbours' real lengths (now that sources are probed),
    /// and gives the two items' own audio an equal-power crossfade over the overlap.
    func planTransitions(_ t: TimelineSpec, segments: [VideoSegment], probes: SourceProbes, audio: inout [AudioClip],
                         problems: inout [SpecProblem]) -> [TransitionPlan] {
        var plans: [TransitionPlan] = []
        let byPointer = Dictionary(segments.enumerated().map { ($0.element.pointer, $0.offset) }, uniquingKeysWith: { a, _ in a })
        for (i, spec) in t.transitions.enumerated() {
            guard let spec, let a = byPointer["/timeline/videos/\(i)"], let b = byPointer["/timeline/videos/\(i + 1)"] else { continue }
            let ptr = "/timeline/transitions/\(i)/duration"
            let incoming = RenderPlanner.transition(t, before: i)?.duration ?? .zero
            let outgoing = RenderPlanner.transition(t, before: i + 2)?.duration ?? .zero
            let before = segments[a].range.duration - incoming, after = segments[b].range.duration - outgoing
            if before < spec.duration {
                problems.append(SpecProblem(pointer: ptr, message: "is \(spec.duration) s, longer than what /timeline/videos/\(i) has left (\(before) s)"))
                continue
            }
            if after < spec.duration {
                problems.append(SpecProblem(pointer: ptr, message: "is \(spec.duration) s, longer than what /timeline/videos/\(i + 1) has left (\(after) s)"))
                continue
            }
            let range = TimeRange(start: segments[b].range.start, duration: spec.duration)
            var plan = TransitionPlan(index: a, kind: spec.kind, direction: spec.direction ?? .left, color: spec.color ?? .black, range: range)
            if let matte = spec.matte {
                guard let source = planMatte(matte, duration: spec.duration, pointer: "/timeline/transitions/\(i)/src", probes: probes,
                                             problems: &problems) else { continue }
                plan.matte = TransitionPlan.MattePlan(source: source, pointer: "/timeline/transitions/\(i)/src", softness: matte.softness,
                                                      invert: matte.invert)
            }
            plans.append(plan)
            for k in audio.indices {
                if audio[k].pointer == "/timeline/videos/\(i)" { audio[k].shaping.envelopes.append(RenderPlanner.equalPower(range, rising: false)) }
                if audio[k].pointer == "/timeline/videos/\(i + 1)" { audio[k].shaping.envelopes.append(RenderPlanner.equalPower(range, rising: true)) }
            }
        }
        return plans
    }

    /// A matte's picture: a still image, or a video at least as long as the transition (it plays
    /// from its start over the transition); anything else is a problem at its `src`.
    private func planMatte(_ matte: TransitionSpec.Matte, duration: Time, pointer: String, probes: SourceProbes,
                           problems: inout [SpecProblem]) -> TransitionPlan.MattePlan.Source? {
        let path: String, info: MediaInfo
        do {
            (path, info) = try probes.probe(matte.src)
        } catch {
            problems.append(SpecProblem(pointer: pointer, message: RenderPlanner.message(for: error, src: matte.src)))
            return nil
        }
        guard let v = info.streams.first(where: { $0.type == .video }) else {
            problems.append(SpecProblem(pointer: pointer, message: "\"\(matte.src)\" has no picture to use as a matte"))
            return nil
        }
        if info.isStill { return .still(path: path) }
        let length = info.duration ?? v.duration ?? .zero
        guard !(length < duration) else {
            problems.append(SpecProblem(pointer: pointer, message: "\"\(matte.src)\" lasts \(length) s; a video matte plays over the whole transition (\(duration) s)"))
            return nil
        }
        return .clip(path: path, rotation: v.rotation ?? 0)
    }

    /// An equal-power fade over `range` (sin/cos, so the summed power of a crossfade stays level),
    /// as 32 straight segments — within 0.12 % of the curve.
    static func equalPower(_ range: TimeRange, rising: Bool) -> GainEnvelope {
        let n: Int64 = 32
        return GainEnvelope((0...n).map { k in
            let angle = Double(k) / Double(n) * Double.pi / 2
            let at = range.start + Time.fitting(Int128(range.duration.value) * Int128(k), Int128(range.duration.timescale) * Int128(n),
                                                fallbackTimescale: 1_000_000_000)
            return .init(at, rising ? sin(angle) : cos(angle))
        })
    }
}
