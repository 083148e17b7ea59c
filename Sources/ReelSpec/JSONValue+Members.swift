extension JSONValue {
    /// The value of an object's member `key` (the first, as the decoder reads it); nil for a
    /// missing member or a value that is not an object.
    public func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A copy with `value` at the object path `keys`, creating objects along the way; a member
    /// already there is replaced. A non-object on the path is left as it is (the decoder will report it).
    public func setting(_ value: String, at keys: [String]) -> JSONValue {
        guard let key = keys.first else { return .string(value) }
        switch self {
        case .object(var members):
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = members[i].value.setting(value, at: Array(keys.dropFirst()))
            } else {
                members.append((key, JSONValue.object([]).setting(value, at: Array(keys.dropFirst()))))
            }
            return .object(members)
        default:
            return self
        }
    }
}
