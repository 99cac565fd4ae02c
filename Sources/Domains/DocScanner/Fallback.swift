import LockstepCore
import Platform

/// The iOS 12 fallback, `ManualDocumentDetector.flatten`: the photo's CGImage and orientation,
/// the rectangle request, Vision's answer, the corner-adjust step and one perspective correction.
extension DocScanner {
    static let grabRadius = 0.05
    static let cornerNames = ["topLeft", "topRight", "bottomRight", "bottomLeft"]

    static func photoPicked(_ s: inout DocScannerState, _ photo: PhotoFixture, _ world: inout World<DocScanner>) {
        guard case .pickerPresented = s.flow else {
            world.reject("photoPicked", "pickerNotPresented") { $0.word("flow", s.flow.word) }
            return
        }
        s.flow = .idle
        world.emit(Record("picker.dismissed").word("reason", "photoPicked"))
        // `guard let cgImage = image.cgImage else { return completion(nil) }`.
        guard photo.hasCGImage else {
            world.reject("photoPicked", "unsupportedImage") { $0.string("why", "no CGImage (a CIImage-backed UIImage): flatten completes with nil") }
            return
        }
        let stored: RGBA8Image
        switch Pixels.photo(photo) {
        case .success(let i): stored = i
        case .failure(let refusal):
            world.reject("photoPicked", refusal.reason) { refusal.details($0) }
            return
        }
        let exif = exifOrientation(&s, raw: photo.orientationRaw, &world)
        let oriented = stored.oriented(exif)
        world.emit(Record("photo").int("storedWidth", stored.width).int("storedHeight", stored.height).int("uikitRaw", photo.orientationRaw)
            .int("exif", exif.exifValue).int("width", oriented.width).int("height", oriented.height).digest("digest", oriented.digest))
        let outcome = s.vision.perform(.detectRectangles(RectangleFilter.articleParameters), image: "photo",
                                       atNanoseconds: world.elapsed.nanoseconds)
        world.emit(outcome)
        guard let request = outcome.request else {
            // Vision refused the request: the flatten still completes, with the original kept.
            openAdjust(&s, oriented, photo, found: nil, &world)
            return
        }
        s.flow = .detecting(Detecting(requestID: request.id, source: oriented, fixture: photo))
    }

    /// `CGImagePropertyOrientation(image.imageOrientation)`: the case-for-case switch, unknown → `.up`.
    static func exifOrientation(_ s: inout DocScannerState, raw: Int, _ world: inout World<DocScanner>) -> ExifOrientation {
        guard let uikit = UIImageOrientationValue(rawValue: raw) else {
            world.emit(Record("orientation.unknown").int("uikitRaw", raw).word("mapped", "up"))
            s.lastOrientation = nil
            return .up
        }
        let exif = world.isOn(.orientationRawValue) ? (ExifOrientation(rawValue: raw) ?? .up) : uikit.exif
        s.lastOrientation = (uikit, exif)
        return exif
    }

    static func pickerCancelled(_ s: inout DocScannerState, _ world: inout World<DocScanner>) {
        guard case .pickerPresented = s.flow else {
            world.reject("pickerCancelled", "pickerNotPresented") { $0.word("flow", s.flow.word) }
            return
        }
        s.flow = .idle
        world.emit(Record("picker.dismissed").word("reason", "cancelled"))
    }

    /// The simulated detector: the generated photo's page, as Vision would report it on the
    /// oriented image, with a confidence from the page's contrast against the desk.
    static func detector(_ s: inout DocScannerState, requestID: Int, _ world: inout World<DocScanner>) {
        var candidates: [RectangleObservation] = []
        if case .detecting(let d) = s.flow, d.requestID.rawValue == requestID {
            if case .pattern(let p) = d.fixture.source,
               let o = simulatedObservation(p, fixture: d.fixture, exif: s.lastOrientation?.exif ?? .up) {
                candidates = [o]
            }
            world.emit(Record("detector.ran").int("id", requestID).int("candidates", candidates.count))
        }
        visionResult(&s, VisionResultLine(id: VisionRequestID(requestID), result: .rectangles(candidates)), &world)
    }

