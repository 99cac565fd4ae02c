import LockstepCore
import Platform
import Testing

private let clock30 = CameraFrameClock(framesPerSecond: 30)!

@Suite struct CaptureMovieWriterTests {
    @Test func twoSecondsAt30fpsIsSixtyFramesAndTheBitrateBytes() {
        var w = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        #expect(w.startSession(atNanoseconds: 0) == .sessionStarted(ptsNanoseconds: 0))
        for k in 0 ..< 60 { #expect(w.append(.videoFrame(Int64(k), clock: clock30)) == .appended(.video, ptsNanoseconds: clock30.ptsNanoseconds(ofFrame: Int64(k)), count: k + 1)) }
        let done = w.finish()
        // Frame 59 at ⌊59·10⁹/30⌋ = 1,966,666,666 ns lasts until frame 60, 2,000,000,000 ns: 2 s exactly.
        // 10,000,000 bit/s · 2 s / 8 = 2,500,000 bytes.
        #expect(done.record.description
            == "writer.finished start=0.000000000s end=2.000000000s duration=2.000000000s frames=60 audioBuffers=0 audio=false bitrate=10000000 bytes=2500000")
        #expect(w.status == .completed)
    }

    @Test func bitrateRuleRoundsUpAndCountsAudio() {
        let video = MovieWriterSettings(hasAudioTrack: false)
        // 100 MiB at 10 Mbit/s is 83.886080 s: 104,857,600 B · 8 = 838,860,800 bit.
        #expect(video.estimatedBytes(durationNanoseconds: 83_886_080_000) == 104_857_600)
        // 1 ns at 10 Mbit/s is 0.00125 B: rounded up to 1.
        #expect(video.estimatedBytes(durationNanoseconds: 1) == 1)
        #expect(video.estimatedBytes(durationNanoseconds: 0) == 0)
        // With audio: (10,000,000 + 128,000) bit/s · 1 s / 8 = 1,266,000 B.
        #expect(MovieWriterSettings(hasAudioTrack: true).estimatedBytes(durationNanoseconds: 1_000_000_000) == 1_266_000)
        // A day at 1 Gbit/s does not overflow: 10⁹ · 86,400 / 8 = 10,800,000,000,000 B.
        #expect(MovieWriterSettings(videoBitsPerSecond: 1_000_000_000, hasAudioTrack: false).estimatedBytes(durationNanoseconds: 86_400_000_000_000)
            == 10_800_000_000_000)
    }

    @Test func ptsRules() {
        var w = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: true))
        #expect(w.append(.video(ptsNanoseconds: 0, durationNanoseconds: 1)).record.description == "rejected input=writer reason=sessionNotStarted")
        _ = w.startSession(atNanoseconds: 1_000_000_000)
        #expect(w.startSession(atNanoseconds: 0) == .refused(.sessionAlreadyStarted))
        #expect(w.append(.video(ptsNanoseconds: 900_000_000, durationNanoseconds: 33_333_333)).record.description
            == "rejected input=writer reason=beforeSessionStart track=video start=1.000000000s pts=0.900000000s")
        #expect(w.append(.video(ptsNanoseconds: 1_000_000_000, durationNanoseconds: 33_333_333)) == .appended(.video, ptsNanoseconds: 1_000_000_000, count: 1))
        // Equal is not increasing.
        #expect(w.append(.video(ptsNanoseconds: 1_000_000_000, durationNanoseconds: 33_333_333)).record.description
            == "rejected input=writer reason=nonIncreasingPTS track=video last=1.000000000s pts=1.000000000s")
        #expect(w.append(.video(ptsNanoseconds: 999_999_999, durationNanoseconds: 1)) == .refused(.nonIncreasingPTS(.video, lastNanoseconds: 1_000_000_000, gotNanoseconds: 999_999_999)))
        // Tracks are ordered independently: audio at the same PTS is fine.
        #expect(w.append(.audio(ptsNanoseconds: 1_000_000_000, sampleCount: 1024, sampleRateHz: 48_000)) == .appended(.audio, ptsNanoseconds: 1_000_000_000, count: 1))
        #expect(w.append(.video(ptsNanoseconds: 1_100_000_000, durationNanoseconds: 0)) == .refused(.nonPositiveDuration(.video, durationNanoseconds: 0)))
        #expect(w.videoFrames == 1 && w.audioBuffers == 1)
    }

    @Test func mutedTakeHasNoAudioTrack() {
        var w = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        _ = w.startSession(atNanoseconds: 0)
        #expect(w.append(.audio(ptsNanoseconds: 0, sampleCount: 1024, sampleRateHz: 48_000)).record.description
            == "rejected input=writer reason=noSuchTrack track=audio")
        // 1024 samples at 48 kHz: ⌊1024·10⁹/48000⌋ = 21,333,333 ns.
        #expect(MovieSample.audio(ptsNanoseconds: 0, sampleCount: 1024, sampleRateHz: 48_000).durationNanoseconds == 21_333_333)
    }

    @Test func exactlyOneFinish() {
        var w = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        _ = w.startSession(atNanoseconds: 0)
        _ = w.append(.videoFrame(0, clock: clock30))
        guard case .finished = w.finish() else { Issue.record("no file"); return }
        let second = w.finish()
        #expect(second.record.description == "rejected input=writer.finish reason=secondFinish status=completed")
        #expect(w.finishCalls == 1)
        // After the finish: appends refused.
        #expect(w.append(.videoFrame(1, clock: clock30)).record.description == "rejected input=writer reason=notWriting status=completed")
        #expect(w.startSession(atNanoseconds: 0) == .refused(.notWriting(.completed)))
    }

    @Test func finishWithoutSamplesOrSessionFails() {
        var never = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        #expect(never.finish().record.description == "writer.finish-failed reason=sessionNeverStarted")
        #expect(never.status == .failed)
        var empty = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        _ = empty.startSession(atNanoseconds: 5)
        #expect(empty.finish() == .finishFailed(.noSamples))
        #expect(empty.finish() == .secondFinish(status: .failed))
    }

    @Test func failedWriterLosesTheTake() {
        var w = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: true))
        _ = w.startSession(atNanoseconds: 0)
        for k in 0 ..< 3 { _ = w.append(.videoFrame(Int64(k), clock: clock30)) }
        #expect(w.fail(.diskFull).record.description == "writer.failed reason=diskFull lostFrames=3 lostAudioBuffers=0")
        #expect(w.fail(.unknown) == .refused(.notWriting(.failed)))
        #expect(w.append(.videoFrame(3, clock: clock30)) == .refused(.notWriting(.failed)))
        #expect(w.finish().record.description == "writer.finish-failed reason=writerFailed failure=diskFull")
        #expect(w.file == nil)
    }

    @Test func cancelAndEndSession() {
        var c = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        _ = c.startSession(atNanoseconds: 0)
        _ = c.append(.videoFrame(0, clock: clock30))
        #expect(c.cancel().record.description == "writer.cancelled discardedFrames=1")
        #expect(c.finish() == .finishFailed(.cancelled))

        var w = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        _ = w.startSession(atNanoseconds: 1_000_000_000)
        for k: Int64 in 30 ..< 90 { _ = w.append(.videoFrame(k, clock: clock30)) }
        #expect(w.finish(endNanoseconds: 500_000_000) == .refused(.endBeforeStart(startNanoseconds: 1_000_000_000, endNanoseconds: 500_000_000)))
        #expect(w.finishCalls == 0)
        // endSession at 2.5 s cuts the file there: 1.5 s, 1,875,000 bytes.
        #expect(w.finish(endNanoseconds: 2_500_000_000).record.description
            == "writer.finished start=1.000000000s end=2.500000000s duration=1.500000000s frames=60 audioBuffers=0 audio=false bitrate=10000000 bytes=1875000")
    }

    @Test func runningByteEstimateForAStorageWatch() {
        var w = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        #expect(w.estimatedBytes(atNanoseconds: 10_000_000_000) == 0)
        _ = w.startSession(atNanoseconds: 2_000_000_000)
        // 8 s at 10 Mbit/s: 10,000,000 B.
        #expect(w.estimatedBytes(atNanoseconds: 10_000_000_000) == 10_000_000)
        #expect(MovieWriterStatus.allCases.map(\.rawCode) == [0, 1, 2, 3, 4])
    }
}

