import LockstepCore

/// Values from the article (and the GAP choices the domain doc lists).
public enum DarshanConstants {
    public static let category = "AARTI_REMINDER"
    public static let watchNow = "WATCH_NOW"
    public static let remindLater = "REMIND_LATER"
    /// Lead times the app offers ("5, 10, 15, or 30 minutes before").
    public static let leadChoices = [5, 10, 15, 30]
    /// Remind Later: a one-off 5 minutes after the response.
    public static let remindLaterDelay = Duration.seconds(300)
    /// GAP: the app keeps 4 of the system's 64 slots for Remind Later requests.
    public static let reminderBudget = 60
    /// `preferredForwardBufferDuration` of every item.
    public static let forwardBufferSeconds = 6
    /// GAP: the recorded-video speed menu (`AVPlayerViewController.speeds`).
    public static let recordedSpeeds: [Double] = [0.5, 1, 1.25, 1.5, 2]
    /// Widget entries per timeline.
    public static let widgetEntryLimit = 6
    /// GAP: an empty timeline shows a placeholder and asks again after an hour.
    public static let emptyWidgetRefresh = Duration.hours(1)
    /// GAP: WidgetKit does not reload a timeline sooner than this after the previous reload.
    public static let widgetMinimumReload = Duration.minutes(5)
    /// GAP: WidgetKit's daily reload budget ("typically 40 to 70"); the low end, per UTC day.
    public static let widgetDailyBudget = 40
    /// Fault `individualDates`: days of one-off requests scheduled per aarti.
    public static let individualDays = 30
    public static let maxTemples = 128
    public static let maxAartisPerTemple = 16
    public static let maxNavigationDepth = 16
}
