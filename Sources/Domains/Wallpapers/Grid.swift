import LockstepCore
import Platform

/// The grid: cells' `.task(id:)` lifecycles, the thumbnail cache and the downsampling decode.
extension Wallpapers {
    /// The article's cell aspect ratio, 9 : 19.5: a 120 pt cell is 260 pt tall.
    static func defaultHeightPoints(width: Double) -> Double { width * 19.5 / 9 }
    /// Largest cell side accepted, in points.
    static let maxCellPoints = 10_000.0
    /// Frame budget at 60 Hz, and the modelled main-thread decode speed (GAP): 10 ns per pixel.
    static let frameNanoseconds = 16_666_667
    static let decodeNanosecondsPerPixel = 10

    /// The scale the app reads: the view's environment (the window scene's screen), or
    /// `UIScreen.main` under the fault.
    static func scale(_ s: WallpapersState, _ world: World<Wallpapers>) -> Int {
        world.isOn(.mainScreenScale) ? s.mainScreen.scale : s.screen.scale
    }

    static func appear(_ s: inout WallpapersState, cell: Int, url: String, widthPoints: Double, heightPoints: Double,
                       _ world: inout World<Wallpapers>) {
        guard s.cells[cell] == nil else {
            world.reject("cellAppear", "already-visible") { $0.int("cell", cell) }
            return
        }
        let h = heightPoints == 0 ? defaultHeightPoints(width: widthPoints) : heightPoints
        let k = Double(scale(s, world))
        if Int(k) != s.screen.scale { s.flags.scaleMismatch = "cell \(cell) sized at \(Int(k))x on a \(s.screen.scale)x scene screen" }
        let valid = widthPoints.isFinite && h.isFinite && widthPoints > 0 && h > 0 && widthPoints <= maxCellPoints && h <= maxCellPoints
        let cw = valid ? Int(widthPoints * k) : 0, ch = valid ? Int(h * k) : 0
        guard cw > 0, ch > 0 else {
            // Never ask the decoder for maxPixelSize 0: the placeholder stays, and says why.
            world.reject("cellAppear", "invalid-cell-size") {
                $0.int("cell", cell).string("width", "\(widthPoints)").string("height", "\(h)").int("limitPoints", Int(maxCellPoints))
            }
            return
        }
        s.cells[cell] = CellTask(url: url, widthPixels: cw, heightPixels: ch, phase: .failed, image: nil)
        startTask(&s, cell: cell, &world)
    }

    static func disappear(_ s: inout WallpapersState, cell: Int, _ world: inout World<Wallpapers>) {
        guard let task = s.cells.removeValue(forKey: cell) else {
            world.reject("cellDisappear", "not-visible") { $0.int("cell", cell) }
            return
        }
        world.emit(Record("cell.gone").int("cell", cell).string("url", task.url).int("released", task.image?.cost ?? 0))
        if case .loading(let request) = task.phase { cancelTask(&s, cell: cell, url: task.url, request: request, &world) }
    }

    static func changeURL(_ s: inout WallpapersState, cell: Int, url: String, _ world: inout World<Wallpapers>) {
        guard var task = s.cells[cell] else {
            world.reject("cellURL", "not-visible") { $0.int("cell", cell) }
            return
        }
        guard task.url != url else {
            world.reject("cellURL", "same-url") { $0.int("cell", cell).string("url", url) }
            return
        }
        if case .loading(let request) = task.phase { cancelTask(&s, cell: cell, url: task.url, request: request, &world) }
        world.emit(Record("cell.reused").int("cell", cell).string("from", task.url).string("url", url))
        task.url = url
        task.image = nil
        task.imageURL = nil
        task.phase = .failed
        s.cells[cell] = task
        startTask(&s, cell: cell, &world)
    }

    /// `.task(id:)` cancelled: the cell stops waiting; the download is cancelled when nobody else
    /// waits for it. A cancelled load never reaches the cache.
    static func cancelTask(_ s: inout WallpapersState, cell: Int, url: String, request: Int, _ world: inout World<Wallpapers>) {
        if world.isOn(.noCancellation) { return }
        guard case .thumbnail(let u, var cells, let w, let h) = s.loads[request] else { return }
        cells.removeAll { $0 == cell }
        var requestCancelled = false
        if cells.isEmpty {
            s.loads[request] = nil
            requestCancelled = s.net.cancel(RequestID(request), &world)
        } else {
            s.loads[request] = .thumbnail(url: u, cells: cells, widthPixels: w, heightPixels: h)
        }
        world.emit(Record("cell.cancelled").int("cell", cell).string("url", url).int("request", request).bool("requestCancelled", requestCancelled))
    }