@Suite struct CaptureDeviceConditionsTests {
    @Test func thermalChangesAreCountedAndOrdered() {
        var c = DeviceConditions()
        #expect(c.setThermal(.serious).record.description == "thermal from=nominal to=serious changed=true")
        #expect(c.setThermal(.serious).record.description == "thermal from=serious to=serious changed=false")
        #expect(c.thermalChanges == 1)
        #expect(ThermalState.critical > .serious && ThermalState.fair > .nominal)
        #expect(ThermalState.allCases.map(\.rawCode) == [0, 1, 2, 3])
    }

    @Test func storageAndRecordableTime() {
        var c = DeviceConditions()
        #expect(c.freeBytes == 34_359_738_368)
        #expect(c.setFreeBytes(104_857_600).record.description == "storage fromBytes=34359738368 freeBytes=104857600 freeMiB=100.0")
        // The seed's thresholds are the domain's; the >= comparison is the model's.
        #expect(c.hasFree(104_857_600) && !c.hasFree(104_857_601))
        // 100 MiB at 10 Mbit/s: 104,857,600 · 8 / 10⁷ = 83.886080 s.
        #expect(c.recordableNanoseconds(atBitsPerSecond: 10_000_000) == 83_886_080_000)
        #expect(c.recordableNanoseconds(atBitsPerSecond: 0) == nil)
        _ = c.setFreeBytes(-5)
        #expect(c.freeBytes == 0)
        // Past Int64 nanoseconds: saturates.
        _ = c.setFreeBytes(Int64.max)
        #expect(c.recordableNanoseconds(atBitsPerSecond: 1) == Int64.max)
    }
}

