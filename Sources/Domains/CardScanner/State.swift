import LockstepCore
import Platform

/// The open five-card sheet.
public struct OpenSheet: Equatable, Sendable {
    var attempt: Int
    var game: String
    var cards: [String]
    var reason: AmbiguousReason
}

/// One entry of the on-device calibration log: every attempt and what the user picked.
public struct CalibrationEntry: Equatable, Sendable {
    var attempt: Int
    var candidates: [String]
    var numbers: [String]
    var decision: String
    var picked: String?
}

public struct CardScannerState: Sendable {
    static let maxCatalogCards = 100_000
    static let maxCalibrationEntries = 10_000
    static let maxLedgerRecords = 1_000_000
    static let maxAliases = 100_000

    var policy: ScanPolicy
    var varianceFloor: Double
    /// The feature-print runtime of this device (a setting): false is the Simulator's espresso failure.
    var featurePrintWorks: Bool
    /// The launch probe's result: artwork matching for this session.
    var artworkMatchingAvailable: Bool
    var launches = 1

    var packs: [String: IndexPack] = [:]
    /// Each game's cards in catalog order (price files index into it).
    var catalogByGame: [String: [CatalogCard]] = [:]
    var cardsByID: [String: CatalogCard] = [:]
    var aliases = LedgerAliasTable(maxAliases: CardScannerState.maxAliases)
    var ledger = Ledger<CollectionChange>(maxRecords: CardScannerState.maxLedgerRecords)
    var nextItem = 1

    var frames = 0
    var sheet: OpenSheet?
    var calibration: [CalibrationEntry] = []
    var calibrationDropped = 0

    /// Staged price files by game, then content hash.
    var stagedPrices: [String: [String: PriceFile]] = [:]
    var currentPrices: [String: PriceFile] = [:]

    /// Not written: the step's facts the invariants read (the outputs carry the rest).
    var lastCJK = 0
    /// The crops the last frame carried embeddings for.
    var lastFrameCrops: [CropID] = []
    /// The last frame's OCR answers.
    var lastFrameOCR: [OCRAnswer] = []
    /// Per crop, the best distance its own sharp and blurred prints give.
    var lastCropBests: [CropID: Double] = [:]
}
