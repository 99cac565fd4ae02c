import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Wallpapers

func wallpapersRecords(_ body: String) throws(ScenarioError) -> [String] { try InlineScenario.records(Wallpapers.self, body) }
func wallpapersError(_ body: String) -> String? { InlineScenario.error(Wallpapers.self, body) }

/// The article's and the note's numbers, each worked out by hand in the comment above it.
@Suite struct WallpapersKnownValueTests {
    /// A 120×260 pt cell at 3× is 360×780 px, so pixelSize = max = 780. A portrait 2160×3840 source
    /// fitted to 780: 2160·780/3840 = 438.75 → 439 (halves up), so 439×780, and
    /// 439·780·4 = 1,369,680 bytes.
    @Test func portrait4KThumbnailIs439x780() throws {
        let r = try wallpapersRecords("""
        0 cellAppear id=1 url="https://h/t/1.jpg" width=120 height=260
        +1 net respond id=1 status=200 body="WPX1 2160x3840"

        """)
        #expect(r.contains { $0.contains("cell.request cell=1") && $0.contains("pixelSize=780") })
        #expect(r.contains { $0.contains("decoded=439x780 cost=1369680") && $0.hasPrefix("thumb.decoded") })
    }

    /// A 120 pt cell with no height uses the aspect ratio 9/19.5: 120·19.5/9 = 260 pt, 780 px at 3×.
    @Test func cellHeightFollowsTheAspectRatio() throws {
        let r = try wallpapersRecords("0 cellAppear id=1 url=\"https://h/t/1.jpg\" width=120\n")
        #expect(r.contains { $0.contains("pixelSize=780") })
    }

    /// Forty such thumbnails: 40 · 1,369,680 = 54,787,200 bytes, under the 80·1024·1024 =
    /// 83,886,080-byte limit, so the cache holds all forty and nothing is evicted.
    @Test func fortyThumbnailsCost54787200Bytes() throws {
        let r = try wallpapersRecords("0 gen page first=1 count=40 firstRequest=1\n")
        #expect(r.last(where: { $0.hasPrefix("cache ") }) == "cache total=54787200 count=40 limit=83886080")
        #expect(r.last(where: { $0.hasPrefix("memory ") })?.hasPrefix("memory resident=54787200 ") == true)
        #expect(!r.contains { $0.contains("evicted=") })
        #expect(ThumbnailCache.articleLimitBytes == 83_886_080)
    }

    /// Full-size decodes (the fault): 3840·2160·4 = 33,177,600 bytes each; forty visible cells hold
    /// 40 · 33,177,600 = 1,327,104,000 bytes. The cache keeps only two (66,355,200 ≤ 83,886,080 <
    /// 99,532,800).
    @Test func naiveDecodesCost1327104000Bytes() throws {
        let r = try wallpapersRecords("set fault fullSizeDecode\n0 gen page first=1 count=40 firstRequest=1\n")
        #expect(r.contains { $0.hasPrefix("thumb.decoded") && $0.contains("decoded=2160x3840 cost=33177600") })
        #expect(r.last(where: { $0.hasPrefix("memory ") })?.hasPrefix("memory resident=1327104000 ") == true)
        #expect(r.last(where: { $0.hasPrefix("cache ") }) == "cache total=66355200 count=2 limit=83886080")
    }

    /// 83,886,080 / 1,369,680 = 61.25: the 62nd thumbnail (62 · 1,369,680 = 84,920,160 > limit)
    /// evicts the least recently used, cell 1's.
    @Test func sixtyOneThumbnailsFitTheLimit() throws {
        let r = try wallpapersRecords("0 gen page first=1 count=62 firstRequest=1\n")
        #expect(r.filter { $0.contains("evicted=") } == ["cache.insert url=\"https://cdn.example/thumb/62.jpg\" cost=1369680 stored=true evicted=\"https://cdn.example/thumb/1.jpg\""])
        #expect(r.last(where: { $0.hasPrefix("cache ") }) == "cache total=83550480 count=61 limit=83886080")
    }

