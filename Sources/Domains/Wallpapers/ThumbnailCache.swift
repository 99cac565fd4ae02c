import LockstepCore
import Platform

/// The grid's thumbnail cache (`NSCache` with `totalCostLimit = 80 * 1024 * 1024`), made
/// deterministic: the cost of an entry is its decoded bytes (`w × h × 4`), never a count, and
/// eviction is least-recently-used (the note's proposal; NSCache's own order is unspecified).
///
/// After an insert the least recently used entries go until the total is within the limit; an
/// entry that alone exceeds the limit is not stored. A hit moves the entry to the most recent end.
/// `purge()` is the memory-warning response: NSCache empties under pressure.
struct ThumbnailCache: Sendable {
    struct Entry: Sendable, Equatable {
        var url: String
        var imageID: Int
        var size: PixelSize
        var cost: Int
        /// The cell pixel size the image was made for; a later request for more pixels is a miss.
        var madeForPixelSize: Int
        /// True when the image is the source at its own size (nothing larger exists).
        var isFullSource: Bool
    }

    /// The article's `totalCostLimit`: 80 × 1024 × 1024 = 83,886,080 bytes.
    static let articleLimitBytes = 80 * 1024 * 1024
    /// Entries at most: a bound on state, far above what 80 MB of thumbnails holds.
    static let maxEntries = 4_096

    var limitBytes: Int
    /// Least recently used first.
    private(set) var entries: [Entry] = []
    private(set) var totalCost = 0
    /// `countLimited` fault: a count limit instead of the cost limit.
    var countLimit: Int?

    init(limitBytes: Int) { self.limitBytes = limitBytes }

    func entry(for url: String) -> Entry? { entries.first(where: { $0.url == url }) }

    /// A hit: the entry becomes the most recent.
    mutating func touch(_ url: String) {
        guard let i = entries.firstIndex(where: { $0.url == url }) else { return }
        entries.append(entries.remove(at: i))
    }

    /// Inserts (replacing an entry for the same URL) and evicts; returns what was evicted and
    /// whether the entry was stored.
    mutating func insert(_ entry: Entry) -> (stored: Bool, evicted: [Entry]) {
        var evicted: [Entry] = []
        if let i = entries.firstIndex(where: { $0.url == entry.url }) {
            totalCost -= entries[i].cost
            evicted.append(entries.remove(at: i))
        }
        if let count = countLimit {
            entries.append(entry)
            totalCost += entry.cost
            while entries.count > min(count, ThumbnailCache.maxEntries) { evicted.append(removeFirst()) }
            return (true, evicted)
        }
        guard entry.cost <= limitBytes else { return (false, evicted) }
        entries.append(entry)
        totalCost += entry.cost
        while totalCost > limitBytes || entries.count > ThumbnailCache.maxEntries { evicted.append(removeFirst()) }
        return (true, evicted)
    }

    private mutating func removeFirst() -> Entry {
        let e = entries.removeFirst()
        totalCost -= e.cost
        return e
    }

    /// Empties the cache; returns what was dropped.
    mutating func purge() -> [Entry] {
        let all = entries
        entries.removeAll()
        totalCost = 0
        return all
    }
}
