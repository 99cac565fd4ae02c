/// Ringer vs media bus audibility model (item 6).
///
/// WHY: `AudioServicesPlaySystemSound` rides the ringer bus (no session, obeys the silent
/// switch); an `AVAudioPlayer` rides the media bus and needs a session. Nothing errors when
/// the wrong one is used; only the audible level differs, so the level is what we model.
enum PlaybackPath: Equatable, Sendable {
    case systemSoundRingerBus
    case audioPlayerMediaBus
}

struct AudioBusState: Equatable, Sendable {
    /// Below this level a key click is treated as inaudible (model choice, documented):
    /// 0.1 makes every gain below 1.0 inaudible at media volume 0.12.
    static let audibleThresholdLevel = 0.1

    var silentSwitchOn = false
    var ringerVolume = 1.0
    var mediaVolume = 1.0
    var mediaSessionActivates = true

    init(silentSwitchOn: Bool = false, ringerVolume: Double = 1.0, mediaVolume: Double = 1.0,
         mediaSessionActivates: Bool = true) {
        self.silentSwitchOn = silentSwitchOn
        self.ringerVolume = ringerVolume
        self.mediaVolume = mediaVolume
        self.mediaSessionActivates = mediaSessionActivates
    }

    /// Refuses NaN / out-of-range bus volumes like the click volume.
    static func validated(_ volume: Double) throws(VolumeError) -> Double {
        guard !volume.isNaN else { throw .notANumber }
        guard volume >= 0, volume <= 1 else { throw .outOfRange(minimum: 0, maximum: 1) }
        return volume
    }

    /// Audible level = gain × bus volume; 0 for system sounds under the silent switch and
    /// for the player path when its session fails to activate.
    func level(path: PlaybackPath, gain: Float) -> Double {
        switch path {
        case .systemSoundRingerBus:
            return silentSwitchOn ? 0 : Double(gain) * ringerVolume
        case .audioPlayerMediaBus:
            return mediaSessionActivates ? Double(gain) * mediaVolume : 0
        }
    }

    func isAudible(level: Double) -> Bool { level >= Self.audibleThresholdLevel }
}
