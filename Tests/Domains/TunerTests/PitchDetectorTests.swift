import LockstepCore
import Testing
@testable import Tuner

/// Derived detector outputs (tuner.md "Known-value checks", failure 11), pure sines amp 0.5,
/// phase 0, 48 kHz, one 4096 window; compared at 0.001 Hz.
@Suite struct PitchDetectorTests {
    let detector = PitchDetector()

    func hz(_ f: Double, faults: PitchDetector.Faults = []) -> Double? {
        PitchDetector(faults: faults).detect(Signals.sine(frequencyHz: f), sampleRateHz: 48_000).frequencyHz
    }

    @Test(arguments: [
        // (input, note's value, decimals the note gives; 3 = the 0.001 Hz golden precision)
        (440.0, 439.759, 3), (329.628, 329.346, 3), (110.0, 109.531, 3), (82.4069, 81.948, 3),
        (41.2034, 40.899, 3), (30.5, 30.367, 3), (950.0, 474.95, 2), (1000.0, 500.0, 3),
        (880.0, 879.51, 2), (900.0, 899.55, 2), (901.0, 450.41, 2), (987.77, 493.81, 2),
        (1100.0, 549.90, 2), (1199.0, 599.41, 2),
    ])
    func pureSine(frequencyHz: Double, expectedHz: Double, decimals: Int) {
        let got = hz(frequencyHz)
        #expect(got.map { rounded($0, decimals) } == rounded(expectedHz, decimals))
    }

    /// Our own 0.001 Hz pins for the rows the note gives at 0.01 Hz.
    @Test func highBandAtMilliHertz() {
        #expect(hz(950).map { rounded($0, 3) } == 474.951)
        #expect(hz(880).map { rounded($0, 3) } == 879.511)
        #expect(hz(900).map { rounded($0, 3) } == 899.548)
        #expect(hz(901).map { rounded($0, 3) } == 450.415)
        #expect(hz(987.77).map { rounded($0, 3) } == 493.81)
        #expect(hz(1100).map { rounded($0, 3) } == 549.898)
        #expect(hz(1199).map { rounded($0, 3) } == 599.412)
    }

    @Test func lagsAndCentsOfPinnedSines() {
        let a4 = detector.detect(Signals.sine(frequencyHz: 440), sampleRateHz: 48_000)
        guard case .pitch(let hzA, let lagA, _, _) = a4 else { Issue.record("no pitch"); return }
        #expect(lagA == 109)
        #expect(NoteMath.reading(frequencyHz: hzA).map { rounded($0.cents, 2) } == -0.95)
        for (f, lag, cents) in [(82.4069, 586, -9.66), (41.2034, 1174, -12.84), (329.628, 146, -1.48), (110.0, 438, -7.40)] {
            guard case .pitch(let h, let l, _, _) = detector.detect(Signals.sine(frequencyHz: f), sampleRateHz: 48_000) else {
                Issue.record("no pitch for \(f)"); continue
            }
            #expect(l == lag, "lag for \(f)")
            // The note's cents are the reading's (vs the equal-tempered note), not vs the input f.
            #expect(NoteMath.reading(frequencyHz: h).map { rounded($0.cents, 2) } == cents, "cents for \(f)")
        }
    }

    @Test func belowMinimumFrequencyHasNoPeak() {
        let r = detector.detect(Signals.sine(frequencyHz: 29.0), sampleRateHz: 48_000)
        guard case .none(let reason, _) = r else { Issue.record("expected none"); return }
        #expect(reason == .noPeak)
    }

    @Test func gateIsStrictAroundPointZeroOne() {
        let quiet = detector.detect(Signals.sine(frequencyHz: 440, amplitude: 0.014), sampleRateHz: 48_000)
        guard case .none(.gate, let rmsQuiet) = quiet else { Issue.record("expected gate"); return }
        #expect(rounded(rmsQuiet, 5) == 0.00989)
        let loud = detector.detect(Signals.sine(frequencyHz: 440, amplitude: 0.0142), sampleRateHz: 48_000)
        guard case .pitch(_, _, _, let rmsLoud) = loud else { Issue.record("expected pitch"); return }
        #expect(rounded(rmsLoud, 5) == 0.01003)
        // rms exactly equal to the threshold is gated (strict >): a constant 0.5 frame has rms 0.5.
        let strict = PitchDetector(silenceRMS: 0.5).detect([Float](repeating: 0.5, count: 4096), sampleRateHz: 48_000)
        #expect(strict == .none(reason: .gate, rms: 0.5))
    }

