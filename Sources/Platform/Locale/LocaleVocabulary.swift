import LockstepCore

/// The standard scenario spelling of the user's locale, shared by every domain, as a setting
/// and as an event:
///
/// ```
/// set locale de_DE                   the locale at launch (en_US when the header says none)
/// 30   locale set id=fr_FR           the user changes the region in Settings
/// ```
///
/// Identifiers are `LocaleID`'s raw values; an unknown one is an error at its column that lists
/// them all. A domain reads the setting with `LocaleVocabulary.settings(&s, default:)`, adds
/// `LocaleVocabulary.eventKind { .locale($0) }` to its `events`, and recomputes what it shows.
public enum LocaleVocabulary {
    public static let kind = "locale"
    public static let actionWords = ["set"]

    public static let spec = EventSpec(
        kind, "The user's locale changes (Platform): number and currency formats follow it",
        positional: [FieldSpec("action", .word(choices: actionWords), "set")],
        fields: [FieldSpec("id", .word(choices: LocaleID.allCases.map(\.rawValue)), "the new locale")])

    /// A locale identifier field, with an error listing the known identifiers.
    public static var localeID: FieldKind<LocaleID> {
        FieldKind(type: .word(choices: LocaleID.allCases.map(\.rawValue)), placeholder: { .enUS },
                  read: { line, i throws(ScenarioError) in
                      let text = line.rawText(i)
                      guard let id = LocaleID(rawValue: text) else {
                          throw line.valueLocation(i).error("unknown locale '\(text)'; known: \(LocaleID.knownList)")
                      }
                      return id
                  }, text: { $0.rawValue })
    }

    /// Decodes a `locale set id=ID` line.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> LocaleID {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'locale set id=ID' with ID one of: \(LocaleID.knownList)")
        }
        let action = try line.word(at: first)
        guard action == "set" else {
            throw line.location(ofArg: first).error("unknown locale action '\(action)'; expected: set")
        }
        guard let i = line.index(of: "id") else { throw line.error("'locale set' needs id=ID, one of: \(LocaleID.knownList)") }
        let text = line.rawText(i)
        guard let id = LocaleID(rawValue: text) else {
            throw line.valueLocation(i).error("unknown locale '\(text)'; known: \(LocaleID.knownList)")
        }
        return id
    }

    /// The `locale` kind for a domain's `events`: `wrap` puts the new locale into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (LocaleID) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? .enUS : try decode(line))
        }
    }

    /// The line `decode` reads back as `id`, for `Domain.text(of:)`.
    public static func text(of id: LocaleID) -> String? {
        LineText(kind).word("set").word("id", id.rawValue).line
    }

    /// Reads `set locale ID` with `base` as the default.
    public static func settings(_ s: inout Fields, default base: LocaleID = .enUS) throws(ScenarioError) -> LocaleID {
        try s("locale", localeID, default: base, "the user's locale: \(LocaleID.knownList)")
    }
}
