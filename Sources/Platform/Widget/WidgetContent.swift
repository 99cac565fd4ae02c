/// What a widget entry or a Live Activity shows, as the domain defines it (`upcoming`, a rate, the
/// next action). `text` is its one-line form in records, e.g. `next=Bake@14:55 left=3`: goldens pin
/// what the user would see, never a view hierarchy.
public protocol WidgetContent: Hashable, Sendable {
    var text: String { get }
}

/// The simplest content: a line of text (fixtures, tests, a domain whose entry is one label).
public struct WidgetText: WidgetContent {
    public var text: String
    public init(_ text: String) { self.text = text }
}