    static func simulatedObservation(_ p: PatternParameters, fixture: PhotoFixture, exif: ExifOrientation) -> RectangleObservation? {
        // The page is drawn upright (true orientation); Vision sees the stored pixels turned by
        // the orientation the app passed, which is the true one unless the mapping is wrong.
        let w = Double(fixture.widthPixels), h = Double(fixture.heightPixels), q = p.pageFractions
        let truth = fixture.trueOrientation
        let tw = truth.swapsWidthAndHeight ? h : w, th = truth.swapsWidthAndHeight ? w : h
        var points: [ImagePoint] = (0 ..< 4).map { i in
            let stored = upright(ImagePoint(x: q[2 * i] * tw, y: q[2 * i + 1] * th), truth.inverse, tw, th)
            return upright(stored, exif, w, h)
        }
        let size = exif.uprightSize(widthPixels: fixture.widthPixels, heightPixels: fixture.heightPixels)
        // Label the corners as the upright picture shows them: once around clockwise (y down), TL first.
        var twiceArea = 0.0
        for i in 0 ..< 4 { twiceArea += points[i].x * points[(i + 1) % 4].y - points[(i + 1) % 4].x * points[i].y }
        if twiceArea < 0 { points.reverse() }
        var first = 0
        for i in 1 ..< 4 where points[i].x + points[i].y < points[first].x + points[first].y { first = i }
        points = (0 ..< 4).map { points[(first + $0) % 4] }
        func normalized(_ pt: ImagePoint) -> NormalizedPoint? {
            try? NormalizedPoint(x: min(1, max(0, pt.x / Double(size.widthPixels))), y: min(1, max(0, 1 - pt.y / Double(size.heightPixels))))
        }
        guard let tl = normalized(points[0]), let tr = normalized(points[1]), let br = normalized(points[2]),
              let bl = normalized(points[3]) else { return nil }
        let contrast = (p.paperLuma - p.backgroundLuma).magnitude
        return RectangleObservation(topLeft: tl, topRight: tr, bottomLeft: bl, bottomRight: br, confidence: min(1, 4 * contrast))
    }

    /// Where stored point `p` (row space of a `w × h` stored image) lands in the upright image.
    static func upright(_ p: ImagePoint, _ o: ExifOrientation, _ w: Double, _ h: Double) -> ImagePoint {
        switch o {
        case .up: p
        case .upMirrored: ImagePoint(x: w - p.x, y: p.y)
        case .down: ImagePoint(x: w - p.x, y: h - p.y)
        case .downMirrored: ImagePoint(x: p.x, y: h - p.y)
        case .leftMirrored: ImagePoint(x: p.y, y: p.x)
        case .right: ImagePoint(x: h - p.y, y: p.x)
        case .rightMirrored: ImagePoint(x: h - p.y, y: w - p.x)
        case .left: ImagePoint(x: p.y, y: w - p.x)
        }
    }

    static func visionResult(_ s: inout DocScannerState, _ line: VisionResultLine, _ world: inout World<DocScanner>) {
        let outcome = s.vision.complete(line, atNanoseconds: world.elapsed.nanoseconds)
        world.emit(outcome)
        guard case .completed(let request, let result, _) = outcome else { return }
        if case .detecting(let d) = s.flow, d.requestID == request.id {
            detection(&s, d, result, &world)
        } else if let i = s.ocrRequests.firstIndex(where: { $0.id == request.id }) {
            let page = s.ocrRequests.remove(at: i).page
            ocrAnswer(&s, page: page, result, &world)
        } else {
            world.emit(Record("vision.unclaimed").int("id", request.id.rawValue).word("kind", request.kind.word))
        }
    }