    /// The cell's task body: a cache hit, a join of a download already running, or a new download.
    static func startTask(_ s: inout WallpapersState, cell: Int, _ world: inout World<Wallpapers>) {
        guard var task = s.cells[cell] else { return }
        let url = task.url, pixelSize = task.pixelSize
        var r = Record("cell.request").int("cell", cell).string("url", url).int("pixelSize", pixelSize)
        let pipelineCaches = !world.isOn(.asyncImagePipeline)
        if pipelineCaches, let e = s.cache.entry(for: url) {
            if world.isOn(.keyIgnoresPixelSize) || e.isFullSource || e.madeForPixelSize >= pixelSize {
                if !e.isFullSource, e.madeForPixelSize < pixelSize {
                    s.flags.servedSmaller = "cell \(cell) wants \(pixelSize) px, got \(e.size) made for \(e.madeForPixelSize)"
                }
                s.cache.touch(url)
                world.emit(r.word("result", "hit"))
                task.image = LiveImage(id: e.imageID, size: e.size)
                task.imageURL = url
                task.phase = .shown
                s.cells[cell] = task
                emitShown(s, cell: cell, task, &world)
                return
            }
            r = r.word("cached", e.size.description).int("cachedFor", e.madeForPixelSize)
        }
        if !world.isOn(.duplicateDownloads) {
            for id in s.loads.keys.sorted() {
                guard case .thumbnail(let u, var cells, let w, let h) = s.loads[id]!, u == url else { continue }
                cells.append(cell)
                s.loads[id] = .thumbnail(url: u, cells: cells, widthPixels: max(w, task.widthPixels), heightPixels: max(h, task.heightPixels))
                world.emit(r.word("result", "joined").int("request", id))
                task.phase = .loading(request: id)
                s.cells[cell] = task
                return
            }
        }
        switch s.net.send(HTTPRequest(.get, url, timeout: .seconds(60)), tag: "thumb", &world, wake: wake) {
        case .sent(let id):
            world.emit(r.word("result", "miss").int("request", id.rawValue))
            s.loads[id.rawValue] = .thumbnail(url: url, cells: [cell], widthPixels: task.widthPixels, heightPixels: task.heightPixels)
            task.phase = .loading(request: id.rawValue)
            s.cells[cell] = task
        case .failedNow(let done):
            world.emit(r.word("result", "miss").int("request", done.id.rawValue))
            task.phase = .failed
            s.cells[cell] = task
            world.emit(Record("thumb.failed").int("cell", cell).string("url", url).word("reason", "offline"))
        case .refused:
            task.phase = .failed
            s.cells[cell] = task
            world.emit(Record("thumb.failed").int("cell", cell).string("url", url).word("reason", "refused"))
        }
    }

