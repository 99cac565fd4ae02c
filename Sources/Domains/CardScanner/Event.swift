import LockstepCore

/// What reaches Foilcase: index packs and catalog data, recorded camera frames (Vision's outputs,
/// since Vision is absent on Linux), the user's sheet answers, ledger records, price files and
/// their manifests, and relaunches.
public enum CardScannerEvent: Sendable {
    /// An artwork index pack for one game (A7 text form, one scale per pack).
    case installPack(PackInput)
    /// One catalog printing.
    case catalog(CatalogCard)
    /// Upstream renamed a card id.
    case alias(old: String, new: String)
    /// A recorded frame: crops' embeddings and OCR answers.
    case frame(FrameInput)
    /// The user picks a card on the open sheet and answers foil or non-foil.
    case sheetPick(card: String, finish: Finish)
    /// The user closes the sheet without a card.
    case sheetDismiss
    /// The user changes an item's finish.
    case setFinish(item: String, finish: Finish)
    /// The user removes an item (a tombstone).
    case remove(item: String)
    /// A ledger record from elsewhere (another device, an import) with its own id and timestamp.
    case ledger(LedgerLine)
    /// A downloaded price file, content-addressed by its SHA-256.
    case priceFile(game: String, bytes: [UInt8], capturedDay: Int64)
    /// The manifest naming the current price file of a game (written last).
    case manifest(game: String, hash: String)
    /// The portfolio screen: total and staleness headline.
    case portfolio
    /// The app is killed and launched again: the probe runs again and the ledger is replayed.
    case relaunch
}

public enum Finish: String, CaseIterable, Sendable {
    case nonfoil, foil
}

public enum FrameSource: String, CaseIterable, Sendable {
    case live, pickedPhoto
}

public enum CropID: String, CaseIterable, Sendable, Comparable {
    case tight, guide, loose
    public static func < (a: CropID, b: CropID) -> Bool { a.order < b.order }
    var order: Int {
        switch self {
        case .tight: 0
        case .guide: 1
        case .loose: 2
        }
    }
}

public enum OCRPass: String, CaseIterable, Sendable {
    case whole, topStrip, bottomStrip, cornerA, cornerB, cornerC
    /// Enlargement before recognition (A4); never a downscale.
    var enlargement: String {
        switch self {
        case .whole: "1"
        case .topStrip, .bottomStrip: "2.5"
        case .cornerA, .cornerB, .cornerC: "4"
        }
    }
}

public enum LedgerEventKind: String, CaseIterable, Sendable {
    case added, edited, removed
}

public struct LedgerLine: Equatable, Sendable {
    public var kind: LedgerEventKind
    public var item: String
    public var card: String
    public var finish: Finish?
    public var eventID: String
    public var timestampMillis: Int64
}

public struct PackInput: Equatable, Sendable {
    public var game: String
    public var revision: Int
    public var scaleText: String
    public var rowsText: String
}

/// One crop's two embeddings (either may be absent from a recording).
public struct CropEmbeddings: Equatable, Sendable {
    public var sharp: Embedding?
    public var blurred: Embedding?
}

public struct OCRAnswer: Equatable, Sendable {
    public var crop: CropID
    public var pass: OCRPass
    /// Per observation, `topCandidates(2)`.
    public var observations: [[String]]
}

public struct FrameInput: Equatable, Sendable {
    public var game: String
    public var source: FrameSource
    public var steady: Bool
    /// The true-arithmetic variance of the Laplacian (A3).
    public var variance: Double
    /// What the Core Image Laplacian + blend pipeline measured on the same buffer (fault only).
    public var ciVariance: Double?
    public var crops: [CropID: CropEmbeddings]
    /// The feature print of the centre-cropped card (`.centerCrop`), used only under the fault.
    public var centerCrop: Embedding?
    public var ocr: [OCRAnswer]
    public var cjkCount: Int
}
