/// Which instant to pick when a wall time happens twice (the hour repeated when clocks go back).
public enum RepeatedTimePolicy: Sendable, Hashable {
    /// The earlier instant, still in the offset in force before the change (e.g. 02:30 CEST).
    case first
    /// The later instant, in the offset in force after the change (e.g. 02:30 CET).
    case second
}

/// The instant a wall time was resolved to, and how: whether it was an ordinary wall time, fell
/// into a spring-forward gap, or was one of two candidates in a fall-back overlap.
///
/// The outcome is returned rather than hidden because scenarios must say which way they want DST
/// edge cases handled, and traces must be able to show it.
public struct LocalResolution: Sendable, Hashable {
    /// How the wall time mapped to the timeline.
    public enum Outcome: Sendable, Hashable {
        /// The wall time occurs exactly once.
        case exact
        /// The wall time does not exist (clocks jumped over it); `instant` is the first valid
        /// instant after the gap, i.e. the moment the clocks jumped. Berlin 2026-03-29 02:30
        /// resolves to 03:00 CEST (01:00Z).
        case skippedGap(requested: LocalDateTime)
        /// The wall time occurs twice; `instant` is the occurrence the policy asked for.
        case repeated(occurrence: RepeatedTimePolicy)
    }

    /// The instant the wall time stands for under the policy used.
    public let instant: Instant
    /// Whether the wall time was ordinary, skipped or repeated.
    public let outcome: Outcome

    public init(instant: Instant, outcome: Outcome) {
        self.instant = instant
        self.outcome = outcome
    }
}