    /// The smallest max-pixel-size whose fit covers a `cw × ch` cell (never above the source).
    static func coverMaxPixelSize(upright: PixelSize, cellWidthPixels cw: Int, cellHeightPixels ch: Int) -> Int {
        let w = upright.widthPixels, h = upright.heightPixels, longest = max(w, h)
        func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }
        return max(1, min(longest, max(ceilDiv(cw * longest, w), ceilDiv(ch * longest, h))))
    }

    static func thumbnailArrived(_ s: inout WallpapersState, _ done: TransportCompletion, url: String, cells: [Int],
                                 widthPixels cw: Int, heightPixels ch: Int, _ world: inout World<Wallpapers>) {
        let request = done.id.rawValue
        // The cells this result may land in: those still waiting on it (any visible cell id that
        // once waited, under `noCancellation`, which is the bug).
        let targets = cells.filter { id in
            guard let c = s.cells[id] else { return false }
            if world.isOn(.noCancellation) { return true }
            return c.url == url && c.phase == .loading(request: request)
        }
        func fail(_ reason: String, _ extra: (Record) -> Record = { $0 }) {
            world.emit(extra(Record("thumb.failed").int("request", request).string("url", url).word("reason", reason)
                .string("cells", targets.map(String.init).joined(separator: ","))))
            for id in targets { s.cells[id]?.phase = .failed }
        }
        guard case .response(let response) = done.result else {
            if case .failure(let kind) = done.result { fail(kind.rawValue) }
            return
        }
        let body: ImageBody
        switch ImageBody.parse(response.body) {
        case .image(let b): body = b
        case .undecodable:
            fail("undecodable") { $0.int("status", response.status).int("bodyBytes", response.body.count) }
            return
        case .refused(let error):
            fail("imageKit") { $0.string("error", error.description) }
            return
        }
        if let bad = body.exifFallback {
            world.emit(Record("thumb.exifFallback").string("url", url).int("exif", bad).int("used", 1))
        }
        let respect = !world.isOn(.ignoresExifOrientation)
        let upright = body.uprightSize(respectingOrientation: respect)
        let fullDecode = world.isOn(.fullSizeDecode) || world.isOn(.asyncImagePipeline)
        let maxPixelSize: Int
        if fullDecode {
            maxPixelSize = max(upright.widthPixels, upright.heightPixels)
        } else if world.isOn(.landscapeUpscaled) {
            maxPixelSize = max(cw, ch)
        } else {
            maxPixelSize = coverMaxPixelSize(upright: upright, cellWidthPixels: cw, cellHeightPixels: ch)
        }
        let decoded: ImageBody.Decoded
        do throws(ImageKitError) {
            decoded = try body.decode(maxPixelSize: maxPixelSize, respectingOrientation: respect, fullDecode: fullDecode,
                                      sourceCachesFullDecode: world.isOn(.sourceCachesFullDecode), pixelWorkLimit: s.pixelWorkLimit)
        } catch {
            fail("imageKit") { $0.string("error", error.description) }
            return
        }
        let size = decoded.size, pixels = decoded.pixels, working = decoded.workingBytes, orientation = decoded.orientation
        if decoded.heldFullBitmap { s.lastDecodeIncludedFullSource = true }
        notePeak(&s, residentBytes(s) + working)
        if size.widthPixels > cw + 1, size.heightPixels > ch + 1 {
            s.flags.oversizeDecode = "\(url) decoded \(size) for a \(cw)x\(ch) px cell"
        }
        let storedUpright = body.uprightSize(respectingOrientation: true)
        if storedUpright.widthPixels >= cw, storedUpright.heightPixels >= ch,
           size.widthPixels < cw || size.heightPixels < ch {
            s.flags.upscaledDespiteSource = "\(url) decoded \(size) from \(storedUpright) for a \(cw)x\(ch) px cell"
        }
        if body.orientation != orientation, body.orientation.swapsWidthAndHeight {
            s.flags.sideways = "\(url) tagged EXIF \(body.orientation.exifValue) shown as stored"
        }
        let image = LiveImage(id: s.nextImageID, size: size)
        s.nextImageID += 1
        var r = Record("thumb.decoded").int("request", request).string("url", url)
            .word("source", "\(body.widthPixels)x\(body.heightPixels)").int("exif", orientation.exifValue)
            .int("maxPixelSize", maxPixelSize).word("decoded", size.description).int("cost", size.decodedByteCost).int("working", working)
        r = pixels.map { r.digest("digest", $0.digest) } ?? r.word("pixels", "sizedOnly")
        world.emit(r)
        if let pixels { world.artifact("thumb-\(request).png", pixels.pngBytes()) }
        let waiting = cells.contains { s.cells[$0]?.url == url && s.cells[$0]?.phase == .loading(request: request) }
        if !world.isOn(.asyncImagePipeline) {
            if !waiting { s.cancelledInserts += 1 }
            let entry = ThumbnailCache.Entry(url: url, imageID: image.id, size: size, cost: size.decodedByteCost,
                                             madeForPixelSize: max(cw, ch), isFullSource: size == upright)
            let (stored, evicted) = s.cache.insert(entry)
            var c = Record("cache.insert").string("url", url).int("cost", entry.cost).bool("stored", stored)
            if !stored { c = c.word("reason", "overLimit").int("limit", s.cache.limitBytes) }
            let others = evicted.filter { $0.url != url }
            if others.count != evicted.count { c = c.bool("replaced", true) }
            if !others.isEmpty { c = c.string("evicted", others.map(\.url).joined(separator: ",")) }
            world.emit(c)
        }
        for id in targets {
            guard var task = s.cells[id] else { continue }
            if task.url != url { s.flags.staleImage = "cell \(id) shows \(url) while its URL is \(task.url)" }
            task.image = image
            task.imageURL = url
            task.phase = .shown
            s.cells[id] = task
            emitShown(s, cell: id, task, &world)
            if world.isOn(.mainThreadDecode) {
                // Decoded lazily at first draw, on the main thread.
                let ns = body.pixelCount * decodeNanosecondsPerPixel
                s.mainThreadNanoseconds += ns
                world.emit(Record("scroll.hitch").int("cell", id).int("mainThreadNanoseconds", ns).int("droppedFrames", ns / frameNanoseconds))
            }
        }
    }

    /// What the cell displays: `scaledToFill` scales the image by `fill` (above 1 is an upscale,
    /// a soft thumbnail).
    static func emitShown(_ s: WallpapersState, cell: Int, _ task: CellTask, _ world: inout World<Wallpapers>) {
        guard let img = task.image else { return }
        let fill = max(Double(task.widthPixels) / Double(img.size.widthPixels), Double(task.heightPixels) / Double(img.size.heightPixels))
        var r = Record("cell.shown").int("cell", cell).string("url", task.url)
        if let u = task.imageURL, u != task.url { r = r.string("imageURL", u) }
        world.emit(r.word("decoded", img.size.description).int("cost", img.cost).fixed("fill", fill, 2).bool("upscaled", fill > 1))
    }
}
