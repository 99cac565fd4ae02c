import LockstepCore
import Platform

/// Saving (`PhotoSaver`): add-only permission, the original file's bytes for a download and the
/// rendered image for an edit, unique names, and then the honest guide (no API sets a wallpaper).
extension Wallpapers {
    /// The guide after a save: the user's own steps.
    static let guideSteps = "Photos > open the image > Share > Use as Wallpaper"
    static let guideNote = "pinch and position the image; depth and motion options depend on the device and iOS version"
    /// Where a denial sends the user: how to allow adding photos.
    static let deniedHelp = "Allow Wallpapers HD to add photos: Settings > Privacy & Security > Photos > Add Photos Only"
    static let restrictedHelp = "Adding photos is restricted on this device (Screen Time or a device profile); nothing was saved"
    static let photosURL = "photos-redirect://"

    static func save(_ s: inout WallpapersState, _ what: SaveWhat, _ world: inout World<Wallpapers>) {
        let captured: PendingSave
        switch what {
        case .original:
            guard let d = s.detail, let img = d.image else {
                world.reject("save", "nothing-to-save") { $0.word("what", what.rawValue) }
                return
            }
            captured = PendingSave(what: what, url: d.url, keptPath: d.keptPath, size: img.size, digest: d.pixels?.digest ?? 0,
                                   fileDigest: d.fileDigest)
        case .edited:
            guard let e = s.editor, let ex = e.exported else {
                world.reject("save", "no-export") { $0.word("what", what.rawValue) }
                return
            }
            captured = PendingSave(what: what, url: e.url, keptPath: nil, size: ex.size, digest: ex.digest ?? 0, fileDigest: nil)
        }
        if let pending = s.pendingSave {
            world.reject("save", "save-pending") { $0.word("what", what.rawValue).word("pending", pending.what.rawValue) }
            return
        }
        let level: PhotosAccessLevel = world.isOn(.fullLibraryAccess) ? .readWrite : .addOnly
        let request = s.permissions.requestPhotosAccess(level)
        world.emit(request)
        switch request {
        case .prompting:
            s.pendingSave = captured
            world.emit(Record("save.waiting").word("what", what.rawValue).word("purposeKey", purposeKey(level)))
        case .answered:
            finishSave(&s, captured, &world)
        case .alreadyPrompting:
            break  // recorded; the answer to the prompt on screen decides
        }
    }

    /// The Info.plist purpose string the prompt shows.
    static func purposeKey(_ level: PhotosAccessLevel) -> String {
        level == .addOnly ? "NSPhotoLibraryAddUsageDescription" : "NSPhotoLibraryUsageDescription"
    }

    static func capture(_ s: inout WallpapersState, _ e: CaptureSystemEvent, _ world: inout World<Wallpapers>) {
        guard case .photosAuthorization(let status, let level) = e else {
            world.reject("capture", "unsupported")
            return
        }
        let outcome = s.permissions.applyPhotosLine(status, level: level)
        world.emit(outcome)
        if case .promptAnswered = outcome, let pending = s.pendingSave {
            s.pendingSave = nil
            finishSave(&s, pending, &world)
            // The kept file outlived its screen only for this save.
            if let path = pending.keptPath, s.detail?.keptPath != path, s.files.peek(path) != nil { s.files.remove(path, &world) }
        }
    }

    static func finishSave(_ s: inout WallpapersState, _ save: PendingSave, _ world: inout World<Wallpapers>) {
        let what = save.what
        guard s.permissions.canAddPhotos else {
            let failed = Record("save.failed").word("what", what.rawValue).word("error", "denied")
            if world.isOn(.deniedWithoutHelp) {
                world.emit(failed)
                return
            }
            let restricted = s.permissions.photosAddOnly == .restricted
            world.emit(failed.string("help", restricted ? restrictedHelp : deniedHelp))
            world.emit(s.permissions.settingsLink(for: .photos(.addOnly)))
            return
        }
        let source: PhotoAssetSource
        let filename: String
        let name = lastPathComponent(save.url)
        switch what {
        case .original:
            filename = name.isEmpty ? "wallpaper-\(Hex.lower(FNV1a64.hash(Array(save.url.utf8)), digits: 8)).jpg" : name
            if world.isOn(.saveReencoded) || save.keptPath == nil {
                // creationRequestForAsset(from: UIImage): Photos re-encodes the decoded pixels.
                s.flags.originalNotFileBytes = "\(save.url) saved as a re-encoded image"
                source = .renderedImage(widthPixels: save.size.widthPixels, heightPixels: save.size.heightPixels, digest: save.digest)
            } else {
                switch s.files.read(save.keptPath!, &world) {
                case .ok(let bytes):
                    let digest = FNV1a64.hash(bytes)
                    if let want = save.fileDigest, want != digest {
                        s.flags.originalNotFileBytes = "\(save.url): the kept file holds other bytes (#\(Hex.lower(digest)), downloaded #\(Hex.lower(want)))"
                    }
                    source = .originalFile(byteCount: bytes.count, digest: digest)
                case let other:
                    s.flags.originalNotFileBytes = "\(save.url): the kept file is gone (\(other.word))"
                    world.emit(Record("save.failed").word("what", what.rawValue).word("error", other.word == "missing" ? "fileNotFound" : other.word)
                        .string("path", save.keptPath!))
                    return
                }
            }
        case .edited:
            let stem = name.split(separator: ".").first.map(String.init) ?? ""
            filename = "\(stem.isEmpty ? "wallpaper" : stem)-edit.png"
            source = .renderedImage(widthPixels: save.size.widthPixels, heightPixels: save.size.heightPixels, digest: save.digest)
        }
        let unique = !world.isOn(.savedNameCollision)
        var n = 1
        let outcome = s.library.save(source, filename: filename, permissions: s.permissions) { _ in
            guard unique else { return .saveAnyway }
            n += 1
            return .rename(numbered(filename, n))
        }
        world.emit(outcome)
        guard outcome.asset != nil else { return }
        s.guideShown = true
        let buttons = world.isOn(.setWallpaperButton) ? "openPhotos,setWallpaper" : "openPhotos"
        world.emit(Record("guide.shown").string("steps", guideSteps).word("buttons", buttons).string("note", guideNote))
    }

    /// `name-N.ext`.
    static func numbered(_ name: String, _ n: Int) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name)-\(n)" }
        return "\(name[..<dot])-\(n)\(name[dot...])"
    }

    static func openPhotos(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) {
        guard s.guideShown else {
            world.reject("openPhotos", "no-guide")
            return
        }
        world.emit(Record("photos.open").string("url", photosURL))
    }
}
