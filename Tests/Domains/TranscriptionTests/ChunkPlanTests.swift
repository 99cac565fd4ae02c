import Testing
import LockstepCore
import LockstepRunner
@testable import Transcription

/// Known values for the chunk loop, worked out by hand from the article's constants: windows of
/// 50 s every 46 s (50 − 4), the loop runs while start < total − 0.05 and stops after the window
/// whose end is ≥ total − 0.05.
@Suite struct ChunkPlanTests {
    static let s: Int64 = 1_000_000_000
    func plan(_ seconds: Double) -> ChunkPlan { ChunkPlan(totalNanos: Int64((seconds * 1e9).rounded())) }
    func bounds(_ p: ChunkPlan) -> [[Int64]] { (0..<p.count).map { [p.window($0).startNanos, p.window($0).endNanos] } }

    @Test func stepIs46Seconds() {
        #expect(ChunkPlan.stepNanos == 46 * Self.s)
    }

    @Test func hundredTwentySeconds() {
        let p = plan(120)
        #expect(bounds(p) == [[0, 50 * Self.s], [46 * Self.s, 96 * Self.s], [92 * Self.s, 120 * Self.s]])
        #expect(p.window(0).progress == 50.0 / 120.0)
        #expect(p.window(1).progress == 0.8)
        #expect(p.window(2).progress == 1.0)
        #expect([p.window(0).isFinal, p.window(1).isFinal, p.window(2).isFinal] == [false, false, true])
    }

    @Test func exactlyFiftyAndNearIt() {
        #expect(bounds(plan(50)) == [[0, 50 * Self.s]])
        #expect(plan(50).window(0).isFinal && plan(50).window(0).progress == 1.0)
        // 50.04: the first window ends at 50 ≥ 49.99, so it is final and progress is 50/50.04.
        #expect(plan(50.04).count == 1 && plan(50.04).window(0).isFinal)
        #expect(plan(50.04).window(0).progress == 50.0 / 50.04)
        // 50.05: 50 ≥ 50.05 − 0.05 exactly (integer nanoseconds): still one window.
        #expect(plan(50.05).count == 1)
        // 50.050000001: 50 < 50.000000001, so a second window [46, 50.050000001].
        #expect(plan(50.050000001).count == 2)
        #expect(plan(96.04).count == 2)
        #expect(bounds(plan(100)) == [[0, 50 * Self.s], [46 * Self.s, 96 * Self.s], [92 * Self.s, 100 * Self.s]])
    }

    @Test func tinyDurations() {
        // 0.05 s: 0 < 0.05 − 0.05 is false: the loop never runs, no event at all in the article.
        #expect(plan(0.05).count == 0)
        #expect(plan(0).count == 0)
        // One nanosecond more runs one window [0, 0.050000001], final, progress 1.
        let p = plan(0.050000001)
        #expect(bounds(p) == [[0, 50_000_001]] && p.window(0).isFinal && p.window(0).progress == 1.0)
    }

    @Test func tenMinutesIsThirteenChunks() {
        let p = plan(600)
        #expect(p.count == 13)
        // 1 + ceil((600 − 50.05) / 46) = 1 + ceil(11.955...) = 13; last window starts at 12 × 46 = 552.
        #expect(bounds(p).last == [552 * Self.s, 600 * Self.s])
    }

    @Test func twoHoursIs157Chunks() {
        // 1 + ceil((7200 − 50.05) / 46) = 1 + ceil(155.43...) = 157.
        #expect(plan(7200).count == 157)
    }

    @Test func closedFormMatchesTheLiteralLoop() {
        var totals: [Int64] = [1, 50_000_000, 50_000_001, 49_999_999_999, 50 * Self.s, 96_040_000_000, 96_050_000_001]
        for k in 1...400 { totals.append(Int64(k) * 1_234_567_891) }
        for t in totals {
            let p = ChunkPlan(totalNanos: t)
            let loop = p.loopWindows()
            #expect(loop.count == p.count, "total \(t)")
            #expect(loop.last.map(\.isFinal) ?? true, "total \(t)")
            #expect(loop.dropLast().allSatisfy { !$0.isFinal }, "total \(t)")
        }
    }

    @Test func worstCasePerChunk() {
        #expect(ChunkPlan.worstCaseNanosPerChunk(onDevice: true) == 120 * Self.s)
        #expect(ChunkPlan.worstCaseNanosPerChunk(onDevice: false) == 60 * Self.s)
    }

    @Test func avAudioQualityRawValues() {
        // AVAudioQuality: min 0, low 0x20, medium 0x40, high 0x60, max 0x7F.
        #expect(RecordingQuality.allCases.map(\.rawAVValue) == [0, 32, 64, 96, 127])
    }
}

/// The de-duplication rule on the note's worked examples.
@Suite struct TranscriptTests {
    static let ms: Int64 = 1_000_000
    func w(_ t: String, _ tsMs: Int64, _ dMs: Int64) -> RecognisedWord { RecognisedWord(t, timestampNanos: tsMs * Self.ms, durationNanos: dMs * Self.ms) }

