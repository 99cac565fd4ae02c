import LockstepCore
import Platform

/// Sharing (the card spec and the text payload) and the theme with its semantic tokens.
extension Quotes {
    static let cardWidthPixels = 1_080
    static let cardHeightPixels = 1_350

    static func share(_ s: QuotesState, _ world: inout World<Quotes>, _ id: String, _ kind: ShareKind, renderFails: Bool) {
        guard let row = quoteRow(s, id) else { world.reject("share", "unknown-quote") { $0.string("id", id) }; return }
        let text = row["text"].text ?? "", author = row["author"].text ?? ""
        switch kind {
        case .text:
            world.emit(Record("share.text").string("payload", "\u{201C}\(text)\u{201D} \u{2014} \(author)").string("preview", "Quote by \(author)"))
        case .image:
            let scale = world.isOn(.shareAtScaleTwo) ? 2 : 1
            var r = Record("share.image").int("w", cardWidthPixels * scale).int("h", cardHeightPixels * scale).int("padding", 80)
                .int("fontSize", 44).int("spacing", 20).int("scale", scale).string("gradient", "indigo-purple topLeading-bottomTrailing")
                .string("quote", "\u{201C}\(text)\u{201D}").string("author", "\u{2014} \(author)")
            r = renderFails ? r.bool("png", false).int("bytes", 0) : r.bool("png", true)
            world.emit(r)
            if renderFails { world.emit(Record("share.fallback").word("payload", "empty-data")) }
        }
    }

    /// Semantic colour tokens: (light, dark).
    static let tokens: [(name: String, light: String, dark: String)] = [
        ("surface", "#FFFFFF", "#1C1C1E"), ("surfaceElevated", "#F2F2F7", "#2C2C2E"),
        ("textPrimary", "#000000", "#FFFFFF"), ("textSecondary", "#3C3C43", "#EBEBF5"),
    ]

    static func showTheme(_ s: QuotesState, _ world: inout World<Quotes>) {
        // preferredColorScheme: nil for auto (follow the system).
        let forced: Appearance? = switch s.theme { case .auto: nil; case .light: .light; case .dark: .dark }
        let scheme = forced ?? s.system
        var r = Record("theme").word("setting", s.theme.rawValue).word("system", s.system.rawValue)
            .word("preferredColorScheme", forced?.rawValue ?? "nil").word("scheme", scheme.rawValue)
        for t in tokens {
            let value = (world.isOn(.hardcodedBlack) && t.name == "textPrimary") ? "#000000" : (scheme == .light ? t.light : t.dark)
            r = r.string(t.name, value)
        }
        world.emit(r)
    }
}
