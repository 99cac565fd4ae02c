import LockstepCore

/// The photo library as far as an app that only saves can see it: saves go through the
/// permission centre (add-only access is enough, and all a wallpaper app should ask for), get
/// increasing ids, and are recorded with what was handed over (original bytes or a re-encoded
/// image).
///
/// The file-name collision policy is the domain's: when a save's name is taken, `save` calls the
/// domain's `onCollision` with the existing asset and follows its decision (`saveAnyway`,
/// `rename`, `skip`), asking again for a renamed name that is taken too, at most
/// `maxCollisionRounds` times.
public struct PhotoLibrary: Hashable, Sendable, CanonicallyWritable {
    /// The most assets the model holds: far above any scenario, a bound on state size.
    public static let maxAssets = 10_000
    /// How many times one save may ask the collision policy before giving up (a policy that keeps
    /// renaming to taken names would otherwise loop).
    public static let maxCollisionRounds = 8
    /// The longest file name accepted, in UTF-8 bytes (APFS's limit).
    public static let maxFilenameBytes = 255

    /// In save order (ascending ids).
    public private(set) var assets: [PhotoAsset] = []
    public private(set) var nextID = PhotoAssetID(1)

    public init() {}

    /// Saves `source` as `filename`, if `permissions` allow adding. Returns what happened; the
    /// library changes only on `.saved`.
    public mutating func save(_ source: PhotoAssetSource, filename: String, permissions: CapturePermissions,
                              onCollision: (PhotoAsset) -> PhotoCollisionDecision = { _ in .saveAnyway }) -> PhotoSaveOutcome {
        guard permissions.canAddPhotos else {
            let never = permissions.photosAddOnly == .notDetermined && permissions.photosReadWrite == .notDetermined
            return .refused(never ? .notAskedYet : .denied, addOnly: permissions.photosAddOnly, readWrite: permissions.photosReadWrite)
        }
        guard PhotoLibrary.isValidFilename(filename) else {
            return .refused(.invalidFilename, addOnly: permissions.photosAddOnly, readWrite: permissions.photosReadWrite)
        }
        guard assets.count < PhotoLibrary.maxAssets else { return .libraryFull(limit: PhotoLibrary.maxAssets) }
        var name = filename
        for _ in 0 ..< PhotoLibrary.maxCollisionRounds {
            guard let existing = assets.first(where: { $0.filename == name }) else { return .saved(add(source, name), requestedName: filename) }
            switch onCollision(existing) {
            case .saveAnyway: return .saved(add(source, name), requestedName: filename)
            case .skip: return .skippedDuplicate(existing: existing)
            case .rename(let next):
                guard PhotoLibrary.isValidFilename(next) else {
                    return .refused(.invalidFilename, addOnly: permissions.photosAddOnly, readWrite: permissions.photosReadWrite)
                }
                name = next
            }
        }
        if !assets.contains(where: { $0.filename == name }) { return .saved(add(source, name), requestedName: filename) }
        return .collisionUnresolved(filename: filename, rounds: PhotoLibrary.maxCollisionRounds)
    }

    /// Not empty, at most `maxFilenameBytes`, and no `/` (a name, not a path).
    public static func isValidFilename(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maxFilenameBytes && !name.utf8.contains(47)
    }

    private mutating func add(_ source: PhotoAssetSource, _ name: String) -> PhotoAsset {
        let asset = PhotoAsset(id: nextID, filename: name, source: source)
        nextID = PhotoAssetID(nextID.rawValue + 1)
        assets.append(asset)
        return asset
    }

    /// `photos count=N { asset … }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("photos count=\(assets.count)") { w in
            for a in assets { w.record(a.record) }
        }
    }
}

/// What `PhotoLibrary.save` did.
public enum PhotoSaveOutcome: Hashable, Sendable, RecordConvertible {
    /// Saved; `asset.filename` differs from `requestedName` when the policy renamed it.
    case saved(PhotoAsset, requestedName: String)
    /// Not saved, and the library is unchanged.
    case refused(PhotoSaveRefusal, addOnly: PhotosAuthorizationStatus, readWrite: PhotosAuthorizationStatus)
    /// The collision policy chose `skip`.
    case skippedDuplicate(existing: PhotoAsset)
    /// The policy kept renaming to names that are taken.
    case collisionUnresolved(filename: String, rounds: Int)
    /// `PhotoLibrary.maxAssets` are stored.
    case libraryFull(limit: Int)

    public var asset: PhotoAsset? {
        if case .saved(let a, _) = self { return a }
        return nil
    }

    public var record: Record {
        switch self {
        case .saved(let a, let requested):
            var r = a.source.append(to: Record("photos.saved").int("id", a.id.rawValue).string("filename", a.filename))
            if a.filename != requested { r = r.string("renamedFrom", requested) }
            return r
        case .refused(let why, let addOnly, let readWrite):
            return Record("rejected").word("input", "photos.save").word("reason", why.rawValue)
                .word("addOnly", addOnly.rawValue).word("readWrite", readWrite.rawValue)
        case .skippedDuplicate(let existing):
            return Record("photos.skipped").word("reason", "duplicateName").int("existing", existing.id.rawValue)
                .string("filename", existing.filename)
        case .collisionUnresolved(let name, let rounds):
            return Record("rejected").word("input", "photos.save").word("reason", "collisionUnresolved").string("filename", name)
                .word("limit", "maxCollisionRounds").int("value", rounds)
        case .libraryFull(let limit):
            return Record("rejected").word("input", "photos.save").word("reason", "libraryFull").word("limit", "maxAssets").int("value", limit)
        }
    }
}

/// Why a save was refused.
public enum PhotoSaveRefusal: String, Hashable, Sendable, CaseIterable {
    /// The seed's `SaveError.denied`: neither level allows adding (denied, restricted, or one of
    /// them undetermined while the other is denied).
    case denied
    /// Both levels are `notDetermined`: the app must request access first.
    case notAskedYet
    /// Empty, longer than 255 bytes, or containing `/`.
    case invalidFilename
}
