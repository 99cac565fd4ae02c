import LockstepCore

/// How a resolution change ended.
public enum ResolutionChangeResult: Hashable, Sendable {
    /// Committed within budget.
    case applied
    /// Committed over budget (`hardwareCost > 1.0`), so the previous width was configured again
    /// and committed: `restore` is what that did (its errors are ignored, as the seed's `try?`
    /// does, but kept here), `restoredCost` the cost after it (the seed never re-reads it; the
    /// model records it).
    case rolledBack(restore: [FormatConfiguration], restoredCost: CaptureCost)
    /// A camera could not be configured: the configuration was committed as it stood, with no
    /// rollback (so an earlier camera may already be on the new format), and the app shows
    /// `error.message`.
    case failed(FormatConfigurationError)
}

/// The seed's resolution change with its cost gate: begin, configure each camera for the target
/// width, commit, read the cost, and roll back to the previous width if it is over 1.0. The cost
/// can only be read after the commit, so the rollback is the only defence: without it the session
/// dies when the user picks a resolution the phone cannot sustain.
public struct ResolutionChange: Hashable, Sendable, RecordConvertible {
    public var targetWidth: Int
    public var previousWidth: Int
    /// What configuring each camera for `targetWidth` did, in order (stops at the first failure).
    public var attempt: [FormatConfiguration]
    /// The cost after the first commit.
    public var attemptCost: CaptureCost
    public var result: ResolutionChangeResult

    /// `downgraded` in the seed: the user's choice was not kept.
    public var downgraded: Bool {
        if case .rolledBack = result { return true }
        return false
    }

    /// The width the session is on afterwards, as the app's `applied` holds it.
    public var appliedWidth: Int { downgraded ? previousWidth : targetWidth }

    /// `session.resolution target=1920 previous=1280 cost=1.1311 result=rolledBack restoredCost=0.5027 downgraded=true`.
    public var record: Record {
        var r = Record("session.resolution").int("target", targetWidth).int("previous", previousWidth).with("cost", attemptCost.fixed)
        switch result {
        case .applied: r = r.word("result", "applied")
        case .rolledBack(_, let restored): r = r.word("result", "rolledBack").with("restoredCost", restored.fixed)
        case .failed(let e): r = r.word("result", "failed").word("reason", e.word).string("error", e.message)
        }
        return r.bool("downgraded", downgraded).int("applied", appliedWidth)
    }
}

extension MultiCamSession {
    /// Changes `lenses` (back, then front, in the seed) to `targetWidth` at `fps`, with the
    /// commit-then-check gate and the rollback to `previousWidth`.
    public mutating func changeResolution(targetWidth: Int, previousWidth: Int, lenses: [CameraLens], fps: Int = 30) -> ResolutionChange {
        guard targetWidth > 0 else {
            return ResolutionChange(targetWidth: targetWidth, previousWidth: previousWidth, attempt: [], attemptCost: hardwareCost,
                                    result: .failed(.invalidTargetWidth(targetWidth)))
        }
        _ = beginConfiguration()
        var attempt: [FormatConfiguration] = []
        for lens in lenses {
            let c = configureFormat(lens, targetWidth: targetWidth, fps: fps)
            attempt.append(c)
            if let error = c.error {
                _ = commitConfiguration()
                return ResolutionChange(targetWidth: targetWidth, previousWidth: previousWidth, attempt: attempt,
                                        attemptCost: hardwareCost, result: .failed(error))
            }
        }
        _ = commitConfiguration()
        let cost = hardwareCost
        guard cost.exceedsBudget else {
            return ResolutionChange(targetWidth: targetWidth, previousWidth: previousWidth, attempt: attempt, attemptCost: cost, result: .applied)
        }
        _ = beginConfiguration()
        var restore: [FormatConfiguration] = []
        for lens in lenses { restore.append(configureFormat(lens, targetWidth: previousWidth, fps: fps)) }
        _ = commitConfiguration()
        return ResolutionChange(targetWidth: targetWidth, previousWidth: previousWidth, attempt: attempt, attemptCost: cost,
                                result: .rolledBack(restore: restore, restoredCost: hardwareCost))
    }
}
