import LockstepCore
import Platform

/// `algoPlayer`: DSA Master – Data & Algorithms. A learning app for data structures and
/// algorithms whose visualisations you can play, pause, step, scrub, replay and slow down, with
/// a complexity chart and a code playground that runs the learner's code remotely.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Animating Algorithms in SwiftUI" (the DSA
/// Master article). Modelled: "record, then replay" — each algorithm is a pure function from its
/// input to a list of full-snapshot steps with captions and stable element ids (the article's
/// insertion sort, binary search and BFS exactly; bubble sort from its "don't do this" loops;
/// merge sort, quick sort and DFS from its prose); the generic player (play, pause, step, seek,
/// replay at the end, speed read at each sleep, pause restarting a full wait) on the World's
/// virtual-clock timers with a `TaskGeneration` token per loop; the render rules as data (bar ids,
/// heights value / max × 180 pt, colours, the moved ids, spring or cross-fade); captions as the
/// accessibility label and as announcements on every index change (Platform `Accessibility`);
/// VoiceOver's slower default and Reduce Motion's cross-fade; the 40-element cap; the complexity
/// chart's 88 points with the 0...600 clip; the playground's remote runner as `PendingRequests`
/// answered by the shared `reply` vocabulary (exactly once; duplicate, late, unknown, forgotten
/// replies refused; a client timeout).
///
/// Choices where the article is silent (GAPs):
/// - n ≤ 1: the sorts end with a `.done` "Sorted." step (all indices sorted) like every other
///   input; the article's early return leaves only the start step (`tinyInputNoDone`). The start
///   caption keeps the article's grammar ("Start with 1 unsorted values.").
/// - Bubble sort: compare and swap steps per pair, a `.markSorted` step per pass, no early exit.
/// - Merge sort: top-down, mid = lo + (hi − lo) / 2, `<=` (stable); a compare step per comparison
///   and an overwrite step per element written back; each snapshot is merged prefix + unplaced
///   left + unplaced right, so every step is a permutation of the input ids.
/// - Quick sort: Lomuto, last element as pivot, `<` goes left; a pivot step, a compare per scan,
///   a swap only when boundary ≠ scan, the pivot's final place marked sorted.
/// - DFS: BFS's code with `removeLast` (discover on push). Dijkstra is not modelled (the article
///   gives one sentence and no weights format).
/// - Graph input: `adjacency="0:1,2;1:0"`, nodes 0...11 (fixed layout slots); an id outside is
///   an error at the value (`unknownNode`); a start absent from the lists visits only itself.
/// - Values: whole numbers; negative ones are refused (a bar cannot have a negative height);
///   more than 40 refused (`inputTooLarge`); binary search on an unsorted array refused
///   (`inputNotSorted`). An absent `values=` is the empty array.
/// - Player: speeds must be finite, > 0 and ≤ 16×; the interval is 600 ms / speed rounded to the
///   nearest ms. The default speed is 1×, or 0.5× while VoiceOver runs, until the user picks
///   one. Play at the last step restarts at 0 ("replay"); with a single step it ends at once.
///   Play while playing and pause while paused are refused with a record.
/// - Announcements: on every index change (the code's `onChange(of: index)`), including step,
///   seek and scrub; none on load (a new view has no change). Spoken only with VoiceOver on (the
///   Platform record says `spoken=`).
/// - Scrubber: `scrub x=` on a track `scrubberWidth` points wide (default 300), x clamped to the
///   track, index = round(x / width × (count − 1)).
/// - Playground: every language goes to the remote runner (JavaScript included), one run per
///   editor (a new Run cancels the waiting one), a client timeout of `runnerTimeout` (default
///   10 s), an empty source or one over 10,000 scalars refused.
/// - Chart: the per-point `UUID()` ids are left out (they never reach the screen).
///
/// Invariants and the explorer: `Invariants.swift`, `Explorer.swift`.
public enum AlgoPlayer: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = AlgoPlayerState
    public typealias Event = AlgoPlayerEvent
    public typealias Fault = AlgoPlayerFault

    public static let name = "algoPlayer"
    public static let summary = "DSA Master: algorithms recorded as captioned steps, replayed by a clock-driven player with VoiceOver announcements, and a remote code runner (seed 001, \"Animating Algorithms in SwiftUI\")."

    public static let events: [EventKind<AlgoPlayerEvent>] = [
        EventKind("load", "Records an algorithm's steps from its input and replaces the player.") { f throws(ScenarioError) in
            .load(try decodeLoad(&f))
        },
        EventKind("play", "The play button (at the end: replay from step 0).") { _ throws(ScenarioError) in .play },
        EventKind("pause", "The pause button.") { _ throws(ScenarioError) in .pause },
        EventKind("step", "The step buttons: pause, move by delta (clamped).") { f throws(ScenarioError) in
            .step(try f("delta", .int, in: -1_000_000...1_000_000, "steps to move, negative goes back"))
        },
        EventKind("seek", "The scrubber's value: pause, go to the index (clamped).") { f throws(ScenarioError) in
            .seek(try f("index", .int, in: -1_000_000...1_000_000, "the step index"))
        },
        EventKind("scrub", "A touch on the scrubber track at x points.") { f throws(ScenarioError) in
            .scrub(try f("x", .number, "points from the track's left end"))
        },
        EventKind("speed", "The speed picker (0.5, 1, 2; up to 16).") { f throws(ScenarioError) in
            .speed(try f("value", .number, "the speed factor"))
        },
        EventKind("chart", "Shows the complexity chart (its point table).") { _ throws(ScenarioError) in .chart },
        EventKind("run", "The playground's Run button: the editor's source to the remote runner.") { f throws(ScenarioError) in
            .run(try f("language", .choice(Language.self), "the editor's language"), try f("source", .string, "the editor's text"))
        },
        ReplyVocabulary.eventKind { .reply($0) },
        AccessibilityVocabulary.eventKind { .a11y($0) },
    ]

    public static var generators: [Generator<AlgoPlayerEvent>] { AlgoPlayerGenerators.all }

    public static func kind(of event: AlgoPlayerEvent) -> String {
        switch event {
        case .load: "load"
        case .play: "play"
        case .pause: "pause"
        case .step: "step"
        case .seek: "seek"
        case .scrub: "scrub"
        case .speed: "speed"
        case .chart: "chart"
        case .run: "run"
        case .reply: ReplyVocabulary.kind
        case .a11y: AccessibilityVocabulary.kind
        case .tick: "tick"
        case .runTimeout: PendingRequests<RunPayload>.timerKind
        }
    }

    public struct Settings: Sendable {
        public var scrubberWidth: Double
        public var runnerTimeout: Duration
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(scrubberWidth: try s("scrubberWidth", .number, default: 300, in: 1...10_000, "the scrubber track's width in points"),
                 runnerTimeout: try s("runnerTimeout", .duration, default: .seconds(10), in: .seconds(1) ... .minutes(10),
                                      "the playground's client timeout"))
    }

    public static func start(_ settings: Settings, _ world: inout World<AlgoPlayer>) throws(ScenarioError) -> AlgoPlayerState {
        AlgoPlayerState(scrubberWidth: settings.scrubberWidth, runnerTimeout: settings.runnerTimeout)
    }

    /// Every field read first (the declaration), then the shape checked against the algorithm.
    static func decodeLoad(_ f: inout Fields) throws(ScenarioError) -> LoadRequest {
        let algorithm = try f("algorithm", .choice(Algorithm.self), "which algorithm")
        let numbers = try f.optional("values", .tuple(), "sorts and binary search: the array, whole numbers (absent: empty)")
        let target = try f.optional("target", .integer, in: -1_000_000...1_000_000, "binary search: the value to find")
        let adjacencyText = try f.optional("adjacency", .string, "bfs/dfs: NODE:N,N;NODE:N (nodes 0...11)")
        let start = try f.optional("start", .int, in: 0...Adjacency.maxNode, "bfs/dfs: the start node (default 0)")
        if f.isDeclaring { return LoadRequest(.insertionSort) }

        var values: [Int] = []
        for v in numbers ?? [] {
            guard v == v.rounded(), abs(v) <= 1_000_000 else {
                throw f.error("values must be whole numbers within -1000000...1000000; found \(v)", at: "values")
            }
            values.append(Int(v))
        }
        if algorithm.isGraph {
            if numbers != nil { throw f.error("'values' does not apply to \(algorithm.rawValue); give adjacency=", at: "values") }
            if target != nil { throw f.error("'target' applies to binarySearch only", at: "target") }
            guard let adjacencyText else { throw f.error("\(algorithm.rawValue) needs adjacency=\"NODE:N,N;...\"") }
            let (graph, why) = Adjacency.parse(adjacencyText)
            guard let graph else { throw f.error("adjacency: \(why ?? "malformed")", at: "adjacency") }
            return LoadRequest(algorithm, adjacency: graph, start: start ?? 0)
        }
        if adjacencyText != nil { throw f.error("'adjacency' applies to bfs and dfs only", at: "adjacency") }
        if start != nil { throw f.error("'start' applies to bfs and dfs only", at: "start") }
        if algorithm == .binarySearch {
            guard let target else { throw f.error("binarySearch needs target=") }
            return LoadRequest(algorithm, values: values, target: Int(target))
        }
        if target != nil { throw f.error("'target' applies to binarySearch only", at: "target") }
        return LoadRequest(algorithm, values: values)
    }

    public static func write(_ s: AlgoPlayerState, to out: inout CanonicalWriter) {
        out.section("algorithm") { w in
            w.word("name", s.algorithm?.rawValue ?? "none")
            w.word("input", Fmt.list(s.input))
            w.int("steps", s.steps?.count ?? 0)
            w.write("stepsDigest", .digest(s.stepsDigest))
            w.int("loads", s.loads)
            w.int("rejectedLoads", s.rejectedLoads)
        }
        out.section("player") { w in
            w.int("index", s.player.index)
            w.bool("playing", s.player.isPlaying)
            w.word("userSpeed", s.player.userSpeed.map { Value.fixed($0, places: 3).text } ?? "none")
            w.word("ticks", Fmt.words(s.player.ticks.map { "\($0.token.rawValue)@\(CivilTime.iso8601UTC($0.at))" }))
            w.int("ticksFired", s.player.ticksFired)
            w.int("shows", s.shows)
            w.word("shownIds", Fmt.list(s.shownBars.map(\.id)))
            s.player.generation.write(to: &w)
        }
        out.fixed("scrubberWidth", s.scrubberWidth, 2)
        out.write("runnerTimeout", .duration(s.runnerTimeout))
        out.word("currentRun", s.currentRun.map { String($0.rawValue) } ?? "none")
        s.a11y.write(to: &out)
        s.runner.write(to: &out)
    }
}
