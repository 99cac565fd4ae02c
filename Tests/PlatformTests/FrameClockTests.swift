import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain that runs the frame vocabulary and touch vocabulary through a `FrameClock`, recording
/// each frame's step, so scenario text exercises generators, pauses and timestamps end to end.
enum FrameProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State: Sendable {
        var clock = FrameClock()
        var scenePaused = false
    }
    enum Event: Sendable {
        case frame(FrameLine), scene(Bool), view(Bool), tap(ViewPoint), touch(DragLine)
    }
    static let name = "frameProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [
        FrameVocabulary.frameKind { .frame($0) },
        FrameVocabulary.sceneKind { .scene($0) },
        FrameVocabulary.viewKind { .view($0) },
        TouchVocabulary.tapKind { .tap($0) },
        TouchVocabulary.touchKind { .touch($0) },
    ]
    static let generators: [Generator<Event>] = [
        FrameVocabulary.framesGenerator { .frame($0) },
        TouchVocabulary.dragGenerator { .touch($0) },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .frame: FrameVocabulary.frameKindName
        case .scene: FrameVocabulary.sceneKindName
        case .view: FrameVocabulary.viewKindName
        case .tap: TouchVocabulary.tapKindName
        case .touch: TouchVocabulary.touchKindName
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<FrameProbe>) throws(ScenarioError) -> State { State() }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<FrameProbe>) {
        switch event {
        case .frame(let line):
            let step = state.clock.frame(at: line.timestamp(world), scenePaused: state.scenePaused)
            switch step {
            case .suppressed: world.emit(Record("suppressed"))
            case .primed: world.emit(Record("primed"))
            case .backwards(let raw): world.emit(Record("backwards").duration("raw", raw))
            case .paused(let would): world.emit(Record("paused").duration("would", would))
            case .advanced(let dt, let raw): world.emit(Record("advanced").duration("dt", dt).duration("raw", raw))
            }
        case .scene(let p): state.scenePaused = p
        case .view(let p): state.clock.setViewPaused(p)
        case .tap(let p): world.emit(Record("tap").fixed("x", p.x, 2).fixed("y", p.y, 2))
        case .touch(let t): world.emit(Record("touch").word("phase", t.phase.rawValue)
            .with("at", t.point.map { .tuple([.fixed($0.x, places: 2), .fixed($0.y, places: 2)]) } ?? .word("none")))
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.clock.write(to: &out) }
    static func text(of event: Event) -> String? {
        switch event {
        case .frame(let l): FrameVocabulary.text(of: l)
        case .scene(let p): FrameVocabulary.text(scenePaused: p)
        case .view(let p): FrameVocabulary.text(viewPaused: p)
        case .tap(let p): TouchVocabulary.text(tap: p)
        case .touch(let t): TouchVocabulary.text(of: t)
        }
    }
}

private func records(_ body: String) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain frameProbe\n" + body
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(FrameProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("  frameClock") }
        .map { String($0.dropFirst(2)) }
}

private func error(_ body: String) -> String? {
    do { _ = try records(body); return nil } catch { return error.description }
}

/// Runs `frames` through a clock and returns the steps.
private func steps(_ clock: inout FrameClock, _ times: [Duration], paused: Bool = false) -> [FrameStep] {
    times.map { clock.frame(at: $0, scenePaused: paused) }
}

@Suite struct FrameRateTests {
    /// ⌊k·10⁹/120⌋: 72,000 frames of a 10-minute game land on exactly 600 s, and no delta is
    /// more than 1 ns from 10⁹/120 = 8,333,333.3… ns.
    @Test func frameTimesAreExactAt120fps() {
        let rate = FrameRate(framesPerSecond: 120)!
        #expect(rate.offset(ofFrame: 72_000) == .seconds(600))
        #expect(rate.offset(ofFrame: 1) == .nanoseconds(8_333_333))
        #expect(rate.offset(ofFrame: 2) == .nanoseconds(16_666_666))
        #expect(rate.offset(ofFrame: 3) == .nanoseconds(25_000_000))
        var deltas = Set<Int64>()
        for k in Int64(1) ... 1_000 { deltas.insert((rate.offset(ofFrame: k) - rate.offset(ofFrame: k - 1)).nanoseconds) }
        #expect(deltas == [8_333_333, 8_333_334])
    }