    /// The detail screen on a 1290×2796 native screen: maxPixelSize 2796, 2160·2796/3840 = 1572.75
    /// → 1573, so 1573×2796 and 1573·2796·4 = 17,592,432 bytes instead of 33,177,600.
    @Test func detailDecodesAtScreenSize() throws {
        let r = try wallpapersRecords("""
        0 detailOpen url="https://h/f/1.jpg"
        +1 net respond id=1 status=200 body="WPX1 2160x3840"

        """)
        #expect(r.contains { $0.hasPrefix("detail.shown") && $0.contains("maxPixelSize=2796 decoded=1573x2796 cost=17592432") })
    }

    /// Radius scaling: 20 · 3840 / 1290 = 76,800 / 1290 = 59.534… → "59.53" at two places. The
    /// preview is 1290×726 (a 3840×2160 source fitted to 1290: 2160·1290/3840 = 725.625 → 726).
    @Test func previewRadius20IsExportRadius59_53() throws {
        let r = try wallpapersRecords("""
        set nativeWidth 726
        set nativeHeight 1290
        0 detailOpen url="https://h/f/wide.jpg"
        +1 net respond id=1 status=200 body="WPX1 3840x2160"
        +1 editorOpen
        +1 editorSlider radius=20
        +1 editorExport

        """)
        #expect(r.contains { $0 == "editor.opened url=\"https://h/f/wide.jpg\" preview=1290x726 export=3840x2160 contexts=1" })
        #expect(r.contains { $0.hasPrefix("editor.export") && $0.contains("previewRadius=20.00 exportRadius=59.53") && $0.contains("size=3840x2160") })
        let scaled = try BlurRadiusScaling.exportRadiusPixels(previewRadiusPixels: 20, previewWidthPixels: 1290, exportWidthPixels: 3840)
        #expect(scaled > 59.534 && scaled < 59.535)
    }

    /// A uniform mid-grey (128) image blurred with clamping stays 128 everywhere, alpha 255 on the
    /// edges; dim 0.2 under brightness −dim gives (128/255 − 0.2)·255 = 128 − 51 = 77.
    @Test func clampedBlurKeepsUniformAndDimSubtracts() throws {
        let r = try wallpapersRecords("""
        set nativeWidth 32
        set nativeHeight 32
        0 detailOpen url="https://h/f/grey.jpg"
        +1 net respond id=1 status=200 body="WPX1 16x32 pattern=solid:808080"
        +1 editorOpen
        +1 editorSlider radius=4
        +1 editorSlider radius=4 dim=0.2

        """)
        let source = try TestPattern.solid(RGBA8(128, 128, 128, 255)).image(width: 16, height: 32)
        let renders = r.filter { $0.hasPrefix("editor.render") }
        #expect(renders.count == 2)
        #expect(renders[0].contains("digest=#\(source.digestHex) edgeAlpha=255 corner=128"))
        #expect(renders[1].contains("edgeAlpha=255 corner=77"))
    }

    /// The dark border fault (no clampedToExtent): the corner pixel mixes with transparent
    /// outside, so its alpha drops below 255 and the digest differs from the source's.
    @Test func unclampedBlurHasADarkBorder() throws {
        let r = try wallpapersRecords("""
        set nativeWidth 32
        set nativeHeight 32
        set fault darkBlurBorder
        0 detailOpen url="https://h/f/grey.jpg"
        +1 net respond id=1 status=200 body="WPX1 16x32 pattern=solid:808080"
        +1 editorOpen
        +1 editorSlider radius=4

        """)
        let render = try #require(r.first { $0.hasPrefix("editor.render") })
        #expect(!render.contains("edgeAlpha=255"))
    }

    /// EXIF 6 (rotate 90°): a stored 3840×2160 is upright 2160×3840, so 439×780 as above. Ignoring
    /// the tag (the fault) treats the sideways 3840×2160 as landscape and covers the cell with
    /// ⌈780·3840/2160⌉ = 1387 → 1387×780: a rotated picture, three times the bytes.
    @Test func exifOrientationSwapsSides() throws {
        let body = """
        0 cellAppear id=1 url="https://h/t/r.jpg" width=120 height=260
        +1 net respond id=1 status=200 body="WPX1 3840x2160 exif=6"

        """
        #expect(try wallpapersRecords(body).contains { $0.hasPrefix("thumb.decoded") && $0.contains("decoded=439x780") })
        #expect(try wallpapersRecords("set fault ignoresExifOrientation\n" + body).contains { $0.hasPrefix("thumb.decoded") && $0.contains("exif=1 maxPixelSize=1387 decoded=1387x780") })
    }

