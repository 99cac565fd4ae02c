import LockstepCore
@testable import Platform
import Testing

/// A 20×20 white page with a coral disc at (10, 10), radius 5: the list most tests start from.
private func disc(x: Double = 10) -> DrawList {
    var list = DrawList()
    list.append(.page(widthPoints: 20, heightPoints: 20, background: .white))
    list.append(.circle(centerX: x, centerY: 10, radiusPoints: 5, fill: .coral))
    return list
}

private func raster(_ commands: [DrawCommand], scale: Int = 1) throws -> PNGImage {
    let list = try DrawList(validating: commands)
    return try PNG.decode(try list.png(scale: scale))
}

private func rgb(_ image: PNGImage, _ x: Int, _ y: Int) -> [UInt8] {
    let p = image.pixel(x: x, y: y)
    return [p.r, p.g, p.b, p.a]
}

private let white: [UInt8] = [255, 255, 255, 255]
private let coral: [UInt8] = [255, 127, 80, 255]
private let red: [UInt8] = [255, 0, 0, 255]
private let blue: [UInt8] = [0, 0, 255, 255]
private let black: [UInt8] = [0, 0, 0, 255]

@Suite struct RenderRecordTests {
    @Test func eachCommandHasOneCanonicalLine() {
        let cases: [(DrawCommand, String)] = [
            (.page(widthPoints: 20, heightPoints: 20, background: .white), "draw.page w=20.00 h=20.00 background=white"),
            (.circle(centerX: 10, centerY: 10, radiusPoints: 5, fill: .coral), "draw.circle x=10.00 y=10.00 r=5.00 fill=coral"),
            (.polyline(points: [DrawPoint(x: 0, y: 0), DrawPoint(x: 10, y: 2.5)], stroke: .red, opacity: 0.5, lineWidthPoints: 2),
             "draw.polyline points=2 stroke=red opacity=0.50 width=2.00 path=0.00,0.00,10.00,2.50"),
            (.polyline(points: [], stroke: .black, opacity: 1, lineWidthPoints: 1),
             "draw.polyline points=0 stroke=black opacity=1.00 width=1.00"),
            (.polygon(points: [DrawPoint(x: 0, y: 0), DrawPoint(x: 4, y: 0), DrawPoint(x: 0, y: 3)], fill: .blue, opacity: 1),
             "draw.polygon points=3 fill=blue opacity=1.00 path=0.00,0.00,4.00,0.00,0.00,3.00"),
            (.rect(x: 2, y: 3, width: 4, height: 5, fill: .blue), "draw.rect x=2.00 y=3.00 w=4.00 h=5.00 fill=blue"),
            (.textBox(x: 1, y: 2, text: "Score \"10\"", sizePoints: 12, color: .black),
             #"draw.text x=1.00 y=2.00 size=12.00 color=black text="Score \"10\"""#),
            (.image(name: "avatar", x: 0, y: 0, width: 8, height: 8), #"draw.image name="avatar" x=0.00 y=0.00 w=8.00 h=8.00"#),
            // Two decimals of the exact binary value, ties to even, never -0; non-finite as words.
            (.circle(centerX: 2.675, centerY: -0.001, radiusPoints: .nan, fill: DrawColor(name: "sea-green.2", r: 46, g: 139, b: 87)),
             "draw.circle x=2.67 y=0.00 r=nan fill=sea-green.2"),
        ]
        for (command, line) in cases { #expect(command.record.description == line) }
    }

    @Test func headerAndDigestAreOverTheCanonicalBytes() {
        let list = disc()
        // FNV-1a 64 of the two lines and their newlines, computed independently (Python).
        #expect(list.digest == 0x5851_23e7_570c_e1ed)
        #expect(list.records(frame: 12).map(\.description) == [
            "draw frame=12 commands=2 digest=#585123e7570ce1ed",
            "draw.page w=20.00 h=20.00 background=white",
            "draw.circle x=10.00 y=10.00 r=5.00 fill=coral",
        ])
        #expect(DrawList().digest == FNV1a64.offsetBasis)
    }

    @Test func digestChangesWithACoordinateAndOnlyThen() {
        let base = disc().digest
        #expect(disc().digest == base)
        #expect(disc(x: 10.01).digest != base)
        #expect(disc(x: 11).digest != base)
        // Below the second decimal the trace cannot show it, so neither does the digest.
        #expect(disc(x: 10.001).digest == base)
        // The colour's name is what is pinned; the same name with other bytes prints the same.
        var other = DrawList()
        other.append(.page(widthPoints: 20, heightPoints: 20, background: .white))
        other.append(.circle(centerX: 10, centerY: 10, radiusPoints: 5, fill: DrawColor(name: "coral", r: 1, g: 2, b: 3)))
        #expect(other.digest == base)
        other.append(.rect(x: 0, y: 0, width: 1, height: 1, fill: .black))
        #expect(other.digest != base)
    }

    @Test func colourNames() {
        #expect(DrawColor.isValidName("coral"))
        #expect(DrawColor.isValidName("sea-green_2.dark"))
        #expect(!DrawColor.isValidName(""))
        #expect(!DrawColor.isValidName("light blue"))
        #expect(!DrawColor.isValidName("a=b"))
        #expect(!DrawColor.isValidName(String(repeating: "x", count: DrawColor.maxNameBytes + 1)))
        #expect(DrawColor.clear.a == 0 && DrawColor.white.a == 255)
    }
}

@Suite struct DrawListLimitTests {
    @Test func commandLimitDropsAndSaysSo() throws {
        var list = DrawList()
        for i in 0..<DrawList.maxCommands {
            let appended1 = list.append(.rect(x: Double(i), y: 0, width: 1, height: 1, fill: .black))
            #expect(appended1)
        }
        let appended2 = list.append(.circle(centerX: 0, centerY: 0, radiusPoints: 1, fill: .red))
        #expect(!appended2)
        let appended3 = list.append(.circle(centerX: 0, centerY: 0, radiusPoints: 1, fill: .red))
        #expect(!appended3)
        #expect(list.count == 10_000)
        #expect(list.droppedCount == 2)
        #expect(list.firstRefusal == .tooManyCommands(limit: 10_000))
        let header = list.header(frame: 0).description
        #expect(header.hasSuffix(" dropped=2 refused=tooManyCommands limit=10000"))
        #expect(header.hasPrefix("draw frame=0 commands=10000 digest=#"))
        #expect(throws: DrawListError.tooManyCommands(limit: 10_000)) {
            _ = try DrawList(validating: list.commands + [.rect(x: 0, y: 0, width: 1, height: 1, fill: .black)])
        }
    }

