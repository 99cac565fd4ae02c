import Testing
@testable import Platform

@Suite struct SystemSoundsTests {
    @Test func idsStartAt4096InCreationOrder() {
        var r = SystemSoundRegistry()
        #expect(r.create(name: "kibo-tap.wav") == .created(SystemSoundID(rawValue: 4096), name: "kibo-tap.wav"))
        #expect(r.create(name: "kibo-delete.wav") == .created(SystemSoundID(rawValue: 4097), name: "kibo-delete.wav"))
        #expect(r.liveSoundIDs.map(\.rawValue) == [4096, 4097])
    }

    @Test func disposeRemovesFromLiveSetAndIdsAreNotReused() {
        var r = SystemSoundRegistry()
        _ = r.create(name: "a")
        _ = r.create(name: "b")
        #expect(r.dispose(SystemSoundID(rawValue: 4096)) == .disposed(SystemSoundID(rawValue: 4096)))
        #expect(r.liveSoundIDs.map(\.rawValue) == [4097])
        #expect(r.create(name: "c") == .created(SystemSoundID(rawValue: 4098), name: "c"))
    }

    @Test func playOrDisposeOfDisposedOrUnknownIdIsUnknownSoundID() {
        var r = SystemSoundRegistry()
        let buses = AudioBuses()
        _ = r.create(name: "a")
        _ = r.dispose(SystemSoundID(rawValue: 4096))
        #expect(r.play(SystemSoundID(rawValue: 4096), gain: 1, buses: buses) == .unknownSoundID(SystemSoundID(rawValue: 4096)))
        #expect(r.dispose(SystemSoundID(rawValue: 4096)) == .unknownSoundID(SystemSoundID(rawValue: 4096)))
        #expect(r.play(SystemSoundID(rawValue: 7), gain: 1, buses: buses) == .unknownSoundID(SystemSoundID(rawValue: 7)))
    }

    @Test func liveSoundLimit() {
        var r = SystemSoundRegistry()
        for i in 0..<SystemSoundRegistry.maxLiveSounds { _ = r.create(name: "s\(i)") }
        #expect(r.create(name: "one too many") == .tooManySounds(limit: 1_024))
    }

    @Test func systemSoundLevelIsGainTimesRinger() {
        var r = SystemSoundRegistry()
        _ = r.create(name: "tap")
        let buses = AudioBuses(ringerVolume: 0.5, mediaVolume: 0.1)
        #expect(r.play(SystemSoundID(rawValue: 4096), gain: 0.75, buses: buses)
                == .played(SystemSoundID(rawValue: 4096), name: "tap", level: AudibleLevel(level: 0.375, mutedBy: nil, gainWarning: nil)))
    }

    @Test func silentSwitchMutesSystemSoundsButNotMediaBus() {
        let buses = AudioBuses(ringerVolume: 1, mediaVolume: 0.5, silentSwitchOn: true)
        #expect(buses.systemSoundLevel(gain: 1) == AudibleLevel(level: 0, mutedBy: .silentSwitch, gainWarning: nil))
        #expect(buses.playOnMediaBus(gain: 1, sessionActive: true).level == 0.5)
    }

    @Test func mediaBusNeedsActiveSessionAndScalesByMediaVolume() {
        let buses = AudioBuses(ringerVolume: 1, mediaVolume: 0.25)
        #expect(buses.playOnMediaBus(gain: 0.5, sessionActive: true) == AudibleLevel(level: 0.125, mutedBy: nil, gainWarning: nil))
        #expect(buses.playOnMediaBus(gain: 0.5, sessionActive: false) == AudibleLevel(level: 0, mutedBy: .noActiveSession, gainWarning: nil))
    }

    @Test func lowMediaVolumeMakesQuietClicksInaudibleOnlyOnMediaBus() {
        // The article's wrong implementation: AVAudioPlayer clicks vanish with media volume at 0.
        let buses = AudioBuses(ringerVolume: 0.8, mediaVolume: 0)
        for gain in [0.25, 0.5, 0.75] {
            #expect(!buses.playOnMediaBus(gain: gain, sessionActive: true).isAudible)
            #expect(buses.systemSoundLevel(gain: gain).isAudible)
        }
    }

    @Test func volumesAndGainsAreClampedWithWarnings() {
        var buses = AudioBuses(ringerVolume: 7, mediaVolume: -3)
        #expect(buses.ringerVolume == 1 && buses.mediaVolume == 0)
        #expect(buses.setRingerVolume(.nan) == .notANumberUsedZero)
        #expect(buses.ringerVolume == 0)
        #expect(buses.setMediaVolume(0.4) == nil)
        #expect(buses.setRingerVolume(1) == nil)
        #expect(buses.systemSoundLevel(gain: 2) == AudibleLevel(level: 1, mutedBy: nil, gainWarning: .clampedToOne))
        #expect(buses.systemSoundLevel(gain: -1) == AudibleLevel(level: 0, mutedBy: nil, gainWarning: .clampedToZero))
    }
}
