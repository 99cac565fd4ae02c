import Platform

/// Fault variants of the click-sound pipeline (items 3, 5, 6); combinable.
struct ClickSoundsFaults: OptionSet, Sendable {
    let rawValue: Int
    /// Any scaling failure registers nothing (the old bug) instead of the full-volume original.
    static let silentFallback = ClickSoundsFaults(rawValue: 1 << 0)
    /// Style/bucket change drops the id table without disposing the system sound ids.
    static let leakSoundIDs = ClickSoundsFaults(rawValue: 1 << 1)
    /// Clicks play through an AVAudioPlayer on the media bus instead of system sounds.
    static let mediaBusPlayer = ClickSoundsFaults(rawValue: 1 << 2)
}

/// Why a scaled file could not be produced; any of these triggers the fallback.
enum ScaleFailure: Error, Equatable, Sendable {
    case sourceMissing
    case sourceUnreadable
    case zeroFrames
    case writeFailed
}

/// One (re)registration, as pinned in goldens.
struct SoundRegistration: Equatable, Sendable {
    var style: String
    var sample: String
    var bucket: Int
    /// Gain actually applied, in quarters (4 = full volume original).
    var gainQuarters: Int
    /// Registered path; nil when nothing was registered (silent).
    var path: String?
    var usedFallback: Bool
    var failure: ScaleFailure?
}

/// Which bus a click rides. `AudioServicesPlaySystemSound` rides the ringer bus (no session,
/// obeys the silent switch); an `AVAudioPlayer` rides the media bus. Nothing errors when the
/// wrong one is used; only the audible level differs (Platform `AudioBuses`).
enum PlaybackPath: Equatable, Sendable {
    case systemSoundRingerBus
    case audioPlayerMediaBus
}

struct ClickOutcome: Equatable, Sendable {
    var played: Bool
    var path: PlaybackPath?
    var level: Double
    var audible: Bool

    static let silent = ClickOutcome(played: false, path: nil, level: 0, audible: false)
}

/// Scaled key-click sounds registered as system sounds (items 3–6).
///
/// WHY scaling: system sounds have no volume control, so volume is baked into a scaled
/// copy of the sample, once per bucket. WHY the fallback: a click at the wrong volume is a
/// much smaller bug than silence, so any failure registers the original at full volume.
struct ClickSounds: Sendable {
    static let maxRegistrationLog = 4_096

    let faults: ClickSoundsFaults
    var files: SoundFileStore
    /// Below this level a key click is treated as inaudible (model choice, documented):
    /// 0.1 makes every gain below 1.0 inaudible at media volume 0.12.
    static let audibleThresholdLevel = 0.1

    /// The system's view of sound ids (Platform), so a leak shows as extra live ids.
    private(set) var registry = SystemSoundRegistry()
    /// Ringer and media buses (Platform).
    var bus = AudioBuses()
    private(set) var loadedStyle: SoundStyle?
    /// Current style's ids in sample-name order.
    private(set) var ids: [(sample: String, id: SystemSoundID, gainQuarters: Int)] = []
    /// nil = muted (v == 0).
    private(set) var volumeBucket: VolumeBucket? = .full
    /// Bucket the registered files were made for; scaling reruns only when this changes.
    private(set) var scaledBucket: VolumeBucket?
    private var lastAudibleBucket: VolumeBucket = .full
    private(set) var registrations: [SoundRegistration] = []
    private(set) var droppedRegistrationLogCount = 0
    /// Successful scaled-file writes (the slider-drag budget counts these).
    private(set) var scaledFileCreations = 0

    init(files: SoundFileStore, faults: ClickSoundsFaults = []) {
        self.files = files
        self.faults = faults
    }

    /// Invariant of item 5: the system's live ids are exactly the current style's ids.
    var liveIDsMatchCurrentStyle: Bool {
        registry.liveSoundIDs == ids.map(\.id).sorted()
    }

    /// The gain the registered file for `sample` was scaled to (0…1), nil when none is registered.
    func registeredGain(_ sample: String) -> Double? {
        ids.first(where: { $0.sample == sample }).map { Double($0.gainQuarters) / Double(VolumeBucket.bucketCount) }
    }

