import Testing
@testable import Platform

@Suite struct FeedbackGeneratorTests {
    let medium = FeedbackGeneratorKind.impact(style: .medium)

    @Test func osBranchPicksInitStyleViewOn17_5() {
        #expect(FeedbackGenerator(kind: medium, osAtLeast17_5: true).api == .initStyleView)
        #expect(FeedbackGenerator(kind: .selection, osAtLeast17_5: true).api == .initView)
        #expect(FeedbackGenerator(kind: .notification, osAtLeast17_5: true).api == .initView)
    }

    @Test func osBranchPicksDeprecatedInitStyleBefore17_5() {
        let g = FeedbackGenerator(kind: medium, osAtLeast17_5: false)
        #expect(g.api == .initStyle)
        #expect(g.api.isDeprecatedInIOS27)
        #expect(FeedbackGenerator(kind: .selection, osAtLeast17_5: false).api == .initPlain)
        #expect(!FeedbackGeneratorAPI.initStyleView.isDeprecatedInIOS27)
    }

    @Test func prepareOpensWindowOfDefaultLength() {
        var g = FeedbackGenerator(kind: medium, osAtLeast17_5: true)
        #expect(g.prepare(at: 5_000) == .prepared(kind: medium, api: .initStyleView, atMicroseconds: 5_000,
                                                  preparedUntilMicroseconds: 1_005_000))
    }

    @Test func fireInsidePreparedWindowHasZeroLatency() {
        var g = FeedbackGenerator(kind: medium, osAtLeast17_5: true)
        _ = g.prepare(at: 0)
        guard case .fired(let fire) = g.impactOccurred(at: 120_000, intensity: 0.8) else { Issue.record("not fired"); return }
        #expect(fire.latencyMicroseconds == 0)
        #expect(fire.wasPrepared)
        #expect(fire.call == .impactOccurred(intensity: 0.8))
        #expect(fire.deliveredAtMicroseconds == 120_000)
    }

    @Test func fireWithoutPrepareIsColdOneFrame() {
        let g = FeedbackGenerator(kind: medium, osAtLeast17_5: false)
        guard case .fired(let fire) = g.impactOccurred(at: 10, intensity: 0.8) else { Issue.record("not fired"); return }
        #expect(fire.latencyMicroseconds == 16_667)
        #expect(!fire.wasPrepared)
        #expect(fire.deliveredAtMicroseconds == 16_677)
    }

    @Test func windowEndIsExclusive() {
        var g = FeedbackGenerator(kind: medium, osAtLeast17_5: true)
        _ = g.prepare(at: 0)
        #expect(g.isPrepared(atMicroseconds: 0))
        #expect(g.isPrepared(atMicroseconds: 999_999))
        #expect(!g.isPrepared(atMicroseconds: 1_000_000))
        guard case .fired(let last) = g.impactOccurred(at: 999_999),
              case .fired(let atEnd) = g.impactOccurred(at: 1_000_000) else { Issue.record("not fired"); return }
        #expect(last.latencyMicroseconds == 0)
        #expect(atEnd.latencyMicroseconds == 16_667)
    }

    @Test func timeBeforePrepareIsCold() {
        var g = FeedbackGenerator(kind: medium, osAtLeast17_5: true)
        _ = g.prepare(at: 500)
        #expect(!g.isPrepared(atMicroseconds: 499))
    }

    @Test func configurableWindowAndLatencyAreClamped() {
        var g = FeedbackGenerator(kind: medium, osAtLeast17_5: true, prepareWindowMicroseconds: 200_000,
                                  coldLatencyMicroseconds: 8_000)
        _ = g.prepare(at: 0)
        #expect(g.isPrepared(atMicroseconds: 199_999))
        #expect(!g.isPrepared(atMicroseconds: 200_000))
        let wild = FeedbackGenerator(kind: medium, osAtLeast17_5: true, prepareWindowMicroseconds: -5,
                                     coldLatencyMicroseconds: Int64.max)
        #expect(wild.prepareWindowMicroseconds == 0)
        #expect(wild.coldLatencyMicroseconds == FeedbackGenerator.maxColdLatencyMicroseconds)
    }

    @Test func firingDoesNotConsumeWindowAndReprepareRestartsIt() {
        var g = FeedbackGenerator(kind: medium, osAtLeast17_5: true)
        _ = g.prepare(at: 0)
        _ = g.impactOccurred(at: 100)
        #expect(g.isPrepared(atMicroseconds: 200))
        _ = g.prepare(at: 900_000)
        #expect(g.isPrepared(atMicroseconds: 1_899_999))
        #expect(!g.isPrepared(atMicroseconds: 1_900_000))
    }

    @Test func prepareNearInt64MaxSaturatesInsteadOfTrapping() {
        var g = FeedbackGenerator(kind: medium, osAtLeast17_5: true)
        #expect(g.prepare(at: Int64.max - 1) == .prepared(kind: medium, api: .initStyleView,
                                                          atMicroseconds: Int64.max - 1, preparedUntilMicroseconds: Int64.max))
    }

    @Test func intensityOutsideRangeIsClampedWithWarning() {
        let g = FeedbackGenerator(kind: medium, osAtLeast17_5: true)
        guard case .fired(let high) = g.impactOccurred(at: 0, intensity: 1.5),
              case .fired(let low) = g.impactOccurred(at: 0, intensity: -0.2),
              case .fired(let nan) = g.impactOccurred(at: 0, intensity: .nan),
              case .fired(let ok) = g.impactOccurred(at: 0, intensity: 1.0) else { Issue.record("not fired"); return }
        #expect(high.call == .impactOccurred(intensity: 1) && high.intensityWarning == .clampedToOne)
        #expect(low.call == .impactOccurred(intensity: 0) && low.intensityWarning == .clampedToZero)
        #expect(nan.call == .impactOccurred(intensity: 0) && nan.intensityWarning == .notANumberPlayedAsZero)
        #expect(ok.intensityWarning == nil)
    }

    @Test func noHardwareIsANoOpForEveryCall() {
        var g = FeedbackGenerator(kind: medium, osAtLeast17_5: true, supportsHaptics: false)
        #expect(g.prepare(at: 0) == .noHardware(kind: medium, call: .prepare, atMicroseconds: 0))
        #expect(g.preparedUntilMicroseconds == nil)
        #expect(g.impactOccurred(at: 1, intensity: 0.8) == .noHardware(kind: medium, call: .impactOccurred(intensity: 0.8), atMicroseconds: 1))
        let n = FeedbackGenerator(kind: .notification, osAtLeast17_5: false, supportsHaptics: false)
        #expect(n.notificationOccurred(.error, at: 2) == .noHardware(kind: .notification, call: .notificationOccurred(.error), atMicroseconds: 2))
    }

    @Test func wrongCallForKindIsRefused() {
        var g = FeedbackGenerator(kind: .selection, osAtLeast17_5: true)
        #expect(g.fire(.impactOccurred(intensity: 0.5), at: 3) == .wrongCall(kind: .selection, call: .impactOccurred(intensity: 0.5), atMicroseconds: 3))
        #expect(g.notificationOccurred(.success, at: 4) == .wrongCall(kind: .selection, call: .notificationOccurred(.success), atMicroseconds: 4))
    }

    @Test func selectionAndNotificationFire() {
        let s = FeedbackGenerator(kind: .selection, osAtLeast17_5: true)
        guard case .fired(let tick) = s.selectionChanged(at: 7) else { Issue.record("not fired"); return }
        #expect(tick.call == .selectionChanged && tick.api == .initView)
        var n = FeedbackGenerator(kind: .notification, osAtLeast17_5: false)
        guard case .fired(let note) = n.fire(.notificationOccurred(.warning), at: 8) else { Issue.record("not fired"); return }
        #expect(note.call == .notificationOccurred(.warning) && note.api == .initPlain)
    }

    @Test func touchUpOutsideLeavesGeneratorPreparedWithoutFiring() {
        // Touch-down prepares; touch-up outside simply makes no fire call.
        var g = FeedbackGenerator(kind: medium, osAtLeast17_5: true)
        let down = g.prepare(at: 0)
        #expect(down == .prepared(kind: medium, api: .initStyleView, atMicroseconds: 0, preparedUntilMicroseconds: 1_000_000))
        #expect(g.isPrepared(atMicroseconds: 300_000))
    }
}
