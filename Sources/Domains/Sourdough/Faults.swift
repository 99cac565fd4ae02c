import LockstepCore

extension Sourdough {
    /// The article's historical bugs and named failure modes, switchable with `set fault NAME`.
    public enum Fault: String, DomainFault {
        case learnAgainstCorrected, coldProofCap16h, moveReadyInsteadOfFlag, calendarTriggers, noTemperatureClamp

        public var summary: String {
            switch self {
            case .learnAgainstCorrected: "the starter correction learns actual / corrected prediction: a 1.44x slower starter settles at 1.2 (its square root)"
            case .coldProofCap16h: "the cold proof is capped at 16 h (960 min): dinner bread (ready Sat 19:00) is refused as impossible"
            case .moveReadyInsteadOfFlag: "a re-plan that cannot avoid quiet hours moves the ready time instead of keeping the promise and flagging the action"
            case .calendarTriggers: "notifications use calendar-component triggers in the device zone and the plan is not re-solved on a zone change: after travel they fire at the new zone's wall clock, hours off the dough"
            case .noTemperatureClamp: "the temperature model extrapolates outside 16-30 C without a warning: 34 C plans a 110-minute bulk"
            }
        }
    }
}
