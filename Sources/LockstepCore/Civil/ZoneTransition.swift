extension Zone {
    /// A change of a zone's UTC offset.
    public struct Transition: Sendable, Hashable, CustomStringConvertible {
        /// The first instant at which `offsetAfter` is in force.
        public let instant: Instant
        /// Seconds east of UTC just before `instant`.
        public let offsetBefore: Int32
        /// Seconds east of UTC from `instant` on.
        public let offsetAfter: Int32

        public init(instant: Instant, offsetBefore: Int32, offsetAfter: Int32) {
            self.instant = instant
            self.offsetBefore = offsetBefore
            self.offsetAfter = offsetAfter
        }

        /// `2026-03-29T01:00:00Z +01:00 -> +02:00`.
        public var description: String {
            "\(CivilTime.iso8601UTC(instant)) \(Zone.offsetString(seconds: offsetBefore)) -> \(Zone.offsetString(seconds: offsetAfter))"
        }
    }
}
