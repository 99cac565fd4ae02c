import LockstepCore

/// When the system asks the provider for the next timeline (WidgetKit's `TimelineReloadPolicy`).
/// The date is a request, not a promise: the refresh is budgeted and may come late
/// (`WidgetCenter`).
public enum WidgetReloadPolicy: Hashable, Sendable {
    /// After the last entry's date.
    case atEnd
    /// At or after this instant ("refresh just after the next dose": `.after(first.at + 60 s)`).
    case after(Instant)
    /// Only when the app asks (`reloadTimelines(ofKind:)`, `reloadAllTimelines`).
    case never

    /// `atEnd`, `after`, `never`: the policy's word in records.
    public var word: String {
        switch self {
        case .atEnd: "atEnd"
        case .after: "after"
        case .never: "never"
        }
    }

    /// `policy=after after=2026-…Z` (or just `policy=atEnd|never`) appended to `record`.
    public func describe(_ record: Record) -> Record {
        switch self {
        case .after(let t): record.word("policy", word).instant("after", t)
        case .atEnd, .never: record.word("policy", word)
        }
    }
}
