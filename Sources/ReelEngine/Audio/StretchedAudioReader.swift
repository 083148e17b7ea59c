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
    /// The source has given its last sample; silence is fed until `tailLeft` runs out.
    private var sourceEnded = false
    private var tailLeft = StretchedAudioReader.tailPad
    /// The final block has been fed.
    private var inputEnded = false
    /// Silence fed after the source (input samples): more than R3's longest analysis window.
    static let tailPad = 16_384
    private var outputEnded = false
    /// Empty final calls made since the source ended (a stretcher that gives nothing back is not
    /// asked forever).
    private var flushCalls = 0
    static let maxFlushCalls = 256
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
                    flushCalls = 0
                }
            } else if inputEnded {
                // After the final block the stretcher still holds its last hops: more empty final
                // calls let it process them, until it answers -1 (all out) or gives nothing at all.
                flushCalls += 1
                if flushCalls > StretchedAudioReader.maxFlushCalls {
                    outputEnded = true
                } else {
                    stretcher.process(input.planes, count: 0, final: true)
                }
            } else {
                try feed()
            }
        }
        return done
    }

    /// Feeds the next block the stretcher asks for. Once the source runs out, silence follows it
    /// (`tailPad` samples) before the final block: R3 holds back part of the last analysis window
    /// even after a final call, and the silence pushes the source's real last samples out. What
    /// comes after them is cut by the mixer at the clip's end.
    private func feed() throws {
        let want = min(StretchedAudioReader.block, max(1, stretcher.samplesRequired))
        input.reserve(want)
        var got = 0
        if !sourceEnded {
            got = try source.read(count: want, into: input.planes)
            sourceEnded = got < want
        }
        if sourceEnded {
            let zeros = min(want - got, tailLeft)
            for c in 0..<channels { (input.planes[c] + got).update(repeating: 0, count: zeros) }
            got += zeros
            tailLeft -= zeros
            inputEnded = tailLeft == 0
        }
        stretcher.process(input.planes, count: got, final: inputEnded)
    }
}
