import LockstepCore
import Platform

/// Council records to rows (the note's addendum B5). Every council record counts as regulated
/// unless the article shows it isn't (Madrid's grey bands), so an unknown kind can only suppress a
/// derived free kerb, never create one.
enum CouncilKinds {
    /// (fee_state, fee_source) for a council kind in a city. `greyAsComplement` is the first
    /// Madrid import, which stored grey bands as derived complement.
    static func row(kind: String, hours: String?, city: City, greyAsComplement: Bool) -> (FeeState, FeeSource, String?) {
        switch kind {
        case "blue", "green":
            return hours == nil ? (.PAID, .municipal_paid, nil) : (.CONDITIONAL, .municipal_paid, hours)
        case "grey" where city == .madrid:
            return (.FREE, greyAsComplement ? .municipal_paid_complement : .municipal_outside_zone, nil)
        case "free":
            return (.FREE, .municipal_free, nil)
        default:
            // Goods delivery, an unknown colour: not a car kerb we can name; never a free claim.
            return (.UNKNOWN, .municipal_paid, nil)
        }
    }

    /// B3's regulated set: council-published paid or free kerbs.
    static func isRegulated(_ feeSource: String) -> Bool {
        feeSource == FeeSource.municipal_paid.rawValue || feeSource == FeeSource.municipal_free.rawValue
    }
}