    /// The span is exclusive: 10 s at 60 fps is frames 0…599.
    @Test func frameCountInSpan() {
        let sixty = FrameRate(framesPerSecond: 60)!
        #expect(sixty.frameCount(in: .seconds(10)) == 600)
        #expect(sixty.frameCount(in: .nanoseconds(1)) == 1)
        #expect(sixty.frameCount(in: .zero) == 0)
        // 16,666,667 ns is frame 1's time + 1, so frames 0 and 1 are in it.
        #expect(sixty.frameCount(in: .nanoseconds(16_666_667)) == 2)
        #expect(sixty.frameCount(in: .nanoseconds(16_666_666)) == 1)
        #expect(FrameRate(framesPerSecond: 0) == nil)
        #expect(FrameRate(framesPerSecond: 241) == nil)
    }
}

@Suite struct FrameClockTests {
    let sixtieth = Duration.nanoseconds(16_666_667)

    /// The note's clamp values: a resume gap of 2.0 s adds 0.05 s; a normal 1/60 s frame adds itself.
    @Test func clampCutsAHitchToFiftyMilliseconds() {
        var clock = FrameClock()
        let s = steps(&clock, [.seconds(1), .seconds(1) + sixtieth, .seconds(3) + sixtieth])
        #expect(s == [.primed, .advanced(dt: sixtieth, raw: sixtieth), .advanced(dt: .milliseconds(50), raw: .seconds(2))])
        #expect(clock.sceneTime == sixtieth + .milliseconds(50))
        #expect(clock.counts.clamped == 1)
        #expect(clock.counts.isConsistent)
    }

    /// Without the clamp (the bug), the first frame back subtracts the whole gap.
    @Test func noClampKeepsTheWholeGap() {
        var clock = FrameClock(clamp: nil)
        let s = steps(&clock, [.seconds(1), .seconds(11)])
        #expect(s.last == .advanced(dt: .seconds(10), raw: .seconds(10)))
    }

    /// D8: at 10 fps each frame is 0.1 s, clamped to 0.05 s, so one real second adds 0.5 s.
    @Test func belowTwentyFpsTheGameRunsSlow() {
        var clock = FrameClock()
        _ = steps(&clock, (0...10).map { .milliseconds(1_000 + 100 * Int64($0)) })
        #expect(clock.sceneTime == .milliseconds(500))
    }

    /// Scene pause: frames still come, the time keeps tracking, so unpausing costs one normal frame.
    @Test func scenePauseTracksTimeAndResumesWithOneFrame() {
        var clock = FrameClock()
        _ = steps(&clock, [.seconds(1), .seconds(1) + sixtieth])
        let paused = steps(&clock, [.seconds(2), .seconds(30)], paused: true)
        #expect(paused == [.paused(wouldAdvance: .milliseconds(50)), .paused(wouldAdvance: .milliseconds(50))])
        let back = clock.frame(at: .seconds(30) + sixtieth, scenePaused: false)
        #expect(back == .advanced(dt: sixtieth, raw: sixtieth))
        #expect(clock.sceneTime == sixtieth + sixtieth)
    }

    /// View pause: no frames reach the app; the resume frame sees the whole gap, clamped.
    @Test func viewPauseSuppressesFramesAndTheResumeGapIsClamped() {
        var clock = FrameClock()
        _ = steps(&clock, [.seconds(1)])
        let changed = clock.setViewPaused(true), again = clock.setViewPaused(true)
        #expect(changed && !again)
        let during = steps(&clock, [.seconds(2), .seconds(20)])
        #expect(during == [.suppressed, .suppressed])
        #expect(clock.lastTime == .seconds(1))
        clock.setViewPaused(false)
        let back = clock.frame(at: .seconds(31), scenePaused: false)
        #expect(back == .advanced(dt: .milliseconds(50), raw: .seconds(30)))
        #expect(clock.counts.suppressed == 2 && clock.counts.isConsistent)
    }

    /// D7: `guard lastUpdate > 0` arms one frame late when the clock starts at 0.
    @Test func zeroIsUnsetPrimesTwice() {
        var late = FrameClock(zeroIsUnset: true)
        let lateSteps = steps(&late, [.zero, sixtieth, sixtieth * 2])
        #expect(lateSteps == [.primed, .primed, .advanced(dt: sixtieth, raw: sixtieth)])
        var plain = FrameClock()
        let plainSteps = steps(&plain, [.zero, sixtieth])
        #expect(plainSteps == [.primed, .advanced(dt: sixtieth, raw: sixtieth)])
    }

