import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct ImageCacheTests {
    @Test func w67LoadersShareHashButAreNotEqual() {
        let a = FrameLoader(framesId: 1, index: 3)
        let b = FrameLoader(framesId: 1, index: 7)
        #expect(a.hashValue == b.hashValue)
        #expect(a != b)
        #expect(a == FrameLoader(framesId: 1, index: 3))
        #expect(FrameLoader.cacheHash(a, includeIndex: false) == FrameLoader.cacheHash(b, includeIndex: false))
        #expect(FrameLoader.cacheHash(a, includeIndex: true) != FrameLoader.cacheHash(b, includeIndex: true))
        #expect(FrameLoader.cacheHash(a, includeIndex: false) != FrameLoader.cacheHash(FrameLoader(framesId: 2, index: 3), includeIndex: false))
    }

    /// The loader hash is FNV-1a 64 (LockstepCore's, tested there) over framesId's 8
    /// little-endian bytes.
    @Test func loaderHashIsFNVOfLittleEndianBytes() {
        #expect(FrameLoader.cacheHash(FrameLoader(framesId: 1, index: 0), includeIndex: false) == FNV1a64.hash([1, 0, 0, 0, 0, 0, 0, 0]))
        #expect(FrameLoader.cacheHash(FrameLoader(framesId: 1, index: 7), includeIndex: true)
                == FNV1a64.hash([1, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0]))
    }

    func decodesOverOnePass(includeIndex: Bool) -> Int {
        var cache = ImageCache()
        let formats: [ImageFormat] = [.webp, .webp, .png, .jpeg, .webp]
        for frame in 0..<300 {
            let loader = FrameLoader(framesId: 1, index: frame)
            for (k, format) in formats.enumerated() {
                cache.draw(loaderHash: FrameLoader.cacheHash(loader, includeIndex: includeIndex), imageId: k, format: format)
            }
        }
        return cache.decodes
    }

    @Test func w67FiveDecodesNotFifteenHundred() {
        #expect(decodesOverOnePass(includeIndex: false) == 5)
        #expect(decodesOverOnePass(includeIndex: true) == 1_500)
    }

    @Test func keyIsTheWholeTriple() {
        var cache = ImageCache()
        let decoded1 = cache.draw(loaderHash: 9, imageId: 0, format: .png)
        #expect(decoded1)
        let decoded2 = cache.draw(loaderHash: 9, imageId: 0, format: .png)
        #expect(!decoded2)
        let decoded3 = cache.draw(loaderHash: 9, imageId: 0, format: .gif)
        #expect(decoded3)
        let decoded4 = cache.draw(loaderHash: 9, imageId: 1, format: .png)
        #expect(decoded4)
        let decoded5 = cache.draw(loaderHash: 8, imageId: 0, format: .png)
        #expect(decoded5)
        #expect(cache.decodes == 4)
    }

    @Test func secondLoadOfTheSameFileDecodesAgain() {
        var cache = ImageCache()
        for framesId in [1, 2] {
            cache.draw(loaderHash: FrameLoader.cacheHash(FrameLoader(framesId: framesId, index: 0), includeIndex: false), imageId: 0, format: .gif)
        }
        #expect(cache.decodes == 2)
    }

    @Test func fullCacheStillCountsAndEvictsNothing() {
        var cache = ImageCache()
        for k in 0..<ImageCache.maxEntries { cache.draw(loaderHash: 1, imageId: k, format: .png) }
        #expect(!cache.limitReached)
        let decoded6 = cache.draw(loaderHash: 2, imageId: 0, format: .png)
        #expect(decoded6)
        let decoded7 = cache.draw(loaderHash: 2, imageId: 0, format: .png)
        #expect(decoded7)   // not stored: decodes again
        let decoded8 = cache.draw(loaderHash: 1, imageId: 0, format: .png)
        #expect(!decoded8)  // earlier entries stay
        #expect(cache.limitReached)
        #expect(cache.entryCount == ImageCache.maxEntries)
        #expect(cache.decodes == ImageCache.maxEntries + 2)
    }
}
