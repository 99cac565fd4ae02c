import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Wallpapers

/// `text(of:)` writes every recorded kind so the real reader gives the same event back (what
/// `lockstep expand` and `shrink` rely on), and the generators make the events their docs say.
@Suite struct WallpapersEventTextTests {
    @Test func everyRecordedKindRoundTrips() throws {
        let body = Array("WPX1 2160x3840 exif=6".utf8)
        let events: [WallpapersEvent] = [
            .cellAppear(cell: 3, url: "https://cdn.example/thumb/3.jpg", widthPoints: 120, heightPoints: 260),
            .cellAppear(cell: 4, url: "https://cdn.example/thumb/4.jpg", widthPoints: 90.5, heightPoints: 0),
            .cellDisappear(cell: 3),
            .cellURL(cell: 4, url: "https://cdn.example/thumb/9.jpg"),
            .detailOpen(url: "https://cdn.example/space/1.jpg"),
            .detailClose, .editorOpen,
            .editorSlider(radiusPixels: 20, dim: 0.2), .editorSlider(radiusPixels: 3.5, dim: 0),
            .editorExport, .save(.original), .save(.edited), .openPhotos,
            .category("nature"), .search("Lake \"blue\""),
            .screen(scale: 2, nativeWidthPixels: 1920, nativeHeightPixels: 1080),
            .network(.line(.respond(target: .id(RequestID(2)), tag: nil, response: HTTPResponse(status: 200, body: body), latency: .zero, file: nil))),
            .network(.line(.fail(target: .latest, tag: "thumb", kind: .connectionLost))),
            .network(.line(.offline(true))),
            .capture(.photosAuthorization(.limited, level: .addOnly)),
        ]
        #expect(try EventDecoding.roundTripDifferences(Wallpapers.self, events) == [])
    }

    /// `gen page first=5 count=2 firstRequest=9`: cells 5 and 6 appear, then requests 9 and 10 are
    /// answered with the default portrait 4K body.
    @Test func pageGeneratorMakesCellsThenAnswers() throws {
        let events = try EventDecoding.generated(Wallpapers.self, "gen page first=5 count=2 firstRequest=9")
        #expect(events.count == 4)
        let texts = events.map { Wallpapers.text(of: $0) ?? "nil" }
        #expect(texts == [
            "cellAppear id=5 url=\"https://cdn.example/thumb/5.jpg\" width=120.0 height=260.0",
            "cellAppear id=6 url=\"https://cdn.example/thumb/6.jpg\" width=120.0 height=260.0",
            "net respond id=9 status=200 body=\"WPX1 2160x3840 exif=1 pattern=gradient\"",
            "net respond id=10 status=200 body=\"WPX1 2160x3840 exif=1 pattern=gradient\"",
        ])
    }
}