    /// `unprime()` (Speck Match's `lastTick = nil` on pause): the next frame only primes.
    @Test func unprimeMakesTheNextFramePrime() {
        var clock = FrameClock()
        _ = steps(&clock, [.seconds(1), .seconds(2)])
        clock.unprime()
        let again = steps(&clock, [.seconds(90), .seconds(90) + sixtieth])
        #expect(again == [.primed, .advanced(dt: sixtieth, raw: sixtieth)])
    }

    /// A timestamp before the last is refused and the last is kept; the unguarded code adds time.
    @Test func backwardsTimeRefusedOrAddsTime() {
        var clock = FrameClock()
        let s = steps(&clock, [.seconds(5), .seconds(4), .seconds(5) + sixtieth])
        #expect(s == [.primed, .backwards(raw: .seconds(-1)), .advanced(dt: sixtieth, raw: sixtieth)])
        var buggy = FrameClock(backwards: .acceptUnclamped)
        _ = steps(&buggy, [.seconds(5), .seconds(6), .seconds(4)])
        #expect(buggy.sceneTime == .milliseconds(50) - .seconds(2))
        #expect(buggy.lastTime == .seconds(4))
    }
}

@Suite struct ActionTimelineTests {
    enum Step: Hashable, Sendable { case burst(Int), vanish(Int), remove(Int), move(Double) }

    /// The marbles pop of a cluster of 8: marble i bursts at 0.03·i, vanishes (scale + fade, 0.12 s)
    /// and is removed at 0.03·i + 0.12; the last removal is at 0.33 s.
    @Test func popScheduleOfEight() {
        var timeline = ActionTimeline<Step>()
        for i in 0..<8 {
            let action: Action<Step> = .sequence([.wait(.milliseconds(30 * Int64(i))), .run(.burst(i)),
                                                  .group([.animate(.vanish(i), over: .milliseconds(120))]), .run(.remove(i))])
            #expect(action.duration == .milliseconds(30 * Int64(i) + 120))
            timeline.run(action, on: i)
        }
        let fires = timeline.pending.map { ($0.fireAt, $0.payload) }
        #expect(fires.count == 24)
        #expect(fires.filter { if case .burst = $0.1 { true } else { false } }.map(\.0) == (0..<8).map { .milliseconds(30 * Int64($0)) })
        #expect(fires.last!.0 == .milliseconds(330) && fires.last!.1 == .remove(7))
        // Nothing fires before its time; at 60 fps the 0.03 s burst comes on the second frame.
        timeline.advance(by: .nanoseconds(16_666_667))
        var fired: [Step] = []
        while let item = timeline.nextDue() { fired.append(item.payload) }
        #expect(fired == [.burst(0)])
        timeline.advance(by: .nanoseconds(16_666_667))
        while let item = timeline.nextDue() { fired.append(item.payload) }
        #expect(fired == [.burst(0), .burst(1)])
    }

    /// The no-match wiggle: +6 at 0.04, −12 at 0.12, +6 at 0.16 — net 0 over 0.16 s.
    @Test func wiggleSequence() {
        let wiggle: Action<Step> = .sequence([.animate(.move(6), over: .milliseconds(40)), .animate(.move(-12), over: .milliseconds(80)),
                                              .animate(.move(6), over: .milliseconds(40))])
        #expect(wiggle.duration == .milliseconds(160))
        var offsets: [(Duration, Double)] = []
        var x = 0.0
        wiggle.forEachFiring { t, step in if case .move(let dx) = step { x += dx; offsets.append((t, x)) } }
        #expect(offsets.map(\.0) == [.milliseconds(40), .milliseconds(120), .milliseconds(160)])
        #expect(offsets.map(\.1) == [6, -6, 0])
    }

    /// Same due time: scheduling order, not node order.
    @Test func tiesFireInSchedulingOrder() {
        var timeline = ActionTimeline<Step>()
        timeline.run(.run(.remove(9)), on: 9)
        timeline.run(.run(.remove(1)), on: 1)
        timeline.run(.sequence([.run(.burst(5)), .run(.remove(5))]), on: 5)
        var fired: [Step] = []
        while let item = timeline.nextDue() { fired.append(item.payload) }
        #expect(fired == [.remove(9), .remove(1), .burst(5), .remove(5)])
    }

