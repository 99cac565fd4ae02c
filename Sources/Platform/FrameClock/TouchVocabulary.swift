import LockstepCore

/// A touch at a point in the view's coordinate space, in points.
public struct ViewPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// NaN and infinities are refused by the apps (recorded, never used as a position).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Distance to `other` in points, through DetMath (no libm).
    public func distance(to other: ViewPoint) -> Double { DetMath.hypot(x - other.x, y - other.y) }
}

/// The phase of a one-finger touch (`DragGesture(minimumDistance: 0)`, `touchesBegan/Moved/Ended`).
public enum DragPhase: String, CaseIterable, Hashable, Sendable {
    /// The finger lands (`onChanged`'s first call with distance 0).
    case down
    case move
    /// The finger lifts (`onEnded`).
    case up
    /// The system cancels the gesture (a call, a system gesture): no `onEnded`.
    case cancel
}

/// One decoded touch line.
public struct DragLine: Hashable, Sendable {
    public var phase: DragPhase
    /// `nil` for `up` and `cancel` lines that give no point.
    public var point: ViewPoint?

    public init(_ phase: DragPhase, _ point: ViewPoint?) {
        self.phase = phase
        self.point = point
    }
}

/// The standard scenario spelling of touches, shared by every touch domain:
///
/// ```
/// 1      tap x=200 y=310.5                 a down and an up at one point (touchesBegan)
/// 2      touch phase=down x=10 y=20        one phase of a drag
/// +0.1   touch phase=up
/// 3      gen drag from=10,20 to=110,20 over=0.5s fps=60   down, moves every frame, up
/// ```
///
/// Coordinates are points; `nan` and `inf` are read (a recorded bad touch) and left for the domain to
/// refuse with a record. `down` and `move` need a point; `up` and `cancel` may give one.
public enum TouchVocabulary {
    public static let tapKindName = "tap"
    public static let touchKindName = "touch"
    public static let dragGeneratorName = "drag"
    /// At most this many moves from one `gen drag` line (a minute of moves at 120 fps).
    public static let maxDragMoves: Int64 = 7_200

    /// `tap x= y=`.
    public static func tapKind<Event>(_ wrap: @escaping @Sendable (ViewPoint) -> Event) -> EventKind<Event> {
        EventKind(tapKindName, "A tap at a point (Platform touch), in points") { f throws(ScenarioError) in
            wrap(ViewPoint(x: try f("x", .number, "points from the left"), y: try f("y", .number, "points from the top (or bottom, as the domain says)")))
        }
    }

    /// `touch phase= [x= y=]`.
    public static func touchKind<Event>(_ wrap: @escaping @Sendable (DragLine) -> Event) -> EventKind<Event> {
        EventKind(touchKindName, "One phase of a one-finger touch (Platform touch): down, move, up, cancel") { f throws(ScenarioError) in
            let phase = try f("phase", .choice(DragPhase.self), "down | move | up | cancel")
            let x = try f.optional("x", .number, "points; required for down and move")
            let y = try f.optional("y", .number, "points; required for down and move")
            if !f.isDeclaring {
                if (x == nil) != (y == nil) { throw f.error("give both x and y, or neither", atAnyOf: ["x", "y"]) }
                if x == nil, phase == .down || phase == .move { throw f.error("touch phase=\(phase.rawValue) needs x= and y=", at: "phase") }
            }
            return wrap(DragLine(phase, x.map { ViewPoint(x: $0, y: y ?? 0) }))
        }
    }

    /// `gen drag from=X,Y to=X,Y over=SPAN fps=N`: a straight drag, a `down` at `from`, a `move` on
    /// every frame of `over` (the last one at `to`), then an `up` at `to` one frame later.
    public static func dragGenerator<Event>(_ wrap: @escaping @Sendable (DragLine) -> Event) -> Generator<Event> {
        Generator(dragGeneratorName, "a straight one-finger drag: down at from, a move per frame, up at to", parameters: { f throws(ScenarioError) in
            let from = try f("from", .tuple(2), "x,y where the finger lands")
            let to = try f("to", .tuple(2), "x,y where it lifts")
            let over = try f("over", .duration, default: .milliseconds(500), in: .milliseconds(1) ... .seconds(60), "how long the moves take")
            let fps = try f("fps", .int, default: 60, in: FrameRate.range, "moves per second")
            return (from: from, to: to, over: over, rate: FrameRate(framesPerSecond: fps)!)
        }, expand: { p, context throws(ScenarioError) in
            let moves = max(1, p.rate.frameCount(in: p.over))
            guard moves <= maxDragMoves else { throw context.error("\(moves) moves is over the limit of \(maxDragMoves)", at: "over") }
            var events = [Generated(.zero, wrap(DragLine(.down, ViewPoint(x: p.from[0], y: p.from[1]))))]
            for k in 1 ... moves {
                // The fraction k/moves of the way, computed from k (no accumulated steps).
                let f = Double(k) / Double(moves)
                let point = ViewPoint(x: p.from[0] + (p.to[0] - p.from[0]) * f, y: p.from[1] + (p.to[1] - p.from[1]) * f)
                events.append(Generated(p.rate.offset(ofFrame: k), wrap(DragLine(.move, point))))
            }
            events.append(Generated(p.rate.offset(ofFrame: moves + 1), wrap(DragLine(.up, ViewPoint(x: p.to[0], y: p.to[1])))))
            return events
        })
    }

    /// The line `tapKind` reads back.
    public static func text(tap point: ViewPoint) -> String? {
        LineText(tapKindName).number("x", point.x).number("y", point.y).line
    }

    /// The line `touchKind` reads back.
    public static func text(of line: DragLine) -> String? {
        let text = LineText(touchKindName).word("phase", line.phase.rawValue)
        return (line.point.map { text.number("x", $0.x).number("y", $0.y) } ?? text).line
    }
}
