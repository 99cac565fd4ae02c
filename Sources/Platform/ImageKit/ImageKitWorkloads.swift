import LockstepCore

/// The image kit's heavy operations on fixed inputs, for `lockstep bench --images`: what issue #20
/// asks of them is a 2048×2048 blur and a 3000×4000 perspective warp each under a second in release,
/// and a megapixel rate for blur, warp and downsampling.
///
/// Inputs are made once, before timing (`prepare`), from test patterns, so the bench needs no
/// fixture file. `run` returns the output's `ImageDigest` so the work cannot be optimised away and
/// a change of bytes shows next to a change of speed. No clock here: the tool times `run`.
public struct ImageKitWorkload: Sendable {
    /// `blur 2048² r20 clamped`: at most 30 characters, so the bench's name column holds it and
    /// its rate line.
    public var name: String
    /// The megapixels a run processes (blur and colour: image pixels; warp: output pixels;
    /// downsampling: source pixels read).
    public var megapixels: Double
    /// The ceiling on one run, in seconds, where it states one.
    public var targetSeconds: Double?
    /// Makes the input and returns the timed body (one run, the output's digest).
    public var prepare: @Sendable () throws(ImageKitError) -> @Sendable () throws(ImageKitError) -> UInt64

    /// The standard set. `quick` shrinks every input to at most 128 pixels a side (checks that the
    /// bench runs; measures nothing useful).
    public static func standard(quick: Bool) -> [ImageKitWorkload] {
        let blurSide = quick ? 128 : 2048
        let photo = quick ? PixelSize(widthPixels: 96, heightPixels: 128) : PixelSize(widthPixels: 3000, heightPixels: 4000)
        let wallpaper = quick ? PixelSize(widthPixels: 54, heightPixels: 96) : PixelSize(widthPixels: 2160, heightPixels: 3840)
        let thumbnailMaxPixels = quick ? 20 : 780
        let pagePattern = quickPage(side: blurSide)
        let photoPage = photoPagePattern(photo)
        @Sendable func square() throws(ImageKitError) -> RGBA8Image { try TestPattern.documentPage(pagePattern).image(width: blurSide, height: blurSide) }
        let squareMegapixels = Double(blurSide * blurSide) / 1e6
        let corrected = photoPage.page.correctedSize
        return [
            ImageKitWorkload(name: "blur \(blurSide)² r20 clamped", megapixels: squareMegapixels, targetSeconds: quick ? nil : 1) { () throws(ImageKitError) in
                let image = try square()
                return { () throws(ImageKitError) in try GaussianBlur.apply(image, radiusPixels: 20, edges: .clampToExtent).digest }
            },
            ImageKitWorkload(name: "blur \(blurSide)² r60 clamped", megapixels: squareMegapixels, targetSeconds: nil) { () throws(ImageKitError) in
                let image = try square()
                return { () throws(ImageKitError) in try GaussianBlur.apply(image, radiusPixels: 60, edges: .clampToExtent).digest }
            },
            ImageKitWorkload(name: "warp \(photo.widthPixels)×\(photo.heightPixels) full size",
                             megapixels: Double(photo.widthPixels * photo.heightPixels) / 1e6, targetSeconds: quick ? nil : 1) { () throws(ImageKitError) in
                let image = try TestPattern.documentPage(photoPage).image(width: photo.widthPixels, height: photo.heightPixels)
                return { () throws(ImageKitError) in try PerspectiveCorrection.apply(image, quad: photoPage.page, outputSize: photo).digest }
            },
            ImageKitWorkload(name: "warp \(photo.widthPixels)×\(photo.heightPixels) page size",
                             megapixels: Double(corrected.widthPixels * corrected.heightPixels) / 1e6, targetSeconds: nil) { () throws(ImageKitError) in
                let image = try TestPattern.documentPage(photoPage).image(width: photo.widthPixels, height: photo.heightPixels)
                return { () throws(ImageKitError) in try PerspectiveCorrection.apply(image, quad: photoPage.page).digest }
            },
            ImageKitWorkload(name: "thumb \(wallpaper.widthPixels)×\(wallpaper.heightPixels) EXIF 6",
                             megapixels: Double(wallpaper.widthPixels * wallpaper.heightPixels) / 1e6, targetSeconds: nil) { () throws(ImageKitError) in
                let image = try TestPattern.gradient(from: RGBA8(10, 40, 90), to: RGBA8(240, 180, 60), vertical: true)
                    .image(width: wallpaper.widthPixels, height: wallpaper.heightPixels)
                return { () throws(ImageKitError) in try Downsampler.thumbnail(of: image, orientation: .right, maxPixelSize: thumbnailMaxPixels).digest }
            },
            ImageKitWorkload(name: "thumb \(wallpaper.widthPixels)×\(wallpaper.heightPixels) streamed",
                             megapixels: Double(wallpaper.widthPixels * wallpaper.heightPixels) / 1e6, targetSeconds: nil) { () throws(ImageKitError) in
                // Drawn row by row as it is read: the rate includes drawing the pattern.
                let source = try PatternSource(.checkerboard(cellPixels: 7, first: .white, second: RGBA8(30, 60, 90)),
                                               width: wallpaper.widthPixels, height: wallpaper.heightPixels)
                return { () throws(ImageKitError) in try Downsampler.thumbnail(of: source, orientation: .up, maxPixelSize: thumbnailMaxPixels).digest }
            },
            ImageKitWorkload(name: "colour \(blurSide)² iOS 12 B&W", megapixels: squareMegapixels, targetSeconds: nil) { () throws(ImageKitError) in
                let image = try square()
                let controls = try ColorControls(saturation: 0, contrast: 1.2)
                return { () throws(ImageKitError) in controls.apply(to: image).digest }
            },
        ]
    }

    /// A skewed page filling most of a `side`-square image.
    static func quickPage(side: Int) -> DocumentPagePattern {
        let s = Double(side) / 2048
        return DocumentPagePattern(page: ImageQuad(topLeft: ImagePoint(x: 300 * s, y: 250 * s), topRight: ImagePoint(x: 1800 * s, y: 180 * s),
                                                   bottomRight: ImagePoint(x: 1900 * s, y: 1900 * s), bottomLeft: ImagePoint(x: 200 * s, y: 1850 * s)),
                                   seed: 7, lineCount: 30, noiseLevels: 6)
    }

    /// A photographed page: a 3000×4000 photo with the page almost filling it, slightly skewed.
    static func photoPagePattern(_ size: PixelSize) -> DocumentPagePattern {
        let sx = Double(size.widthPixels) / 3000
        let sy = Double(size.heightPixels) / 4000
        return DocumentPagePattern(page: ImageQuad(topLeft: ImagePoint(x: 150 * sx, y: 200 * sy), topRight: ImagePoint(x: 2850 * sx, y: 100 * sy),
                                                   bottomRight: ImagePoint(x: 2950 * sx, y: 3900 * sy), bottomLeft: ImagePoint(x: 50 * sx, y: 3800 * sy)),
                                   seed: 3, lineCount: 40, noiseLevels: 4)
    }
}
