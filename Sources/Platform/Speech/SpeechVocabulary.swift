import LockstepCore

/// One language's voice installed or missing on the simulated device.
public struct SpeechVoiceSetting: Hashable, Sendable {
    public let language: String
    public let available: Bool

    public init(language: String, available: Bool) {
        self.language = language
        self.available = available
    }
}

/// The standard scenario spelling of what the device offers a speech synthesizer, shared by every
/// domain with read-aloud:
///
/// ```
/// 0  speech voice en-US=false              no en-US voice installed (AVSpeechSynthesisVoice returns nil)
/// 0  speech voice fr-FR=false de-DE=false  several languages on one line, applied in line order
/// 9  speech voice fr-FR=true               the voice is downloaded
/// ```
///
/// A language is a BCP 47 tag: letters, digits and `-`, 2…35 bytes. A domain adds
/// `SpeechVocabulary.eventKind { .speech($0) }` to its `events`, names it `SpeechVocabulary.kind`
/// in `kind(of:)`, writes it back with `SpeechVocabulary.text(of:)`, and applies it with
/// `SpeechVocabulary.apply(_:to:_:)`, which records each change.
public enum SpeechVocabulary {
    public static let kind = "speech"
    public static let actionWords = ["voice"]
    /// Longer than any registered BCP 47 tag in practice (RFC 5646 suggests supporting 35).
    public static let maxLanguageBytes = 35

    public static let spec = EventSpec(
        kind, "The device's speech voices (Platform): speech voice LANG=true|false ...",
        positional: [FieldSpec("action", .word(choices: actionWords), "voice")],
        fields: [])

    static func isLanguageTag(_ text: String) -> Bool {
        let b = Array(text.utf8)
        guard (2...maxLanguageBytes).contains(b.count), b.first != 0x2D, b.last != 0x2D else { return false }
        return b.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D
        }
    }

    /// Decodes a `speech` line: `voice`, then one or more `LANG=BOOL`, each language once. A
    /// missing action, extra words, no languages, a malformed tag or a repeated one is an error at
    /// its column.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> [SpeechVoiceSetting] {
        let positions = line.positionalIndices
        guard let first = positions.first else { throw line.error("expected 'speech voice LANG=true|false ...'") }
        let action = try line.word(at: first)
        guard action == "voice" else {
            throw line.location(ofArg: first).error("unknown speech action '\(action)'; expected one of: \(actionWords.joined(separator: ", "))")
        }
        if positions.count > 1 {
            throw line.location(ofArg: positions[1]).error("'\(line.rawText(positions[1]))' is not LANG=true|false")
        }
        var out: [SpeechVoiceSetting] = []
        for (key, index) in line.keyedArguments {
            guard isLanguageTag(key) else {
                throw line.location(ofArg: index).error("'\(key)' is not a language tag (letters, digits and '-', 2…\(maxLanguageBytes) bytes)")
            }
            guard !out.contains(where: { $0.language == key }) else {
                throw line.location(ofArg: index).error("'\(key)' is given twice on one line")
            }
            guard out.count < SpeechVoices.maxMissingVoices else {
                throw line.location(ofArg: index).error("at most \(SpeechVoices.maxMissingVoices) languages a line")
            }
            out.append(SpeechVoiceSetting(language: key, available: try line.bool(at: index)))
        }
        guard !out.isEmpty else { throw line.location(ofArg: first).error("'speech voice' needs at least one LANG=true|false (en-US=false)") }
        return out
    }

    /// The `speech` kind for a domain's `events`.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable ([SpeechVoiceSetting]) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            // The languages are open-ended keys, checked by `decode`.
            f.acceptOtherKeys()
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? [] : try decode(line))
        }
    }

    /// The line `decode` reads back as `settings`.
    public static func text(of settings: [SpeechVoiceSetting]) -> String? {
        settings.reduce(LineText(kind).word("voice")) { $0.bool($1.language, $1.available) }.line
    }

    /// Applies the settings in order, recording `speech.voice language= available=` for each, or a
    /// `limit` rejection when the missing list is full.
    public static func apply<D: Domain>(_ settings: [SpeechVoiceSetting], to voices: inout SpeechVoices, _ world: inout World<D>) {
        for v in settings {
            guard voices.set(v.language, available: v.available) else {
                world.reject(kind, "limit") { $0.string("language", v.language).int("maxMissingVoices", SpeechVoices.maxMissingVoices) }
                continue
            }
            world.emit(Record("speech.voice").string("language", v.language).bool("available", v.available))
        }
    }
}
