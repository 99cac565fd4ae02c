import LockstepCore
import Platform

extension AlgoPlayer {
    /// "Arrays of 10–40 elements": the upper bound is the hard rule (GAP: fewer is allowed; the
    /// article's own test uses 6).
    public static let maxElements = 40

    public static func reduce(_ s: inout AlgoPlayerState, _ event: AlgoPlayerEvent, _ world: inout World<AlgoPlayer>) {
        switch event {
        case .load(let request): load(&s, request, &world)
        case .play: play(&s, &world)
        case .pause: pause(&s, &world)
        case .step(let delta): move(&s, to: s.player.index + delta, cause: "step", &world)
        case .seek(let index): move(&s, to: index, cause: "seek", &world)
        case .scrub(let x): scrub(&s, x, &world)
        case .speed(let v): setSpeed(&s, v, &world)
        case .chart: ComplexityChart.emit(&world)
        case .run(let language, let source): run(&s, language, source, &world)
        case .reply(let line): reply(&s, line, &world)
        case .a11y(let change):
            let before = defaultSpeed(s, world)
            s.a11y.apply(change, &world)
            let after = defaultSpeed(s, world)
            if before != after {
                world.emit(Record("player").word("defaultSpeed", Value.fixed(after, places: 2).text)
                    .word("applies", s.player.userSpeed == nil ? (s.player.isPlaying ? "nextSleep" : "play") : "overriddenByUserSpeed"))
            }
            if world.isOn(.animateUnrelatedState) { Render.show(&s, cause: "a11y", announce: false, &world) }
        case .tick(let token): tick(&s, token, &world)
        case .runTimeout(let id): runTimedOut(&s, id, &world)
        }
    }

    /// A scrubber touch: x clamped to the track, index = round(x / width × (count − 1)).
    static func scrub(_ s: inout AlgoPlayerState, _ x: Double, _ world: inout World<AlgoPlayer>) {
        guard let steps = s.steps else { world.reject("scrub", "nothingLoaded"); return }
        guard x.isFinite else { world.reject("scrub", "notFinite") { $0.word("x", "\(x)") }; return }
        let fraction = min(max(x, 0), s.scrubberWidth) / s.scrubberWidth
        move(&s, to: Int((fraction * Double(steps.count - 1)).rounded()), cause: "scrub", &world)
    }

    static func load(_ s: inout AlgoPlayerState, _ q: LoadRequest, _ world: inout World<AlgoPlayer>) {
        let values = q.array
        if values.count > maxElements && !world.isOn(.uncappedInput) {
            s.rejectedLoads += 1
            world.reject("load", "inputTooLarge") { $0.word("algorithm", q.algorithm.rawValue).int("count", values.count).int("max", maxElements) }
            return
        }
        if let i = values.firstIndex(where: { $0 < 0 }) {
            s.rejectedLoads += 1
            world.reject("load", "negativeValue") { $0.int("index", i).int("value", values[i]).string("why", "a bar cannot have a negative height") }
            return
        }
        if q.algorithm == .binarySearch, let i = values.indices.dropFirst().first(where: { values[$0 - 1] > values[$0] }) {
            s.rejectedLoads += 1
            world.reject("load", "inputNotSorted") { $0.int("index", i).int("value", values[i]).int("previous", values[i - 1]) }
            return
        }
        let tiny = world.isOn(.tinyInputNoDone)
        let steps: StepList
        switch q.algorithm {
        case .insertionSort: steps = .array(Sorts.insertion(values, tinyInputNoDone: tiny))
        case .bubbleSort: steps = .array(Sorts.bubble(values, tinyInputNoDone: tiny))
        case .mergeSort: steps = .array(Sorts.merge(values, tinyInputNoDone: tiny, duplicateIds: world.isOn(.mergeDuplicateIds)))
        case .quickSort: steps = .array(Sorts.quick(values, tinyInputNoDone: tiny))
        case .binarySearch: steps = .search(Search.binary(values, target: q.target ?? 0))
        case .bfs: steps = .graph(Traversal.bfs(q.adjacency ?? Adjacency([]), start: q.start ?? 0))
        case .dfs: steps = .graph(Traversal.dfs(q.adjacency ?? Adjacency([]), start: q.start ?? 0))
        }
        // Every recorder gives at least its start step; an empty list would leave the player
        // without a current step, so it is refused rather than crashed on.
        guard steps.count > 0 else { world.reject("load", "noSteps"); return }
        if stop(&s, &world) { world.emit(Record("player").word("state", "replaced").string("why", "a new algorithm was loaded")) }
        s.algorithm = q.algorithm
        s.input = values
        s.steps = steps
        s.player.index = 0
        s.shownBars = []
        s.loads += 1
        var r = Record("loaded").word("algorithm", q.algorithm.rawValue).int("steps", steps.count)
        if q.algorithm.isGraph {
            r = r.string("adjacency", (q.adjacency ?? Adjacency([])).text).int("start", q.start ?? 0)
        } else {
            r = r.word("input", Fmt.list(values))
            if let t = q.target { r = r.int("target", t) }
        }
        world.emit(r)
        var bytes: [UInt8] = []
        for i in 0..<steps.count {
            let line = steps.record(at: i)
            line.write(to: &bytes)
            world.emit(line)
        }
        s.stepsDigest = FNV1a64.hash(bytes)
        Render.show(&s, cause: "load", announce: false, fresh: true, &world)
    }
}
