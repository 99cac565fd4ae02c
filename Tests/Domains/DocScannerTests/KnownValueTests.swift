import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import DocScanner

/// Scenario text through the domain.
func scannerRecords(_ body: String) throws(ScenarioError) -> [String] { try InlineScenario.records(DocScanner.self, body) }
func scannerError(_ body: String) -> String? { InlineScenario.error(DocScanner.self, body) }

/// Known values from the article, the note and standard formulas, each worked out by hand.
@Suite struct KnownValueTests {
    /// The note's table (UIKit raw → EXIF), which is Apple's two enumerations side by side:
    /// up 0→1, down 1→3, left 2→8, right 3→6, upMirrored 4→2, downMirrored 5→4, leftMirrored 6→5,
    /// rightMirrored 7→7. The issue's own value: right (3) is EXIF 6.
    @Test func orientationMapsCaseForCase() throws {
        let expected = [0: 1, 1: 3, 2: 8, 3: 6, 4: 2, 5: 4, 6: 5, 7: 7]
        for (raw, exif) in expected.sorted(by: { $0.key < $1.key }) {
            let records = try scannerRecords("set os 12.0\nset camera authorized\n0 tapScan\n+1 photoPicked width=40 height=30 orientationRaw=\(raw)\n")
            let photo = try #require(records.first { $0.hasPrefix("photo ") })
            #expect(photo.contains("uikitRaw=\(raw) exif=\(exif) "), "\(photo)")
            // 5...8 swap the sides: a 40x30 stored photo is 30x40 upright.
            let swapped = exif >= 5
            #expect(photo.contains(swapped ? "width=30 height=40" : "width=40 height=30"), "\(photo)")
        }
    }

    /// Under the raw-value fault, `.right` (3) becomes EXIF 3 (`.down`): the note's failure 12.
    @Test func rawValueFaultTurnsRightIntoDown() throws {
        let records = try scannerRecords("set os 12.0\nset camera authorized\nset fault orientationRawValue\n0 tapScan\n+1 photoPicked width=40 height=30 orientation=right\n")
        #expect(records.contains { $0.hasPrefix("photo ") && $0.contains("uikitRaw=3 exif=3 ") })
    }

    /// Vision (0...1, bottom-left) to Core Image pixels with no flip: x·W, y·H. On 3000×4000:
    /// TL (0.1, 0.9) → (300, 3600), BR (0.9, 0.1) → (2700, 400); row space (y down) is H − y:
    /// TL at (300, 400), BR at (2700, 3600).
    @Test func normalizedCornersScaleWithoutFlip() throws {
        let o = try observation(tl: (0.1, 0.9), tr: (0.9, 0.9), bl: (0.1, 0.1), br: (0.9, 0.1), confidence: 0.8)
        let (ci, quad) = DocScanner.pixelQuad(o, widthPixels: 3000, heightPixels: 4000)
        #expect(ci[0] == CoreImagePoint(x: 300, y: 3600))
        #expect(ci[2] == CoreImagePoint(x: 2700, y: 400))
        #expect(quad.topLeft == ImagePoint(x: 300, y: 400))
        #expect(quad.bottomRight == ImagePoint(x: 2700, y: 3600))
        // The origin bug flips y at the scaling step: TL lands at Core Image (300, (1 − 0.9)·4000 = 400),
        // to within the rounding of 1 − 0.9 in binary.
        let (flipped, _) = DocScanner.pixelQuad(o, widthPixels: 3000, heightPixels: 4000, flipY: true)
        #expect(flipped[0].x == 300 && (flipped[0].y - 400).magnitude < 1e-9)
    }

    /// The request's filters with Vision's semantics on a 3000×4000 image (smaller side 3000).
    /// A 750×3000 px strip: aspect 750/3000 = 0.25 < 0.3 → dropped. 900×3000: 0.3 → kept (inclusive).
    /// A 2000×2000 square: aspect 1.0 → kept. A 750×750 square: size 750/3000 = 0.25 < 0.3 → dropped.
    /// Confidence 0.59 < 0.6 → dropped.
    @Test func rectangleFiltersFollowVisionSemantics() throws {
        let p = RectangleFilter.articleParameters
        func rect(_ wPx: Double, _ hPx: Double, _ c: Double) throws -> RectangleObservation {
            let x0 = 0.05, y0 = 0.05, x1 = x0 + wPx / 3000, y1 = y0 + hPx / 4000
            return try observation(tl: (x0, y1), tr: (x1, y1), bl: (x0, y0), br: (x1, y0), confidence: c)
        }
        let drop = { (o: RectangleObservation) in RectangleFilter.drop(o, p, widthPixels: 3000, heightPixels: 4000)?.0 }
        #expect(drop(try rect(750, 3000, 0.9)) == .aspectTooLow)
        #expect(drop(try rect(900, 3000, 0.9)) == nil)
        #expect(drop(try rect(2000, 2000, 0.9)) == nil)
        #expect(drop(try rect(750, 750, 0.9)) == .tooSmall)
        #expect(drop(try rect(2000, 2000, 0.59)) == .lowConfidence)
        #expect(drop(try rect(2000, 2000, 0.6)) == nil)
        // Two candidates pass: only the most confident is returned (maximumObservations = 1).
        let (kept, drops) = RectangleFilter.apply([try rect(2000, 2000, 0.7), try rect(2000, 2400, 0.9)], p, widthPixels: 3000, heightPixels: 4000)
        #expect(kept.map(\.confidence) == [0.9])
        #expect(drops.map(\.description) == ["rectangle.dropped candidate=1 reason=maxObservations value=0.7000"])
    }

