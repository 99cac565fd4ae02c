import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import DualCam

func dualCamRecords(_ body: String) throws(ScenarioError) -> [String] { try InlineScenario.records(DualCam.self, body) }

@Suite struct DualCamContractTests {
    @Test func contractIsClean() {
        #expect(DualCam.entry.problems.isEmpty)
    }
}

/// Known values from the article and the note, each worked out by hand in its comment.
@Suite struct CapturePolicyTests {
    @Test func storageThresholds() {
        // 200 MiB = 200 · 1024 · 1024 = 209,715,200 B; 100 MiB = 104,857,600 B.
        #expect(CapturePolicy.minBytesToStart == 209_715_200)
        #expect(CapturePolicy.minBytesToContinue == 104_857_600)
        #expect(CapturePolicy.canStart(freeBytes: 209_715_200))
        #expect(!CapturePolicy.canStart(freeBytes: 209_715_199))
        #expect(CapturePolicy.mustStop(freeBytes: 104_857_599))
        #expect(!CapturePolicy.mustStop(freeBytes: 104_857_600))
    }

    @Test func recordableTimeAtTenMegabits() {
        // 104,857,600 B · 8 = 838,860,800 bit; / 10,000,000 bit/s = 83.8860800 s.
        let c = DeviceConditions(freeBytes: CapturePolicy.minBytesToContinue)
        #expect(c.recordableNanoseconds(atBitsPerSecond: CapturePolicy.videoBitsPerSecond) == 83_886_080_000)
        // 209,715,200 B is twice that: 167.772160 s.
        let start = DeviceConditions(freeBytes: CapturePolicy.minBytesToStart)
        #expect(start.recordableNanoseconds(atBitsPerSecond: CapturePolicy.videoBitsPerSecond) == 167_772_160_000)
    }

