import ReelSpec

/// A clip's audio played at `speed` with its pitch kept: reads the source at its own pace through a
/// `TimeStretcher` and hands out output samples, the first one the source's sample at the reader's
/// start, as `AudioClipReader` does at speed 1.
///
/// Rubber Band's start latency is removed (zeros fed ahead, the same number of output samples
/// dropped), so the stretched sound lines up with the sped video to the sample; at the source's end
/// the final block flushes what the stretcher still holds.
final class StretchedAudioReader: AudioSampleSource {
    private let source: AudioClipReader
    private let stretcher: TimeStretcher
    private let channels: Int
    private let input: SampleBuffer
    private var toDrop: Int
    private var inputEnded = false
    private var outputEnded = false
    static let block = 1024

    init(source: AudioClipReader, speed: Rational, rate: Int, channels: Int) throws {
        self.source = source
        self.channels = channels
        stretcher = try TimeStretcher(rate: rate, channels: channels, speed: speed.approximateValue, maxBlock: StretchedAudioReader.block)
        input = SampleBuffer(channels: channels, capacity: max(StretchedAudioReader.block, stretcher.startPad))
        toDrop = stretcher.startDelay
        if stretcher.startPad > 0 {
            for c in 0..<channels { input.planes[c].update(repeating: 0, count: stretcher.startPad) }
            stretcher.process(input.planes, count: stretcher.startPad, final: false)
        }
    }

    func read(count: Int, into out: [UnsafeMutablePointer<Float>]) throws -> Int {
        var done = 0
        while done < count && !outputEnded {
            let ready = stretcher.available
            if ready < 0 {
                outputEnded = true
            } else if ready > 0 {
                if toDrop > 0 {
                    // The stretcher's start latency: output before the first real sample.
                    input.reserve(min(ready, toDrop))
                    toDrop -= stretcher.retrieve(into: input.planes, offset: 0, count: min(ready, toDrop))
                } else {
                    done += stretcher.retrieve(into: out, offset: done, count: min(ready, count - done))
                }
            } else if inputEnded {
                // Everything was fed and flushed, and nothing more will come.
                outputEnded = true
            } else {
                try feed()
            }
        }
        return done
    }

    /// Feeds the next block the stretcher asks for; the block where the source runs out is final.
    private func feed() throws {
        let want = min(StretchedAudioReader.block, max(1, stretcher.samplesRequired))
        input.reserve(want)
        let got = try source.read(count: want, into: input.planes)
        inputEnded = got < want
        stretcher.process(input.planes, count: got, final: inputEnded)
    }
}
