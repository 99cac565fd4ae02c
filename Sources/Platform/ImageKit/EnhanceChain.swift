import LockstepCore

/// The scanner's three modes, with the strings `ScanRecord.mode` persists.
public enum ScanMode: String, Hashable, Sendable, CaseIterable {
    case original
    case enhanced
    case blackAndWhite = "bw"
}

/// One filter of an enhancement chain.
public enum EnhanceStep: Hashable, Sendable, CustomStringConvertible {
    /// `CIDocumentEnhancer` with `amount`, simulated by `SimDocumentEnhancer`.
    case documentEnhancer(amount: Double)
    /// `CIColorControls`.
    case colorControls(ColorControls)

    public func apply(to image: RGBA8Image) throws(ImageKitError) -> RGBA8Image {
        switch self {
        case .documentEnhancer(let amount): try SimDocumentEnhancer.apply(image, amount: amount)
        case .colorControls(let controls): controls.apply(to: image)
        }
    }

    public var description: String {
        switch self {
        case .documentEnhancer(let amount): "documentEnhancer(amount:\(FixedDecimal.format(amount, places: 2)))"
        case .colorControls(let controls): controls.description
        }
    }
}

/// The filters a scan page goes through for display and export, chosen per mode and OS as the
/// scanner article's `ScanEnhancer` does. Applied to the kept original every time, never stored
/// ("enhancement can't be undone on pixels you've thrown away").
///
/// | mode        | iOS 13 and later                                                | iOS 12                                    |
/// |-------------|------------------------------------------------------------------|-------------------------------------------|
/// | original    | none                                                             | none                                      |
/// | enhanced    | documentEnhancer(amount 1)                                       | colorControls(saturation 1, contrast 1.2) |
/// | bw          | documentEnhancer(amount 1) > colorControls(saturation 0, contrast 1.3) | colorControls(saturation 0, contrast 1.2) |
///
/// iOS 12 has no document enhancer and only the string-keyed CIColorControls, hence its own row.
/// Pure data: a domain may pick a chain itself and still use `apply` and `description`.
public struct EnhanceChain: Hashable, Sendable, CustomStringConvertible {
    public var steps: [EnhanceStep]

    public init(steps: [EnhanceStep]) {
        self.steps = steps
    }

    /// The article's chain for `mode` on iOS `osMajor`.
    public static func scanner(mode: ScanMode, osMajor: Int) -> EnhanceChain {
        // These literal parameters are inside ColorControls' ranges, so init cannot throw.
        func controls(_ saturation: Double, _ contrast: Double) -> EnhanceStep {
            .colorControls(ColorControls(validSaturation: saturation, contrast: contrast))
        }
        switch (mode, osMajor >= 13) {
        case (.original, _): return EnhanceChain(steps: [])
        case (.enhanced, true): return EnhanceChain(steps: [.documentEnhancer(amount: 1)])
        case (.blackAndWhite, true): return EnhanceChain(steps: [.documentEnhancer(amount: 1), controls(0, 1.3)])
        case (.enhanced, false): return EnhanceChain(steps: [controls(1, 1.2)])
        case (.blackAndWhite, false): return EnhanceChain(steps: [controls(0, 1.2)])
        }
    }

    /// Each step in order; an empty chain returns `image` itself.
    public func apply(to image: RGBA8Image) throws(ImageKitError) -> RGBA8Image {
        var out = image
        for step in steps { out = try step.apply(to: out) }
        return out
    }

    /// Steps joined by `>`, or `identity`: e.g. `documentEnhancer(amount:1.00)>colorControls(...)`.
    public var description: String {
        steps.isEmpty ? "identity" : steps.map(\.description).joined(separator: ">")
    }
}

extension ColorControls {
    /// For constants known to be in range.
    init(validSaturation saturation: Double, brightness: Double = 0, contrast: Double) {
        precondition(ColorControls.saturationRange.contains(saturation) && ColorControls.brightnessRange.contains(brightness)
                     && ColorControls.contrastRange.contains(contrast), "ColorControls constant out of range")
        self.saturation = saturation
        self.brightness = brightness
        self.contrast = contrast
    }
}
