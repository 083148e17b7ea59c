import ReelSpec

extension RenderPlanner {
    /// Gives each audiogram (at any depth of groups) the clips it listens to, once the timeline's
    /// audio is planned: all of them for the mix, else those of the item its `audio` names (a
    /// problem at `…/audio` when that item plays no sound in the mix).
    func resolveWaveformAudio(_ plans: inout [OverlayPlan], audio: [AudioClip], problems: inout [SpecProblem]) {
        for i in plans.indices {
            switch plans[i].source {
            case .waveform(var w):
                if let pointer = w.spec.audio {
                    w.clips = audio.filter { $0.pointer == pointer }
                    if w.clips.isEmpty {
                        problems.append(SpecProblem(pointer: plans[i].pointer + "/audio", message: "\"\(pointer)\" is not an item heard in the mix "
                                                    + "(a voice-over, a music item, or a video item or video overlay with sound, not muted)"))
                    }
                } else {
                    w.clips = audio
                }
                plans[i].source = .waveform(w)
            case .group(var g):
                resolveWaveformAudio(&g.overlays, audio: audio, problems: &problems)
                plans[i].source = .group(g)
            default:
                continue
            }
        }
    }
}