    /// A landscape 3840×2160 source in a 360×780 px cell: covering needs height 780, so
    /// maxPixelSize = ⌈780·3840/2160⌉ = ⌈1386.67⌉ = 1387 → 1387×780 (2160·1387/3840 = 780.19 → 780),
    /// 1387·780·4 = 4,327,440 bytes. The article's max(w, h) rule gives 780×439, shown at
    /// 780/439 = 1.7767 → fill 1.78.
    @Test func landscapeSourceCoversThePortraitCell() throws {
        let body = """
        0 cellAppear id=1 url="https://h/t/l.jpg" width=120 height=260
        +1 net respond id=1 status=200 body="WPX1 3840x2160"

        """
        let r = try wallpapersRecords(body)
        #expect(r.contains { $0.hasPrefix("thumb.decoded") && $0.contains("maxPixelSize=1387 decoded=1387x780 cost=4327440") })
        #expect(r.contains { $0.hasPrefix("cell.shown") && $0.contains("fill=1.00 upscaled=false") })
        let f = try wallpapersRecords("set fault landscapeUpscaled\n" + body)
        #expect(f.contains { $0.hasPrefix("cell.shown") && $0.contains("decoded=780x439 cost=1369680 fill=1.78 upscaled=true") })
        #expect(Wallpapers.coverMaxPixelSize(upright: PixelSize(widthPixels: 2160, heightPixels: 3840), cellWidthPixels: 360, cellHeightPixels: 780) == 780)
    }

    /// On a 2× screen the same cell is 240×520 px: 2160·520/3840 = 292.5 → 293 (halves up), 293×520.
    @Test func sceneScaleDecidesThePixelSize() throws {
        let r = try wallpapersRecords("""
        0 screen scale=2 width=1920 height=1080
        +1 cellAppear id=1 url="https://h/t/1.jpg" width=120 height=260
        +1 net respond id=1 status=200 body="WPX1 2160x3840"

        """)
        #expect(r.contains { $0.hasPrefix("thumb.decoded") && $0.contains("maxPixelSize=520 decoded=293x520 cost=609440") })
    }

    /// A cancelled load never inserts and is never applied: the late answer is refused by the
    /// transport, and the cache stays empty.
    @Test func cancelledLoadNeverInserts() throws {
        let r = try wallpapersRecords("""
        0 cellAppear id=1 url="https://h/t/1.jpg" width=120
        +1 cellDisappear id=1
        +1 net respond id=1 status=200 body="WPX1 2160x3840"

        """)
        #expect(r.contains { $0.hasPrefix("cell.cancelled cell=1") && $0.contains("requestCancelled=true") })
        #expect(!r.contains { $0.hasPrefix("cache.insert") || $0.hasPrefix("thumb.decoded") })
        #expect(r.contains { $0.hasPrefix("rejected input=reply reason=late") })
    }

    /// Saving the original hands Photos the downloaded bytes: the asset's digest is the file's.
    @Test func originalSaveKeepsTheDownloadedBytes() throws {
        let r = try wallpapersRecords("""
        set nativeWidth 24
        set nativeHeight 48
        0 detailOpen url="https://h/f/lake.jpg"
        +1 net respond id=1 status=200 body="WPX1 24x48"
        +1 save what=original
        +1 photos auth=authorized

        """)
        let body = Array("WPX1 24x48".utf8)
        let digest = "#" + Hex.lower(FNV1a64.hash(body))
        #expect(r.contains { $0.hasPrefix("detail.shown") && $0.contains("fileDigest=\(digest)") })
        #expect(r.contains { $0 == "photos.saved id=1 filename=\"lake.jpg\" kind=originalFile bytes=\(body.count) digest=\(digest)" })
        #expect(r.contains { $0.hasPrefix("guide.shown") && $0.contains("buttons=openPhotos ") })
    }

