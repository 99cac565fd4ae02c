/// Keeping a preview blur and its export the same *look*.
///
/// The blur radius is in output pixels, so a preview on a downsampled image and the full-size
/// export only match when the radius scales with the width: `r_export = r_preview × exportWidth /
/// previewWidth`. Known value: 20 px on a 1290-wide preview for a 3840-wide export is
/// 20 × 3840 / 1290 = 59.53 px, the article's "about a 60-pixel blur". Using the preview radius
/// unscaled is the note's "preview and export differ" fault.
public enum BlurRadiusScaling {
    /// The export radius for a preview radius.
    /// - Throws: `invalidScalingWidth` for a width below 1; `invalidBlurRadius` for NaN, infinity or
    ///   a negative preview radius. The result may exceed `ImageLimits.maxBlurRadiusPixels`; the blur
    ///   itself refuses it, so a domain sees the limit by name.
    public static func exportRadiusPixels(previewRadiusPixels: Double, previewWidthPixels: Int,
                                          exportWidthPixels: Int) throws(ImageKitError) -> Double {
        guard previewWidthPixels >= 1, exportWidthPixels >= 1 else {
            throw .invalidScalingWidth(previewWidthPixels: previewWidthPixels, exportWidthPixels: exportWidthPixels)
        }
        guard previewRadiusPixels.isFinite, previewRadiusPixels >= 0 else { throw .invalidBlurRadius(previewRadiusPixels) }
        return previewRadiusPixels * Double(exportWidthPixels) / Double(previewWidthPixels)
    }
}
