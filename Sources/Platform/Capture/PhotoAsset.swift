import LockstepCore

/// The id Photos gives a saved asset (`localIdentifier`): 1, 2, 3, ... in save order, never reused,
/// so a golden pins which save made which asset.
public struct PhotoAssetID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: PhotoAssetID, b: PhotoAssetID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}

/// What a save hands to Photos. The two creation APIs differ in what ends up in the library, and a
/// wallpaper app's "save the original, not a re-encoded image" rule is about exactly that.
public enum PhotoAssetSource: Hashable, Sendable {
    /// `PHAssetCreationRequest.addResource(with: .photo, fileURL:)`: the file's bytes, unchanged
    /// (`digest` is the domain's hash of them, so a golden can pin "asset bytes == download").
    case originalFile(byteCount: Int, digest: UInt64)
    /// `PHAssetChangeRequest.creationRequestForAsset(from: image)`: Photos re-encodes the pixels,
    /// which can cost quality and metadata (`digest` is the domain's hash of the pixels).
    case renderedImage(widthPixels: Int, heightPixels: Int, digest: UInt64)

    /// `originalFile` or `renderedImage`.
    public var kindWord: String {
        switch self {
        case .originalFile: "originalFile"
        case .renderedImage: "renderedImage"
        }
    }

    func append(to r: Record) -> Record {
        switch self {
        case .originalFile(let bytes, let digest): r.word("kind", kindWord).int("bytes", bytes).digest("digest", digest)
        case .renderedImage(let w, let h, let digest): r.word("kind", kindWord).int("width", w).int("height", h).digest("digest", digest)
        }
    }
}

/// One asset in the library.
public struct PhotoAsset: Hashable, Sendable, RecordConvertible {
    public var id: PhotoAssetID
    /// The resource's original file name (`PHAssetResource.originalFilename`): what a collision
    /// policy compares.
    public var filename: String
    public var source: PhotoAssetSource

    public init(id: PhotoAssetID, filename: String, source: PhotoAssetSource) {
        self.id = id
        self.filename = filename
        self.source = source
    }

    /// `asset id=1 filename="a.jpg" kind=originalFile bytes=… digest=#…`.
    public var record: Record {
        source.append(to: Record("asset").int("id", id.rawValue).string("filename", filename))
    }
}

/// What the domain's collision policy decides when a save's file name is already in the library.
/// Photos itself keeps duplicate names side by side; whether an app should is the app's policy,
/// so the library asks rather than decides.
public enum PhotoCollisionDecision: Hashable, Sendable {
    /// Save it anyway: two assets with the same name (what Photos does).
    case saveAnyway
    /// Save it under this name instead (asked again if that one is taken too).
    case rename(String)
    /// Do not save; the existing asset stays the only one.
    case skip
}
