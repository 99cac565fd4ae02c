import Testing
import Platform
import LockstepRunner
@testable import Keyboard

private func pcm(frames: Int = 4, channels: Int = 2) throws -> PCMFile {
    try PCMFile(frameCount: frames, channelCount: channels,
                samples: (0..<(frames * channels)).map { _ in Float(0.8) })
}
private func filesWith(_ names: [String]) throws -> SoundFileStore {
    var f = SoundFileStore()
    for n in names { _ = f.place(.pcm(try pcm()), at: SoundFileStore.bundlePath(n)) }
    return f
}
private let classic = try! SoundStyle(name: "classic", sampleNames: ["key", "delete"])
private let soft = try! SoundStyle(name: "soft", sampleNames: ["key", "space"])

@Test(arguments: [(0.10, 1), (0.30, 2), (0.74, 3), (1.0, 4), (0.25, 1), (0.26, 2), (0.5, 2), (0.0001, 1)])
func volumeBuckets(volume: Double, bucket: Int) throws {
    #expect(try VolumeBucket.forVolume(volume)?.index == bucket)
}

@Test func bucketGains() throws {
    #expect(try VolumeBucket.forVolume(0.10)?.gain == 0.25)
    #expect(try VolumeBucket.forVolume(0.30)?.gain == 0.5)
    #expect(try VolumeBucket.forVolume(0.74)?.gain == 0.75)
    #expect(try VolumeBucket.forVolume(1.0)?.gain == 1.0)
}

@Test func zeroVolumeIsMute() throws {
    #expect(try VolumeBucket.forVolume(0) == nil)
}

@Test func badVolumesRefused() {
    #expect(throws: VolumeError.notANumber) { _ = try VolumeBucket.forVolume(.nan) }
    #expect(throws: VolumeError.outOfRange(minimum: 0, maximum: 1)) { _ = try VolumeBucket.forVolume(1.01) }
    #expect(throws: VolumeError.outOfRange(minimum: 0, maximum: 1)) { _ = try VolumeBucket.forVolume(-0.1) }
    #expect(throws: VolumeError.outOfRange(minimum: 0, maximum: 1)) { _ = try VolumeBucket.forVolume(.infinity) }
}

@Test func scalingMultipliesEverySample() throws {
    var f = try filesWith(["key"])
    let r = ClickSounds.makeScaledFile(sample: "key", gain: 0.5, files: &f)
    #expect(r == .success("tmp/kibo-key.wav"))
    guard case .pcm(let out)? = f.content(at: "tmp/kibo-key.wav") else { Issue.record("missing"); return }
    #expect(out.samples.allSatisfy { $0 == 0.4 })
    #expect(out.channelCount == 2 && out.frameCount == 4)
}

@Test func scaleFailures() throws {
    var f = SoundFileStore()
    #expect(ClickSounds.makeScaledFile(sample: "x", gain: 1, files: &f) == .failure(.sourceMissing))
    _ = f.place(.unreadable, at: SoundFileStore.bundlePath("x"))
    #expect(ClickSounds.makeScaledFile(sample: "x", gain: 1, files: &f) == .failure(.sourceUnreadable))
    _ = f.place(.pcm(try PCMFile(frameCount: 0, channelCount: 1, samples: [])), at: SoundFileStore.bundlePath("x"))
    #expect(ClickSounds.makeScaledFile(sample: "x", gain: 1, files: &f) == .failure(.zeroFrames))
    _ = f.place(.pcm(try pcm()), at: SoundFileStore.bundlePath("x"))
    f.writesFail = true
    #expect(ClickSounds.makeScaledFile(sample: "x", gain: 1, files: &f) == .failure(.writeFailed))
}

@Test func malformedPCMRefused() {
    #expect(throws: PCMFileError.sampleCountMismatch) {
        _ = try PCMFile(frameCount: 3, channelCount: 2, samples: [1, 2])
    }
    #expect(throws: PCMFileError.badChannelCount(limit: PCMFile.maxChannels)) {
        _ = try PCMFile(frameCount: 0, channelCount: 0, samples: [])
    }
}

@Test func sliderDragCreatesAtMostFourFilesPerSample() throws {
    var c = ClickSounds(files: try filesWith(["key", "delete"]))
    c.setStyle(classic)
    let before = c.scaledFileCreations
    #expect(before == 2)  // initial bucket 4
    for i in 1...100 { try c.setVolume(Double(i) / 100) }
    // Drag 0.01 → 1.0 visits buckets 1,2,3,4: four scalings per sample.
    #expect(c.scaledFileCreations - before == 4 * 2)
    #expect(c.files.tempPaths == ["tmp/kibo-delete.wav", "tmp/kibo-key.wav"])
    #expect(c.liveIDsMatchCurrentStyle)
    #expect(c.registry.liveSoundIDs.count == 2)
}

