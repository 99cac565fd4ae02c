/// What the Taptic Engine was asked to play, from every source, as marks on absolute integer
/// microseconds: the data an actuator plot draws (`ActuatorPlot`).
///
/// Two sources, kept apart because only one has a known shape:
/// - `coreHaptics`: events rendered from a pattern (`CHHapticPattern`): taps with their intensity
///   and sharpness, continuous events with their intensity envelope (the event's intensity times
///   any intensity-control curve).
/// - `system`: a UIKit generator or SwiftUI `sensoryFeedback` fire. Apple does not publish those
///   waveforms, so each is one tap at its requested intensity (1 when the call has none); a plot
///   draws them in their own colour so nobody reads a shape into them.
///
/// Bounded: at most `maxMarks` marks and `maxEnvelopePoints` points per envelope. `append` refuses
/// past either and counts the refusal in `droppedCount`, which a plot prints: a log that silently
/// stopped would draw a quiet actuator.
public struct ActuatorLog: Equatable, Sendable {
    public static let maxMarks = 20_000
    public static let maxEnvelopePoints = 256

    public enum Source: String, Equatable, Sendable {
        case coreHaptics, system
    }

    /// One point of a continuous event's intensity over time.
    public struct EnvelopePoint: Equatable, Sendable {
        public var timeMicroseconds: Int64
        public var intensity: Double

        public init(timeMicroseconds: Int64, intensity: Double) {
            self.timeMicroseconds = timeMicroseconds
            self.intensity = intensity
        }
    }

    public enum Shape: Equatable, Sendable {
        /// A transient: one tap at the mark's time.
        case tap(intensity: Double)
        /// A continuous event: intensity from its first point to its last (times non-decreasing,
        /// at least two points).
        case continuous(envelope: [EnvelopePoint])
    }

    public struct Mark: Equatable, Sendable {
        public var shape: Shape
        /// 0…1; what the plot colours by.
        public var sharpness: Double
        public var source: Source
        /// A tap's time; a continuous mark's times are its envelope's.
        private var tapMicroseconds: Int64

        public static func tap(atMicroseconds t: Int64, intensity: Double, sharpness: Double, source: Source) -> Mark {
            Mark(shape: .tap(intensity: intensity), sharpness: sharpness, source: source, tapMicroseconds: t)
        }

        public static func continuous(_ envelope: [EnvelopePoint], sharpness: Double, source: Source) -> Mark {
            Mark(shape: .continuous(envelope: envelope), sharpness: sharpness, source: source, tapMicroseconds: 0)
        }

        /// First instant the mark covers.
        public var startMicroseconds: Int64 {
            switch shape {
            case .tap: tapMicroseconds
            case .continuous(let e): e.first?.timeMicroseconds ?? 0
            }
        }

        /// Last instant the mark covers (a tap's start).
        public var endMicroseconds: Int64 {
            switch shape {
            case .tap: tapMicroseconds
            case .continuous(let e): e.last?.timeMicroseconds ?? 0
            }
        }
    }

    /// Why `append` refused a mark.
    public enum Refusal: Equatable, Sendable {
        case full(limit: Int)
        case envelopeTooLong(count: Int, limit: Int)
        /// Fewer than two points, or times that go backwards.
        case badEnvelope
    }

    public private(set) var marks: [Mark] = []
    /// Marks `append` refused.
    public private(set) var droppedCount = 0
    /// The first refusal, for the plot's record.
    public private(set) var firstRefusal: Refusal?

    public init() {}

    /// Logs `mark`, or refuses it (false, counted).
    @discardableResult
    public mutating func append(_ mark: Mark) -> Bool {
        if let refusal = check(mark) {
            droppedCount += 1
            if firstRefusal == nil { firstRefusal = refusal }
            return false
        }
        marks.append(mark)
        return true
    }

    func check(_ mark: Mark) -> Refusal? {
        if marks.count >= ActuatorLog.maxMarks { return .full(limit: ActuatorLog.maxMarks) }
        guard case .continuous(let envelope) = mark.shape else { return nil }
        if envelope.count > ActuatorLog.maxEnvelopePoints {
            return .envelopeTooLong(count: envelope.count, limit: ActuatorLog.maxEnvelopePoints)
        }
        guard envelope.count >= 2 else { return .badEnvelope }
        for i in 1..<envelope.count where envelope[i].timeMicroseconds < envelope[i - 1].timeMicroseconds {
            return .badEnvelope
        }
        return nil
    }

    /// Marks that overlap the half-open window `[from, to)`, in logged order.
    public func marks(fromMicroseconds from: Int64, toMicroseconds to: Int64) -> [Mark] {
        marks.filter { $0.endMicroseconds >= from && $0.startMicroseconds < to }
    }
}

extension ActuatorLog.Mark {
    /// A UIKit generator fire as the tap it delivered: at `deliveredAtMicroseconds` (after any cold
    /// latency), at the impact's intensity or 1 for calls without one.
    public static func system(_ fire: FeedbackFire) -> ActuatorLog.Mark {
        let intensity: Double = if case .impactOccurred(let i) = fire.call { i } else { 1 }
        return .tap(atMicroseconds: fire.deliveredAtMicroseconds, intensity: intensity, sharpness: 0.5, source: .system)
    }

    /// A SwiftUI `sensoryFeedback` fire at `atMicroseconds`: an impact's intensity, else 1.
    public static func system(_ feedback: SensoryFeedback, atMicroseconds t: Int64) -> ActuatorLog.Mark {
        let intensity: Double = switch feedback {
        case .impactWeight(_, let i), .impactFlexibility(_, let i): i
        default: 1
        }
        return .tap(atMicroseconds: t, intensity: intensity, sharpness: 0.5, source: .system)
    }
}
