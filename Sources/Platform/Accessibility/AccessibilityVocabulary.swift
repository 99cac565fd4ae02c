import LockstepCore

/// The standard scenario spelling of accessibility changes, shared by every domain:
///
/// ```
/// 0   a11y voiceOver=true                       VoiceOver turned on in Settings
/// 5   a11y reduceMotion=true textSize=accessibilityLarge
/// ```
///
/// At least one field; each names the setting's new value and the others stay as they are. A
/// domain adds `AccessibilityVocabulary.eventKind { .a11y($0) }` to its `events` and passes the
/// change to `Accessibility.apply`.
public enum AccessibilityVocabulary {
    public static let kind = "a11y"

    public static let spec = EventSpec(
        kind, "Accessibility settings (Platform): VoiceOver, Reduce Motion, the Dynamic Type text size",
        fields: [
            .optional("voiceOver", .bool, "VoiceOver on or off"),
            .optional("reduceMotion", .bool, "Reduce Motion on or off"),
            .optional("textSize", .word(choices: TextSizeCategory.allCases.map(\.rawValue)),
                      "the Dynamic Type category (large is the default, 17 pt body)"),
        ])

    /// Decodes an `a11y` line; a line that changes nothing is an error (it would say nothing).
    public static func decode(_ line: EventLine) throws(ScenarioError) -> AccessibilityChange {
        var change = AccessibilityChange()
        if line.has("voiceOver") { change.voiceOver = try line.bool("voiceOver") }
        if line.has("reduceMotion") { change.reduceMotion = try line.bool("reduceMotion") }
        if let i = line.index(of: "textSize") {
            let text = line.rawText(i)
            guard let size = TextSizeCategory(rawValue: text) else {
                throw line.error("textSize=\(text) is not a text size; expected one of: "
                                 + TextSizeCategory.allCases.map(\.rawValue).joined(separator: ", "), at: "textSize")
            }
            change.textSize = size
        }
        guard change != AccessibilityChange() else {
            throw line.error("'a11y' needs at least one of voiceOver=, reduceMotion=, textSize=")
        }
        return change
    }

    /// The `a11y` kind for a domain's `events`: `wrap` puts the decoded change into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (AccessibilityChange) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? AccessibilityChange(voiceOver: false) : try decode(line))
        }
    }

    /// The line `decode` reads back as `change`, for `Domain.text(of:)`; nil for a change of nothing.
    public static func text(of change: AccessibilityChange) -> String? {
        guard change != AccessibilityChange() else { return nil }
        var out = LineText(kind)
        if let v = change.voiceOver { out = out.bool("voiceOver", v) }
        if let v = change.reduceMotion { out = out.bool("reduceMotion", v) }
        if let v = change.textSize { out = out.word("textSize", v.rawValue) }
        return out.line
    }
}
