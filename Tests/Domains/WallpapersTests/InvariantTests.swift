import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Wallpapers

/// Each invariant breaks under the fault it stands for, in a few lines, and holds without it.
@Suite struct WallpapersInvariantTests {
    func broken(_ body: String) throws -> [String] {
        try wallpapersRecords(body).filter { $0.hasPrefix("lockstep.invariant") }
    }

    /// Twelve full 4K decodes: 12 · 33,177,600 = 398,131,200 bytes, the article's "around 400 MB",
    /// and every one is larger than its 360×780 px cell.
    @Test func twelveFullDecodesAreAbout400MB() throws {
        let r = try wallpapersRecords("set fault fullSizeDecode\n0 gen page first=1 count=12 firstRequest=1\n")
        #expect(r.last(where: { $0.hasPrefix("memory ") })?.hasPrefix("memory resident=398131200 ") == true)
        #expect(r.contains { $0.hasPrefix("lockstep.invariant name=noDecodeLargerThanTheCell") })
    }

    /// A count limit (100) instead of the cost limit: with a 2,000,000-byte limit, two 1,369,680-byte
    /// thumbnails (2,739,360) are kept and the cache is over its limit.
    @Test func countLimitedCacheGoesOverTheLimit() throws {
        let body = "set cacheLimitBytes 2000000\n0 gen page first=1 count=2 firstRequest=1\n"
        #expect(try broken(body).isEmpty)
        #expect(try broken("set fault countLimitedCache\n" + body).contains { $0.contains("name=cacheWithinLimit broken=\"cache holds 2739360 B over its 2000000 B limit\"") })
    }

    /// Without cancellation the late answer lands in the cache although nobody waits for it.
    @Test func uncancelledLoadInserts() throws {
        let body = """
        0 cellAppear id=1 url="https://h/t/1.jpg" width=120
        +1 cellDisappear id=1
        +1 net respond id=1 status=200 body="WPX1 2160x3840"

        """
        #expect(try broken(body).isEmpty)
        #expect(try broken("set fault noCancellation\n" + body).contains { $0.contains("name=cancelledLoadNeverInserts") })
    }

    /// A cell reused for another URL while its first load runs: without cancellation the first
    /// image lands in it.
    @Test func staleResultLandsInReusedCell() throws {
        let body = """
        0 cellAppear id=1 url="https://h/t/a.jpg" width=120
        +1 cellURL id=1 url="https://h/t/b.jpg"
        +1 net respond id=1 status=200 body="WPX1 2160x3840"

        """
        #expect(try broken(body).isEmpty)
        let faulty = try wallpapersRecords("set fault noCancellation\n" + body)
        #expect(faulty.contains { $0 == "cell.shown cell=1 url=\"https://h/t/b.jpg\" imageURL=\"https://h/t/a.jpg\" decoded=439x780 cost=1369680 fill=1.00 upscaled=false" })
        #expect(faulty.contains { $0.hasPrefix("lockstep.invariant name=cellShowsItsOwnURL") })
    }

    /// Two same-named URLs share the kept path under the article's naming, and the first file's
    /// bytes are overwritten.
    @Test func keptPathCollision() throws {
        let body = """
        set nativeWidth 8
        set nativeHeight 16
        0 detailOpen url="https://h/nature/1.jpg"
        +1 net respond id=1 status=200 body="WPX1 8x16"
        +1 save what=original
        +1 detailOpen url="https://h/space/1.jpg"
        +1 net respond id=2 status=200 body="WPX1 8x16 pattern=solid:112233"
        +1 photos auth=authorized

        """
        #expect(try broken(body).isEmpty)
        let b = try broken("set fault keptPathCollision\n" + body)
        #expect(b.contains { $0.contains("name=keptPathsAreUnique") })
        #expect(b.contains { $0.contains("name=originalIsTheDownloadedBytes") })
    }

    /// The one-context rule: a context per tick makes two after the first tick.
    @Test func contextPerTick() throws {
        let body = """
        set nativeWidth 8
        set nativeHeight 16
        0 detailOpen url="https://h/f/a.jpg"
        +1 net respond id=1 status=200 body="WPX1 8x16"
        +1 editorOpen
        +1 editorSlider radius=2

        """
        #expect(try broken(body).isEmpty)
        #expect(try broken("set fault contextPerTick\n" + body).contains { $0 == "lockstep.invariant name=oneContext broken=\"2 contexts\"" })
    }
}
