import LockstepCore

/// An `ActuatorLog` window drawn as a chart a person can open: time across, intensity up.
///
/// Layout (page points, 640 × 224, white): the plot area spans x 48…628 and y 28…188, intensity
/// 0 at the bottom and 1 at the top, with grid lines at 0.5 and 1. Time ticks use the smallest step
/// of 1, 2 or 5 × 10^k µs that gives at most 10 intervals, labelled in absolute seconds with as many
/// decimals as the step needs (so a plot of 10…25 s says 10, 12, 14 …).
///
/// - A tap is a bar 2 points wide from the baseline to its intensity (at least 1 point tall, so a
///   zero-intensity tap still shows where it was asked for).
/// - A continuous event is its envelope filled down to the baseline at opacity 0.45, clipped to the
///   window by linear interpolation.
/// - Colour says sharpness for Core Haptics marks: `dull` below 1/3, `medium` below 2/3, else
///   `sharp`. System feedback (no published waveform) is `system` grey whatever its sharpness.
/// - Intensities are clamped to 0…1 for drawing only; the records keep the values.
///
/// The draw list, not the pixels, is the contract: a golden pins the PNG's digest, and a test pins
/// the geometry. More marks than `DrawList.maxCommands` allows are counted as `undrawn`.
public enum ActuatorPlot {
    public static let widthPoints = 640.0
    public static let heightPoints = 224.0
    static let left = 48.0, right = 628.0, top = 28.0, bottom = 188.0
    /// Longest window a plot accepts: an hour (ticks stay whole seconds or coarser).
    public static let maxSpanMicroseconds: Int64 = 3_600_000_000
    public static let maxTicks = 10

    public static let dull = DrawColor(name: "dull", r: 40, g: 90, b: 200)
    public static let medium = DrawColor(name: "medium", r: 140, g: 60, b: 170)
    public static let sharp = DrawColor(name: "sharp", r: 230, g: 90, b: 30)
    public static let system = DrawColor(name: "system", r: 120, g: 120, b: 120)
    static let grid = DrawColor(name: "grid", r: 220, g: 220, b: 220)

    /// What a plot drew, for its record.
    public struct Summary: Equatable, Sendable {
        public var taps = 0
        public var continuous = 0
        /// Marks in the log outside the window.
        public var outside = 0
        /// Marks in the window that did not fit the draw list.
        public var undrawn = 0
    }

    public enum Failure: Error, Equatable, Sendable {
        /// `to` must be after `from`.
        case emptyWindow
        case windowTooLong(limitMicroseconds: Int64)
    }

    /// The window `[from, to)` of `log` as a draw list.
    public static func drawList(_ log: ActuatorLog, fromMicroseconds from: Int64, toMicroseconds to: Int64,
                                title: String) throws(Failure) -> (list: DrawList, summary: Summary) {
        guard to > from else { throw .emptyWindow }
        guard to - from <= maxSpanMicroseconds else { throw .windowTooLong(limitMicroseconds: maxSpanMicroseconds) }
        var list = DrawList()
        var summary = Summary()
        let span = Double(to - from)
        func x(_ t: Int64) -> Double { left + Double(t - from) / span * (right - left) }
        func y(_ intensity: Double) -> Double { bottom - min(max(intensity, 0), 1) * (bottom - top) }

        list.append(.page(widthPoints: widthPoints, heightPoints: heightPoints, background: .white))
        list.append(.textBox(x: left, y: 8, text: title, sizePoints: 9, color: .black))
        for (level, label) in [(1.0, "1"), (0.5, "0.5")] {
            list.append(.rect(x: left, y: y(level), width: right - left, height: 1, fill: grid))
            list.append(.textBox(x: left - 30, y: y(level) - 4, text: label, sizePoints: 9, color: .black))
        }
        list.append(.textBox(x: left - 30, y: bottom - 4, text: "0", sizePoints: 9, color: .black))
        list.append(.rect(x: left - 1, y: top, width: 1, height: bottom - top + 1, fill: .black))
        list.append(.rect(x: left - 1, y: bottom, width: right - left + 1, height: 1, fill: .black))

        let step = tickStepMicroseconds(spanMicroseconds: to - from)
        var tick = from % step == 0 ? from : from - from % step + (from >= 0 ? step : 0)
        while tick <= to {
            list.append(.rect(x: x(tick), y: bottom, width: 1, height: 4, fill: .black))
            list.append(.textBox(x: x(tick) - 8, y: bottom + 8, text: secondsLabel(tick, stepMicroseconds: step), sizePoints: 9, color: .black))
            tick += step
        }
        list.append(.textBox(x: left, y: bottom + 22, text: "time (s); height = intensity; colour = sharpness: dull, medium, sharp; grey = system",
                             sizePoints: 9, color: .black))

        for mark in log.marks {
            guard mark.endMicroseconds >= from, mark.startMicroseconds < to else { summary.outside += 1; continue }
            let colour = mark.source == .system ? system : sharpnessColour(mark.sharpness)
            let drawn: Bool
            switch mark.shape {
            case .tap(let intensity):
                let h = max(1, bottom - y(intensity))
                drawn = list.append(.rect(x: x(mark.startMicroseconds) - 1, y: bottom - h, width: 2, height: h, fill: colour))
                if drawn { summary.taps += 1 }
            case .continuous(let envelope):
                let clipped = clip(envelope, fromMicroseconds: from, toMicroseconds: to)
                var points = [DrawPoint(x: x(clipped[0].timeMicroseconds), y: bottom)]
                for p in clipped { points.append(DrawPoint(x: x(p.timeMicroseconds), y: y(p.intensity))) }
                points.append(DrawPoint(x: x(clipped[clipped.count - 1].timeMicroseconds), y: bottom))
                drawn = list.append(.polygon(points: points, fill: colour, opacity: 0.45))
                if drawn { summary.continuous += 1 }
            }
            if !drawn { summary.undrawn += 1 }
        }
        return (list, summary)
    }

