/// The two output paths a keyboard click can take: system sounds ride the ringer bus (silent
/// switch applies, no session needed), `AVAudioPlayer` rides the media bus (needs an active
/// session). Picking the wrong one makes clicks inaudible, which is what this lets a test show.

/// Why an audible level is zero (or nil when it is not forced to zero).
public enum AudioMuteReason: String, Hashable, Sendable, CaseIterable {
    case silentSwitch
    case noActiveSession
}

/// Why a requested gain or volume differs from the one used (all are 0…1).
public enum AudioLevelWarning: String, Hashable, Sendable, CaseIterable {
    case clampedToZero, clampedToOne, notANumberUsedZero
}

/// What the listener hears: `gain × bus volume`, or 0 with the reason.
public struct AudibleLevel: Hashable, Sendable {
    public var level: Double
    public var mutedBy: AudioMuteReason?
    /// Set when the requested gain was outside 0…1 or NaN.
    public var gainWarning: AudioLevelWarning?

    public init(level: Double, mutedBy: AudioMuteReason?, gainWarning: AudioLevelWarning?) {
        self.level = level
        self.mutedBy = mutedBy
        self.gainWarning = gainWarning
    }

    public var isAudible: Bool { level > 0 }
}

public struct AudioBuses: Hashable, Sendable {
    /// 0…1.
    public private(set) var ringerVolume: Double
    /// 0…1 (the device's output volume).
    public private(set) var mediaVolume: Double
    public var silentSwitchOn: Bool

    public init(ringerVolume: Double = 1, mediaVolume: Double = 1, silentSwitchOn: Bool = false) {
        self.ringerVolume = Self.clampLevel(ringerVolume).0
        self.mediaVolume = Self.clampLevel(mediaVolume).0
        self.silentSwitchOn = silentSwitchOn
    }

    /// Returns the warning when the value had to be clamped.
    @discardableResult
    public mutating func setRingerVolume(_ volume: Double) -> AudioLevelWarning? {
        let (value, warning) = Self.clampLevel(volume)
        ringerVolume = value
        return warning
    }

    @discardableResult
    public mutating func setMediaVolume(_ volume: Double) -> AudioLevelWarning? {
        let (value, warning) = Self.clampLevel(volume)
        mediaVolume = value
        return warning
    }

    /// `AudioServicesPlaySystemSound`: gain × ringer volume, 0 with the silent switch on.
    public func systemSoundLevel(gain: Double) -> AudibleLevel {
        let (g, warning) = Self.clampLevel(gain)
        if silentSwitchOn { return AudibleLevel(level: 0, mutedBy: .silentSwitch, gainWarning: warning) }
        return AudibleLevel(level: g * ringerVolume, mutedBy: nil, gainWarning: warning)
    }

    /// `AVAudioPlayer.play()`: gain × media volume, 0 without an active audio session.
    /// The silent switch does not apply (playback category), as on iOS.
    public func playOnMediaBus(gain: Double, sessionActive: Bool) -> AudibleLevel {
        let (g, warning) = Self.clampLevel(gain)
        if !sessionActive { return AudibleLevel(level: 0, mutedBy: .noActiveSession, gainWarning: warning) }
        return AudibleLevel(level: g * mediaVolume, mutedBy: nil, gainWarning: warning)
    }

    static func clampLevel(_ value: Double) -> (Double, AudioLevelWarning?) {
        if value.isNaN { return (0, .notANumberUsedZero) }
        if value < 0 { return (0, .clampedToZero) }
        if value > 1 { return (1, .clampedToOne) }
        return (value, nil)
    }
}
