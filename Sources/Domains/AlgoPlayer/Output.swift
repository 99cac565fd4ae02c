import LockstepCore
import Platform

/// What the visualisation shows for the current step, as data (no pixels): the `show` record,
/// written on every index change, and the caption posted as an announcement.
///
/// Array steps: per bar its id (the ForEach identity), value, height (value / maxValue × 180 pt,
/// maxValue = max(max(values), 1), 0.01 pt) and colour (sorted → green, else active → orange
/// on a swap and yellow otherwise, else blue at 0.6 opacity, `blue60`), and which ids moved since
/// the last render (the bars a spring slides). Search steps: the window. Graph steps: visited,
/// the frontier chips, the current node. Every step: the caption (the visualisation's
/// accessibility label) and the animation (`spring0.35`, `crossFade` under Reduce Motion, `none`
/// for a freshly loaded view).
enum Render {
    static let barAreaPoints = 180.0

    static func colour(_ i: Int, _ step: ArrayStep) -> String {
        if step.sorted.contains(i) { return "green" }
        if step.active.contains(i) { return step.action == .swap ? "orange" : "yellow" }
        return "blue60"
    }

    static func heights(_ bars: [Bar]) -> [String] {
        let maxValue = max(bars.map(\.value).max() ?? 1, 1)
        return bars.map { Value.fixed(Double($0.value) / Double(maxValue) * barAreaPoints, places: 2).text }
    }

    static func animation(_ s: AlgoPlayerState, fresh: Bool, _ world: World<AlgoPlayer>) -> String {
        if fresh { return "none" }
        return s.a11y.reduceMotion && !world.isOn(.ignoreReduceMotion) ? "crossFade" : "spring0.35"
    }

    /// Renders the current step (`cause` says why) and, when the index changed, announces its
    /// caption (the app's `onChange(of: index)` posts on every change).
    static func show(_ s: inout AlgoPlayerState, cause: String, announce: Bool, fresh: Bool = false, backwards: Bool = false,
                     _ world: inout World<AlgoPlayer>) {
        guard let steps = s.steps else { return }
        let i = s.player.index
        var r = Record("show").int("index", i).int("of", steps.count).word("cause", cause)
            .word("animation", animation(s, fresh: fresh, world))
        switch steps {
        case .array(let list):
            let step = list[i]
            // A diff player can only apply diffs forwards: going back leaves the old bars up.
            let bars = backwards && world.isOn(.diffSteps) && !fresh ? s.shownBars : step.bars
            let ids = bars.map { world.isOn(.identityByValue) ? $0.value : $0.id }
            let before = s.shownBars.map { world.isOn(.identityByValue) ? $0.value : $0.id }
            var moved: [Int] = []
            if !fresh {
                for (pos, id) in ids.enumerated() where before.firstIndex(of: id) != pos && !moved.contains(id) { moved.append(id) }
            }
            r = r.word("ids", Fmt.list(ids)).word("values", Fmt.list(bars.map(\.value)))
                .word("heights", Fmt.words(heights(bars))).word("colours", Fmt.words(bars.indices.map { colour($0, step) }))
                .word("moved", Fmt.list(moved))
            s.shownBars = bars
        case .search(let list):
            let st = list[i]
            r = r.int("low", st.low).int("high", st.high).word("mid", Fmt.optional(st.mid)).word("found", Fmt.optional(st.found))
        case .graph(let list):
            let st = list[i]
            r = r.word("visited", Fmt.set(st.visited)).word("chips", Fmt.list(st.frontier)).word("current", Fmt.optional(st.current))
        }
        s.shows += 1
        let caption = steps.caption(at: i)
        world.emit(r.string("label", caption))
        if announce { s.a11y.announce(caption, &world) }
    }
}