    @Test func thermalTruthTable() {
        let t = CapturePolicy.thermalAction
        #expect(t(.critical, true, false) == .stopRecording)
        #expect(t(.critical, true, true) == .stopRecording)
        #expect(t(.critical, false, true) == .none)
        #expect(t(.serious, false, true) == .dropTo720)
        #expect(t(.serious, false, false) == .none)
        #expect(t(.serious, true, true) == .none)
        #expect(t(.serious, true, false) == .none)
        for level in [ThermalState.nominal, .fair] {
            for rec in [false, true] { for hd in [false, true] { #expect(t(level, rec, hd) == .none) } }
        }
    }
}

@Suite struct FocusMappingTests {
    func uv(_ x: Double, _ y: Double, _ c: CameraPosition, swapped: Bool = false) -> [Double] {
        let p = FocusMapping.sensorPoint(x: x, y: y, camera: c, swapped: swapped)
        return [p.u, p.v]
    }

    @Test func backCamera() {
        // (u, v) = (y, 1 − x).
        #expect(uv(0, 0, .back) == [0, 1])
        #expect(uv(1, 1, .back) == [1, 0])
        #expect(uv(0.25, 0.75, .back) == [0.75, 0.75])
        #expect(uv(0.5, 0.5, .back) == [0.5, 0.5])
    }

    @Test func frontCamera() {
        // (u, v) = (y, x): the issue's known value (0.25, 0.75) → (0.75, 0.25).
        #expect(uv(0.25, 0.75, .front) == [0.75, 0.25])
        #expect(uv(0, 0, .front) == [0, 0])
        #expect(uv(0.5, 0.5, .front) == [0.5, 0.5])
    }

    /// The mutation the article ran: swapping the formulas must fail these.
    @Test func swappedFormulasDiffer() {
        #expect(uv(0.25, 0.75, .front, swapped: true) == [0.75, 0.75])
        #expect(uv(0, 0, .back, swapped: true) == [0, 0])
    }

    @Test func contract() {
        #expect(FocusMapping.contractHolds(camera: .front, rotationDegrees: 90, mirrored: true))
        #expect(!FocusMapping.contractHolds(camera: .front, rotationDegrees: 90, mirrored: false))
        #expect(FocusMapping.contractHolds(camera: .back, rotationDegrees: 90, mirrored: false))
        #expect(!FocusMapping.contractHolds(camera: .back, rotationDegrees: 0, mirrored: false))
    }
}

@Suite struct LayoutCropTests {
    @Test func sideBySideLosesAQuarterEachSide() {
        // scale = max(540/720, 1920/1280) = max(0.75, 1.5) = 1.5 → 1080×1920; visible source width
        // = 540 · 1280 / 1920 = 360; (720 − 360) / 2 = 180 px = 25% each side.
        let crop = AspectFillCrop(sourceWidthPixels: 720, sourceHeightPixels: 1_280, tile: CompositeCanvas.tiles(.sideBySide).back)
        #expect(crop.cropsWidth)
        #expect(crop.scale == 1.5)
        #expect(crop.cropEachSideSourcePixels == 180)
        #expect(crop.cropEachSidePercent == 25)
    }

    @Test func pictureInPictureInsetFitsExactly() {
        // A 9:16 inset of 360×640 takes a 720×1280 source at scale 0.5 with nothing cropped.
        let crop = AspectFillCrop(sourceWidthPixels: 720, sourceHeightPixels: 1_280, tile: CompositeCanvas.tiles(.pictureInPicture).front)
        #expect(crop.scale == 0.5)
        #expect(crop.cropEachSideSourcePixels == 0)
    }
}

@Suite struct FormatAndLensTests {
    let camera = CameraProfile(.wide, formats: [
        CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true),
        CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 30)], multiCam: true),
        CaptureFormat(1920, 1440, fps: [FrameRateRange(1, 30)], multiCam: true),
    ])

    @Test func firstExactMatchThenLargestArea() throws {
        // 1920 → the FIRST 1920-wide 30 fps format, 1920×1080 (index 1), not 1920×1440.
        let exact = try MultiCamFormatChooser.choose(camera, targetWidth: 1_920, fps: 30).get()
        #expect(exact.index == 1 && exact.step == .exactMatch)
        // 3840 → none that wide → largest area: 1920·1440 = 2,764,800 > 2,073,600 → index 2.
        let fallback = try MultiCamFormatChooser.choose(camera, targetWidth: 3_840, fps: 30).get()
        #expect(fallback.index == 2 && fallback.step == .largestAreaFallback)
    }

    @Test func sixtyOnlyIsNotAThirtyMatch() throws {
        let sixty = CameraProfile(.wide, formats: [
            CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true),
            CaptureFormat(1920, 1080, fps: [FrameRateRange(60, 60)], multiCam: true),
        ])
        // No 30 fps range contains 30 → not an exact match → largest area, 1920×1080, whose rate then fails.
        let c = try MultiCamFormatChooser.choose(sixty, targetWidth: 1_920, fps: 30).get()
        #expect(c.index == 1 && c.step == .largestAreaFallback)
    }

    func profile(_ lenses: [CameraLens]) -> DeviceProfile {
        DeviceProfile(name: "t", isMultiCamSupported: true, cameras: lenses.map { CameraProfile($0, formats: camera.formats) } + [
            CameraProfile(.wide, formats: [CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: false)]),
        ], hardwarePixelRateBudget: 1, sustainedPixelRate: 1)
    }

    @Test func lensFallback() {
        // found [ultraWide, telephoto], current wide: wide not found → the first found, ultraWide.
        let d = BackLensDiscovery.discover(on: profile([.ultraWide, .telephoto]), current: .wide)
        #expect(d.found == [.ultraWide, .telephoto])
        #expect(d.chosen == .ultraWide)
        // found [] → wide.
        let none = BackLensDiscovery.discover(on: profile([]), current: .telephoto)
        #expect(none.found.isEmpty && none.chosen == .wide)
    }
}

@Suite struct CostGateTests {
    /// A two-camera profile with 720p30 and 1080p30 multicam formats and `budget` px/s.
    func session(budget: Int64) throws -> MultiCamSession {
        let formats = [CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false),
                       CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true),
                       CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 30)], multiCam: true)]
        let p = DeviceProfile(name: "t", isMultiCamSupported: true, cameras: [CameraProfile(.wide, formats: formats, maxZoomFactor: 5),
                                                                           CameraProfile(.front, formats: formats)],
                              hardwarePixelRateBudget: budget, sustainedPixelRate: budget)
        var s = try MultiCamSession.create(on: p).get()
        for lens in [CameraLens.wide, .front] {
            _ = s.configureFormat(lens, targetWidth: 1_280)
            guard case .inputAdded(let i) = s.addInput(lens, connections: .none, camera: .authorized),
                  case .outputAdded(let o) = s.addOutput(connections: .none) else { Issue.record("build"); return s }
            _ = s.addConnection(from: i, to: o)
        }
        return s
    }

    @Test func iPhoneXSDual1080RollsBack() throws {
        // 2 · 1920 · 1080 · 30 = 124,416,000 px/s / 110,000,000 = 1.13105… > 1 → rollback;
        // 2 · 1280 · 720 · 30 = 55,296,000 / 110,000,000 = 0.50269…
        var s = try session(budget: 110_000_000)
        let change = s.changeResolution(targetWidth: 1_920, previousWidth: 1_280, lenses: [.wide, .front])
        #expect(change.attemptCost.pixelRate == 124_416_000)
        #expect(change.downgraded && change.appliedWidth == 1_280)
        #expect(s.hardwareCost.pixelRate == 55_296_000)
        #expect(change.record.description.contains("cost=1.1311"))
    }

    @Test func exactlyOneIsKept() throws {
        // Budget = 2 · 1920 · 1080 · 30 exactly: cost 1.0 is not > 1.0 → kept; one px/s less → rollback.
        var kept = try session(budget: 124_416_000)
        #expect(!kept.changeResolution(targetWidth: 1_920, previousWidth: 1_280, lenses: [.wide, .front]).downgraded)
        var over = try session(budget: 124_415_999)
        #expect(over.changeResolution(targetWidth: 1_920, previousWidth: 1_280, lenses: [.wide, .front]).downgraded)
    }
}