    /// The request's completion handler: the first kept rectangle, or keep the original.
    static func detection(_ s: inout DocScannerState, _ d: Detecting, _ result: VisionResult, _ world: inout World<DocScanner>) {
        switch result {
        case .rectangles(let candidates):
            let (kept, drops) = RectangleFilter.apply(candidates, RectangleFilter.articleParameters,
                                                      widthPixels: d.source.width, heightPixels: d.source.height)
            for r in drops { world.emit(r) }
            openAdjust(&s, d.source, d.fixture, found: kept.first, &world)
        case .error(let message):
            // The article's `try?` and ignored error argument: nothing ever completes.
            if world.isOn(.lostCompletion) { return }
            world.emit(Record("detectionFailed").string("message", message).word("kept", "original"))
            openAdjust(&s, d.source, d.fixture, found: nil, &world)
        case .text:
            break  // Platform refuses a text answer to a rectangles request before it gets here.
        }
    }

    /// Vision's corners to Core Image pixels (no flip: both are bottom-left), then row space.
    static func pixelQuad(_ o: RectangleObservation, widthPixels w: Int, heightPixels h: Int,
                          flipY flip: Bool = false) -> (ci: [CoreImagePoint], quad: ImageQuad) {
        let ci = [o.topLeft, o.topRight, o.bottomRight, o.bottomLeft].map { n in
            flip ? CoreImagePoint(x: n.x * Double(w), y: (1 - n.y) * Double(h)) : n.coreImagePoint(widthPixels: w, heightPixels: h)
        }
        let rows = ci.map { $0.imagePoint(heightPixels: h) }
        return (ci, ImageQuad(topLeft: rows[0], topRight: rows[1], bottomRight: rows[2], bottomLeft: rows[3]))
    }

    static func openAdjust(_ s: inout DocScannerState, _ source: RGBA8Image, _ photo: PhotoFixture, found: RectangleObservation?,
                           _ world: inout World<DocScanner>) {
        var quad = ImageQuad.fullExtent(widthPixels: source.width, heightPixels: source.height)
        if let o = found {
            let (ci, q) = pixelQuad(o, widthPixels: source.width, heightPixels: source.height, flipY: world.isOn(.flippedY))
            quad = q
            s.lastDetection = LastDetection(normalized: [o.topLeft, o.topRight, o.bottomRight, o.bottomLeft], pixel: q,
                                            widthPixels: source.width, heightPixels: source.height)
            world.emit(Record("detection").word("result", "quad").fixed("confidence", o.confidence, 3)
                .with("normalized", .tuple([o.topLeft.value, o.topRight.value, o.bottomRight.value, o.bottomLeft.value]))
                .with("pixels", .tuple(ci.map { .tuple([.fixed($0.x, places: 2), .fixed($0.y, places: 2)]) })))
        } else {
            world.emit(Record("detection").word("result", "keepOriginal"))
        }
        if world.isOn(.noManualAdjust) {
            // The article's code: flatten at once with what Vision found, or keep the photo as it is.
            if found != nil {
                flatten(&s, source, quad: quad, photo.pngEncodable, confirmed: false, &world)
            } else {
                addFallbackPage(&s, source, corrections: 0, photo.pngEncodable, confirmed: false, &world)
            }
            return
        }
        s.flow = .adjusting(Adjusting(source: source, quad: quad, grabbed: nil, detected: found != nil, pngEncodable: photo.pngEncodable))
        world.emit(Record("adjust.start").bool("detected", found != nil).string("quad", quadText(quad)))
    }

    static func quadText(_ q: ImageQuad) -> String {
        q.corners.map { "\(FixedDecimal.format($0.x, places: 2)),\(FixedDecimal.format($0.y, places: 2))" }.joined(separator: " ")
    }

    // MARK: Corner handles

