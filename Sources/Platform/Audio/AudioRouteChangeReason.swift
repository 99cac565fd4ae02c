/// `AVAudioSession.RouteChangeReason`, with the SDK's raw values. A raw value that is not listed
/// here is not guessed: `AudioSession` ignores the notification and says so in a record.
public enum AudioRouteChangeReason: UInt, Hashable, Sendable, CaseIterable {
    case unknown = 0
    case newDeviceAvailable = 1
    case oldDeviceUnavailable = 2
    case categoryChange = 3
    case override = 4
    case wakeFromSleep = 6
    case noSuitableRouteForCategory = 7
    case routeConfigurationChange = 8

    public var word: String {
        switch self {
        case .unknown: "unknown"
        case .newDeviceAvailable: "newDeviceAvailable"
        case .oldDeviceUnavailable: "oldDeviceUnavailable"
        case .categoryChange: "categoryChange"
        case .override: "override"
        case .wakeFromSleep: "wakeFromSleep"
        case .noSuitableRouteForCategory: "noSuitableRouteForCategory"
        case .routeConfigurationChange: "routeConfigurationChange"
        }
    }

    public static func parse(_ word: String) -> AudioRouteChangeReason? { allCases.first { $0.word == word } }
}

/// `AVAudioSession.InterruptionType` raw values as they arrive in `userInfo`.
public enum AudioInterruptionType: UInt, Hashable, Sendable, CaseIterable {
    case ended = 0
    case began = 1

    public var word: String { self == .began ? "began" : "ended" }
}

/// `AVAudioSession.InterruptionOptions.shouldResume`'s raw bit.
public let audioInterruptionShouldResumeRaw: UInt = 1