    @Test func overlapWordDroppedNextWordKept() {
        var tr = Transcript()
        _ = tr.add(chunkStartNanos: 0, chunkEndNanos: 50_000 * Self.ms, text: "hello", words: [w("hello", 49_000, 500)])
        #expect(tr.acceptedUntilNanos == 49_500 * Self.ms)
        let d = tr.add(chunkStartNanos: 46_000 * Self.ms, chunkEndNanos: 96_000 * Self.ms, text: "hello world",
                       words: [w("hello", 3_000, 500), w("world", 3_600, 400)])
        // 49.0 < 49.5 − 0.15 = 49.35: dropped; 49.6 ≥ 49.35: kept; acceptedUntil 50.0.
        #expect(d.map(\.accepted) == [false, true])
        #expect(d[0].thresholdNanos == 49_350 * Self.ms)
        #expect(tr.acceptedUntilNanos == 50_000 * Self.ms)
        #expect(tr.joined == "hello world")
    }

    @Test func toleranceEdgeIsInclusive() {
        var tr = Transcript()
        _ = tr.add(chunkStartNanos: 0, chunkEndNanos: 50_000 * Self.ms, text: "a", words: [w("a", 49_000, 500)])
        let d = tr.add(chunkStartNanos: 46_000 * Self.ms, chunkEndNanos: 60_000 * Self.ms, text: "b c d",
                       words: [RecognisedWord("b", timestampNanos: 3_350 * Self.ms - 1, durationNanos: 0),
                               w("c", 3_350, 10), w("d", 3_400, 100)])
        // 49.349999999 < 49.35 dropped; 49.35 kept (≥); 49.40 kept (the note's "within tolerance").
        #expect(d.map(\.accepted) == [false, true, true])
    }

    @Test func firstChunkAlwaysAccepted() {
        var tr = Transcript()
        let d = tr.add(chunkStartNanos: 0, chunkEndNanos: 50_000 * Self.ms, text: "x", words: [w("x", 0, 0)])
        // acceptedUntil −1 s: threshold −1.15 s.
        #expect(d[0].thresholdNanos == -1_150 * Self.ms && d[0].accepted)
    }

    @Test func byStartTimeFaultDuplicates() {
        var tr = Transcript(dedupByStartTime: true)
        _ = tr.add(chunkStartNanos: 0, chunkEndNanos: 50_000 * Self.ms, text: "hello", words: [w("hello", 49_000, 500)])
        let d = tr.add(chunkStartNanos: 46_000 * Self.ms, chunkEndNanos: 96_000 * Self.ms, text: "hello",
                       words: [w("hello", 3_000, 500)])
        #expect(d[0].accepted && tr.joined == "hello hello")
    }

    @Test func untimedBranch() {
        var tr = Transcript()
        _ = tr.add(chunkStartNanos: 0, chunkEndNanos: 50_000 * Self.ms, text: "abc", words: [])
        #expect(tr.segments.last == AcceptedSegment(text: "abc", startNanos: 0, durationNanos: 0))
        #expect(tr.acceptedUntilNanos == 50_000 * Self.ms)
        _ = tr.add(chunkStartNanos: 46_000 * Self.ms, chunkEndNanos: 96_000 * Self.ms, text: "def", words: [])
        // 96 > 50: kept at max(46, 50) = 50.
        #expect(tr.segments.last == AcceptedSegment(text: "def", startNanos: 50_000 * Self.ms, durationNanos: 0))
        #expect(tr.acceptedUntilNanos == 96_000 * Self.ms)
        // A chunk that does not end past acceptedUntil adds nothing; an empty text adds nothing.
        let d = tr.add(chunkStartNanos: 50_000 * Self.ms, chunkEndNanos: 96_000 * Self.ms, text: "again", words: [])
        #expect(d.map(\.accepted) == [false])
        #expect(tr.add(chunkStartNanos: 92_000 * Self.ms, chunkEndNanos: 140_000 * Self.ms, text: "", words: []).isEmpty)
        #expect(tr.joined == "abc def")
    }

    @Test func separators() {
        #expect(Transcript.separator(forLocale: "zh-Hans-CN") == "")
        #expect(Transcript.separator(forLocale: "ja-JP") == "")
        #expect(Transcript.separator(forLocale: "en-US") == " ")
    }

    @Test func localeResolution() {
        let caps: [String: LocaleCapability] = ["en-US": LocaleCapability(exists: true, supportsOnDevice: true, installed: true),
                                                "cy-GB": LocaleCapability(exists: true), "xx": LocaleCapability(exists: false)]
        let r1 = RecogniserResolution.resolve("zh-Hans-CN", deviceLocale: "en-US", capabilities: caps)
        #expect(r1.resolved == "en-US" && r1.fellBack)
        let r2 = RecogniserResolution.resolve("  ", deviceLocale: "en-US", capabilities: caps)
        #expect(r2.requested == nil && r2.resolved == "en-US" && !r2.fellBack)
        #expect(RecogniserResolution.resolve("cy-GB", deviceLocale: "en-US", capabilities: caps).resolved == "cy-GB")
        #expect(RecogniserResolution.resolve("xx", deviceLocale: "en-US", capabilities: caps).fellBack)
        #expect(RecogniserResolution.resolve(nil, deviceLocale: "de-DE", capabilities: caps).resolved == nil)
    }
}