    @Test func pointAndTextLimits() {
        var list = DrawList()
        let tooMany = [DrawPoint](repeating: DrawPoint(x: 1, y: 1), count: DrawList.maxPolylinePoints + 1)
        let appended4 = list.append(.polyline(points: tooMany, stroke: .red, opacity: 1, lineWidthPoints: 1))
        #expect(!appended4)
        #expect(list.firstRefusal == .tooManyPoints(count: 10_001, limit: 10_000))
        let appended5 = list.append(.polyline(points: Array(tooMany.dropLast()), stroke: .red, opacity: 1, lineWidthPoints: 1))
        #expect(appended5)
        let appended6 = list.append(.textBox(x: 0, y: 0, text: String(repeating: "a", count: 1_001), sizePoints: 9, color: .black))
        #expect(!appended6)
        let appended7 = list.append(.textBox(x: 0, y: 0, text: String(repeating: "a", count: 1_000), sizePoints: 9, color: .black))
        #expect(appended7)
        let appended8 = list.append(.image(name: String(repeating: "n", count: 257), x: 0, y: 0, width: 1, height: 1))
        #expect(!appended8)
        #expect(list.count == 2 && list.droppedCount == 3)
        #expect(list.firstRefusal?.description == "polyline has 10001 points; at most 10000 (limit)")
    }

