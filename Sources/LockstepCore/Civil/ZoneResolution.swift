extension Zone {
    /// Maps a wall time in this zone to an instant, with an explicit policy for DST edge cases.
    ///
    /// - A wall time inside a spring-forward gap resolves to the first instant after the gap
    ///   (the transition itself), reported as `.skippedGap`: an alarm set for a time that never
    ///   shows on the clock fires as soon as the clock is past it, not an hour early or never.
    /// - A wall time in a fall-back overlap resolves to the occurrence `repeated` picks,
    ///   reported as `.repeated`.
    ///
    /// Wall times so far out that their instant does not fit in Int64 nanoseconds (years
    /// outside `LocalDateTime.supportedYears`) clamp to the nearest representable instant.
    public func resolve(_ local: LocalDateTime, repeated: RepeatedTimePolicy = .first) -> LocalResolution {
        let wall = local.wallSeconds
        let standard = rule.standardOffsetSeconds
        // A rule has at most two offsets, so at most two instants can show this wall time; each
        // candidate is real only if the zone is actually in that offset at that instant.
        var candidates: [Int64] = []
        candidates.reserveCapacity(2)
        for offset in [standard, rule.daylight?.offsetSeconds ?? standard] {
            let seconds = wall - Int64(offset)
            if rule.offsetSeconds(atSeconds: seconds) == offset && !candidates.contains(seconds) {
                candidates.append(seconds)
            }
        }
        candidates.sort()
        let seconds: Int64
        let outcome: LocalResolution.Outcome
        switch candidates.count {
        case 1:
            seconds = candidates[0]
            outcome = .exact
        case 2:
            seconds = repeated == .first ? candidates[0] : candidates[1]
            outcome = .repeated(occurrence: repeated)
        default:
            // In a gap from offset a to a larger offset b the transition T satisfies
            // wall - b < T <= wall - a, so the next change after wall - b is the one jumped over.
            let larger = max(standard, rule.daylight?.offsetSeconds ?? standard)
            let change = rule.nextOffsetChange(afterSeconds: wall - Int64(larger))
            let gapEnd = change?.seconds ?? (wall - Int64(standard))
            let instant = Zone.instant(seconds: gapEnd, nanosecond: 0, saturating: true)!
            return LocalResolution(instant: instant, outcome: .skippedGap(requested: local))
        }
        let instant = Zone.instant(seconds: seconds, nanosecond: local.nanosecond, saturating: true)!
        return LocalResolution(instant: instant, outcome: outcome)
    }

    /// `resolve(local, repeated:).instant`, for callers that accept the documented DST policy
    /// without needing to know whether it applied.
    public func instant(for local: LocalDateTime, repeated: RepeatedTimePolicy = .first) -> Instant {
        resolve(local, repeated: repeated).instant
    }
}