    /// `dull`, `medium` or `sharp` by thirds of 0…1.
    public static func sharpnessColour(_ sharpness: Double) -> DrawColor {
        sharpness < 1.0 / 3 ? dull : sharpness < 2.0 / 3 ? medium : sharp
    }

    /// The smallest 1, 2 or 5 × 10^k µs step that cuts `span` into at most `maxTicks` intervals.
    public static func tickStepMicroseconds(spanMicroseconds span: Int64) -> Int64 {
        var decade: Int64 = 1
        while true {
            for m: Int64 in [1, 2, 5] where span <= m * decade * Int64(maxTicks) { return m * decade }
            decade *= 10
        }
    }

    /// `t` in seconds with the decimals `step` needs: 2.5 s ticks print "2.5", 1 s ticks "3".
    public static func secondsLabel(_ t: Int64, stepMicroseconds step: Int64) -> String {
        var decimals = 0
        var unit: Int64 = 1_000_000
        while decimals < 6, step % unit != 0 { decimals += 1; unit /= 10 }
        let negative = t < 0
        let magnitude = negative ? -t : t
        var text = String(magnitude / 1_000_000)
        if decimals > 0 {
            var fraction = String(magnitude % 1_000_000 / unit)
            while fraction.count < decimals { fraction = "0" + fraction }
            text += "." + fraction
        }
        return negative ? "-" + text : text
    }

    /// `envelope` limited to `[from, to]`, ends interpolated; always at least one point.
    static func clip(_ envelope: [ActuatorLog.EnvelopePoint], fromMicroseconds from: Int64,
                     toMicroseconds to: Int64) -> [ActuatorLog.EnvelopePoint] {
        func at(_ t: Int64, _ a: ActuatorLog.EnvelopePoint, _ b: ActuatorLog.EnvelopePoint) -> ActuatorLog.EnvelopePoint {
            let d = b.timeMicroseconds - a.timeMicroseconds
            let f = d == 0 ? 0 : Double(t - a.timeMicroseconds) / Double(d)
            return ActuatorLog.EnvelopePoint(timeMicroseconds: t, intensity: a.intensity + (b.intensity - a.intensity) * f)
        }
        var out: [ActuatorLog.EnvelopePoint] = []
        for i in envelope.indices {
            let p = envelope[i]
            if i > 0 {
                let q = envelope[i - 1]
                if q.timeMicroseconds < from, p.timeMicroseconds > from { out.append(at(from, q, p)) }
                if q.timeMicroseconds < to, p.timeMicroseconds > to { out.append(at(to, q, p)) }
            }
            if p.timeMicroseconds >= from, p.timeMicroseconds <= to { out.append(p) }
        }
        if out.isEmpty, let first = envelope.first { out.append(first) }
        return out
    }
}
