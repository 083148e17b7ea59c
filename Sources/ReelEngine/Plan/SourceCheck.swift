import Foundation
import ReelSpec
import Synchronization

/// The source problems of a spec whose structure is not valid yet, so one 422 lists every problem
/// at once (docs/API.md): the planner needs a decoded spec, so here the media `src` values are
/// found in the JSON itself, at the places the spec reads media from, and resolved and probed as
/// the planner would.
public enum SourceCheck {
    /// Problems for the media sources of `json` that cannot be used, skipping pointers that already
    /// have a problem. A source unreachable for a passing reason is not a problem of the spec.
    public static func problems(in json: JSONValue, resolver: SourceResolver, skipping known: [SpecProblem]) -> [SpecProblem] {
        let taken = Set(known.map(\.pointer))
        let found = mediaSources(in: json).filter { !taken.contains($0.pointer) }
        guard !found.isEmpty else { return [] }
        let unique = Array(Set(found.map(\.src)))
        let results = Results(count: unique.count)
        DispatchQueue.concurrentPerform(iterations: unique.count) { i in
            do {
                _ = try MediaProbe.probe(path: try resolver.resolve(unique[i]))
            } catch {
                results.set(i, error)
            }
        }
        let failures = Dictionary(uniqueKeysWithValues: zip(unique, results.values))
        return found.compactMap { item in
            guard let error = failures[item.src] ?? nil, !((error as? RetryClassifiable)?.isTransient ?? false) else { return nil }
            return SpecProblem(pointer: item.pointer, message: message(for: error, src: item.src))
        }
    }

    /// The planner's wording (`RenderPlanner.message`): a refusal says why; an unreadable file says
    /// FFmpeg's reason, never a server path.
    static func message(for error: Error, src: String) -> String {
        switch error {
        case let r as SourceResolver.Refusal: return r.description
        case let f as FFmpegError: return "\"\(src)\" cannot be read as media: \(f.message)"
        default: return "\"\(src)\" cannot be read as media"
        }
    }

    /// Every string `src` where the spec reads media: video items, image and video overlays (in
    /// groups too), masks, matte transitions, voice-overs and music, with their pointers, in
    /// document order.
    public static func mediaSources(in json: JSONValue) -> [(pointer: String, src: String)] {
        guard case .object(let root) = json, case .object(let timeline)? = root.first(where: { $0.key == "timeline" })?.value else {
            return []
        }
        var out: [(pointer: String, src: String)] = []
        for (list, onlyTypes) in [("videos", nil), ("overlays", ["image", "video"]), ("transitions", ["matte"]), ("voiceOvers", nil), ("music", nil)]
            as [(String, [String]?)] {
            guard case .array(let items)? = member(timeline, list) else { continue }
            for (i, item) in items.enumerated() { collect(item, pointer: "/timeline/\(list)/\(i)", onlyTypes: onlyTypes, into: &out) }
        }
        return out
    }

    /// The `src` of one item (when its type reads media), of its mask, and of a group's items.
    private static func collect(_ item: JSONValue, pointer: String, onlyTypes: [String]?, depth: Int = 1,
                                into out: inout [(pointer: String, src: String)]) {
        guard case .object(let members) = item else { return }
        let type: String? = if case .string(let t)? = member(members, "type") { t } else { nil }
        if case .string(let src)? = member(members, "src"), !src.isEmpty, onlyTypes.map({ type.map($0.contains) ?? false }) ?? true {
            out.append((pointer + "/src", src))
        }
        if case .object(let mask)? = member(members, "mask"), case .string(let src)? = member(mask, "src"), !src.isEmpty {
            out.append((pointer + "/mask/src", src))
        }
        if type == "group", depth < GroupSpec.maxDepth, case .array(let items)? = member(members, "items") {
            for (i, inner) in items.enumerated() {
                collect(inner, pointer: pointer + "/items/\(i)", onlyTypes: onlyTypes, depth: depth + 1, into: &out)
            }
        }
    }

    private static func member(_ members: [(key: String, value: JSONValue)], _ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// Errors written by concurrent probes, each into its own slot.
    private final class Results: Sendable {
        private let slots: Mutex<[Error?]>
        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
        func set(_ i: Int, _ e: Error) { slots.withLock { $0[i] = e } }
        var values: [Error?] { slots.withLock { $0 } }
    }
}
