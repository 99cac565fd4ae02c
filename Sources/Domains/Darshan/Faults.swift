import LockstepCore

/// The article's failure modes (and the shared ones as they apply to darshan), switchable
/// with `set fault NAME`.
extension Darshan {
    public enum Fault: String, DomainFault {
        case deviceZoneReminders, storedAsDate, randomIdentifiers, noBudget, individualDates, defaultAudioCategory, noRestore
        case playerOwnedByScreen, errorAlertOnFailure, speedsOnLive, staleBadge, lateStatus, delegateSetLate, staleRemindLaterBody
        case widgetNoAdvance, zeroDurationEntries, emptyTimelineLoop, deprecatedMapKit

        public var summary: String {
            switch self {
            case .deviceZoneReminders: "reminder components carry no zone, so they match the device's wall clock: 05:55 fires at 05:55 in New Jersey instead of 05:55 in Kolkata"
            case .storedAsDate: "the reminder is kept as the device-local time of its first firing (a Date), not temple components: it drifts an hour when the device's zone changes offset (DST, travel)"
            case .randomIdentifiers: "request identifiers are random UUIDs: changing the lead adds a second reminder instead of replacing the first"
            case .noBudget: "reminders are added past the app's budget: the system keeps the soonest 64 and the rest silently never fire"
            case .individualDates: "each reminder is scheduled as 30 one-off dated requests instead of one repeating trigger: a few aartis overflow the 64 cap"
            case .defaultAudioCategory: "the audio session keeps the default category: picture-in-picture never starts"
            case .noRestore: "the PiP restore delegate is not implemented: returning from PiP plays into a screen that is not showing"
            case .playerOwnedByScreen: "the player belongs to the darshan screen: leaving the screen ends PiP and returning reloads the stream"
            case .errorAlertOnFailure: "a failed live stream shows an error alert instead of falling back to recorded darshan"
            case .speedsOnLive: "the speed menu stays on live streams (speeds not cleared) and a speed change is accepted on live"
            case .staleBadge: "start() does not reset the session: a temple whose stream fails keeps the previous temple's Live badge"
            case .lateStatus: "status from a replaced item is not ignored: a late failure of the old item starts its fallback over the new temple"
            case .delegateSetLate: "the notification delegate is set after launch finishes: the response that cold-launched the app is lost"
            case .staleRemindLaterBody: "Remind Later re-uses the content as is: five minutes later it still says \"Begins in 10 minutes\""
            case .widgetNoAdvance: "the widget timeline has one entry and never refreshes: after the next aarti it shows a past aarti"
            case .zeroDurationEntries: "aartis at the same instant get separate entries: all but the last are shown for zero seconds"
            case .emptyTimelineLoop: "an empty catalog gives no entries and a policy of now: WidgetKit reloads as often as its budget allows"
            case .deprecatedMapKit: "Open in Maps always uses the placemark initialiser, deprecated on iOS 26"
            }
        }
    }
}
