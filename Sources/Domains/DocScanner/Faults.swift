import LockstepCore

/// The article's failure modes (and the note's derived ones), each a bug the model can switch back on.
public enum DocScannerFault: String, DomainFault {
    /// Failure 1: document-camera pages go through the fallback's flatten again.
    case doubleCorrection
    /// Failure 2: no corner-adjust step; the detector's result (or nothing) is final, so a
    /// low-contrast page is never rescued.
    case noManualAdjust
    /// Failure 3: Black & White as a hard threshold at 0.5.
    case hardThreshold
    /// Failure 4: a new CIContext for every image.
    case contextPerImage
    /// Failure 5: switching mode replaces the original pixels with the enhanced ones.
    case bakedEnhancement
    /// Failure 6: the iPad share sheet presented without a popover source view.
    case noPopoverAnchor
    /// Failure 7: sharing UIImage objects, so the receiver gets a re-compressed JPEG.
    case shareUIImage
    /// Failure 8: a denied camera with no Settings link.
    case noSettingsLink
    /// Failure 9: presenting the print UI without checking `isPrintingAvailable`.
    case printWithoutCheck
    /// Failure 10: the type-safe CIFilter builders on iOS 12, where they do not exist.
    case typeSafeFiltersOnOldOS
    /// Failure 11: flipping y when scaling Vision's bottom-left points to Core Image pixels.
    case flippedY
    /// Failure 12: UIImage.Orientation to EXIF by raw value instead of case for case.
    case orientationRawValue
    /// Failure 13: a page whose `pngData()` is nil skipped silently, the record still counting it.
    case silentPageSkip
    /// Failure 14: a Vision error ends nothing: the completion never runs and the UI waits.
    case lostCompletion

    public var summary: String {
        switch self {
        case .doubleCorrection: "document-camera pages are perspective-corrected again: an already flat page is cropped and shrunk"
        case .noManualAdjust: "no corner-adjust step: detection is final, a white-on-white page keeps the whole photo"
        case .hardThreshold: "Black & White is a hard threshold at 0.5: faint thermal print vanishes"
        case .contextPerImage: "a new CIContext per flatten and per render instead of one shared context"
        case .bakedEnhancement: "a mode switch overwrites the original pixels: Original cannot come back"
        case .noPopoverAnchor: "the iPad share sheet has no sourceView: presenting it crashes the app"
        case .shareUIImage: "share items are UIImages: the receiver gets a re-compressed JPEG, not the PNG"
        case .noSettingsLink: "a denied camera shows no Settings link: the user has no way out"
        case .printWithoutCheck: "print presents without isPrintingAvailable: a job on a device that cannot print"
        case .typeSafeFiltersOnOldOS: "iOS 12 uses the iOS 13 type-safe filter builders: the filter is nil and enhancement is skipped"
        case .flippedY: "Vision points are flipped to top-left when scaled: the crop is the page's mirror region"
        case .orientationRawValue: "EXIF orientation from UIImage.Orientation's raw value: a .right photo is treated as .down"
        case .silentPageSkip: "a page whose pngData() is nil is skipped silently and record.json still counts it"
        case .lostCompletion: "a Vision error never completes the flatten: the app stays detecting"
        }
    }
}
