import LockstepCore

/// `VNBarcodeSymbology`, the ones the seeds name plus the usual others; `other` stands for any the
/// model does not list.
public enum BarcodeSymbology: String, Hashable, Sendable, CaseIterable {
    case ean13, ean8, upce, code128, code39, dataMatrix, qr, pdf417, aztec, other
}

/// What `DataScannerViewController` recognised: a barcode (whose payload may be nil: the code was
/// seen but not decoded) or a run of text.
public enum RecognizedItemContent: Hashable, Sendable {
    case barcode(BarcodeSymbology, payload: String?)
    case text(String)

    /// The scenario spelling: `ean13:4006381333931`, `ean13` (no payload), `text:Aspirin 500 mg`.
    public var spelling: String {
        switch self {
        case .barcode(let s, let payload?): "\(s.rawValue):\(payload)"
        case .barcode(let s, nil): s.rawValue
        case .text(let t): "text:\(t)"
        }
    }

    /// Reads one item of the spelling above; nil (with why) for an empty text, an unknown
    /// symbology, or a `;` inside a value (the list separator).
    public static func parse(_ text: Substring) -> Result<RecognizedItemContent, ItemSpellingError> {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let head = String(parts[0])
        let value = parts.count == 2 ? String(parts[1]) : nil
        if head == "text" {
            guard let value, !value.isEmpty else { return .failure(ItemSpellingError("'text:' needs the recognised text after the colon")) }
            return .success(.text(value))
        }
        guard let symbology = BarcodeSymbology(rawValue: head) else {
            return .failure(ItemSpellingError("unknown item kind '\(head)'; expected text or one of: "
                                              + BarcodeSymbology.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        if let value, value.isEmpty { return .failure(ItemSpellingError("'\(head):' has an empty payload; write '\(head)' alone for a code without one")) }
        return .success(.barcode(symbology, payload: value))
    }

    func append(to r: Record) -> Record {
        switch self {
        case .barcode(let s, let payload):
            r.word("kind", "barcode").word("symbology", s.rawValue).with("payload", payload.map { .string($0) } ?? .word("none"))
        case .text(let t): r.word("kind", "text").string("text", t)
        }
    }
}

/// Why an item's spelling does not read.
public struct ItemSpellingError: Error, Hashable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// The id the scanner gives a recognised item (`RecognizedItem.id`): 1, 2, 3, ... in the order
/// items were added, never reused, so `didRemove`/`didUpdate` lines name them.
public struct RecognizedItemID: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: RecognizedItemID, b: RecognizedItemID) -> Bool { a.rawValue < b.rawValue }
}

/// One item the scanner is tracking.
public struct RecognizedItem: Hashable, Sendable, RecordConvertible {
    public var id: RecognizedItemID
    public var content: RecognizedItemContent

    public init(id: RecognizedItemID, content: RecognizedItemContent) {
        self.id = id
        self.content = content
    }

    /// `item id=1 kind=barcode symbology=ean13 payload="…"`.
    public var record: Record { content.append(to: Record("item").int("id", id.rawValue)) }
}

/// A scripted `DataScannerViewControllerDelegate` callback or availability change
/// (`scanner availability|didAdd|didRemove|didUpdate …`).
public enum DataScannerEvent: Hashable, Sendable {
    /// `isSupported` (A12 or later) and `isAvailable` (also camera permission and restrictions).
    case availability(supported: Bool, available: Bool)
    /// `dataScanner(_:didAdd:allItems:)`: items in the order recognised; ids are given by the scanner.
    case didAdd([RecognizedItemContent])
    /// `dataScanner(_:didRemove:allItems:)`.
    case didRemove([RecognizedItemID])
    /// `dataScanner(_:didUpdate:allItems:)`: the item's content changed (a payload decoded later).
    case didUpdate(RecognizedItemID, RecognizedItemContent)

    /// `availability`, `didAdd`, `didRemove`, `didUpdate`.
    public var word: String {
        switch self {
        case .availability: "availability"
        case .didAdd: "didAdd"
        case .didRemove: "didRemove"
        case .didUpdate: "didUpdate"
        }
    }
}
