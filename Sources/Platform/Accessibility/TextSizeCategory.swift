/// The Dynamic Type text size the user chose in Settings, from extra small to the largest of the
/// five accessibility sizes.
///
/// `bodyPointSize` is the Body text style's size at each category (Apple's published Dynamic Type
/// table: 17 pt at the default `large`); `scale` is that size over 17, the factor an app applies
/// to its own fixed sizes when it scales them like Body text. A domain that lays out text reads
/// `scale`, never a hard-coded 17.
public enum TextSizeCategory: String, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// Body text in points at this category.
    public var bodyPointSize: Int {
        switch self {
        case .extraSmall: 14
        case .small: 15
        case .medium: 16
        case .large: 17
        case .extraLarge: 19
        case .extraExtraLarge: 21
        case .extraExtraExtraLarge: 23
        case .accessibilityMedium: 28
        case .accessibilityLarge: 33
        case .accessibilityExtraLarge: 40
        case .accessibilityExtraExtraLarge: 47
        case .accessibilityExtraExtraExtraLarge: 53
        }
    }

    /// The default body size, the denominator of `scale`.
    public static let defaultBodyPointSize = 17

    /// `bodyPointSize / 17`: 1 at `large`, about 3.118 at the largest accessibility size.
    public var scale: Double { Double(bodyPointSize) / Double(TextSizeCategory.defaultBodyPointSize) }

    /// The five sizes Settings shows only under Accessibility › Larger Text (`isAccessibilityCategory`).
    public var isAccessibilityCategory: Bool { bodyPointSize >= TextSizeCategory.accessibilityMedium.bodyPointSize }
}