    /// The simulated detector on white paper (0.95) on a white desk (0.93): confidence
    /// min(1, 4 × 0.02) = 0.08, below 0.6, so nothing is found and the full frame is offered.
    @Test func whiteOnWhiteIsNotDetected() throws {
        let records = try scannerRecords("""
            set docCameraSupported false
            set camera authorized
            0 tapScan
            +1 photoPicked width=60 height=80 paper=0.95 background=0.93
            +1 detector id=1

            """)
        #expect(records.contains("rectangle.dropped candidate=1 reason=lowConfidence value=0.0800"))
        #expect(records.contains("detection result=keepOriginal"))
        #expect(records.contains("adjust.start detected=false quad=\"0.00,0.00 60.00,0.00 60.00,80.00 0.00,80.00\""))
    }

    /// Identity: flattening the full extent gives back the input's size (max of opposite edges,
    /// 60 and 80) and, sampled at pixel centres, its exact pixels (same digest as the photo).
    @Test func fullFrameFlattenIsIdentity() throws {
        let records = try scannerRecords("""
            set os 12.5
            set camera authorized
            0 tapScan
            +1 photoPicked width=60 height=80 seed=3
            +1 vision result id=1 rectangles=none
            +1 confirmCrop

            """)
        let photo = try #require(records.first { $0.hasPrefix("photo ") })
        let flat = try #require(records.first { $0.hasPrefix("flattened ") })
        #expect(flat.hasPrefix("flattened width=60 height=80 "))
        #expect(photo.split(separator: " ").last == flat.split(separator: " ").last)  // digest=#…
    }

