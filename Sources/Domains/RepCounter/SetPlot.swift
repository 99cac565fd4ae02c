import LockstepCore

/// `set plots true`: a picture of each set, written as the artifact `setN.plot.png` when the set
/// ends, for a person judging why a rep did or did not count.
///
/// It shows the raw signal (grey dots), the smoothed signal the counter acts on (blue line, broken
/// where the joints were missing), the exercise's `contracted` and `extended` thresholds and the half
/// line, and a marker per outcome: counted (green triangle), too fast (red cross), go deeper (orange
/// diamond), cannot see you (purple bar). x is seconds since `setStart`, exact to the nanosecond, so
/// a marker's x is the time of the step that produced the outcome (`Plot.dataText`, embedded in the
/// PNG, is what tests read back). Off by default: ordinary goldens stay small and the recorder costs
/// one branch per frame. Not part of the state's digest: the picture is an output, not behaviour.
public struct SetPlot: Sendable {
    public var start: Instant
    public var raw: [PlotPoint] = []
    public var smoothed: [PlotPoint] = []
    public var markers: [PlotMarker] = []
    /// True once a limit cut the recording short (said once in the trace, and in the plot's title).
    public var truncated = false

    /// Frames per set that are drawn: `Plot.maxPoints` over the two series (about 55 minutes at 30
    /// fps). Past it the plot keeps what it has and the trace says so once (`plot-limit`).
    public static let maxFrames = Plot.maxPoints / 2
    public static let maxMarkers = 10_000

    public init(start: Instant) { self.start = start }

    func seconds(_ now: Instant) -> Double { Double((now - start).nanoseconds) / 1e9 }

    /// Records one frame in a set; returns false when this frame hit the limit (the caller says so).
    mutating func frame(at now: Instant, raw value: Double?, smoothed s: Double?) -> Bool {
        guard !truncated else { return true }
        guard smoothed.count < SetPlot.maxFrames else { truncated = true; return false }
        let x = seconds(now)
        if let value { raw.append(PlotPoint(x: x, y: value)) }
        // A missing frame breaks the line: the counter kept its value but saw nothing.
        smoothed.append(PlotPoint(x: x, y: value == nil ? .nan : (s ?? .nan)))
        return true
    }

    mutating func outcome(_ outcome: CounterOutcome, at now: Instant, smoothed s: Double?) {
        guard markers.count < SetPlot.maxMarkers else { truncated = true; return }
        let x = seconds(now)
        switch outcome {
        case .none: break
        case .counted: markers.append(PlotMarker(x: x, y: s, label: "counted", shape: .triangle, color: .green))
        case .tooFast: markers.append(PlotMarker(x: x, y: s, label: "too fast", shape: .cross, color: .red))
        case .goDeeper: markers.append(PlotMarker(x: x, y: s, label: "go deeper", shape: .diamond, color: .orange))
        case .cannotSeeYou: markers.append(PlotMarker(x: x, label: "cannot see you", shape: .bar, color: .purple))
        }
    }

    /// The picture of set `ordinal` of `exercise` that counted `reps`.
    func plot(ordinal: Int, exercise: Exercise, reps: Int) -> Plot {
        let model = exercise.model
        let title = "Set \(ordinal) - \(exercise.rawValue) - \(reps) counted" + (truncated ? " - cut at the plot limit" : "")
        return Plot(title: title, xLabel: "seconds since set start", yLabel: SetPlot.signalName(exercise),
                    series: [PlotSeries("raw", style: .scatter, color: .lightGrey, points: raw),
                             PlotSeries("smoothed", style: .line, color: .blue, points: smoothed)],
                    thresholds: [PlotThreshold("extended", y: model.extended, color: .green),
                                 PlotThreshold("half", y: model.halfLine, color: .orange),
                                 PlotThreshold("contracted", y: model.contracted, color: .red)],
                    markers: markers)
    }

    static func signalName(_ e: Exercise) -> String {
        switch e {
        case .pushUp: "elbow angle (degrees)"
        case .squat: "knee angle (degrees)"
        case .sitUp: "hip angle (degrees)"
        case .pullUp: "wrist above nose (torso lengths)"
        case .jumpingJack: "nose above wrist (torso lengths)"
        }
    }
}