@Suite struct CaptureFrameTimingTests {
    @Test func thirtyFpsIsExactOverTenHours() {
        // Frame k at ⌊k·10⁹/30⌋: frame 1,080,000 is exactly 10 h; every delta is 33,333,333 or 33,333,334 ns.
        let c = CameraFrameClock(framesPerSecond: 30)!
        #expect(c.ptsNanoseconds(ofFrame: 1) == 33_333_333)
        #expect(c.ptsNanoseconds(ofFrame: 2) == 66_666_666)
        #expect(c.ptsNanoseconds(ofFrame: 3) == 100_000_000)
        #expect(c.ptsNanoseconds(ofFrame: 108_000) == 3_600_000_000_000)
        #expect(c.ptsNanoseconds(ofFrame: 1_080_000) == 36_000_000_000_000)
        var previous: Int64 = 0
        var deltas: Set<Int64> = []
        for k: Int64 in 1 ... 108_000 {
            let t = c.ptsNanoseconds(ofFrame: k)
            deltas.insert(t - previous)
            previous = t
        }
        #expect(deltas.sorted() == [33_333_333, 33_333_334])
        // Adding the whole-nanosecond interval instead drifts 36 µs in an hour.
        #expect(3_600_000_000_000 - 108_000 * 33_333_333 == 36_000)
    }

    @Test func oneHundredTwentyFpsIsExactOverADay() {
        let c = CameraFrameClock(framesPerSecond: 120)!
        #expect(c.ptsNanoseconds(ofFrame: 1) == 8_333_333)
        #expect(c.ptsNanoseconds(ofFrame: 72_000) == 600_000_000_000)
        #expect(c.ptsNanoseconds(ofFrame: 10_368_000) == 86_400_000_000_000)
        #expect(c.ptsNanoseconds(ofFrame: 10_367_999) == 86_399_991_666_666)
    }

    @Test func frameCountsAreExclusiveAndContinue() {
        let c = CameraFrameClock(framesPerSecond: 30)!
        #expect(c.frameCount(from: 0, span: .seconds(2)) == 60)
        // A line starting at frame 60 over 2 s makes frames 60...119.
        #expect(c.frameCount(from: 60, span: .seconds(2)) == 60)
        // 0.1 s at 30 fps: frames at 0, 33.3 ms, 66.6 ms (100 ms is excluded).
        #expect(c.frameCount(from: 0, span: .milliseconds(100)) == 3)
        #expect(c.frameCount(from: 0, span: .nanoseconds(1)) == 1)
        #expect(CameraFrameClock(framesPerSecond: 0) == nil && CameraFrameClock(framesPerSecond: 241) == nil)
    }
}

@Suite struct CaptureMovieWriterRangeTests {
    @Test func aSampleEndingPastInt64IsRefused() {
        var w = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        _ = w.startSession(atNanoseconds: 0)
        #expect(w.append(.video(ptsNanoseconds: Int64.max - 1, durationNanoseconds: 2)).record.description
            == "rejected input=writer reason=endPastRange track=video")
        #expect(w.videoFrames == 0)
    }
}
