import LockstepCore
@testable import Platform
import Testing

/// Platform audio frames: formats, the tone contract, noise, WAV files.
@Suite struct PCMTests {
    /// ⌊n·10⁹/rate⌋ exactly, also where n·10⁹ passes 2^63.
    @Test func frameTimesAreExactIntegers() {
        let f = PCMFormat(sampleRateHz: 48_000, channels: 1)
        #expect(f.nanoseconds(ofFrame: 1024) == 21_333_333)
        #expect(f.nanoseconds(ofFrame: 48_000) == 1_000_000_000)
        #expect(f.nanoseconds(ofFrame: 48_000 * 3600) == 3_600_000_000_000)
        let big: Int64 = 20_000_000_000_000  // 2·10¹³ frames: n·10⁹ = 2·10²² > 2^63
        #expect(f.nanoseconds(ofFrame: big) == 416_666_666_666_666_666)
        #expect(PCMFormat(sampleRateHz: 44_100, channels: 2).description == "44100Hz/2ch")
    }

    /// Sample n is a function of n alone: the same tone cut into 512-, 1000- and 4800-frame buffers
    /// is the same samples.
    @Test func toneSamplesDoNotDependOnBufferSize() {
        let spec = ToneSynth.Spec(frequencyHz: 82.4069, amplitude: 0.7, harmonics: [0.3, 1.0, 0.6], phaseRadians: 0.25)
        var whole = ToneSynth(spec, sampleRateHz: 48_000)
        let reference = whole.samples(first: 0, count: 9_600)
        for size in [512, 1000, 4800, 7] {
            var synth = ToneSynth(spec, sampleRateHz: 48_000)
            var cut: [Float] = []
            var first: Int64 = 0
            while cut.count < reference.count {
                let n = min(size, reference.count - cut.count)
                cut += synth.samples(first: first, count: n)
                first += Int64(n)
            }
            #expect(cut == reference, "buffers of \(size)")
        }
    }

    /// Against the direct formula amp·Σ a_k·sin(2π·k·f·n/rate + phase) with `DetMath.sin`: within a
    /// Float rounding step everywhere (the oscillator is within 1e-13 before rounding).
    @Test func toneMatchesTheDirectFormula() {
        let f = 440.0, rate = 48_000.0, amp = 0.5, phase = 0.1
        let h = [1.0, 0.5]
        var synth = ToneSynth(ToneSynth.Spec(frequencyHz: f, amplitude: amp, harmonics: h, phaseRadians: phase), sampleRateHz: 48_000)
        let got = synth.samples(first: 0, count: 4096)
        var differing = 0
        for n in 0 ..< 4096 {
            var sum = 0.0
            for (k, a) in h.enumerated() { sum += a * DetMath.sin(2 * Double.pi * Double(k + 1) * f * Double(n) / rate + phase) }
            let direct = Float(amp * sum)
            #expect(abs(got[n] - direct) <= direct.ulp, "sample \(n)")
            if got[n] != direct { differing += 1 }
        }
        #expect(differing < 40)  // a few land on the other side of a rounding boundary
    }

    @Test func pluckDecays() {
        var synth = ToneSynth(ToneSynth.Spec(frequencyHz: 100, amplitude: 1, decaySeconds: 0.1), sampleRateHz: 1_000)
        let s = synth.samples(first: 0, count: 1_000)
        // Peaks of a 100 Hz sine at 1 kHz sampling sit at n ≡ 2.5 (mod 10); the envelope e^(−t/0.1).
        let early = s[0 ..< 10].map { abs($0) }.max()!, late = s[100 ..< 110].map { abs($0) }.max()!
        #expect(late < early * 0.4 && late > early * 0.3)  // e^(−1) ≈ 0.368
    }

    @Test func noiseHasItsRMSAndIsSeeded() {
        let a = NoiseSynth(rms: 0.02, seed: 7)
        let x = a.samples(first: 0, count: 48_000)
        // A function of (seed, n): any cut of the stream gives the same samples.
        #expect(Array(x[1000 ..< 1500]) == NoiseSynth(rms: 0.02, seed: 7).samples(first: 1000, count: 500))
        #expect(x != NoiseSynth(rms: 0.02, seed: 8).samples(first: 0, count: 48_000))
        let rms = (x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(x.count)).squareRoot()
        #expect(abs(rms - 0.02) < 0.0005)
        #expect(x.allSatisfy { abs($0) < Float(0.02 * 3.0.squareRoot()) + 1e-7 })
    }

    @Test func wavRoundTripAndRefusals() throws {
        let format = PCMFormat(sampleRateHz: 44_100, channels: 2)
        let samples: [Float] = [0, 0.5, -0.5, -1, 32767.0 / 32768, 1.5]
        let bytes = WAVFile.encode16(samples, format: format)
        let wav = try WAVFile.parse(bytes).get()
        #expect(wav.format == format)
        #expect(wav.samples == [0, 0.5, -0.5, -1, 32767.0 / 32768, 32767.0 / 32768])  // 1.5 clamps
        #expect(WAVFile.parse(Array(bytes.prefix(48))) == .failure(.chunkPastEnd("data")))
        #expect(WAVFile.parse(Array(bytes.prefix(40))) == .failure(.noDataChunk))
        #expect(WAVFile.parse(Array("RIFX".utf8) + Array(bytes.dropFirst(4))) == .failure(.notRIFF))
        var eightBit = bytes
        eightBit[34] = 8  // bits per sample
        #expect(WAVFile.parse(eightBit) == .failure(.unsupportedEncoding(format: 1, bits: 8)))
        // 32-bit float.
        var float: [UInt8] = Array("RIFF".utf8) + [44, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 3, 0, 1, 0]
        float += [0x80, 0xBB, 0, 0] + [0, 0xEE, 2, 0] + [4, 0, 32, 0] + Array("data".utf8) + [8, 0, 0, 0]
        for v: Float in [0.25, -0.75] { withUnsafeBytes(of: v.bitPattern.littleEndian) { float += $0 } }
        let f32 = try WAVFile.parse(float).get()
        #expect(f32.format == PCMFormat(sampleRateHz: 48_000, channels: 1) && f32.samples == [0.25, -0.75])
    }

    @Test func inputRefusesOtherFormatsAndNonFiniteSamples() {
        let input = PCMInput(expected: PCMFormat(sampleRateHz: 48_000, channels: 1))
        let ok = PCMBuffer(format: PCMFormat(sampleRateHz: 48_000, channels: 1), samples: [0.1], firstFrame: 0, source: "pcm")
        #expect(input.refusal(ok) == nil)
        let other = PCMBuffer(format: PCMFormat(sampleRateHz: 44_100, channels: 1), samples: [0.1], firstFrame: 0, source: "pcm")
        #expect(input.refusal(other)?.name == "pcm.rejected")
        let nan = PCMBuffer(format: PCMFormat(sampleRateHz: 48_000, channels: 1), samples: [.nan], firstFrame: 0, source: "pcm")
        #expect(input.refusal(nan) != nil)
        let stereo = PCMBuffer(format: PCMFormat(sampleRateHz: 48_000, channels: 2), samples: [1, 2, 3, 4], firstFrame: 0, source: "pcm")
        #expect(stereo.channel(1) == [2, 4] && stereo.frameCount == 2)
    }
}
