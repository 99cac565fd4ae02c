/// Which voices the simulated device has installed (`AVSpeechSynthesisVoice(language:)` returning
/// nil when one is missing), and the fallback when a language's voice is absent.
///
/// Every language has a voice unless the scenario says otherwise (`speech voice en-US=false`).
/// Fallback (GAP, Apple only says the default voice is used): the requested language if present,
/// else `systemLanguage` if present, else none (the utterance is still timed, with `voice=none`).
public struct SpeechVoices: Hashable, Sendable {
    /// Languages whose voice is missing, sorted, no duplicates.
    public private(set) var missing: [String] = []
    /// The device language used when a requested voice is missing.
    public var systemLanguage: String

    public static let maxMissingVoices = 256

    public init(systemLanguage: String = "en-US") { self.systemLanguage = systemLanguage }

    public func isAvailable(_ language: String) -> Bool { !missing.contains(language) }

    /// Installs or removes a language's voice. False when the missing list is full.
    @discardableResult
    public mutating func set(_ language: String, available: Bool) -> Bool {
        if available {
            missing.removeAll { $0 == language }
            return true
        }
        guard !missing.contains(language) else { return true }
        guard missing.count < Self.maxMissingVoices else { return false }
        missing.append(language)
        missing.sort()
        return true
    }

    /// The voice an utterance in `language` gets: nil means no voice at all.
    public func resolve(_ language: String) -> String? {
        if isAvailable(language) { return language }
        if isAvailable(systemLanguage) { return systemLanguage }
        return nil
    }
}
