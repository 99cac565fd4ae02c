/// A printing in the catalog: one language per catalog (the language gate's reason).
public struct CatalogCard: Equatable, Sendable {
    public var id: String
    public var game: String
    public var setName: String
    public var baseName: String
    public var printedNumber: String
    public var language: String
    /// Nil when the printed number has no collector-number shape (A5); such a card is found by artwork only.
    public var numberKeys: NumberKeys?
}

/// Byte order for ids, never a locale's.
@inline(__always) func bytesBefore(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
