import ReelSpec
import ReelWorker

/// `ask`'s answer from an engine child (a spec judged, a frame drawn, a file probed), or what its failure means to a client: a crash is a
/// 422 (as far as anyone can tell, the input's fault), a limit or every child busy a 503 with
/// Retry-After.
func engineAnswer<T>(_ ask: () throws -> T) throws -> T {
    do {
        return try ask()
    } catch let e as EngineFailure {
        switch e {
        case .crashed(let why):
            throw ProblemError(.validation([SpecProblem(pointer: "", message: "the request could not be handled: \(why)")]))
        case .limit(let why):
            throw ProblemError(Problem(status: 503, type: "engine-limit", title: "The engine stopped at a limit",
                                       detail: "the engine process working on the request \(why); simplify the input or try again later",
                                       headers: [("Retry-After", "5")]))
        case .busy, .unavailable:
            throw ProblemError(Problem(status: 503, type: "engine-busy", title: "Every engine process is busy",
                                       detail: "\(e); try again shortly", headers: [("Retry-After", "1")]))
        }
    }
}
