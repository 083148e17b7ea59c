import ReelBasics

extension MeasuredLoudness {
    /// As the store keeps it: the three numbers separated by spaces, `-` for none.
    var stored: String { numbers.map { $0.map { "\($0)" } ?? "-" }.joined(separator: " ") }

    init?(stored: String?) {
        guard let parts = stored?.split(separator: " ").map({ Double($0) }), parts.count == 3 else { return nil }
        self.init(numbers: parts)
    }
}
