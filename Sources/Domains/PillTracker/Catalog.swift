import LockstepCore

/// The bundled `catalog.json` (barcode → name, form, strength) and the user's own history of
/// what they typed for earlier scans.
struct CatalogEntry: Hashable, Sendable {
    var name: String
    var form: String
    var strength: String?
}

/// Where a scanned code's prefill came from.
enum LookupSource: String, Sendable {
    case catalog, history, none
}

/// How the bundled catalogue file is found at launch (a setting: the article force-unwraps it).
public enum CatalogFile: String, CaseIterable, Sendable {
    case bundled, missing, corrupt
}

enum BundledCatalog {
    /// A few codes so scenarios can hit the catalogue (the article ships its own file).
    static let entries: [(String, CatalogEntry)] = [
        ("4006381333931", CatalogEntry(name: "Aspirin", form: "tablet", strength: "500 mg")),
        ("5000158100534", CatalogEntry(name: "Paracetamol", form: "tablet", strength: "500 mg")),
        ("96385074", CatalogEntry(name: "Calpol", form: "syrup", strength: "5 ml")),
    ]

    static func lookup(_ code: String, in table: [(String, CatalogEntry)]) -> CatalogEntry? {
        table.first { $0.0 == code }?.1
    }
}
