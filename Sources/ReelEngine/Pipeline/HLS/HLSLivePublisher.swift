import Dispatch
import Foundation
import ReelStorage
import Synchronization

/// Makes a progressive HLS output visible while it renders (`output.hls.progressive`). FFmpeg's
/// muxers rewrite each EVENT media playlist (atomically: `temp_file`) once a segment is closed; on
/// each `poke` this publisher reads the playlists that changed and puts, in order, the files a
/// playlist lists that were not put yet, then the playlist itself. The master playlist is written
/// and put once every media playlist lists a segment (the moment the output becomes playable,
/// `firstSegment`), and again at the end with the whole output's bandwidths. The work runs on a
/// queue of its own: an upload to a bucket never holds up the encoders.
final class HLSLivePublisher: Sendable {
    private struct State {
        /// The text of each playlist as last put.
        var putText: [String: String] = [:]
        /// Files put (segments, init segments, subtitle segments).
        var putFiles: Set<String> = []
        var masterPut = false
        var firstSegment: DispatchTime?
        /// A poke waiting on the queue: later pokes fold into it.
        var scheduled = false
        var failure: (any Error)?
    }

    private let folder: String
    private let playlists: [String]
    private let live: any LiveOutput
    private let writeMaster: @Sendable () throws -> Void
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "reel.hls.live")

    /// `playlists`: the media playlists (video renditions, audio, subtitles) by file name;
    /// `writeMaster` writes `master.m3u8` into the folder from the playlists as they are.
    init(folder: String, playlists: [String], live: any LiveOutput, writeMaster: @escaping @Sendable () throws -> Void) {
        self.folder = folder
        self.playlists = playlists
        self.live = live
        self.writeMaster = writeMaster
    }

    /// The first failure to put a file: the render stops with it.
    var failure: (any Error)? { state.withLock { $0.failure } }

    /// When the output became playable (its master playlist put).
    var firstSegment: DispatchTime? { state.withLock { $0.firstSegment } }

    /// Asks for a look at the playlists soon; returns at once.
    func poke() {
        let schedule = state.withLock { s -> Bool in
            guard !s.scheduled, s.failure == nil else { return false }
            s.scheduled = true
            return true
        }
        guard schedule else { return }
        queue.async { [self] in
            state.withLock { $0.scheduled = false }
            publishSafely(final: false)
        }
    }

    /// Puts what the playlists list now and waits until it is put (a chunk appended by a join in a
    /// render child: its parent answers the puts only until the child says it is ready for the
    /// next chunk); throws the first failure, if any.
    func settle() throws {
        queue.sync { publishSafely(final: false) }
        if let failure { throw failure }
    }

    /// Once the muxers are finished (every playlist with `#EXT-X-ENDLIST`): puts what is left and
    /// the final master playlist, and throws the first failure, if any.
    func finish() throws {
        queue.sync { publishSafely(final: true) }
        if let failure { throw failure }
    }

    private func publishSafely(final: Bool) {
        guard failure == nil else { return }
        do { try publish(final: final) } catch { state.withLock { if $0.failure == nil { $0.failure = error } } }
    }

    /// Runs on `queue` only, so the state's sets are read and written by one thread at a time.
    private func publish(final: Bool) throws {
        var ready = 0
        for playlist in playlists {
            guard let text = try? String(contentsOfFile: folder + "/" + playlist, encoding: .utf8) else { continue }
            let files = Self.files(listedIn: text)
            if !files.segments.isEmpty { ready += 1 }
            if state.withLock({ $0.putText[playlist] == text }) { continue }
            for file in files.all where !state.withLock({ $0.putFiles.contains(file) }) {
                try live.put(file, from: folder)
                _ = state.withLock { $0.putFiles.insert(file) }
            }
            // The text as read: the file may already list a segment this pass has not put.
            try live.put(playlist, bytes: Array(text.utf8))
            state.withLock { $0.putText[playlist] = text }
        }
        let masterDue = final || (ready == playlists.count && !state.withLock { $0.masterPut })
        guard masterDue else { return }
        try writeMaster()
        try live.put(RenderedOutput.hlsEntry, from: folder)
        state.withLock { s in
            s.masterPut = true
            if s.firstSegment == nil { s.firstSegment = .now() }
        }
    }

    /// The files a media playlist names: its init segment (`#EXT-X-MAP`) and segments, in order.
    static func files(listedIn text: String) -> (all: [String], segments: [String]) {
        var all: [String] = [], segments: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#EXT-X-MAP:URI=\""), let name = line.dropFirst(16).split(separator: "\"").first {
                all.append(String(name))
            } else if !line.hasPrefix("#"), !line.isEmpty {
                all.append(String(line))
                segments.append(String(line))
            }
        }
        return (all, segments)
    }
}
