/// A job's place among its key's queued jobs: the store claims `high` before `normal` before
/// `low` (oldest first within each). `rank` is what the store keeps and orders by.
public enum JobPriority: String, Sendable, CaseIterable {
    case high, normal, low

    public var rank: Int {
        switch self {
        case .high: return 0
        case .normal: return 1
        case .low: return 2
        }
    }
}