    @Test func harmonicRichLowEReadsTheFundamental() {
        let x = Signals.harmonics(f0Hz: 82.4069, amplitudes: [0.3, 1.0, 0.6])
        let good = detector.detect(x, sampleRateHz: 48_000).frequencyHz
        #expect(good.map { rounded($0, 3) } == 82.384)
        let reading = good.flatMap { NoteMath.reading(frequencyHz: $0) }
        #expect(reading?.name == "E" && reading?.octave == 2)
        #expect(reading.map { rounded($0.cents, 2) } == -0.49)
        // Fault: the highest peak is two periods away → one octave low (E1).
        let faulty = PitchDetector(faults: .highestPeak).detect(x, sampleRateHz: 48_000).frequencyHz
        let faultyReading = faulty.flatMap { NoteMath.reading(frequencyHz: $0) }
        #expect(faultyReading?.name == "E" && faultyReading?.octave == 1)
        #expect(faulty.map { rounded($0, 3) } == 41.198)
    }

    @Test func noInterpolationFaultReportsTheIntegerLag() {
        let r = PitchDetector(faults: .noInterpolation).detect(Signals.sine(frequencyHz: 440), sampleRateHz: 48_000)
        #expect(r.frequencyHz.map { rounded($0, 3) } == 440.367)   // 48000 / 109
        // 48000/109 vs 48000/110: 15.81 cents apart.
        #expect(rounded(NoteMath.cents(from: 48_000.0 / 109, to: 48_000.0 / 110)!, 2) == 15.81)
    }

    @Test func noGateFaultDetectsQuietSignals() {
        let r = PitchDetector(faults: .noGate).detect(Signals.sine(frequencyHz: 440, amplitude: 0.014), sampleRateHz: 48_000)
        #expect(r.frequencyHz.map { rounded($0, 3) } == 439.759)
    }

    @Test func badInputNeverTraps() {
        #expect(detector.detect([], sampleRateHz: 48_000) == .none(reason: .gate, rms: 0))
        #expect(PitchDetector(faults: .noGate).detect([], sampleRateHz: 48_000) == .none(reason: .zeroEnergy, rms: 0))
        #expect(PitchDetector(faults: .noGate).detect([Float](repeating: 0, count: 4096), sampleRateHz: 48_000)
            == .none(reason: .zeroEnergy, rms: 0))
        var x = Signals.sine(frequencyHz: 440)
        x[100] = .nan
        #expect(detector.detect(x, sampleRateHz: 48_000) == .none(reason: .nonFinite, rms: 0))
        x[100] = -.infinity
        #expect(detector.detect(x, sampleRateHz: 48_000) == .none(reason: .nonFinite, rms: 0))
        let sine = Signals.sine(frequencyHz: 440)
        for rate in [0.0, -48_000, .nan, .infinity, 1e300] {
            #expect(detector.detect(sine, sampleRateHz: rate) == .none(reason: .invalidSampleRate, rms: 0))
        }
        // Tiny rates and tiny frames: no trap, just no peak.
        if case .pitch = detector.detect(sine, sampleRateHz: 1) { Issue.record("unexpected pitch at 1 Hz rate") }
        if case .pitch = detector.detect([0.5, -0.5, 0.5], sampleRateHz: 48_000) { Issue.record("unexpected pitch") }
        // Huge amplitudes stay finite in Double.
        let loud = Signals.sine(frequencyHz: 440, amplitude: 1e38)
        #expect(detector.detect(loud, sampleRateHz: 48_000).frequencyHz.map { rounded($0, 3) } == 439.759)
    }

    @Test func pairKernelMatchesSingleKernelBitForBit() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let x: [Double] = (0..<4096).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Float(Int64(bitPattern: state >> 11) % 2_000_001 - 1_000_000) / 1_000_000)
        }
        x.withUnsafeBufferPointer { p in
            for lag in [0, 1, 39, 40, 585, 1599] {
                for terms in [0, 1, 7, 8, 9, 2496] {
                    let (a, b) = PitchDetector.correlationPair(p, lag: lag, terms: terms)
                    #expect(a.bitPattern == PitchDetector.correlation(p, lag: lag, terms: terms).bitPattern)
                    #expect(b.bitPattern == PitchDetector.correlation(p, lag: lag + 1, terms: terms).bitPattern)
                }
            }
        }
    }

    @Test func lagArithmeticAt48And44k() {
        // minLag = Int(rate/1200), maxLag = min(Int(rate/30), 4096/2), filterLength = 4096 − maxLag.
        #expect(Int(48_000.0 / 1_200) == 40 && min(Int(48_000.0 / 30), 2048) == 1600 && 4096 - 1600 == 2496)
        #expect(Int(44_100.0 / 1_200) == 36 && min(Int(44_100.0 / 30), 2048) == 1470 && 4096 - 1470 == 2626)
        // 44.1 kHz still detects A4 close to 440.
        let r = detector.detect(Signals.sine(frequencyHz: 440, sampleRateHz: 44_100), sampleRateHz: 44_100)
        #expect(r.frequencyHz.map { ($0 - 440).magnitude < 1 } == true)
    }
}
