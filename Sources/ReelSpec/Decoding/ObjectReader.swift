/// Reads the members of one JSON object and remembers which it read, so that whatever is left over
/// is reported as an unknown field (the API rejects unknown fields, docs/API.md).
final class ObjectReader {
    let pointer: String
    let problems: ProblemCollector
    private let members: [(key: String, value: JSONValue)]
    private var read: Set<String> = []

    init(members: [(key: String, value: JSONValue)], pointer: String, problems: ProblemCollector) {
        self.members = members
        self.pointer = pointer
        self.problems = problems
    }

    /// True when the member is present (whatever its value); reading nothing.
    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The pointer of member `key`, present or not.
    func pointer(for key: String) -> String { JSONPointer.appending(key, to: pointer) }

    /// The member `key`, marked as read; nil when absent or already read.
    func field(_ key: String) -> Field? {
        guard !read.contains(key), let m = members.first(where: { $0.key == key }) else { return nil }
        read.insert(key)
        return Field(value: m.value, pointer: pointer(for: key), problems: problems)
    }

    /// The value of member `key` without marking it read (a tag that decides how to read the rest).
    func peek(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    /// The member `key`; when absent, reports `message` at the member's pointer.
    func required(_ key: String, _ message: String = "is required") -> Field? {
        if let f = field(key) { return f }
        if !read.contains(key) { report(key, message) }
        return nil
    }

    /// Reports a problem at member `key` (present or not).
    func report(_ key: String, _ message: String) { problems.report(pointer(for: key), message) }

    /// Reports a problem about the object itself.
    func reportHere(_ message: String) { problems.report(pointer, message) }

    /// When `key` is present, marks it read and reports `message` at it: for members that are known
    /// but not allowed here ("is not allowed on a colour card").
    func reject(_ key: String, _ message: String) {
        if field(key) != nil { report(key, message) }
    }

    /// Marks members read without looking at them, when their meaning depends on a value that was
    /// itself wrong (an overlay with a bad `type`), so they are not also called unknown.
    func skip(_ keys: [String]) {
        for k in keys where has(k) { read.insert(k) }
    }

    /// Every member not read yet, marked as read: for objects whose keys are data (metadata).
    func remainingFields() -> [(key: String, field: Field)] {
        members.compactMap { m in field(m.key).map { (m.key, $0) } }
    }

    /// Reports each member nobody read as an unknown field.
    func reportUnread() {
        for m in members where !read.contains(m.key) { report(m.key, "unknown field") }
    }
}
