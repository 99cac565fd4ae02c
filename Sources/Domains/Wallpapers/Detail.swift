import LockstepCore
import Platform

/// The detail screen (`FullImageLoader.load`): download to a file, move it out of the system's
/// temporary location, decode at the screen's native size, keep the file for saving. One full-size
/// image alive at a time.
extension Wallpapers {
    /// The URL's last path component (no query or fragment), or "" when it has none (`https://host/`).
    static func lastPathComponent(_ url: String) -> String {
        var path = Substring(url)
        // Skip "scheme://": the path starts at the first "/" after the authority.
        let chars = Array(url.utf8)
        var i = 0
        while i + 2 < chars.count, !(chars[i] == 58 && chars[i + 1] == 47 && chars[i + 2] == 47) { i += 1 }
        if i + 2 < chars.count { path = Substring(String(decoding: chars[(i + 3)...], as: UTF8.self)) }
        if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<q] }
        guard let slash = path.firstIndex(of: "/") else { return "" }
        let parts = path[slash...].split(separator: "/")
        return parts.last.map(String.init) ?? ""
    }

    /// Where the download is kept: unique per URL (GAP), or the article's `<lastPathComponent>`
    /// under the collision fault.
    static func keptPath(_ url: String, _ world: World<Wallpapers>) -> String {
        let name = lastPathComponent(url)
        if world.isOn(.keptPathCollision) { return "tmp/\(name)" }
        return "tmp/\(Hex.lower(FNV1a64.hash(Array(url.utf8))))-\(name.isEmpty ? "image" : name)"
    }

    static func openDetail(_ s: inout WallpapersState, url: String, _ world: inout World<Wallpapers>) {
        releaseDetail(&s, reason: "replaced", &world)
        s.detailGeneration += 1
        let generation = s.detailGeneration
        switch s.net.send(HTTPRequest(.get, url, timeout: .seconds(60)), tag: "full", &world, wake: wake) {
        case .sent(let id):
            s.loads[id.rawValue] = .detail(url: url, generation: generation)
            s.detail = Detail(url: url, generation: generation)
            world.emit(Record("detail.requested").string("url", url).int("request", id.rawValue))
        case .failedNow:
            world.emit(Record("detail.failed").string("url", url).word("error", "offline").bool("alertShown", true))
        case .refused:
            world.emit(Record("detail.failed").string("url", url).word("error", "refused").bool("alertShown", true))
        }
    }

    static func closeDetail(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) {
        guard s.detail != nil else {
            world.reject("detailClose", "no-detail")
            return
        }
        releaseDetail(&s, reason: "closed", &world)
    }

    /// Releases the detail image (and the editor on it), cancels its download if still running,
    /// and deletes the kept file unless a save of it is waiting.
    static func releaseDetail(_ s: inout WallpapersState, reason: String, _ world: inout World<Wallpapers>) {
        guard let d = s.detail else { return }
        if s.editor != nil {
            s.editor = nil
            world.emit(Record("editor.closed").word("reason", reason))
        }
        for id in s.loads.keys.sorted() {
            if case .detail(_, let g) = s.loads[id]!, g == d.generation {
                s.loads[id] = nil
                s.net.cancel(RequestID(id), &world)
            }
        }
        var deleted = false
        if let path = d.keptPath, s.pendingSave?.keptPath != path, s.files.peek(path) != nil {
            s.files.remove(path, &world)
            deleted = true
        }
        s.detail = nil
        world.emit(Record("detail.released").string("url", d.url).word("reason", reason).int("cost", d.image?.cost ?? 0)
            .bool("keptDeleted", deleted))
    }

    static func detailArrived(_ s: inout WallpapersState, _ done: TransportCompletion, url: String, generation: Int,
                              _ world: inout World<Wallpapers>) {
        guard var d = s.detail, d.generation == generation else {
            world.reject("detail", "stale") { $0.string("url", url).int("request", done.id.rawValue) }
            return
        }
        func fail(_ error: String, _ extra: (Record) -> Record = { $0 }) {
            world.emit(extra(Record("detail.failed").string("url", url).word("error", error).bool("alertShown", true)))
        }
        guard case .response(let response) = done.result else {
            if case .failure(let kind) = done.result { fail(kind.rawValue) }
            return
        }
        let bytes = response.body
        // download(from:) streams to a system temporary file.
        let systemTemp = "download/\(done.id.rawValue).tmp"
        var kept: String?
        if world.isOn(.downloadIntoMemory) {
            d.inMemoryBytes = bytes.count  // data(from:): the whole file in RAM
        } else {
            s.files.write(systemTemp, bytes, &world)
            if world.isOn(.tempFileNotMoved) {
                kept = systemTemp
            } else {
                let path = keptPath(url, world)
                if s.files.peek(path) != nil { s.files.remove(path, &world) }  // try? removeItem
                guard FileStore.isValid(path) else {
                    s.files.remove(systemTemp, &world)
                    fail("moveFailed") { $0.string("path", path) }
                    s.detail = d
                    return
                }
                s.files.remove(systemTemp, &world)
                s.files.write(path, bytes, &world)
                if let owner = s.keptOwners[path], owner != url { s.flags.keptCollision = "\(path) held \(owner), now \(url)" }
                s.keptOwners[path] = url
                kept = path
            }
        }
        d.keptPath = kept
        d.fileDigest = FNV1a64.hash(bytes)
        let body: ImageBody
        switch ImageBody.parse(bytes) {
        case .image(let b): body = b
        case .undecodable, .refused:
            // Either way the article's loader throws CocoaError(.fileReadCorruptFile).
            s.detail = d
            fail("fileReadCorruptFile") { $0.int("status", response.status).int("bodyBytes", bytes.count) }
            cleanUpSystemTemp(&s, systemTemp, &world)
            return
        }
        let screen = world.isOn(.mainScreenScale) ? s.mainScreen : s.screen
        let respect = !world.isOn(.ignoresExifOrientation)
        let upright = body.uprightSize(respectingOrientation: respect)
        let fullDecode = world.isOn(.downloadIntoMemory)  // UIImage(data:)
        let maxPixelSize = fullDecode ? max(upright.widthPixels, upright.heightPixels) : screen.longestSidePixels
        let decoded: ImageBody.Decoded
        do throws(ImageKitError) {
            decoded = try body.decode(maxPixelSize: maxPixelSize, respectingOrientation: respect, fullDecode: fullDecode,
                                      sourceCachesFullDecode: world.isOn(.sourceCachesFullDecode), pixelWorkLimit: s.pixelWorkLimit)
        } catch {
            s.detail = d
            fail("imageKit") { $0.string("message", error.description) }
            return
        }
        let size = decoded.size, pixels = decoded.pixels, working = decoded.workingBytes
        if decoded.heldFullBitmap { s.lastDecodeIncludedFullSource = true }
        notePeak(&s, residentBytes(s) + d.inMemoryBytes + working)
        d.source = upright
        d.image = LiveImage(id: s.nextImageID, size: size)
        s.nextImageID += 1
        d.pixels = pixels
        s.detail = d
        var r = Record("detail.shown").string("url", url).string("kept", kept ?? "none").digest("fileDigest", FNV1a64.hash(bytes))
            .word("source", upright.description).int("maxPixelSize", maxPixelSize).word("decoded", size.description)
            .int("cost", size.decodedByteCost).int("working", working).word("parallax", parallax(upright, screen))
        r = pixels.map { r.digest("digest", $0.digest) } ?? r.word("pixels", "sizedOnly")
        world.emit(r)
        if let pixels { world.artifact("detail-\(generation).png", pixels.pngBytes()) }
        cleanUpSystemTemp(&s, systemTemp, &world)
    }

    /// The system deletes its temporary download once the completion returns: a file left there
    /// (not moved) is gone.
    static func cleanUpSystemTemp(_ s: inout WallpapersState, _ path: String, _ world: inout World<Wallpapers>) {
        guard s.files.peek(path) != nil else { return }
        s.files.remove(path, by: "system", &world)
    }

    /// Parallax readiness: at least the native screen in portrait, and portrait itself.
    static func parallax(_ upright: PixelSize, _ screen: ScreenProfile) -> String {
        let nw = min(screen.nativeWidthPixels, screen.nativeHeightPixels), nh = screen.longestSidePixels
        if upright.widthPixels > upright.heightPixels { return "notPortrait" }
        if upright.widthPixels < nw || upright.heightPixels < nh { return "sourceSmallerThanScreen" }
        return "ready"
    }
}