    /// Rejects bad volumes without changing state; re-scales only on a bucket change.
    mutating func setVolume(_ volume: Double) throws(VolumeError) {
        let bucket = try VolumeBucket.forVolume(volume)
        volumeBucket = bucket
        guard let bucket else { return }
        lastAudibleBucket = bucket
        if loadedStyle != nil, bucket != scaledBucket {
            releaseAll()
            registerAll(bucket: bucket)
        }
    }

    /// Only the style in use stays registered: the old style's ids are disposed first.
    mutating func setStyle(_ style: SoundStyle) {
        if loadedStyle != nil {
            releaseAll()
            files.purgeTemp()
        }
        loadedStyle = style
        registerAll(bucket: volumeBucket ?? lastAudibleBucket)
    }

    /// Plays the click for `sample`; silent when muted or nothing is registered.
    func click(_ sample: String) -> ClickOutcome {
        guard volumeBucket != nil, let entry = ids.first(where: { $0.sample == sample }) else { return .silent }
        let path: PlaybackPath = faults.contains(.mediaBusPlayer) ? .audioPlayerMediaBus : .systemSoundRingerBus
        let gain = Double(Float(entry.gainQuarters) / Float(VolumeBucket.bucketCount))
        let heard: AudibleLevel
        switch path {
        case .systemSoundRingerBus:
            guard case .played(_, _, let level) = registry.play(entry.id, gain: gain, buses: bus) else { return .silent }
            heard = level
        case .audioPlayerMediaBus:
            // The extension's player activates its session; the level is the media bus's.
            heard = bus.playOnMediaBus(gain: gain, sessionActive: true)
        }
        return ClickOutcome(played: true, path: path, level: heard.level, audible: heard.level >= Self.audibleThresholdLevel)
    }

    /// Scale the bundled sample into `kibo-<name>.wav`; nil path on any failure.
    static func makeScaledFile(sample: String, gain: Float, files: inout SoundFileStore) -> Result<String, ScaleFailure> {
        let destination = SoundFileStore.tempPath(sample)
        files.remove(at: destination)
        guard let content = files.content(at: SoundFileStore.bundlePath(sample)) else { return .failure(.sourceMissing) }
        guard case .pcm(let input) = content else { return .failure(.sourceUnreadable) }
        guard input.frameCount > 0 else { return .failure(.zeroFrames) }
        guard files.write(input.scaled(by: gain), to: destination) else { return .failure(.writeFailed) }
        return .success(destination)
    }

    private mutating func releaseAll() {
        if !faults.contains(.leakSoundIDs) {
            for entry in ids { _ = registry.dispose(entry.id) }
        }
        ids = []
        scaledBucket = nil
    }

    private mutating func registerAll(bucket: VolumeBucket) {
        guard let style = loadedStyle else { return }
        for sample in style.sampleNames {
            var record = SoundRegistration(style: style.name, sample: sample, bucket: bucket.index,
                                           gainQuarters: bucket.gainQuarters, path: nil,
                                           usedFallback: false, failure: nil)
            switch Self.makeScaledFile(sample: sample, gain: bucket.gain, files: &files) {
            case .success(let path):
                scaledFileCreations += 1
                record.path = path
            case .failure(let failure):
                record.failure = failure
                if !faults.contains(.silentFallback) {
                    record.path = SoundFileStore.bundlePath(sample)
                    record.gainQuarters = VolumeBucket.full.gainQuarters
                    record.usedFallback = true
                }
            }
            if let path = record.path {
                if case .created(let id, _) = registry.create(name: path) {
                    ids.append((sample, id, record.gainQuarters))
                } else {
                    record.path = nil
                }
            }
            appendLog(record)
        }
        scaledBucket = bucket
    }

    private mutating func appendLog(_ record: SoundRegistration) {
        if registrations.count < Self.maxRegistrationLog {
            registrations.append(record)
        } else {
            droppedRegistrationLogCount += 1
        }
    }
}
