/// A Core Haptics pattern as Lockstep models it: events and parameter curves on integer
/// microsecond times (so 11.2 − 10.0 is exactly 1.2 s, never 1.1999999999999993), parameter values
/// as `Float` like Core Haptics' own (written in their shortest Float form).

/// One haptic event: a tap (transient) or a sustained buzz (continuous, with a duration).
public struct HapticEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case transient
        case continuous(durationMicroseconds: Int64)
    }

    public var kind: Kind
    /// From the pattern's start.
    public var timeMicroseconds: Int64
    /// 0…1.
    public var intensity: Float
    /// 0…1.
    public var sharpness: Float

    public init(_ kind: Kind, timeMicroseconds: Int64, intensity: Float, sharpness: Float) {
        self.kind = kind
        self.timeMicroseconds = timeMicroseconds
        self.intensity = intensity
        self.sharpness = sharpness
    }
}

/// A control point of a parameter curve, relative to the curve's start.
public struct HapticCurvePoint: Hashable, Sendable {
    public var timeMicroseconds: Int64
    public var value: Float

    public init(timeMicroseconds: Int64, value: Float) {
        self.timeMicroseconds = timeMicroseconds
        self.value = value
    }
}

/// `CHHapticParameterCurve`: a dynamic parameter shaped over time, linear between points, applied
/// to every event of the pattern.
public struct HapticParameterCurve: Hashable, Sendable {
    public enum Parameter: String, Hashable, Sendable, CaseIterable {
        case intensityControl = "HapticIntensityControl"
        case sharpnessControl = "HapticSharpnessControl"
    }

    public var parameter: Parameter
    /// When the curve starts, from the pattern's start.
    public var relativeTimeMicroseconds: Int64
    /// Ascending in time.
    public var points: [HapticCurvePoint]

    public init(_ parameter: Parameter, relativeTimeMicroseconds: Int64, points: [HapticCurvePoint]) {
        self.parameter = parameter
        self.relativeTimeMicroseconds = relativeTimeMicroseconds
        self.points = points
    }
}

public struct HapticPattern: Hashable, Sendable {
    public var events: [HapticEvent]
    public var curves: [HapticParameterCurve]

    public init(events: [HapticEvent], curves: [HapticParameterCurve] = []) {
        self.events = events
        self.curves = curves
    }

    /// The pattern's length (Choice, the note's proposal): the latest of every event's end
    /// (a transient ends at its time) and every curve's last point; sums saturate rather than trap.
    public var durationMicroseconds: Int64 {
        var end: Int64 = 0
        for e in events {
            switch e.kind {
            case .transient: end = max(end, e.timeMicroseconds)
            case .continuous(let d): end = max(end, SaturatingTime.add(e.timeMicroseconds, d))
            }
        }
        for c in curves { if let last = c.points.last { end = max(end, SaturatingTime.add(c.relativeTimeMicroseconds, last.timeMicroseconds)) } }
        return end
    }
}