    /// Removing a node cancels its actions; the limit refuses a whole action, scheduling nothing.
    @Test func removeAndLimit() {
        var timeline = ActionTimeline<Step>(limit: 3)
        let first = timeline.run(.sequence([.wait(.seconds(1)), .run(.remove(1))]), on: 1)
        let second = timeline.run(.group([.run(.burst(2)), .animate(.vanish(2), over: .seconds(1))]), on: 2)
        let third = timeline.run(.sequence([.run(.burst(3)), .run(.remove(3))]), on: 3)
        #expect(first && second && !third)
        #expect(timeline.pendingCount == 3)
        let removed = timeline.removeActions(ofNode: 2)
        #expect(removed == 2)
        #expect(!timeline.hasActions(ofNode: 2) && timeline.hasActions(ofNode: 1))
        timeline.advance(by: .seconds(-5))
        #expect(timeline.now == .zero)
    }
}

@Suite struct FrameVocabularyTests {
    /// `gen frames` at 120 fps for 0.05 s: frames at 0, 8.333333, 16.666666, 25, 33.333333,
    /// 41.666666 ms (6 frames, 0.05 s excluded); the first primes.
    @Test func framesGeneratorExactTimes() throws {
        let lines = try records("1 gen frames fps=120 until=0.05\n")
        #expect(lines.count == 6)
        #expect(lines.first == "primed")
        #expect(lines[1] == "advanced dt=0.008333333s raw=0.008333333s")
        #expect(lines[2] == "advanced dt=0.008333333s raw=0.008333333s")
        #expect(lines[3] == "advanced dt=0.008333334s raw=0.008333334s")
    }

    @Test func pausesAndExplicitTimes() throws {
        let lines = try records("""
        0 frame
        +0.5 scene pause=true
        +0 frame
        +0.01 scene pause=false
        +0 frame
        +0 view pause=true
        +5 frame
        +0 view pause=false
        +0 frame time=20
        +0 frame time=19

        """)
        #expect(lines == ["primed", "paused would=0.050000000s", "advanced dt=0.010000000s raw=0.010000000s", "suppressed",
                          "advanced dt=0.050000000s raw=19.490000000s", "backwards raw=-1.000000000s"])
    }

    @Test func touchesAndDrag() throws {
        let lines = try records("""
        0 tap x=200 y=309.9
        +1 touch phase=down x=10 y=20
        +0 touch phase=up
        +1 gen drag from=0,0 to=30,60 over=0.05 fps=60

        """)
        #expect(lines == ["tap x=200.00 y=309.90", "touch phase=down at=10.00,20.00", "touch phase=up at=none",
                          "touch phase=down at=0.00,0.00", "touch phase=move at=10.00,20.00", "touch phase=move at=20.00,40.00",
                          "touch phase=move at=30.00,60.00", "touch phase=up at=30.00,60.00"])
    }

    @Test func errorsAreLocated() {
        #expect(error("0 gen frames fps=0 until=1\n")?.contains("t.scenario:3:") == true)
        #expect(error("0 gen frames fps=60\n")?.contains("missing field 'until'") == true)
        #expect(error("0 gen frames fps=60 until=2d\n")?.contains("t.scenario:3:") == true)
        #expect(error("0 touch phase=down\n")?.contains("needs x= and y=") == true)
        #expect(error("0 touch phase=up x=1\n")?.contains("give both x and y") == true)
        #expect(error("0 scene pause=maybe\n")?.contains("t.scenario:3:") == true)
    }

    @Test func textRoundTrips() {
        #expect(FrameVocabulary.text(of: FrameLine()) == "frame")
        #expect(FrameVocabulary.text(of: FrameLine(time: .milliseconds(3_500))) == "frame time=3.5s")
        #expect(FrameVocabulary.text(scenePaused: true) == "scene pause=true")
        #expect(FrameVocabulary.text(viewPaused: false) == "view pause=false")
        #expect(TouchVocabulary.text(tap: ViewPoint(x: 200, y: 309.9)) == "tap x=200.0 y=309.9")
        #expect(TouchVocabulary.text(of: DragLine(.cancel, nil)) == "touch phase=cancel")
        #expect(TouchVocabulary.text(of: DragLine(.move, ViewPoint(x: 1.5, y: -2))) == "touch phase=move x=1.5 y=-2.0")
    }
}
