import Foundation
import ReelSpec

extension RenderPlanner {
    /// Reads and parses each `output.subtitles` file and puts its cues on the output timeline. A
    /// file that is missing, unreadable or does not parse is a problem at its `src`, naming the line.
    func planSubtitles(_ out: OutputSpec, outputRange: TimeRange, problems: inout [SpecProblem]) -> [SubtitlePlan] {
        out.subtitles.enumerated().compactMap { i, track in
            let pointer = "/output/subtitles/\(i)/src"
            guard let cues = readCues(track.src, pointer: pointer, problems: &problems) else { return nil }
            return SubtitlePlan(pointer: pointer, language: track.language, title: track.title, isDefault: track.isDefault,
                                cues: RenderPlanner.onOutput(cues, outputRange: outputRange))
        }
    }

    /// Cues shifted to output time, cut to the output, in order, each ending no later than the
    /// next begins (MP4's timed text plays one sample at a time).
    static func onOutput(_ cues: [Cue], outputRange: TimeRange) -> [Cue] {
        var placed = cues.compactMap { cue -> Cue? in
            let start = Time.max(.zero, cue.start - outputRange.start)
            let end = Time.min(outputRange.duration, cue.end - outputRange.start)
            guard start < end else { return nil }
            var c = cue
            c.start = start
            c.end = end
            c.words = cue.words.map { w in CueWord(text: w.text, start: w.start.map { $0 - outputRange.start }) }
            return c
        }.sorted { $0.start < $1.start }
        for k in placed.indices.dropLast() where placed[k + 1].start < placed[k].end {
            placed[k].end = placed[k + 1].start
        }
        return placed.filter { $0.start < $0.end }
    }
}
