/// The bounds the XML parser enforces, so a hostile or broken file fails with a located error
/// instead of exhausting memory or time. Tests lower them to exercise each limit cheaply.
struct XMLLimits: Hashable, Sendable {
    /// Largest accepted input, in bytes (before BOM removal and end-of-line normalisation).
    var maxInputBytes: Int
    /// Most elements in one document.
    var maxElements: Int
    /// Deepest nesting; the root is at depth 1.
    var maxDepth: Int
    /// Most attributes on one element.
    var maxAttributesPerElement: Int
    /// Longest element, attribute, PI-target or entity name, in Unicode scalars.
    var maxNameScalars: Int

    /// The production limits (`XMLParser.max...`).
    static let standard = XMLLimits(
        maxInputBytes: XMLParser.maxInputBytes,
        maxElements: XMLParser.maxElements,
        maxDepth: XMLParser.maxDepth,
        maxAttributesPerElement: XMLParser.maxAttributesPerElement,
        maxNameScalars: XMLParser.maxNameScalars
    )
}
