import LockstepCore
import Platform

/// Create mode (`BlurEditor.render(radius:dim:)`): a Gaussian blur of the image clamped to its
/// extent, cropped back, then brightness −dim; one reused context; previews on the downsampled
/// image, the full-resolution render only on export, with the radius scaled by the widths.
extension Wallpapers {
    static let maxRadiusPixels = ImageLimits.maxBlurRadiusPixels
    /// The dim rule (see the domain's doc comment): the article's brightness −dim.
    static let dimRule = DimRule.subtractBrightness

    static func openEditor(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) {
        guard let d = s.detail, let img = d.image, let source = d.source else {
            world.reject("editorOpen", "no-image")
            return
        }
        s.editor = Editor(url: d.url, preview: img.size, previewPixels: d.pixels, export: source)
        world.emit(Record("editor.opened").string("url", d.url).word("preview", img.size.description)
            .word("export", source.description).int("contexts", 1))
    }

    static func slider(_ s: inout WallpapersState, radiusPixels: Double, dim: Double, _ world: inout World<Wallpapers>) {
        guard var e = s.editor else {
            world.reject("editorSlider", "no-editor")
            return
        }
        guard !radiusPixels.isNaN, !dim.isNaN else {
            world.reject("editorSlider", "nan") { $0.string("radius", "\(radiusPixels)").string("dim", "\(dim)") }
            return
        }
        let r = min(max(radiusPixels, 0), maxRadiusPixels), dm = min(max(dim, 0), 1)
        if r != radiusPixels {
            world.emit(Record("editor.clamped").word("field", "radius").string("from", "\(radiusPixels)").fixed("to", r, 2))
        }
        if dm != dim { world.emit(Record("editor.clamped").word("field", "dim").string("from", "\(dim)").fixed("to", dm, 2)) }
        e.radiusPixels = r
        e.dim = dm
        if world.isOn(.contextPerTick) { e.contexts += 1 }
        e.renders += 1
        let fullResolution = world.isOn(.blurFullResolutionPerTick)
        let size = fullResolution ? e.export : e.preview
        let input = fullResolution ? fullResolutionPixels(&s, &world) : e.previewPixels
        let result = render(input, radiusPixels: r, dim: dm, world)
        let image = LiveImage(id: s.nextImageID, size: size)
        s.nextImageID += 1
        e.lastRender = image
        notePeak(&s, residentBytes(s) + blurWorkingBytes(size, r))
        var rec = Record("editor.render").int("tick", e.renders).fixed("radius", r, 2).fixed("dim", dm, 2)
            .word("size", size.description).int("cost", size.decodedByteCost).int("contexts", e.contexts)
        rec = appendPixels(rec, result)
        world.emit(rec)
        if let out = result.image { e.lastPixels = out }
        s.editor = e
    }

    static func export(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) {
        guard var e = s.editor else {
            world.reject("editorExport", "no-editor")
            return
        }
        let radius: Double
        if world.isOn(.unscaledExportRadius) {
            radius = e.radiusPixels
        } else {
            do throws(ImageKitError) {
                radius = try BlurRadiusScaling.exportRadiusPixels(previewRadiusPixels: e.radiusPixels, previewWidthPixels: e.preview.widthPixels,
                                                                   exportWidthPixels: e.export.widthPixels)
            } catch {
                world.emit(Record("editor.exportFailed").string("error", error.description))
                return
            }
        }
        guard radius <= maxRadiusPixels else {
            world.emit(Record("editor.exportFailed").word("reason", "blurRadiusTooLarge").fixed("exportRadius", radius, 2)
                .fixed("limit", maxRadiusPixels, 2))
            return
        }
        let input = fullResolutionPixels(&s, &world)
        let result = render(input, radiusPixels: radius, dim: e.dim, world)
        e.exports += 1
        e.lastExportRadii = (e.radiusPixels, radius)
        let image = LiveImage(id: s.nextImageID, size: e.export)
        s.nextImageID += 1
        notePeak(&s, residentBytes(s) + blurWorkingBytes(e.export, radius))
        e.exported = (e.export, result.image?.digest, image)
        var rec = Record("editor.export").int("export", e.exports).fixed("previewRadius", e.radiusPixels, 2)
            .fixed("exportRadius", radius, 2).fixed("dim", e.dim, 2).word("size", e.export.description)
            .int("cost", e.export.decodedByteCost).int("contexts", e.contexts)
        rec = appendPixels(rec, result)
        world.emit(rec)
        if let p = e.lastPixels { world.artifact("preview-\(e.exports).png", p.pngBytes()) }
        if let out = result.image { world.artifact("export-\(e.exports).png", out.pngBytes()) }
        s.editor = e
    }

    struct RenderResult {
        var image: RGBA8Image?
        var error: String?
    }

    /// Blur (clamped, or transparent edges under the fault) then dim; nil pixels when the input was
    /// only sized.
    static func render(_ input: RGBA8Image?, radiusPixels: Double, dim: Double, _ world: World<Wallpapers>) -> RenderResult {
        guard let input else { return RenderResult(image: nil, error: nil) }
        let edges: BlurEdgeMode = world.isOn(.darkBlurBorder) ? .transparent : .clampToExtent
        do throws(ImageKitError) {
            let blurred = try GaussianBlur.apply(input, radiusPixels: radiusPixels, edges: edges)
            return RenderResult(image: try Dim.apply(blurred, dim: dim, rule: dimRule), error: nil)
        } catch {
            return RenderResult(image: nil, error: error.description)
        }
    }

    static func appendPixels(_ r: Record, _ result: RenderResult) -> Record {
        if let e = result.error { return r.string("error", e) }
        guard let img = result.image else { return r.word("pixels", "sizedOnly") }
        return r.digest("digest", img.digest).int("edgeAlpha", minimumEdgeAlpha(img)).int("corner", Int(img.pixel(x: 0, y: 0).r))
    }

    /// The lowest alpha on the image's border: 255 for a clean edge, lower for the dark soft border.
    static func minimumEdgeAlpha(_ img: RGBA8Image) -> Int {
        var m = 255
        for x in 0 ..< img.width {
            m = min(m, Int(img.pixel(x: x, y: 0).a), Int(img.pixel(x: x, y: img.height - 1).a))
        }
        for y in 0 ..< img.height {
            m = min(m, Int(img.pixel(x: 0, y: y).a), Int(img.pixel(x: img.width - 1, y: y).a))
        }
        return m
    }

    static func blurWorkingBytes(_ size: PixelSize, _ radius: Double) -> Int {
        guard let k = try? GaussianKernel(radiusPixels: radius) else { return 0 }
        return GaussianBlur.workingBytes(widthPixels: size.widthPixels, heightPixels: size.heightPixels, kernel: k)
    }

    /// The kept file decoded at full size, when small enough for pixel work.
    static func fullResolutionPixels(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) -> RGBA8Image? {
        guard let path = s.detail?.keptPath, let entry = s.files.peek(path), let body = ImageBody.decode(entry.bytes) else { return nil }
        let upright = body.uprightSize(respectingOrientation: !world.isOn(.ignoresExifOrientation))
        let m = max(upright.widthPixels, upright.heightPixels)
        return (try? body.thumbnail(maxPixelSize: m, respectingOrientation: !world.isOn(.ignoresExifOrientation),
                                    pixelWorkLimit: s.pixelWorkLimit))?.1
    }
}
