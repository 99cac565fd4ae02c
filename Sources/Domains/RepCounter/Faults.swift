import LockstepCore

/// The historical bugs of the seed article, each re-enabled by `set fault NAME` or `--fault NAME`
/// and each caught by at least one golden under `Golden/repCounter/`.
public enum RepFault: String, DomainFault {
    case echoLiftsShield
    case notEqualStepPredicate
    case sharedUnlockArray
    case grantAfterLift
    case rateNotLocked

    public var summary: String {
        switch self {
        case .echoLiftsShield:
            "1.4: intervalDidStart lifts a budget's shield outright and the threshold puts it back, so a save's registration echo reopens a spent allowance"
        case .notEqualStepPredicate:
            "hand-typed steps are excluded with a not-equal match, which also drops every sample without the metadata key (iPhone and Watch): steps sum to zero"
        case .sharedUnlockArray:
            "unlock records live in one array that each process reads and writes whole: the app writes back a stale copy and resurrects an unlock the monitor just ended"
        case .grantAfterLift:
            "1.4: the unlock is stored and the shield lifted before the grant is registered; a refusal at the 20-activity limit leaves the rule open with nothing to close it"
        case .rateNotLocked:
            "the rate is read at every rep instead of being locked when the set starts, so steps arriving mid-set change the price"
        }
    }
}
