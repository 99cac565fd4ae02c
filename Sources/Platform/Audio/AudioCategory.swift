/// `AVAudioSession.Category`: what the app does with audio, which decides mixing, the Silent switch
/// and the routes the system may pick.
public enum AudioCategory: String, Hashable, Sendable, CaseIterable, Comparable {
    case ambient, soloAmbient, playback, record, playAndRecord, multiRoute

    /// iOS's category for a session nobody configured (and again after a media services reset).
    public static let systemDefault = AudioCategory.soloAmbient

    /// Whether the ring/Silent switch mutes the app: only the two "ambient" categories honour it.
    /// `.playback` plays with the switch on, which is what an instrument wants.
    public var respectsSilentSwitch: Bool { self == .ambient || self == .soloAmbient }

    /// Whether the category plays sound at all (`.record` is input only).
    public var hasOutput: Bool { self != .record }

    /// Whether the category records (needs an input port).
    public var hasInput: Bool { self == .record || self == .playAndRecord || self == .multiRoute }

    public static func < (a: AudioCategory, b: AudioCategory) -> Bool { a.rawValue < b.rawValue }
}

/// `AVAudioSession.Mode`: a specialisation of the category (system processing, routes).
public enum AudioMode: String, Hashable, Sendable, CaseIterable {
    case `default`, voiceChat, videoChat, gameChat, measurement, spokenAudio, moviePlayback, videoRecording, voicePrompt
}

/// `AVAudioSession.CategoryOptions`, one case per option. Sets of options are always written sorted
/// by raw value so records never depend on hash order.
public enum AudioCategoryOption: String, Hashable, Sendable, CaseIterable, Comparable {
    case mixWithOthers, duckOthers, interruptSpokenAudioAndMixWithOthers
    case allowBluetoothHFP, allowBluetoothA2DP, allowAirPlay, defaultToSpeaker

    public static func < (a: AudioCategoryOption, b: AudioCategoryOption) -> Bool { a.rawValue < b.rawValue }
}
