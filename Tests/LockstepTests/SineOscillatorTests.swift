// SineOscillator against its oracle, the direct formula amplitude · DetMath.sin(2π·f·n/r), sample
// by sample: the documented error bound, the phase carried across batches, and the Float output.

import Testing
import LockstepCore

@Suite struct SineOscillatorTests {
    /// The direct formula, written independently of the oscillator.
    static func direct(_ hz: Double, _ rate: Double, _ amplitude: Double, _ n: Int64) -> Double {
        amplitude * DetMath.sin(2 * Double.pi * hz * Double(n) / rate)
    }

    @Test(arguments: [(0.0, 48_000.0), (1.0, 48_000.0), (440.0, 48_000.0), (1000.0, 44_100.0), (6000.0, 48_000.0),
                      (19_999.5, 48_000.0), (24_000.0, 48_000.0), (30_000.0, 48_000.0), (7.25, 8_000.0), (50.0, 384_000.0)])
    func withinTheBoundOfTheDirectFormula(hz: Double, rate: Double) {
        let count = 96_000  // the largest liveMic batch
        let tone = SineOscillator(frequencyHz: hz, sampleRateHz: rate, amplitude: 1)
        let values = tone.samples(first: 0, count: count)
        #expect(values.count == count)
        var worst = 0.0
        for n in 0..<count {
            // Both round the phase (three operations each, the oscillator at its resync points): allow |phase| · 2^-50.
            let phase = 2 * Double.pi * hz * Double(n) / rate
            let allowed = SineOscillator.maxAbsoluteError + abs(phase) * 0x1p-50
            let error = abs(values[n] - Self.direct(hz, rate, 1, Int64(n)))
            worst = max(worst, error - allowed)
            if error > allowed {
                Issue.record("hz=\(hz) rate=\(rate) n=\(n): error \(error) > \(allowed)")
                return
            }
        }
        #expect(worst <= 0)
    }

    @Test func aLongRunStaysWithinTheBound() {
        // Two hours at 48 kHz, spot-checked: block and resync boundaries and far samples.
        let tone = SineOscillator(frequencyHz: 440, sampleRateHz: 48_000, amplitude: 0.5)
        for first: Int64 in [0, 31, 32, 1023, 1024, 1_000_003, 345_599_000] {
            let values = tone.samples(first: first, count: 1000)
            for (k, v) in values.enumerated() {
                let n = first + Int64(k)
                let phase = 2 * Double.pi * 440 * Double(n) / 48_000
                let allowed = 0.5 * SineOscillator.maxAbsoluteError + abs(phase) * 0x1p-50
                #expect(abs(v - Self.direct(440, 48_000, 0.5, n)) <= allowed, "n=\(n)")
            }
        }
    }

    @Test func knownValues() {
        // A quarter-rate tone at amplitude 1: 0, 1, 0, -1, ... (to the bound), and sin(π/6) = 0.5.
        let quarter = SineOscillator(frequencyHz: 12_000, sampleRateHz: 48_000, amplitude: 1).samples(first: 0, count: 8)
        let expected: [Double] = [0, 1, 0, -1, 0, 1, 0, -1]
        for (v, e) in zip(quarter, expected) { #expect(abs(v - e) < 1e-12) }
        let sixth = SineOscillator(frequencyHz: 1, sampleRateHz: 12, amplitude: 2).samples(first: 1, count: 1)
        #expect(abs(sixth[0] - 1) < 1e-12)  // 2 · sin(2π/12) = 2 · 0.5
        #expect(SineOscillator(frequencyHz: 0, sampleRateHz: 48_000, amplitude: 1).samples(first: 5, count: 100).allSatisfy { $0 == 0 })
    }

    @Test func batchesContinueThePhase() {
        // Sample n is the same tone however the run is split (to the bound): a batch starting at
        // 4800 continues the one that ended there.
        let tone = SineOscillator(frequencyHz: 997, sampleRateHz: 48_000, amplitude: 1)
        let whole = tone.samples(first: 0, count: 9600)
        let second = tone.samples(first: 4800, count: 4800)
        for k in 0..<4800 { #expect(abs(whole[4800 + k] - second[k]) <= 2 * SineOscillator.maxAbsoluteError) }
    }

    @Test func floatOutputInterleavesChannelsAndRoundsTheDoubles() {
        let tone = SineOscillator(frequencyHz: 1000, sampleRateHz: 44_100, amplitude: 0.5)
        let out = tone.floats(first: 10, count: 100, channels: 3)
        let doubles = tone.samples(first: 10, count: 100)
        #expect(out.count == 300)
        for k in 0..<100 {
            for ch in 0..<3 { #expect(out[3 * k + ch] == Float(doubles[k])) }
        }
        #expect(tone.floats(first: 10, count: 100) == doubles.map { Float($0) })
        #expect(tone.floats(first: 0, count: 0, channels: 2).isEmpty)
    }
}
