import LockstepCore
import Platform

/// Whether a kerb is charged at an instant, evaluated in the city's zone (CET/CEST from the core's
/// zone rules). PAID with no hours is always charged; CONDITIONAL hours are read with the B6 subset
/// and, when unreadable (or null), count as charged at every instant; FREE rows never read hours;
/// UNKNOWN rows make no charge claim.
enum Charge: Hashable, Sendable {
    case charged
    case notCharged
    /// Unreadable hours: charged, with what stopped the reading.
    case unreadable(column: Int, why: String)
    case noClaim

    var word: String {
        switch self {
        case .charged: "true"
        case .notCharged: "false"
        case .unreadable: "true"
        case .noClaim: "none"
        }
    }

    static func at(_ instant: Instant, claim: Claim, zone: Zone, holidays: [String]?, unreadableIsFree: Bool) -> Charge {
        switch claim {
        case .paid: return .charged
        case .cityFree, .signpostedFree, .likelyFree, .unknown: return claim == .unknown ? .noClaim : .notCharged
        case .conditional(let hours):
            guard let hours else { return unreadableIsFree ? .notCharged : .unreadable(column: 1, why: "no hours on a CONDITIONAL row") }
            switch OpeningHours.parse(hours) {
            case .failure(let e): return unreadableIsFree ? .notCharged : .unreadable(column: e.column, why: e.why)
            case .success(let oh):
                let local = zone.localDateTime(instant)
                let weekday = local.weekday.isoNumber
                let second = local.hour * 3_600 + local.minute * 60 + local.second
                let date = ZeroPad.date(local)
                let charged: Bool
                if let holidays {
                    charged = oh.charged(weekday: weekday, holiday: holidays.contains(date), secondOfDay: second)
                } else {
                    // No calendar: charged if either answer says so, so a gap can only err towards paying.
                    charged = oh.charged(weekday: weekday, holiday: false, secondOfDay: second)
                        || oh.charged(weekday: weekday, holiday: true, secondOfDay: second)
                }
                return charged ? .charged : .notCharged
            }
        }
    }
}
