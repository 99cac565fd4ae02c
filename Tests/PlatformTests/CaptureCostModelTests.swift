import LockstepCore
import Platform
import Testing

private func stream(_ lens: CameraLens, _ w: Int, _ h: Int, fps: Int, binned: Bool = false) -> CaptureStream {
    CaptureStream(lens: lens, format: CaptureFormat(w, h, fps: [FrameRateRange(1, 240)], multiCam: true, binned: binned), fps: fps)
}

@Suite struct CaptureCostModelTests {
    @Test func dual1080p30OverTheXSBudgetAnd720p30Under() {
        // 1920·1080 = 2,073,600 px; ·30 = 62,208,000 px/s; two cameras 124,416,000 px/s.
        // 124,416,000 / 110,000,000 = 1.13105… > 1.0: the seed's rollback case.
        let dual1080 = [stream(.wide, 1920, 1080, fps: 30), stream(.front, 1920, 1080, fps: 30)]
        let hw = CaptureCostModel.hardwareCost(dual1080, on: .iPhoneXS)
        #expect(hw.pixelRate == 124_416_000)
        #expect(hw.fixed.text == "1.1311")
        #expect(hw.exceedsBudget)
        // 1280·720·30 = 27,648,000; two 55,296,000; / 110,000,000 = 0.50269…
        let dual720 = [stream(.wide, 1280, 720, fps: 30), stream(.front, 1280, 720, fps: 30)]
        let low = CaptureCostModel.hardwareCost(dual720, on: .iPhoneXS)
        #expect(low.pixelRate == 55_296_000)
        #expect(low.fixed.text == "0.5027")
        #expect(!low.exceedsBudget)
        // Pressure: 124,416,000 / 90,000,000 = 1.3824 (reported, not gated).
        #expect(CaptureCostModel.systemPressureCost(dual1080, on: .iPhoneXS).fixed.text == "1.3824")
    }

    @Test func modernProfileFits1080p30PairsNot4K60Pairs() {
        // 124,416,000 / 540,000,000 = 0.2304.
        let pair1080 = [stream(.wide, 1920, 1080, fps: 30), stream(.front, 1920, 1080, fps: 30)]
        #expect(CaptureCostModel.hardwareCost(pair1080, on: .iPhone15Pro).fixed.text == "0.2304")
        // 3840·2160 = 8,294,400; ·60 = 497,664,000; two 995,328,000; / 540,000,000 = 1.8432 > 1.
        let pair4K60 = [stream(.wide, 3840, 2160, fps: 60), stream(.front, 3840, 2160, fps: 60)]
        let c = CaptureCostModel.hardwareCost(pair4K60, on: .iPhone15Pro)
        #expect(c.pixelRate == 995_328_000)
        #expect(c.fixed.text == "1.8432")
        #expect(c.exceedsBudget)
        // 4K30 pair: 497,664,000 / 540,000,000 = 0.9216 (allowed), but / 400,000,000 sustained =
        // 1.24416 (runs, not sustainably).
        let pair4K30 = [stream(.wide, 3840, 2160, fps: 30), stream(.front, 3840, 2160, fps: 30)]
        #expect(CaptureCostModel.hardwareCost(pair4K30, on: .iPhone15Pro).fixed.text == "0.9216")
        #expect(!CaptureCostModel.hardwareCost(pair4K30, on: .iPhone15Pro).exceedsBudget)
        #expect(CaptureCostModel.systemPressureCost(pair4K30, on: .iPhone15Pro).fixed.text == "1.2442")
        #expect(CaptureCostModel.systemPressureCost(pair4K30, on: .iPhone15Pro).exceedsBudget)
    }

    @Test func binningHalvesThePixelRate() {
        // 1280·720·60 = 55,296,000, binned: 27,648,000.
        #expect(CaptureCostModel.pixelRate(stream(.wide, 1280, 720, fps: 60, binned: true)) == 27_648_000)
        #expect(CaptureCostModel.pixelRate(stream(.wide, 1280, 720, fps: 60)) == 55_296_000)
        // Odd products round down: 3·3·1 = 9 → 4.
        #expect(CaptureCostModel.pixelRate(stream(.wide, 3, 3, fps: 1, binned: true)) == 4)
    }

    @Test func exactlyOneIsKeptAndAnyMoreIsOver() {
        let pair = [stream(.wide, 1920, 1080, fps: 30), stream(.front, 1920, 1080, fps: 30)]
        let exact = DeviceProfile(name: "exact", isMultiCamSupported: true, cameras: [], hardwarePixelRateBudget: 124_416_000, sustainedPixelRate: 1)
        #expect(CaptureCostModel.hardwareCost(pair, on: exact).fixed.text == "1.0000")
        #expect(!CaptureCostModel.hardwareCost(pair, on: exact).exceedsBudget)
        // One pixel per second over: 124,416,000 / 124,415,999 = 1.000000008…, prints 1.0000, is over.
        let under = DeviceProfile(name: "under", isMultiCamSupported: true, cameras: [], hardwarePixelRateBudget: 124_415_999, sustainedPixelRate: 1)
        #expect(CaptureCostModel.hardwareCost(pair, on: under).fixed.text == "1.0000")
        #expect(CaptureCostModel.hardwareCost(pair, on: under).exceedsBudget)
    }

