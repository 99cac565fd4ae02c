import LockstepCore

/// J5: loader identity and the global image cache. The cache is keyed by the loader's hash, so a
/// loader whose hash included the frame index would make every frame re-decode every image
/// (article Bug 4). The hash must therefore ignore the index while equality keeps it.

/// A frame loader: `framesId` is the per-load serial number (1, 2, … in load order).
/// An `Int` as its 8 little-endian bytes (two's complement), whatever the platform's width.
private func littleEndianBytes(_ integer: Int) -> [UInt8] {
    let bits = UInt64(bitPattern: Int64(integer))
    return (0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) }
}

struct FrameLoader: Hashable, Sendable {
    var framesId: Int
    var index: Int

    /// framesId alone: loaders of one animation share a hash (legal for unequal values).
    func hash(into hasher: inout Hasher) { hasher.combine(framesId) }

    static func == (a: FrameLoader, b: FrameLoader) -> Bool { a.framesId == b.framesId && a.index == b.index }

    /// The loader hash as the cache sees it, stable across processes (Swift's `Hasher` is seeded per
    /// process, so it cannot go into records): FNV-1a 64 over framesId's 8 little-endian bytes, then
    /// the index's when `includeIndex` (the Bug 4 regression variant).
    static func cacheHash(_ loader: FrameLoader, includeIndex: Bool) -> UInt64 {
        var hash = FNV1a64()
        hash.update(littleEndianBytes(loader.framesId))
        if includeIndex { hash.update(littleEndianBytes(loader.index)) }
        return hash.value
    }
}

/// The global image cache, reduced to what the goldens pin: which keys were decoded and how often.
struct ImageCache: Hashable, Sendable {
    /// Bound on stored keys. When full, a miss still decodes (and counts) but is not stored, and
    /// nothing is evicted, so earlier hits stay hits; `limitReached` records that it happened.
    static let maxEntries = 100_000

    struct Key: Hashable, Sendable {
        var loaderHash: UInt64
        var imageId: Int
        var format: ImageFormat
    }

    /// Cache misses so far: each one is a decode.
    private(set) var decodes = 0
    private(set) var limitReached = false
    /// Membership only; never iterated.
    private var entries: Set<Key> = []

    var entryCount: Int { entries.count }

    /// One draw request from the renderer; returns true when it decoded (a miss).
    @discardableResult
    mutating func draw(loaderHash: UInt64, imageId: Int, format: ImageFormat) -> Bool {
        let key = Key(loaderHash: loaderHash, imageId: imageId, format: format)
        if entries.contains(key) { return false }
        decodes += 1
        if entries.count < ImageCache.maxEntries {
            entries.insert(key)
        } else {
            limitReached = true
        }
        return true
    }
}