    static func touch(_ s: inout DocScannerState, _ line: DragLine, _ world: inout World<DocScanner>) {
        guard case .adjusting(var a) = s.flow else {
            world.reject("touch", "notAdjusting") { $0.word("flow", s.flow.word) }
            return
        }
        let w = Double(a.source.width), h = Double(a.source.height)
        switch line.phase {
        case .down:
            guard let p = line.point, p.isFinite else { world.reject("touch", "notFinite"); return }
            var best: (Int, Double)?
            for (i, c) in a.quad.corners.enumerated() {
                let dx = c.x / w - p.x, dy = (1 - c.y / h) - p.y
                let d = DetMath.sqrt(dx * dx + dy * dy)
                if d <= grabRadius, best == nil || d < best!.1 { best = (i, d) }
            }
            guard let (corner, distance) = best else {
                world.reject("touch", "noCornerNearby") { $0.fixed("x", p.x, 4).fixed("y", p.y, 4).fixed("radius", grabRadius, 2) }
                return
            }
            a.grabbed = corner
            world.emit(Record("adjust.grab").word("corner", cornerNames[corner]).fixed("distance", distance, 4))
        case .move:
            guard let corner = a.grabbed else { world.reject("touch", "noCornerGrabbed"); return }
            guard let p = line.point, p.isFinite else { world.reject("touch", "notFinite"); return }
            let x = min(1, max(0, p.x)), y = min(1, max(0, p.y))
            let moved = ImagePoint(x: x * w, y: (1 - y) * h)
            switch corner {
            case 0: a.quad.topLeft = moved
            case 1: a.quad.topRight = moved
            case 2: a.quad.bottomRight = moved
            default: a.quad.bottomLeft = moved
            }
            var r = Record("adjust.move").word("corner", cornerNames[corner]).fixed("x", x, 4).fixed("y", y, 4)
            if x != p.x || y != p.y { r = r.bool("clamped", true) }
            world.emit(r)
        case .up, .cancel:
            guard let corner = a.grabbed else { world.reject("touch", "noCornerGrabbed"); return }
            a.grabbed = nil
            world.emit(Record("adjust.release").word("corner", cornerNames[corner]).string("quad", quadText(a.quad)))
        }
        s.flow = .adjusting(a)
    }

    static func confirmCrop(_ s: inout DocScannerState, _ world: inout World<DocScanner>) {
        guard case .adjusting(let a) = s.flow else {
            world.reject("confirmCrop", "notAdjusting") { $0.word("flow", s.flow.word) }
            return
        }
        do throws(ImageKitError) {
            try a.quad.validate()
        } catch {
            world.reject("confirmCrop", "invalidQuad") { $0.string("why", error.description).string("quad", quadText(a.quad)) }
            return
        }
        s.flow = .idle
        flatten(&s, a.source, quad: a.quad, a.pngEncodable, confirmed: true, &world)
    }

    /// `correct(_:using:)`: `CIPerspectiveCorrection` once, through the shared context.
    static func flatten(_ s: inout DocScannerState, _ source: RGBA8Image, quad: ImageQuad, _ png: Bool, confirmed: Bool,
                        _ world: inout World<DocScanner>) {
        useContext(&s, &world, for: "flatten")
        let out: RGBA8Image
        do throws(ImageKitError) {
            out = try PerspectiveCorrection.apply(source, quad: quad)
        } catch {
            // `outputImage` nil: the flatten completes with nil.
            world.reject("confirmCrop", "flattenFailed") { $0.string("why", error.description) }
            return
        }
        s.flattenCount += 1
        world.emit(Record("flattened").int("width", out.width).int("height", out.height).string("quad", quadText(quad))
            .digest("digest", out.digest))
        if s.artifacts { world.artifact("flattened-\(s.flattenCount).png", out.pngBytes()) }
        addFallbackPage(&s, out, corrections: 1, png, confirmed: confirmed, &world)
    }

    static func addFallbackPage(_ s: inout DocScannerState, _ image: RGBA8Image, corrections: Int, _ png: Bool, confirmed: Bool,
                                _ world: inout World<DocScanner>) {
        guard s.pages.count < DocumentCamera.maxPages else {
            world.reject("page", "scanFull") { $0.word("limit", "maxPages").int("value", DocumentCamera.maxPages) }
            return
        }
        s.pages.append(ScanPage(original: image, originalDigest: image.digest, mode: .enhanced, origin: .fallback, corrections: corrections,
                                pngEncodable: png, confirmedByUser: confirmed, originalLevels: Pixels.lumaLevels(image)))
        world.emit(Record("pageAdded").int("page", s.pages.count).word("origin", "fallback").int("width", image.width)
            .int("height", image.height))
        render(&s, page: s.pages.count - 1, purpose: "display", record: true, &world)
    }
}