    @Test func rasterLimitsAreErrors() {
        #expect(throws: RenderError.noPage) { _ = try DrawList().png() }
        #expect(throws: RenderError.scale(0, limit: 16)) { _ = try disc().png(scale: 0) }
        #expect(throws: RenderError.scale(17, limit: 16)) { _ = try disc().png(scale: 17) }
        var big = DrawList()
        big.append(.page(widthPoints: 300, heightPoints: 10, background: .white))
        #expect(throws: RenderError.pageSize(widthPoints: 300, heightPoints: 10, scale: 16, limit: 4_096)) {
            _ = try big.png(scale: 16)
        }
        var nan = DrawList()
        nan.append(.page(widthPoints: .nan, heightPoints: 10, background: .white))
        #expect(throws: (any Error).self) { _ = try nan.png() }
        // The work limit: a 20×20 page has 400 pixel tests per full rect; the third rect passes 1,000.
        var work = DrawList()
        work.append(.page(widthPoints: 20, heightPoints: 20, background: .white))
        for _ in 0..<3 { work.append(.rect(x: 0, y: 0, width: 20, height: 20, fill: .red)) }
        #expect(throws: RenderError.tooMuchWork(limit: 1_000)) { _ = try Rasterizer.image(work, scale: 1, pixelTestLimit: 1_000) }
        #expect(throws: Never.self) { _ = try Rasterizer.image(work, scale: 1, pixelTestLimit: 1_200) }
        #expect(Rasterizer.maxPixelTests == 268_435_456)
        #expect(RenderError.pageSize(widthPoints: 300, heightPoints: 10, scale: 16, limit: 4_096).description
            == "page 300.00x10.00 points at scale 16 is not 1...4096 pixels on each side (limit)")
    }
}

@Suite struct RasterizerTests {
    @Test func circleCoversPixelCentresWithinTheRadius() throws {
        let image = try PNG.decode(try disc().png())
        #expect(image.width == 20 && image.height == 20)
        #expect(rgb(image, 10, 10) == coral)
        #expect(rgb(image, 0, 0) == white)
        // (14.5, 9.5) is 4.53 from the centre; (15.5, 10.5) is 5.52.
        #expect(rgb(image, 14, 9) == coral)
        #expect(rgb(image, 15, 10) == white)
        #expect(rgb(image, 5, 10) == coral)  // (5.5, 10.5): 4.53
        #expect(rgb(image, 4, 10) == white)
    }

