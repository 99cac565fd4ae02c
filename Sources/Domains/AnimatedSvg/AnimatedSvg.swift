import LockstepCore
import Platform

/// `animatedSvg`: svg_animate, a pure-Dart Flutter package (`AnimatedSvgPicture`) that plays the
/// SMIL, CSS `@keyframes` and CSS motion-path animation inside an SVG: it evaluates every animated
/// attribute at each frame time, writes the values back into a static SVG, compiles each frame
/// ahead of time and flips through the compiled frames like a flipbook.
///
/// Source: seed article `003_59898ac5466271ab.txt`, "How to play animated SVG in Flutter
/// (flutter_svg won't)". The supported subset (timing, values, interpolation, `<use>` expansion,
/// frame bytes) is written out in docs/animated-svg.md with its table of worked examples.
///
/// Modelled, file by file:
/// - `XMLParser`, `XMLSerializer`: a strict, bounded XML reader with line:column errors; the
///   canonical body of one frame (J1).
/// - `CSS*`: `<style>` and `style=` (selectors, cascade, `@keyframes`), folded into attributes (E1).
/// - `SmilReader`, `SmilAnimation`: `<animate>`, `<set>`, `<animateTransform>`, `<animateMotion>`
///   (C, D); `CssAnimation`: `animation*` (E2–E6); `Underlying`: the bug-3 rule (F).
/// - `KeyframeTrack`, `Easing`, `MotionPath`: values over time, easing numerics, path flattening.
/// - `FrameGrid`: the period, the frame count and exact frame times (I, B1).
/// - `FrameWriter`, `Slots`: one static document per frame (G); `UseExpansion` (H);
///   `FrameCompiler`, `EmbeddedImage` (J2, J3); `SharedFrames` (J4); `ImageCache` (J5).
/// - `Player`: the widget: load at once, ticker, controller, cache draws; `Render`: a frame as a
///   draw list and PNG through Platform `Render`.
///
/// Choices where the article and the note are silent (the note's addendum is followed; these are
/// the rest):
/// - `load` compiles every frame at once and shows frame 0 immediately; an animated document
///   autoplays (the widget's default); `play`/`pause`/`seek` are the controller.
/// - The playback position is virtual time since play (a paused or off-screen widget's position
///   does not advance while paused; off screen, time still passes, as a Flutter ticker's does).
/// - `seek` to a negative time clamps to 0; past the end it wraps (loop) or clamps (once), per I3.
/// - Diagnostics the note's table does not name: an animation whose `href` names no element is
///   `target`; an unparseable value is `value`; an unknown keyword for `fill`, `calcMode`,
///   `additive`, `accumulate` or `restart` is `unsupportedAttribute`.
/// - CSS longhands replace the shorthand's lists whatever their order (the subset does not order a
///   shorthand against its longhands inside one rule).
/// - `rgb(p%)` is round-half-even(p × 2.55) in Double arithmetic, as A4 is written (50% is 127).
/// - ColorMapper is an exact replacement table on written paint colours (`colorMap=`).
public enum AnimatedSvg: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = AnimatedSvgState
    public typealias Event = AnimatedSvgEvent
    public typealias Fault = AnimatedSvgFault

    public static let name = "animatedSvg"
    public static let summary = "svg_animate: SMIL, CSS @keyframes and motion paths compiled into flipbook frames at load (exact frame times, the underlying-value rule for missing keyframes, <use>→<image> expansion, a shared-prefix frame store, a frame loader whose hash leaves out the index), played by a ticker and a controller (seed 003, \"How to play animated SVG in Flutter (flutter_svg won't)\")."
    public static let digestInterval = 60

    public static let events: [EventKind<AnimatedSvgEvent>] = [
        EventKind("load", "Load an SVG and compile its frames: svg=FILE or text=\"…\"") { f throws(ScenarioError) in
            let file = try f.optional("svg", .file, "the SVG file")
            let text = try f.optional("text", .string, "the SVG inline (\\n for new lines)")
            let fps = try f("fps", .int, default: FrameGrid.defaultFps, in: 1 ... 240, "frames per second of the flipbook")
            let source = try f("source", .choice(SvgSource.self), default: .asset, "asset | network | file | memory | string")
            let color = try f("currentColor", .text, default: "#000000", "SvgTheme.currentColor")
            let map = try f("colorMap", .string, default: "", "ColorMapper: \"#from>#to ...\"")
            if f.isDeclaring { return .load(LoadRequest(bytes: [], inline: false, source: source, fps: fps, currentColor: color, colorMap: map)) }
            switch (file, text) {
            case (let bytes?, nil):
                return .load(LoadRequest(bytes: bytes, inline: false, source: source, fps: fps, currentColor: color, colorMap: map))
            case (nil, let t?):
                return .load(LoadRequest(bytes: Array(t.utf8), inline: true, source: source, fps: fps, currentColor: color, colorMap: map))
            case (nil, nil): throw f.error("load needs svg=FILE or text=\"…\"")
            case (_?, _?): throw f.error("load takes svg=FILE or text=\"…\", not both", at: "text")
            }
        },
        EventKind("unload", "Dispose of the widget") { _ throws(ScenarioError) in .unload },
        EventKind("play", "AnimatedSvgController.play()") { _ throws(ScenarioError) in .play },
        EventKind("pause", "AnimatedSvgController.pause()") { _ throws(ScenarioError) in .pause },
        EventKind("seek", "AnimatedSvgController.seek(t)") { f throws(ScenarioError) in
            let t = try f("t", .number, in: -3600 ... 3600, "seconds; negative clamps to 0")
            return .seek(nanoseconds: Int64((t * 1e9).rounded(.toNearestOrEven)))
        },
        FrameVocabulary.frameKind { .frame($0) },
        FrameVocabulary.viewKind { .view(paused: $0) },
        EventKind("inspect", "Pin one compiled frame: its bytes, values, SVG text and optionally a PNG") { f throws(ScenarioError) in
            .inspect(frame: try f("frame", .int, in: 0 ... FrameGrid.maxFrames, "the frame index"),
                     svg: try f("svg", .bool, default: true, "write the frame's SVG text"),
                     png: try f("png", .bool, default: false, "attach the frame as a PNG"))
        },
        EventKind("stats", "The image cache and playback counters") { _ throws(ScenarioError) in .stats },
    ]

    public static let generators: [Generator<AnimatedSvgEvent>] = [
        FrameVocabulary.framesGenerator { .frame($0) },
    ]

    public static func kind(of event: AnimatedSvgEvent) -> String {
        switch event {
        case .load: "load"
        case .unload: "unload"
        case .play: "play"
        case .pause: "pause"
        case .seek: "seek"
        case .frame: FrameVocabulary.frameKindName
        case .view: FrameVocabulary.viewKindName
        case .inspect: "inspect"
        case .stats: "stats"
        }
    }

    public static func text(of event: AnimatedSvgEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .load(let r):
            guard r.inline, let text = String(validating: r.bytes, as: UTF8.self) else { return nil }
            return line.string("text", text).int("fps", r.fps).word("source", r.source.rawValue)
                .text("currentColor", r.currentColor).string("colorMap", r.colorMap).line
        case .unload, .play, .pause, .stats: return line.line
        case .seek(let ns): return line.number("t", Double(ns) / 1e9).line
        case .frame(let l): return FrameVocabulary.text(of: l)
        case .view(let paused): return FrameVocabulary.text(viewPaused: paused)
        case .inspect(let i, let svg, let png): return line.int("frame", i).bool("svg", svg).bool("png", png).line
        }
    }

    public static func start(_ settings: NoSettings, _ world: inout World<AnimatedSvg>) throws(ScenarioError) -> AnimatedSvgState {
        AnimatedSvgState()
    }

    public static func reduce(_ s: inout AnimatedSvgState, _ event: AnimatedSvgEvent, _ world: inout World<AnimatedSvg>) {
        switch event {
        case .load(let r): load(&s, r, &world)
        case .unload: unload(&s, &world)
        case .play: play(&s, &world)
        case .pause: pause(&s, &world)
        case .seek(let t): seek(&s, t, &world)
        case .frame(let line): tick(&s, line, &world)
        case .view(let paused):
            s.viewPaused = paused
            world.emit(Record("view").bool("paused", paused))
        case .inspect(let i, let svg, let png): inspect(s, frame: i, svg: svg, png: png, &world)
        case .stats: stats(s, &world)
        }
    }

    public static func write(_ s: AnimatedSvgState, to out: inout CanonicalWriter) {
        var r = Record("widget").int("loads", s.loads).int("decodes", s.cache.decodes).bool("viewPaused", s.viewPaused).int("idleTicks", s.idleTicks)
        if let c = s.current {
            r = r.int("framesId", c.framesId).bool("playing", c.playing).bool("ticker", c.tickerActive)
                .duration("position", .nanoseconds(c.positionNanoseconds)).int("displayed", c.displayed ?? -1)
                .int("frameSwitches", c.frameSwitches).int("frames", c.result.frames.tails.count).int("stored", c.result.frames.storedBytes)
        }
        out.record(r)
    }
}
