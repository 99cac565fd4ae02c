import LockstepCore
import Platform

/// The article's rules as invariants, checked after every step, and an explorer that scrolls,
/// answers, fails, pressures, edits and saves at random.
extension Wallpapers {
    public static let invariants: [Invariant<Wallpapers>] = [
        Invariant("cacheWithinLimit", "the cache is costed in decoded bytes and never holds more than its limit (checklist 2)") { s, _ in
            s.cache.totalCost <= s.cache.limitBytes ? nil : "cache holds \(s.cache.totalCost) B over its \(s.cache.limitBytes) B limit"
        },
        Invariant("noDecodeLargerThanTheCell", "nothing is decoded larger than it is displayed (checklist 1)") { s, _ in
            s.flags.oversizeDecode
        },
        Invariant("neverTheFullBitmap", "the downsample never holds the source's full w×h×4 bitmap (no source cache)") { s, _ in
            s.lastDecodeIncludedFullSource ? "a decode's working set included the source's full bitmap" : nil
        },
        Invariant("noMainThreadDecode", "decoding happens immediately, off the main thread: no scroll hitch") { s, _ in
            s.mainThreadNanoseconds == 0 ? nil : "\(s.mainThreadNanoseconds) ns of decoding on the main thread"
        },
        Invariant("cancelledLoadNeverInserts", "a load cancelled when its cell scrolled off writes nothing to the cache") { s, _ in
            s.cancelledInserts == 0 ? nil : "\(s.cancelledInserts) cancelled loads inserted into the cache"
        },
        Invariant("cellShowsItsOwnURL", "a late result never lands in a cell reused for another URL") { s, _ in
            s.flags.staleImage
        },
        Invariant("oneDownloadPerURL", "concurrent misses for one URL share one download") { s, _ in
            var urls: [String] = []
            for id in s.loads.keys.sorted() { if case .thumbnail(let u, _, _, _) = s.loads[id]! { urls.append(u) } }
            urls.sort()
            for i in urls.indices.dropFirst() where urls[i] == urls[i - 1] { return "two downloads of \(urls[i]) in flight" }
            return nil
        },
        Invariant("hitIsLargeEnough", "a cache hit is never smaller than the cell asked for") { s, _ in
            s.flags.servedSmaller
        },
        Invariant("thumbnailCoversTheCell", "a source large enough for the cell is never upscaled in it") { s, _ in
            s.flags.upscaledDespiteSource
        },
        Invariant("uprightThumbnails", "EXIF orientation is applied: nothing is shown sideways") { s, _ in
            s.flags.sideways
        },
        Invariant("memoryWarningEmptiesCache", "the cache responds to memory pressure (checklist 2)") { s, outputs in
            let warned = outputs.contains { $0.name == "lifecycle" && $0.fields.contains { $0.key == "event" && $0.value == .word("memoryWarning") } }
            return warned && !s.cache.entries.isEmpty ? "\(s.cache.entries.count) entries survived a memory warning" : nil
        },
        Invariant("sceneScreenScale", "the scale comes from the window scene's screen, not UIScreen.main (checklist 8)") { s, _ in
            s.flags.scaleMismatch
        },
        Invariant("fullImageOnDisk", "the full image is downloaded to disk, not into RAM (checklist 4)") { s, _ in
            (s.detail?.inMemoryBytes ?? 0) == 0 ? nil : "\(s.detail!.inMemoryBytes) B of download held in RAM"
        },
        Invariant("oneFullSizeImage", "only one full-size image is alive: the detail's, at screen size") { s, _ in
            guard let d = s.detail, let img = d.image else { return nil }
            let longest = max(img.size.widthPixels, img.size.heightPixels)
            let screen = max(s.screen.longestSidePixels, s.mainScreen.longestSidePixels)
            return longest <= screen ? nil : "the detail is decoded at \(img.size), above the screen's \(screen) px"
        },
        Invariant("keptPathsAreUnique", "two URLs never share a kept file") { s, _ in
            s.flags.keptCollision
        },
        Invariant("originalIsTheDownloadedBytes", "Save original hands Photos the downloaded file, unchanged (checklist 4)") { s, _ in
            s.flags.originalNotFileBytes
        },
        Invariant("oneContext", "one CIContext, reused by every render") { s, _ in
            (s.editor?.contexts ?? 1) <= 1 ? nil : "\(s.editor!.contexts) contexts"
        },
        Invariant("previewRendersSmall", "slider ticks render the preview, never the full resolution (checklist 5)") { s, _ in
            guard let e = s.editor, let r = e.lastRender, r.size != e.preview else { return nil }
            return "a tick rendered \(r.size), the preview is \(e.preview)"
        },
        Invariant("exportRadiusScaled", "the export's radius is the preview's times exportWidth / previewWidth (checklist 5)") { s, _ in
            guard let e = s.editor, let (preview, r) = e.lastExportRadii else { return nil }
            let want = preview * Double(e.export.widthPixels) / Double(e.preview.widthPixels)
            return r == want ? nil : "exported at radius \(r), the preview's look needs \(want)"
        },
        Invariant("cleanBlurEdges", "an opaque image blurs to an opaque image: no dark, soft border") { _, outputs in
            for o in outputs where o.name == "editor.render" || o.name == "editor.export" {
                for f in o.fields where f.key == "edgeAlpha" {
                    if case .int(let a) = f.value, a != 255 { return "\(o.name) edge alpha \(a)" }
                }
            }
            return nil
        },
        Invariant("addOnlyAccess", "the app asks for add-only Photos access, never the full library (checklist 6)") { s, _ in
            s.permissions.photosReadWrite == .notDetermined && s.permissions.photosPromptShowing != .readWrite
                ? nil : "read-write library access requested"
        },
        Invariant("deniedSaveExplains", "a refused save says how to allow add-only access (graceful denial, checklist 6)") { _, outputs in
            for o in outputs where o.name == "save.failed" && o.fields.contains(where: { $0.key == "error" && $0.value == .word("denied") }) {
                if !o.fields.contains(where: { $0.key == "help" }) { return "a denied save with no help for the user" }
            }
            return nil
        },
        Invariant("uniqueSavedNames", "every saved asset has its own file name") { s, _ in
            let names = s.library.assets.map(\.filename).sorted()
            for i in names.indices.dropFirst() where names[i] == names[i - 1] { return "two assets named \(names[i])" }
            return nil
        },
        Invariant("noSetWallpaperPromise", "no one-tap Set button: the guide leads to Photos (checklist 7)") { _, outputs in
            for o in outputs where o.name == "guide.shown" {
                for f in o.fields where f.key == "buttons" {
                    if case .word(let b) = f.value, b != "openPhotos" { return "the guide offers \(b)" }
                }
            }
            return nil
        },
        Invariant("licensedImagesOnly", "every image shown from the catalogue has a licence (checklist 9)") { s, outputs in
            guard outputs.contains(where: { $0.name == "catalog.shown" }) else { return nil }
            let unlicensed = s.catalog.items.filter { $0.license == nil }.map(\.name)
            for o in outputs where o.name == "catalog.shown" {
                for f in o.fields where f.key == "names" {
                    if case .string(let names) = f.value {
                        let shown = names.split(separator: ",").map(String.init)
                        if let bad = shown.first(where: { unlicensed.contains($0) }) { return "\(bad) has no licence" }
                    }
                }
            }
            return nil
        },
    ]
}