@Test func sameBucketDoesNotRescale() throws {
    var c = ClickSounds(files: try filesWith(["key", "delete"]))
    c.setStyle(classic)
    try c.setVolume(0.6)
    let n = c.scaledFileCreations
    try c.setVolume(0.7)
    try c.setVolume(0)
    try c.setVolume(0.55)
    #expect(c.scaledFileCreations == n)
}

@Test func styleChangeDisposesOldIDs() throws {
    var c = ClickSounds(files: try filesWith(["key", "delete", "space"]))
    c.setStyle(classic)
    let classicIDs = c.registry.liveSoundIDs
    c.setStyle(soft)
    #expect(c.liveIDsMatchCurrentStyle)
    #expect(c.registry.liveSoundIDs.count == 2)
    #expect(classicIDs.count == 2 && classicIDs.allSatisfy { !c.registry.liveSoundIDs.contains($0) })
    #expect(c.files.tempPaths == ["tmp/kibo-key.wav", "tmp/kibo-space.wav"])
}

@Test func leakSoundIDsFault() throws {
    var c = ClickSounds(files: try filesWith(["key", "delete", "space"]), faults: .leakSoundIDs)
    c.setStyle(classic)
    let classicIDs = c.registry.liveSoundIDs
    c.setStyle(soft)
    #expect(c.liveIDsMatchCurrentStyle == false)
    #expect(c.registry.liveSoundIDs.count == 4)
    #expect(classicIDs.allSatisfy { c.registry.liveSoundIDs.contains($0) })
}

@Test func unreadableSampleFallsBackToFullVolumeOriginal() throws {
    var f = try filesWith(["key"])
    _ = f.place(.unreadable, at: SoundFileStore.bundlePath("delete"))
    var c = ClickSounds(files: f)
    try c.setVolume(0.3)
    c.setStyle(classic)
    let del = c.registrations.first { $0.sample == "delete" }
    #expect(del == SoundRegistration(style: "classic", sample: "delete", bucket: 2, gainQuarters: 4,
                                     path: "bundle/delete.wav", usedFallback: true, failure: .sourceUnreadable))
    let out = c.click("delete")
    #expect(out.played && out.audible && out.level == 1.0)
    #expect(c.click("key").level == 0.5)
}

@Test func silentFallbackFault() throws {
    var f = SoundFileStore()
    _ = f.place(.unreadable, at: SoundFileStore.bundlePath("key"))
    _ = f.place(.unreadable, at: SoundFileStore.bundlePath("delete"))
    var c = ClickSounds(files: f, faults: .silentFallback)
    c.setStyle(classic)
    #expect(c.click("key") == .silent)
    #expect(c.registry.liveSoundIDs.isEmpty)
    #expect(c.registrations.allSatisfy { $0.path == nil && !$0.usedFallback })
}

@Test func mutedClickSilent() throws {
    var c = ClickSounds(files: try filesWith(["key", "delete"]))
    c.setStyle(classic)
    try c.setVolume(0)
    #expect(c.click("key") == .silent)
    #expect(c.click("unknown-key") == .silent)
}

@Test func ringerBusRespectsSilentSwitch() throws {
    var c = ClickSounds(files: try filesWith(["key", "delete"]))
    c.setStyle(classic)
    try c.setVolume(0.74)
    c.bus = AudioBuses(ringerVolume: 0.5, mediaVolume: 0.12, silentSwitchOn: false)
    let o = c.click("key")
    #expect(o.path == .systemSoundRingerBus && o.level == 0.375 && o.audible)
    c.bus.silentSwitchOn = true
    #expect(c.click("key").level == 0)
}

@Test func mediaBusPlayerInaudibleBelowMaxWithLowMediaVolume() throws {
    var c = ClickSounds(files: try filesWith(["key", "delete"]), faults: .mediaBusPlayer)
    c.setStyle(classic)
    c.bus = AudioBuses(ringerVolume: 1.0, mediaVolume: 0.12)
    for v in [0.1, 0.3, 0.74] {
        try c.setVolume(v)
        #expect(c.click("key").audible == false)
    }
    try c.setVolume(1.0)
    #expect(c.click("key").audible)
    #expect(c.click("key").level == 0.12)
}

@Test func badBusVolumeRefusedAtItsColumn() {
    #expect(InlineScenario.error(Keyboard.self, "0 ringerVolume v=nan\n")?.hasPrefix("t.scenario:3:") == true)
    #expect(InlineScenario.error(Keyboard.self, "0 mediaVolume v=1.5\n")?.hasPrefix("t.scenario:3:") == true)
}

@Test func styleValidation() {
    #expect(throws: SoundStyleError.duplicateSample) { _ = try SoundStyle(name: "a", sampleNames: ["k", "k"]) }
    #expect(throws: SoundStyleError.badSampleCount(limit: SoundStyle.maxSamples)) {
        _ = try SoundStyle(name: "a", sampleNames: [])
    }
}
