import LockstepCore

/// The article's failure modes, each a bug the model can switch back on.
public enum CardScannerFault: String, DomainFault {
    /// Failure 1: the feature-print request left at `.centerCrop`, so a tall card loses its top and bottom.
    case centerCrop
    /// Failure 2: no launch probe; on a device whose feature prints fail every frame fails, with no number-only mode.
    case noProbe
    /// Failure 3: no 0.80 card-present ceiling: a laptop screen still has a nearest card.
    case noDistanceCeiling
    /// Failure 4: the Core Image Laplacian + multiply blend variance (can be negative) gates frames.
    case coreImageVariance
    /// Failure 5: one crop trusted (the detector era): no choice among three crops, no loose retry.
    case singleCrop
    /// Failure 6: OCR on downscaled strips and corners, which read nothing.
    case downscaledOCR
    /// Failures 7 and 9: the loose key, built to find candidates, also adds them.
    case looseKeyAdd
    /// Failure 8: adding on the artwork's margin alone, with no number read.
    case artworkMarginAdd
    /// Failure 10: replay by `(timestamp, eventID)`: a finish edit can sort before its creation.
    case replayWithoutRank
    /// Failure 11: no alias table: copies of renamed cards vanish.
    case noAliases
    /// Failure 12: a $0.00 promo read as unpriced.
    case zeroIsUnpriced
    /// Failure 13: old prices presented as current.
    case staleAsCurrent
    /// Failure 14: no slightly blurred embedding: holo sparkle pulls the match away.
    case noBlurredEmbedding
    /// The language gate missing: a Japanese printing added silently into an English catalog.
    case noLanguageGate
    /// A number the index never offered is added instead of asked (the index lags the catalog).
    case addUnindexed

    public var summary: String {
        switch self {
        case .centerCrop: "feature prints of the centre square (.centerCrop): tall cards match the wrong printing"
        case .noProbe: "no launch probe: failing feature prints drop every frame instead of number-only mode"
        case .noDistanceCeiling: "no 0.80 ceiling: pointing at a laptop screen adds or offers cards"
        case .coreImageVariance: "Core Image blend variance gates frames: negative values drop sharp cards"
        case .singleCrop: "only the tight crop: no choice of crop by embedding distance, no loose retry for a cut-off number"
        case .downscaledOCR: "strips and corners recognised downscaled: they read nothing"
        case .looseKeyAdd: "the loose key adds: '45/195' is added as 045/195"
        case .artworkMarginAdd: "artwork margin alone adds: a card missing from the index adds its nearest neighbour"
        case .replayWithoutRank: "replay by (timestamp, eventID): a finish edit at the creation's millisecond is lost"
        case .noAliases: "card ids resolved without the alias table: renamed copies vanish from the portfolio"
        case .zeroIsUnpriced: "0 cents treated as unpriced: a $0.00 promo is counted unpriced"
        case .staleAsCurrent: "no staleness headline: weeks-old prices shown as the current total"
        case .noBlurredEmbedding: "no blurred embedding: holo sparkle ranks the wrong card first"
        case .noLanguageGate: "no CJK count gate: a Japanese card is added silently"
        case .addUnindexed: "a read number the artwork never offered is added silently"
        }
    }
}
