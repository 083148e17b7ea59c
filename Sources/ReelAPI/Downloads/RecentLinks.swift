import Synchronization

/// The output links handed out lately, by job: a link's expiry is rounded up to the minute, so a
/// job polled on the status path is given the same link for a minute, and signing it again each
/// time (an HMAC-SHA256 and its hex) was a tenth of a status answer's CPU time; the whole link is
/// kept, not only its query, since building the text again was a further 1 %. Bounded: past
/// `capacity` jobs the whole table is dropped and refilled as polls come. A `Mutex`, which spins
/// briefly before it sleeps: the event loops meet here on every answer.
final class RecentLinks: Sendable {
    private let table = Mutex([String: (expires: Int64, link: String)]())
    private let capacity: Int

    init(capacity: Int = 4096) { self.capacity = capacity }

    /// The link to `id` (an output's path) until `expires`: the one kept, or `sign`'s, kept from now on.
    func link(_ id: String, expires: Int64, sign: () -> String) -> String {
        if let kept = table.withLock({ $0[id] }), kept.expires == expires { return kept.link }
        let link = sign()
        table.withLock { t in
            if t.count >= capacity { t.removeAll(keepingCapacity: true) }
            t[id] = (expires, link)
        }
        return link
    }
}