@Suite struct DualCamScenarioTests {
    @Test func framePairingKnownValue() throws {
        // B1 F1 B2 F2 F3 B3: B1 has no front (skipped), B2 pairs with F1, F3 replaces F2, B3 pairs with F3.
        let r = try dualCamRecords("""
        0     launch
        +0.1  camera frame camera=back pts=0.1 index=1
        +0.01 camera frame camera=front pts=0.11 index=1
        +0.01 camera frame camera=back pts=0.12 index=2
        +0.01 camera frame camera=front pts=0.13 index=2
        +0.01 camera frame camera=front pts=0.14 index=3
        +0.01 camera frame camera=back pts=0.15 index=3
        """)
        let composites = r.filter { $0.hasPrefix("composite") }
        #expect(composites == [
            "composite.skipped back=1 pts=0.100000000s reason=noFront",
            "composite pts=0.120000000s preview=b2@540x1920+0+0,f1m@540x1920+540+0 file=none",
            "composite pts=0.150000000s preview=b3@540x1920+0+0,f3m@540x1920+540+0 file=none",
        ])
    }

    @Test func storageStopValue() throws {
        // Reading 105,000,000 B; 30 frames = 1.000 s at 10,128,000 bit/s = 1,266,000 B written;
        // 105,000,000 − 1,266,000 = 103,734,000 < 104,857,600 → stop at the first 30-frame check.
        let r = try dualCamRecords("""
        0      launch
        +1     startRecording
        +0.5   storage free=105000000
        +0.5   gen dualFrames seconds=1.2 first=150
        """)
        #expect(r.contains("storage.decision freeBytes=103734000 minBytesToContinue=104857600 action=stopRecording"))
        #expect(r.contains { $0.hasPrefix("take.summary take=1 reason=storageLow") && $0.contains("videoFrames=30") && $0.contains("saved=true") })
    }

    @Test func takeBytesByTheBitrateRule() throws {
        // 6 frames from 2.0 s at 30 fps end at 2.2 s: 0.2 s · (10,000,000 + 128,000) bit/s / 8 = 253,200 B.
        let r = try dualCamRecords("""
        0      launch
        +1     camera frame camera=front pts=1.9 index=57
        +0.01  startRecording
        +0.99  gen dualFrames seconds=0.2 first=60 frontLag=40ms
        +1     stopRecording
        """)
        #expect(r.contains { $0.hasPrefix("writer.finished") && $0.contains("frames=6") && $0.contains("bytes=253200") })
    }

    @Test func badInputIsLocated() {
        #expect(InlineScenario.error(DualCam.self, "0 thermal level=hot")?.contains("t.scenario:3:17: unknown level 'hot'") == true)
        #expect(InlineScenario.error(DualCam.self, "0 storage free=-1")?.contains("t.scenario:3:16:") == true)
        #expect(InlineScenario.error(DualCam.self, "0 focusTap camera=side x=0 y=0")?.contains("t.scenario:3:") == true)
        #expect(InlineScenario.error(DualCam.self, "set noMultiCamFormats tele\n0 launch")?.contains("unknown lens 'tele'") == true)
    }

    @Test func swappedFocusFaultBreaksTheInvariant() throws {
        let trace = InlineScenario.traceOrError(DualCam.self, "set fault swappedFocusFormulas\n0 launch\n+1 focusTap camera=front x=0.25 y=0.75")
        #expect(trace.contains("focus camera=front x=0.2500 y=0.7500 u=0.7500 v=0.7500"))
        #expect(trace.contains("lockstep.invariant name=focusFormula"))
    }
}
