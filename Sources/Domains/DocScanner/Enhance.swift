import LockstepCore
import Platform

/// `ScanEnhancer.apply(mode, to:)`: the mode's filter chain on the kept original, rendered with
/// the one shared CIContext. Never stored: display and export render again every time.
extension DocScanner {
    /// Uses the shared CIContext, making it the first time ("create once; it's expensive"). Under
    /// `contextPerImage` every use makes a new one, as the article's own `correct` does.
    static func useContext(_ s: inout DocScannerState, _ world: inout World<DocScanner>, for use: String) {
        if s.ciContextsCreated == 0 || world.isOn(.contextPerImage) {
            s.ciContextsCreated += 1
            world.emit(Record("ciContext.created").int("count", s.ciContextsCreated).word("for", use))
        }
    }

    /// The filters actually applied for `mode` on `os`, as (description, image).
    static func enhance(_ original: RGBA8Image, mode: ScanMode, os: OSRelease, _ world: inout World<DocScanner>) -> (chain: String, image: RGBA8Image) {
        enhance(original, mode: mode, os: os, hardThreshold: world.isOn(.hardThreshold), typeSafeOnOldOS: world.isOn(.typeSafeFiltersOnOldOS))
    }

    /// The same, with the two faults that change it passed in (pure, for tests).
    static func enhance(_ original: RGBA8Image, mode: ScanMode, os: OSRelease, hardThreshold: Bool = false,
                        typeSafeOnOldOS: Bool = false) -> (chain: String, image: RGBA8Image) {
        if mode == .original { return ("identity", original) }
        // iOS 12: the type-safe builders do not exist; a build that uses them gets nil filters and
        // `outputImage ?? previous` quietly skips every stage.
        if os.major < 13, typeSafeOnOldOS { return ("identity", original) }
        if mode == .blackAndWhite, hardThreshold, let t = try? HardThreshold.apply(original, threshold: 0.5) {
            // The thresholding "B&W" the article warns against, in place of the chain.
            return ("hardThreshold(0.50)", t)
        }
        let chain = EnhanceChain.scanner(mode: mode, osMajor: os.major)
        var out = original
        var applied: [String] = []
        for step in chain.steps {
            // Each stage: `outputImage ?? previous` (a failing stage is skipped, not fatal).
            if let next = try? step.apply(to: out) {
                out = next
                applied.append(step.description)
            }
        }
        return (applied.isEmpty ? "identity" : applied.joined(separator: ">"), out)
    }

    /// The image of page `index` in its mode, through the shared context; records it for display.
    @discardableResult
    static func render(_ s: inout DocScannerState, page index: Int, purpose: String, record: Bool,
                       _ world: inout World<DocScanner>) -> RGBA8Image {
        let page = s.pages[index]
        if page.mode != .original { useContext(&s, &world, for: "render") }
        let (chain, image) = enhance(page.original, mode: page.mode, os: s.device.os, &world)
        s.renders += 1
        if record {
            world.emit(Record("page.render").int("page", index + 1).word("mode", page.mode.rawValue).word("purpose", purpose)
                .string("chain", chain).int("width", image.width).int("height", image.height).word("orientation", "up")
                .int("levels", Pixels.lumaLevels(image)).int("originalLevels", page.originalLevels).digest("digest", image.digest))
            if s.artifacts { world.artifact("render-\(s.renders)-page-\(index + 1)-\(page.mode.rawValue).png", image.pngBytes()) }
        }
        return image
    }
}