    /// Names: `1.jpg` is taken, so the next is `1-2.jpg`; a URL without a name gets a hashed one.
    @Test func uniqueNames() {
        #expect(Wallpapers.numbered("1.jpg", 2) == "1-2.jpg")
        #expect(Wallpapers.numbered("image", 3) == "image-3")
        #expect(Wallpapers.lastPathComponent("https://cdn.example/space/1.jpg?w=2") == "1.jpg")
        #expect(Wallpapers.lastPathComponent("https://cdn.example/") == "")
        #expect(Wallpapers.lastPathComponent("https://cdn.example") == "")
    }
}

/// Bad lines are errors at their column; bad values the domain sees are records.
@Suite struct WallpapersInputTests {
    @Test func outOfRangeFieldsAreLocated() {
        #expect(wallpapersError("0 screen scale=4 width=10 height=10\n")?.contains("t.scenario:3:16: scale=4 is out of range 1...3") == true)
        #expect(wallpapersError("0 save what=thumbnail\n") == "t.scenario:3:13: unknown what 'thumbnail'; expected one of: original, edited")
        #expect(wallpapersError("set os 15.0\n")?.contains("os 15.0 is below the app's minimum, 16.0") == true)
    }

    @Test func zeroOrNaNGeometryNeverReachesTheDecoder() throws {
        let r = try wallpapersRecords("0 cellAppear id=1 url=\"https://h/t/1.jpg\" width=0 height=260\n+1 cellAppear id=2 url=\"https://h/t/2.jpg\" width=nan\n")
        #expect(r.filter { $0.hasPrefix("rejected input=cellAppear reason=invalid-cell-size") }.count == 2)
        #expect(!r.contains { $0.hasPrefix("net.request") })
    }

    @Test func corruptBodiesCacheNothing() throws {
        let r = try wallpapersRecords("""
        0 cellAppear id=1 url="https://h/t/1.jpg" width=120
        +1 net respond id=1 status=404 body="<html>404</html>"
        +1 cellDisappear id=1
        +1 cellAppear id=1 url="https://h/t/1.jpg" width=120

        """)
        #expect(r.contains { $0.hasPrefix("thumb.failed request=1") && $0.contains("reason=undecodable") && $0.contains("status=404") })
        #expect(!r.contains { $0.hasPrefix("cache.insert") })
        #expect(r.filter { $0.hasPrefix("cell.request") && $0.contains("result=miss") }.count == 2)
    }

    @Test func editorInputIsClampedOrRefused() throws {
        let r = try wallpapersRecords("""
        set nativeWidth 8
        set nativeHeight 8
        0 detailOpen url="https://h/f/a.jpg"
        +1 net respond id=1 status=200 body="WPX1 4x8"
        +1 editorOpen
        +1 editorSlider radius=nan
        +1 editorSlider radius=250 dim=2

        """)
        #expect(r.contains { $0.hasPrefix("rejected input=editorSlider reason=nan") })
        #expect(r.contains { $0 == "editor.clamped field=radius from=\"250.0\" to=200.00" })
        #expect(r.contains { $0 == "editor.clamped field=dim from=\"2.0\" to=1.00" })
    }

    @Test func imageBodyDecoder() {
        #expect(ImageBody.decode(Array("WPX1 10x20 exif=6".utf8))?.uprightSize(respectingOrientation: true) == PixelSize(widthPixels: 20, heightPixels: 10))
        #expect(ImageBody.decode(Array("WPX1 10x20 exif=9".utf8))?.exifFallback == 9)
        #expect(ImageBody.decode(Array("WPX1 0x20".utf8)) == nil)
        #expect(ImageBody.decode(Array("WPX1 10x20 colour=red".utf8)) == nil)
        #expect(ImageBody.decode(Array("<html>".utf8)) == nil)
    }

    @Test func declarationsMeetTheContract() {
        #expect(Wallpapers.entry.problems.isEmpty, "\(Wallpapers.entry.problems)")
    }
}
