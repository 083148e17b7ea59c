import Foundation
import ReelHTTP
import ReelStore
import ReelStorage
import ReelSpec

extension APIHandler {
    /// The free space under which the server says it is not ready: a job could not be recorded.
    static let minimumFreeBytes: Int64 = 16 << 20

    /// `GET /readyz`: 200 when the server can take work (the job store can be written now, the
    /// bucket of uploads and outputs answers, and the data directory's disk has room), else 503
    /// naming what is wrong. `/healthz` is liveness
    /// only: it answers whenever the process serves requests.
    func readiness() -> HTTPResponse {
        var problems: [String] = []
        var store: JSONValue = .string("ok")
        do {
            try self.store.checkWritable(waitMillis: 1000)
        } catch let e as StoreFailure {
            let why = e.isBusy ? "locked by another writer" : e.isReadOnly ? "read-only" : e.isFull ? "full"
                : e.isUnavailable ? "unreachable" : "failing"
            store = .string(why)
            problems.append("the job store is \(why)")
        } catch {
            store = .string("failing")
            problems.append("the job store is failing")
        }
        var storage: JSONValue = .string("ok")
        do {
            try outputs.checkAvailable()
        } catch {
            let why = StorageOutage.isOutage(error) ? "unavailable" : "failing"
            storage = .string(why)
            problems.append("the storage of uploads and outputs is \(why)")
            logger.warning("readiness: storage", metadata: ["error": "\(error)"])
        }
        let free = self.store.freeBytes
        if let free, free < APIHandler.minimumFreeBytes { problems.append("the data directory's disk has \(free) bytes free") }
        let body = JSONValue.object([
            ("status", .string(problems.isEmpty ? "ready" : "unavailable")), ("store", store), ("storage", storage),
            ("diskFreeBytes", free.map { .number(String($0)) } ?? .null),
            ("problems", .array(problems.map { .string($0) })),
        ])
        return body.response(problems.isEmpty ? 200 : 503, headers: problems.isEmpty ? [] : [("Retry-After", "5")])
    }
}