    @Test func builtInProfiles() {
        #expect(DeviceProfile.builtIn.map(\.name) == ["iPhoneXS", "iPhone15Pro", "iPhone8", "simulator"])
        #expect(DeviceProfile.builtIn.map(\.isMultiCamSupported) == [true, true, false, false])
        #expect(DeviceProfile.iPhoneXS.cameras.map(\.lens) == [.wide, .telephoto, .front])
        #expect(DeviceProfile.iPhone15Pro.cameras.map(\.lens) == [.ultraWide, .wide, .telephoto, .front])
        #expect(DeviceProfile.simulator.cameras.isEmpty)
        #expect(DeviceProfile.named("iPhone15Pro")?.hardwarePixelRateBudget == 540_000_000)
        #expect(DeviceProfile.named("iPhone99") == nil)
        // Every camera's default format is its full-sensor photo format, never a multicam one.
        for p in DeviceProfile.builtIn {
            for c in p.cameras { #expect(!c.formats[c.defaultFormatIndex].isMultiCamSupported) }
        }
        #expect(DeviceProfile.iPhoneXS.camera(.front)?.maxZoomFactor == 1)
        #expect(DeviceProfile.iPhone15Pro.camera(.wide)?.formats[5].description == "1920x1080@1-240+binned")
        #expect(DeviceProfile.iPhoneXS.camera(.wide)?.formats[2].description == "1920x1080@1-30+mc")
    }
}

@Suite struct CaptureFormatChoiceTests {
    let camera = CameraProfile(.wide, formats: [
        CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false),
        CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true),
        CaptureFormat(1920, 1080, fps: [FrameRateRange(1, 30)], multiCam: true),
        CaptureFormat(1920, 1440, fps: [FrameRateRange(1, 30)], multiCam: true),
    ])

    @Test func firstExactMatchThenLargestArea() throws {
        // The note's known values: target 1920 → 1920×1080 (the first match), target 3840 → the
        // largest multicam area, 1920×1440 (the 4032×3024 photo format is not multicam).
        let exact = try MultiCamFormatChooser.choose(camera, targetWidth: 1920, fps: 30).get()
        #expect(exact.index == 2 && exact.step == .exactMatch)
        let fallback = try MultiCamFormatChooser.choose(camera, targetWidth: 3840, fps: 30).get()
        #expect(fallback.index == 3 && fallback.step == .largestAreaFallback)
    }

    @Test func aFormatWithout30fpsIsNotAMatch() throws {
        let only60 = CameraProfile(.wide, formats: [
            CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true),
            CaptureFormat(1920, 1080, fps: [FrameRateRange(60, 60)], multiCam: true),
        ])
        let c = try MultiCamFormatChooser.choose(only60, targetWidth: 1920, fps: 30).get()
        // Fallback by area picks the 60-only format anyway: the frame rate then fails (below).
        #expect(c.index == 1 && c.step == .largestAreaFallback)
    }

    @Test func equalAreasKeepTheFirst() throws {
        let tie = CameraProfile(.front, formats: [
            CaptureFormat(1440, 1920, fps: [FrameRateRange(1, 30)], multiCam: true),
            CaptureFormat(1920, 1440, fps: [FrameRateRange(1, 30)], multiCam: true),
        ])
        #expect(try MultiCamFormatChooser.choose(tie, targetWidth: 100, fps: 30).get().index == 0)
    }

    @Test func noMulticamFormatAndBadWidth() {
        let none = CameraProfile(.front, formats: [CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false)])
        #expect(throws: FormatConfigurationError.noMultiCamFormat(.front)) { try MultiCamFormatChooser.choose(none, targetWidth: 1920, fps: 30).get() }
        #expect(throws: FormatConfigurationError.invalidTargetWidth(0)) { try MultiCamFormatChooser.choose(camera, targetWidth: 0, fps: 30).get() }
        #expect(FormatConfigurationError.noMultiCamFormat(.front).message == "no multicam format (front)")
    }

    @Test func backLensFallbackChain() {
        // The note's known values: found [ultraWide, telephoto] with wide selected → ultraWide; none found → wide.
        let noWide = DeviceProfile(name: "noWide", isMultiCamSupported: true, cameras: [
            CameraProfile(.ultraWide, formats: [CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true)]),
            CameraProfile(.wide, formats: [CaptureFormat(4032, 3024, fps: [FrameRateRange(1, 30)], multiCam: false)]),
            CameraProfile(.telephoto, formats: [CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true)]),
        ], hardwarePixelRateBudget: 1, sustainedPixelRate: 1)
        let d = BackLensDiscovery.discover(on: noWide, current: .wide)
        #expect(d.record.description == "session.lenses found=ultraWide,telephoto chosen=ultraWide step=fellBackToFirstFound")
        #expect(BackLensDiscovery.discover(on: .simulator, current: .telephoto).record.description
            == "session.lenses found=none chosen=wide step=noneFound")
        #expect(BackLensDiscovery.discover(on: .iPhoneXS, current: .ultraWide).record.description
            == "session.lenses found=wide,telephoto chosen=wide step=fellBackToWide")
        #expect(BackLensDiscovery.discover(on: .iPhone15Pro, current: .telephoto).step == .kept)
    }
}
