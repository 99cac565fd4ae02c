/// The domain's timeline provider (WidgetKit's `TimelineProvider`), a value the domain builds at
/// the call: the center calls one of its functions when the system (a scenario line, a policy
/// refresh) or the app (`reloadTimelines`) asks.
///
/// The widget is another process: it sees the app's data only through the App Group container,
/// as the `Container` snapshot the center read (`AppGroupStore.snapshot(by: "widget")`). `nil`
/// means the container could not be opened (`widget containerUnavailable`; the center has
/// already recorded it); the provider must still answer, conventionally with
/// `EntryTimeline.unavailable(placeholder:now:)`.
public protocol WidgetProvider {
    associatedtype Content: WidgetContent
    associatedtype Container
    /// Reads no data: what shows while the real view loads, and before the first entry's date.
    func placeholder(in context: WidgetContext) -> Content
    /// One entry for the gallery.
    func snapshot(in context: WidgetContext, container: Container?) -> TimelineEntry<Content>
    /// The entries and the policy.
    func timeline(in context: WidgetContext, container: Container?) -> EntryTimeline<Content>
}
