import LockstepCore
import Platform

/// The UIKit → SwiftUI bridge's size (section 2, iOS 16's `sizeThatFits(_:uiView:context:)`):
/// width = the proposed width, or `layoutFittingExpandedSize.width` when unspecified; height =
/// max(the view's fitted height at that width, its intrinsic height).
public enum BridgeSizing {
    /// GAP: `UIView.layoutFittingExpandedSize.width`, pinned.
    public static let expandedWidthPt = 10_000_000.0
    /// `sizeThatFits` is iOS 16: always there from the app's minimum, iOS 17.6.
    public static let sizeThatFitsMinimum = OSRelease(16, 0)

    public struct Size: Hashable, Sendable {
        public var widthPt: Double
        public var heightPt: Double
    }

    /// The view's heights at a Dynamic Type scale (`noIntrinsicMetric` stays −1).
    static func scaled(_ v: FakeView, _ scale: Double) -> FakeView {
        FakeView(fittingHeightPt: v.fittingHeightPt * scale,
                 intrinsicHeightPt: v.intrinsicHeightPt < 0 ? FakeView.noIntrinsicMetric : v.intrinsicHeightPt * scale)
    }

    /// The article's rule.
    public static func sizeThatFits(widthPt: Double?, view: FakeView) -> Size {
        let width = widthPt ?? expandedWidthPt
        return Size(widthPt: width, heightPt: max(view.fittingHeightPt, view.intrinsicHeightPt))
    }

    /// Without `sizeThatFits` (the `noSizeThatFits` fault) SwiftUI only has the intrinsic size: a
    /// view without one collapses to zero height, or stretches to a proposed height.
    static func withoutSizeThatFits(widthPt: Double?, heightPt: Double?, view: FakeView) -> Size {
        let width = widthPt ?? expandedWidthPt
        if view.intrinsicHeightPt >= 0 { return Size(widthPt: width, heightPt: view.intrinsicHeightPt) }
        return Size(widthPt: width, heightPt: heightPt ?? 0)
    }

    /// Why a proposed dimension is refused, or nil.
    static func problem(_ v: Double?) -> String? {
        guard let v else { return nil }
        if v.isNaN { return "NaN" }
        if !v.isFinite { return "infinite" }
        if v < 0 { return "negative" }
        return nil
    }
}
