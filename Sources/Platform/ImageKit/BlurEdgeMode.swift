/// What the blur sees beyond the image's edges.
public enum BlurEdgeMode: String, Hashable, Sendable, CaseIterable {
    /// Edge pixels repeat outwards forever: `source.clampedToExtent()` before `CIGaussianBlur`, then
    /// `cropped(to: source.extent)`. The article's fix: "no dark edges".
    case clampToExtent
    /// Transparent black outside: blurring the unclamped image. Edge pixels mix with alpha 0 and
    /// come out translucent, which shows as the "dark, soft border" of the wallpapers article.
    /// Kept as the fault to reproduce, not as a choice for real output.
    case transparent
}