    @Test func rectCornersAndTheirNeighbours() throws {
        let image = try raster([.page(widthPoints: 10, heightPoints: 10, background: .white),
                                .rect(x: 2, y: 3, width: 4, height: 5, fill: .blue)])
        for (x, y) in [(2, 3), (5, 3), (2, 7), (5, 7)] { #expect(rgb(image, x, y) == blue) }
        for (x, y) in [(1, 3), (6, 3), (2, 2), (2, 8), (6, 8)] { #expect(rgb(image, x, y) == white) }
        // Negative sizes extend left and up: the same pixels.
        let flipped = try raster([.page(widthPoints: 10, heightPoints: 10, background: .white),
                                  .rect(x: 6, y: 8, width: -4, height: -5, fill: .blue)])
        #expect(flipped == image)
    }

    /// A right triangle (0,0) (10,0) (0,10): a pixel is in when its centre (i + 0.5, j + 0.5) is,
    /// i.e. i + j + 1 < 10 (the hypotenuse's own points are half-open, so i + j = 9 is out).
    @Test func polygonFillsPixelCentresEvenOdd() throws {
        let image = try raster([.page(widthPoints: 12, heightPoints: 12, background: .white),
                                .polygon(points: [DrawPoint(x: 0, y: 0), DrawPoint(x: 10, y: 0), DrawPoint(x: 0, y: 10)], fill: .red, opacity: 1)])
        for j in 0 ..< 12 {
            for i in 0 ..< 12 {
                #expect(rgb(image, i, j) == (i + j + 1 < 10 ? red : white), "pixel \(i),\(j)")
            }
        }
        // A square with a square hole (one outline, even-odd): the hole stays white.
        let ring = try raster([.page(widthPoints: 10, heightPoints: 10, background: .white),
                               .polygon(points: [DrawPoint(x: 0, y: 0), DrawPoint(x: 10, y: 0), DrawPoint(x: 10, y: 10), DrawPoint(x: 0, y: 10),
                                                 DrawPoint(x: 0, y: 0), DrawPoint(x: 3, y: 3), DrawPoint(x: 3, y: 7), DrawPoint(x: 7, y: 7),
                                                 DrawPoint(x: 7, y: 3), DrawPoint(x: 3, y: 3)], fill: .blue, opacity: 1)])
        #expect(rgb(ring, 1, 1) == blue && rgb(ring, 5, 5) == white && rgb(ring, 8, 5) == blue)
        // Fewer than three points, zero opacity or a non-finite point draw nothing.
        for bad: DrawCommand in [.polygon(points: [DrawPoint(x: 0, y: 0), DrawPoint(x: 9, y: 9)], fill: .red, opacity: 1),
                                 .polygon(points: [DrawPoint(x: 0, y: 0), DrawPoint(x: 9, y: 0), DrawPoint(x: 0, y: 9)], fill: .red, opacity: 0),
                                 .polygon(points: [DrawPoint(x: .nan, y: 0), DrawPoint(x: 9, y: 0), DrawPoint(x: 0, y: 9)], fill: .red, opacity: 1)] {
            let blank = try raster([.page(widthPoints: 10, heightPoints: 10, background: .white), bad])
            #expect(rgb(blank, 1, 1) == white)
        }
    }

    @Test func polylinePixelsAlongItsPath() throws {
        let image = try raster([.page(widthPoints: 20, heightPoints: 20, background: .white),
                                .polyline(points: [DrawPoint(x: 2, y: 10), DrawPoint(x: 17, y: 10)], stroke: .red,
                                          opacity: 1, lineWidthPoints: 2)])
        for x in 2...16 {
            #expect(rgb(image, x, 9) == red)
            #expect(rgb(image, x, 10) == red)
            #expect(rgb(image, x, 8) == white)
            #expect(rgb(image, x, 11) == white)
        }
        #expect(rgb(image, 1, 10) == red)  // round cap: (1.5, 10.5) is 0.71 from the end
        #expect(rgb(image, 0, 10) == white)
        #expect(rgb(image, 17, 10) == red)
        #expect(rgb(image, 18, 10) == white)

        let diagonal = try raster([.page(widthPoints: 20, heightPoints: 20, background: .white),
                                   .polyline(points: [DrawPoint(x: 0, y: 0), DrawPoint(x: 19, y: 19)], stroke: .red,
                                             opacity: 1, lineWidthPoints: 1)])
        for i in 0...18 { #expect(rgb(diagonal, i, i) == red) }
        #expect(rgb(diagonal, 19, 19) == white)
        #expect(rgb(diagonal, 5, 12) == white)
        #expect(rgb(diagonal, 12, 5) == white)
    }

    @Test func translucentStrokeBlendsOncePerPixel() throws {
        // alpha round(255 × 0.5) = 128 over white: g = (255·127·255 + 255²/2) / 255² = 127.
        let there = try raster([.page(widthPoints: 20, heightPoints: 20, background: .white),
                                .polyline(points: [DrawPoint(x: 2, y: 10), DrawPoint(x: 10, y: 10)], stroke: .red,
                                          opacity: 0.5, lineWidthPoints: 2)])
        #expect(rgb(there, 5, 10) == [255, 127, 127, 255])
        let andBack = try raster([.page(widthPoints: 20, heightPoints: 20, background: .white),
                                  .polyline(points: [DrawPoint(x: 2, y: 10), DrawPoint(x: 10, y: 10), DrawPoint(x: 2, y: 10)],
                                            stroke: .red, opacity: 0.5, lineWidthPoints: 2)])
        #expect(andBack == there)
        // Opacity 0 draws nothing; out-of-range opacity is clamped.
        let none = try raster([.page(widthPoints: 20, heightPoints: 20, background: .white),
                               .polyline(points: [DrawPoint(x: 2, y: 10), DrawPoint(x: 10, y: 10)], stroke: .red,
                                         opacity: 0, lineWidthPoints: 2)])
        #expect(rgb(none, 5, 10) == white)
        let over = try raster([.page(widthPoints: 20, heightPoints: 20, background: .white),
                               .polyline(points: [DrawPoint(x: 2, y: 10), DrawPoint(x: 10, y: 10)], stroke: .red,
                                         opacity: 7, lineWidthPoints: 2)])
        #expect(rgb(over, 5, 10) == red)
    }

    @Test func textUsesTheBitmapFont() throws {
        let image = try raster([.page(widthPoints: 12, heightPoints: 12, background: .white),
                                .textBox(x: 1, y: 2, text: "1", sizePoints: 9, color: .black)])
        let glyph = BitmapFont.glyph("1")
        for y in 0..<12 {
            for x in 0..<12 {
                let row = y - 2, column = x - 1
                let inked = row >= 0 && row < 7 && column >= 0 && column < 5 && glyph[row] >> (4 - column) & 1 == 1
                #expect(rgb(image, x, y) == (inked ? black : white), "pixel (\(x), \(y))")
            }
        }
        // Size 18 doubles every font pixel: the glyph's top row (0b00100) is columns 4 and 5.
        let big = try raster([.page(widthPoints: 20, heightPoints: 20, background: .white),
                              .textBox(x: 0, y: 0, text: "1", sizePoints: 18, color: .black)])
        #expect(rgb(big, 4, 0) == black && rgb(big, 5, 1) == black)
        #expect(rgb(big, 3, 0) == white && rgb(big, 6, 0) == white)
        // A size of 0 draws nothing.
        let none = try raster([.page(widthPoints: 12, heightPoints: 12, background: .white),
                               .textBox(x: 1, y: 2, text: "1", sizePoints: 0, color: .black)])
        for y in 0..<12 { for x in 0..<12 { #expect(rgb(none, x, y) == white) } }
    }

    @Test func imageIsALabelledGreyBox() throws {
        let image = try raster([.page(widthPoints: 20, heightPoints: 20, background: .white),
                                .image(name: "a", x: 2, y: 2, width: 12, height: 12)])
        #expect(rgb(image, 2, 2) == [96, 96, 96, 255])
        #expect(rgb(image, 13, 13) == [96, 96, 96, 255])
        #expect(rgb(image, 12, 12) == [192, 192, 192, 255])
        #expect(rgb(image, 14, 14) == white)
        // The label starts at (4, 4): `a` has ink somewhere in its 5×7 cell.
        var ink = 0
        for y in 4..<11 { for x in 4..<9 where rgb(image, x, y) == [32, 32, 32, 255] { ink += 1 } }
        #expect(ink > 0)
    }

    @Test func scaleTwoDoublesDimensions() throws {
        var list = DrawList()
        list.append(.page(widthPoints: 20, heightPoints: 10, background: .white))
        list.append(.circle(centerX: 10, centerY: 5, radiusPoints: 2, fill: .coral))
        let one = try PNG.decode(try list.png(scale: 1))
        let two = try PNG.decode(try list.png(scale: 2))
        #expect((one.width, one.height) == (20, 10))
        #expect((two.width, two.height) == (40, 20))
        #expect(rgb(two, 20, 10) == coral)
        #expect(rgb(two, 25, 10) == white)  // (25.5, 10.5) is 5.5 pixels out; the radius is 4
    }

    @Test func sameListSameBytes() throws {
        var list = disc()
        list.append(.polyline(points: [DrawPoint(x: 0, y: 0), DrawPoint(x: 19, y: 7), DrawPoint(x: 3, y: 18)],
                              stroke: .blue, opacity: 0.3, lineWidthPoints: 1.5))
        list.append(.textBox(x: 1, y: 1, text: "Hi\nthere", sizePoints: 9, color: .black))
        list.append(.image(name: "hero", x: 11, y: 11, width: 8, height: 8))
        let first = try list.png(scale: 3)
        #expect(try list.png(scale: 3) == first)
        #expect(Array(first.prefix(8)) == PNG.signature)
        #expect(try list.png(scale: 2) != first)
    }

    @Test func lastPageWinsAndClearIsTransparent() throws {
        var list = disc()
        list.append(.page(widthPoints: 5, heightPoints: 4, background: .clear))
        list.append(.rect(x: 0, y: 0, width: 1, height: 1, fill: .red))
        let image = try PNG.decode(try list.png())
        #expect((image.width, image.height) == (5, 4))
        #expect(rgb(image, 0, 0) == red)
        #expect(rgb(image, 3, 3) == [0, 0, 0, 0])
    }

    @Test func nonFiniteAndFarAwayCoordinatesDoNotTrap() throws {
        let image = try raster([.page(widthPoints: 8, heightPoints: 8, background: .white),
                                .circle(centerX: .nan, centerY: 1, radiusPoints: 3, fill: .red),
                                .circle(centerX: 1e300, centerY: 1, radiusPoints: 1e300, fill: .red),
                                .rect(x: -.infinity, y: 0, width: 3, height: 3, fill: .red),
                                .polyline(points: [DrawPoint(x: .nan, y: 0), DrawPoint(x: 1e308, y: -1e308)], stroke: .red,
                                          opacity: .nan, lineWidthPoints: .infinity),
                                .textBox(x: -1e300, y: 1e300, text: "x", sizePoints: 1e300, color: .red)])
        #expect((image.width, image.height) == (8, 8))
    }
}

@Suite struct RenderRecorderTests {
    private func frames(_ lists: [DrawList], _ policy: RenderPolicy) -> (RenderRecorder, [String]) {
        var world = World<Bare>(start: .defaultStart)
        var recorder = RenderRecorder(policy: policy)
        for list in lists { recorder.present(list, &world) }
        return (recorder, world.outputs.map(\.description))
    }

    @Test func identicalListTwiceIsOneRedraw() {
        let (recorder, lines) = frames([disc(), disc(), disc(x: 10.001), disc(x: 12)], .summary)
        #expect(recorder.presentCount == 4)
        #expect(recorder.redrawCount == 2)
        #expect(recorder.skippedIdentical == 2)
        #expect(lines.count == 2)
        #expect(lines.first == "render frame=0 redraws=1 commands=2 digest=#585123e7570ce1ed")
        #expect(lines.last?.hasPrefix("render frame=3 redraws=2 commands=2 digest=#") == true)
        #expect(recorder.lastDigest == disc(x: 12).digest)
        #expect(recorder.statusRecord.description
            == "render.status presents=4 redraws=2 skipped=2 digest=#" + Hex.lower(disc(x: 12).digest))
    }

    @Test func policyOutputCounts() {
        let lists = [disc(), disc(), disc(x: 11)]
        #expect(frames(lists, .none).1.isEmpty)
        #expect(frames(lists, .summary).1.count == 2)
        let full = frames(lists, .full).1
        #expect(full.count == 2 + 2 + 2)
        #expect(Array(full.prefix(3)) == ["render frame=0 redraws=1 commands=2 digest=#585123e7570ce1ed",
                                          "draw.page w=20.00 h=20.00 background=white",
                                          "draw.circle x=10.00 y=10.00 r=5.00 fill=coral"])
        #expect(full[3].hasPrefix("render frame=2 redraws=2 "))
        // Five different frames, every second redraw: the 1st, 3rd and 5th.
        let five = (0..<5).map { disc(x: 5 + Double($0)) }
        let sampled = frames(five, .sampled(everyRedraws: 2)).1
        #expect(sampled.count == 3)
        #expect(sampled.map { $0.split(separator: " ")[1] } == ["frame=0", "frame=2", "frame=4"])
        #expect(frames(five, .sampled(everyRedraws: 0)).1.count == 5)
        #expect(frames(five, .none).0.redrawCount == 5)
    }

    @Test func droppedCommandsShowInTheRenderLine() {
        var list = DrawList()
        list.append(.polyline(points: [DrawPoint](repeating: DrawPoint(x: 0, y: 0), count: 10_001), stroke: .red,
                              opacity: 1, lineWidthPoints: 1))
        let lines = frames([list], .summary).1
        #expect(lines == ["render frame=0 redraws=1 commands=0 digest=#cbf29ce484222325 dropped=1 refused=tooManyPoints limit=10000"])
        // The same picture with a refusal is not the same as the empty list without one.
        #expect(frames([DrawList(), list], .summary).0.redrawCount == 2)
    }

    @Test func snapshotAttachesThePNG() throws {
        var world = World<Bare>(start: .defaultStart)
        var recorder = RenderRecorder(policy: .none)
        #expect(throws: RenderError.noPage) { try recorder.snapshot(name: "frame", &world) }
        recorder.present(disc(), &world)
        try recorder.snapshot(name: "frame", scale: 2, &world)
        let bytes = try disc().png(scale: 2)
        #expect(world.artifacts == [Artifact(name: "frame", bytes: bytes)])
        #expect(world.outputs.map(\.description)
            == ["artifact name=frame bytes=\(bytes.count) digest=#" + Hex.lower(FNV1a64.hash(bytes))])
    }

    @Test func stateLines() {
        let (recorder, _) = frames([disc(), disc()], .none)
        var out = CanonicalWriter()
        recorder.write(to: &out)
        #expect(out.text == "render {\n  presents=2\n  redraws=1\n  skipped=1\n  digest=#585123e7570ce1ed\n}\n")
    }
}
