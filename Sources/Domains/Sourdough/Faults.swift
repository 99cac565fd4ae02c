import LockstepCore

extension Sourdough {
    /// The article's historical bugs and named failure modes, switchable with `set fault NAME`.
    public enum Fault: String, DomainFault {
        case learnAgainstCorrected, coldProofCap16h, moveReadyInsteadOfFlag, calendarTriggers, noTemperatureClamp
        case fineColdProofLattice, ignoreStartWindow, noForegroundSync

        public var summary: String {
            switch self {
            case .learnAgainstCorrected: "the starter correction learns actual / corrected prediction: a 1.44x slower starter settles at 1.2 (its square root)"
            case .coldProofCap16h: "the cold proof is capped at 16 h (960 min): dinner bread (ready Sat 19:00) is refused as impossible"
            case .moveReadyInsteadOfFlag: "a re-plan that cannot avoid quiet hours moves the ready time instead of keeping the promise and flagging the action"
            case .calendarTriggers: "notifications use calendar-component triggers in the device zone and the plan is not re-solved on a zone change: after travel they fire at the new zone's wall clock, hours off the dough"
            case .noTemperatureClamp: "the temperature model extrapolates outside 16-30 C without a warning: 34 C plans a 110-minute bulk"
            case .fineColdProofLattice: "the cold-proof window (over 2 h) is searched in 5-minute steps, not 15 (the article's pinned rough edge, changed silently): the golden plan starts the levain at 07:00 with a 565-minute cold proof"
            case .ignoreStartWindow: "the app starts the Live Activity as soon as a plan exists, ignoring the 7 h window: the 8 h limit ends it hours before the bake"
            case .noForegroundSync: "the Live Activity is synced only when the plan changes, not on foreground: opening the app within 7 h of a step never starts it"
            }
        }
    }
}
