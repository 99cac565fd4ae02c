import LockstepCore
import Platform

/// The catalogue of one category, loaded over the network, and the search over it.
///
/// The article names categories and search only as listing features, so the format and rules are
/// the harness's (GAPs): the body is one item per line, `NAME THUMB_URL FULL_URL LICENSE`, with
/// LICENSE `-` when the host sent none. Checklist 9 ("image licensing is clear for every image you
/// serve") makes an item without a licence hidden, with a record. Search is an ASCII
/// case-insensitive substring match on the name, in catalogue order.
struct Catalog: Sendable {
    struct Item: Sendable, Equatable {
        var name: String
        var thumbURL: String
        var fullURL: String
        var license: String?
    }

    /// Items per category at most; the rest are refused with a record.
    static let maxItems = 500

    var category: String?
    var items: [Item] = []
    var query = ""

    /// Parses a body; returns the items and the 1-based numbers of lines that are not items.
    static func parse(_ body: [UInt8]) -> (items: [Item], badLines: [Int], overLimit: Int) {
        var items: [Item] = []
        var bad: [Int] = []
        var over = 0
        let text = String(decoding: body, as: UTF8.self)
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.isEmpty { continue }
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count == 4, parts[1].hasPrefix("https://"), parts[2].hasPrefix("https://") else {
                bad.append(n + 1)
                continue
            }
            guard items.count < maxItems else { over += 1; continue }
            items.append(Item(name: parts[0], thumbURL: parts[1], fullURL: parts[2], license: parts[3] == "-" ? nil : parts[3]))
        }
        return (items, bad, over)
    }

    /// The items the grid shows for the current query.
    func visible(showUnlicensed: Bool) -> [Item] {
        let q = Catalog.lowerASCII(query)
        return items.filter { (showUnlicensed || $0.license != nil) && (q.isEmpty || Catalog.lowerASCII($0.name).contains(q)) }
    }

    static func lowerASCII(_ s: String) -> String {
        String(decoding: s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