    /// The article's chains: iOS 13+ Enhanced = documentEnhancer(1.0); B&W adds colorControls
    /// (saturation 0, contrast 1.3); iOS 12 Enhanced = colorControls(1, 1.2), B&W (0, 1.2);
    /// Original is the identity on every OS.
    @Test func filterChainsPerOS() throws {
        let page = try RGBA8Image(width: 4, height: 4, fill: .grey(200))
        #expect(DocScanner.enhance(page, mode: .enhanced, os: OSRelease(17, 0)).chain == "documentEnhancer(amount:1.00)")
        #expect(DocScanner.enhance(page, mode: .blackAndWhite, os: OSRelease(13, 0)).chain
                == "documentEnhancer(amount:1.00)>colorControls(saturation:0.00,brightness:0.00,contrast:1.30)")
        #expect(DocScanner.enhance(page, mode: .enhanced, os: OSRelease(12, 5)).chain
                == "colorControls(saturation:1.00,brightness:0.00,contrast:1.20)")
        #expect(DocScanner.enhance(page, mode: .blackAndWhite, os: OSRelease(12, 0)).chain
                == "colorControls(saturation:0.00,brightness:0.00,contrast:1.20)")
        for os in [OSRelease(12, 0), OSRelease(17, 0)] {
            let (chain, image) = DocScanner.enhance(page, mode: .original, os: os)
            #expect(chain == "identity" && image == page)
        }
    }

    /// iOS 12 Black & White on a thermal receipt: ink 0.80 → byte round(204.0) = 204, paper 0.95 →
    /// round(242.25) = 242. Contrast 1.2 about 0.5: ink (0.8 − 0.5)·1.2 + 0.5 = 0.86 → 219.3 → 219;
    /// paper (242/255 − 0.5)·1.2 + 0.5 = 1.0388 → clamped 255. The print stays distinct. A hard
    /// threshold at 0.5 makes both 255: the print is gone (failure 3).
    @Test func blackAndWhiteKeepsFaintPrint() throws {
        var bytes: [UInt8] = []
        for level in [204, 242] as [UInt8] { bytes += [level, level, level, 255] }
        let receipt = try RGBA8Image(width: 2, height: 1, rgba: bytes)
        let bw = DocScanner.enhance(receipt, mode: .blackAndWhite, os: OSRelease(12, 0)).image
        #expect(bw.pixel(x: 0, y: 0) == .grey(219))
        #expect(bw.pixel(x: 1, y: 0) == .grey(255))
        let thresholded = DocScanner.enhance(receipt, mode: .blackAndWhite, os: OSRelease(12, 0), hardThreshold: true).image
        #expect(thresholded.pixel(x: 0, y: 0) == .grey(255) && thresholded.pixel(x: 1, y: 0) == .grey(255))
        #expect(Pixels.lumaLevels(bw) == 2 && Pixels.lumaLevels(thresholded) == 1)
    }

    /// `JSONEncoder`'s `.deferredToDate`: seconds since 2001-01-01T00:00:00Z (Unix 978,307,200).
    /// The note's example: Unix 1,600,000,000 → 621,692,800. 2026-01-01T00:00:11Z (Unix
    /// 1,767,225,611) → 788,918,411; half a second later → 788918411.5.
    @Test func createdAtCountsFrom2001() {
        #expect(DocScanner.secondsSince2001(Instant(secondsSinceEpoch: 1_600_000_000)) == "621692800")
        #expect(DocScanner.secondsSince2001(Instant(secondsSinceEpoch: 1_767_225_611)) == "788918411")
        #expect(DocScanner.secondsSince2001(Instant(nanosecondsSinceEpoch: 1_767_225_611_500_000_000)) == "788918411.5")
        #expect(DocScanner.secondsSince2001(Instant(secondsSinceEpoch: 978_307_199)) == "-1")
    }

    /// Save of 3 pages: page-1, page-2, page-3 originals then record.json, in that order, each
    /// `[.atomic, .completeFileProtection]`; the record says pageCount 3 and mode "enhanced" with
    /// sorted keys; the folder is an uppercase v4 UUID (version nibble 4, variant 8...b).
    @Test func saveWritesThreePagesThenTheRecord() throws {
        let records = try scannerRecords("set camera authorized\n0 tapScan\n+1 documentCamera finish pages=3 width=20 height=30\n+10 save title=\"Receipt\"\n")
        let written = records.filter { $0.hasPrefix("file.written ") }
        #expect(written.count == 4)
        let names = written.map { $0.split(separator: "\"")[1].split(separator: "/").last.map(String.init) ?? "" }
        #expect(names == ["page-1-original.png", "page-2-original.png", "page-3-original.png", "record.json"])
        #expect(written.allSatisfy { $0.contains("options=atomic,completeFileProtection") })
        let saved = try #require(records.first { $0.hasPrefix("saved ") })
        let id = String(saved.split(separator: "\"")[1])
        let parts = id.split(separator: "-").map(\.count)
        #expect(parts == [8, 4, 4, 4, 12] && id == id.uppercased())
        #expect(Array(id)[14] == "4" && "89AB".contains(Array(id)[19]))
        #expect(saved.contains("recordJSON=\"{\\\"createdAt\\\":788918411,\\\"id\\\":\\\"\(id)\\\",\\\"mode\\\":\\\"enhanced\\\",\\\"pageCount\\\":3,\\\"title\\\":\\\"Receipt\\\"}\""),
                "\(saved)")
    }

    /// The PDF page: US Letter 612×792 with 36 pt margins and 48 pt for the footer leaves a
    /// 540×708 box. A 20×30 page scales by min(540/20, 708/30) = min(27, 23.6) = 23.6 to
    /// 472×708, centred at x = 36 + (540 − 472)/2 = 70, y = 36.
    @Test func pdfPageFitsTheImageInTheMargins() throws {
        let records = try scannerRecords("set camera authorized\n0 tapScan\n+1 documentCamera finish pages=1 width=20 height=30\n+1 exportPDF\n")
        #expect(records.contains("draw.page w=612.00 h=792.00 background=white"))
        #expect(records.contains("draw.image name=\"page-1-enhanced\" x=70.00 y=36.00 w=472.00 h=708.00"))
        #expect(records.contains("draw.text x=36.00 y=762.00 size=9.00 color=black text=\"Scan · page 1 of 1\""))
    }

    /// A handle is grabbed within 0.05 normalised units of its corner: (0.03, 0.97) is
    /// √(0.03² + 0.03²) ≈ 0.0424 from TL (0, 1), so it grabs; (0.04, 0.96) is √(2 · 0.04²) ≈ 0.0566
    /// away: refused, with the radius in the record.
    @Test func handlesGrabWithinFiveHundredths() throws {
        let head = "set docCameraSupported false\nset camera authorized\n0 tapScan\n+1 photoPicked width=60 height=80 paper=0.95 background=0.93\n+1 detector id=1\n"
        let near = try scannerRecords(head + "+1 touch phase=down x=0.03 y=0.97\n")
        #expect(near.contains { $0.hasPrefix("adjust.grab corner=topLeft distance=0.0424") })
        let far = try scannerRecords(head + "+1 touch phase=down x=0.04 y=0.96\n")
        #expect(far.contains("rejected input=touch reason=noCornerNearby x=0.0400 y=0.9600 radius=0.05"))
    }

    private func observation(tl: (Double, Double), tr: (Double, Double), bl: (Double, Double), br: (Double, Double),
                             confidence: Double) throws -> RectangleObservation {
        try #require(RectangleObservation(topLeft: try NormalizedPoint(x: tl.0, y: tl.1), topRight: try NormalizedPoint(x: tr.0, y: tr.1),
                                          bottomLeft: try NormalizedPoint(x: bl.0, y: bl.1), bottomRight: try NormalizedPoint(x: br.0, y: br.1),
                                          confidence: confidence))
    }
}
