import LockstepCore
import Platform
import Testing

/// The seed's session build for the back wide camera and the front camera at `width`: formats
/// first, inputs and outputs without connections, connections wired by hand, rotation 90 on both,
/// the front mirrored with automatic mirroring off. Returns the records, in call order.
@discardableResult
func buildDualSession(_ s: inout MultiCamSession, width: Int = 1280) -> [String] {
    var log: [String] = []
    _ = s.beginConfiguration()
    for lens in [CameraLens.wide, .front] {
        log.append(s.configureFormat(lens, targetWidth: width).record.description)
        guard case .inputAdded(let input) = s.addInput(lens, connections: .none, camera: .authorized),
              case .outputAdded(let output) = s.addOutput(connections: .none),
              case .connectionAdded(let c) = s.addConnection(from: input, to: output) else {
            log.append("build failed")
            return log
        }
        log.append(s.setRotation(c.handle, degrees: 90).record.description)
        if lens == .front {
            _ = s.setAutomaticallyAdjustsMirroring(c.handle, false)
            log.append(s.setMirrored(c.handle, true).record.description)
        }
    }
    log.append(s.commitConfiguration().record.description)
    return log
}

func makeCaptureSession(_ profile: DeviceProfile = .iPhoneXS) -> MultiCamSession {
    guard case .success(let s) = MultiCamSession.create(on: profile) else { fatalError("\(profile.name) has no multicam") }
    return s
}

private func frame(_ position: CameraPosition, _ k: Int64) -> CameraFrame {
    CameraFrame(position: position, index: k, ptsNanoseconds: CameraFrameClock(framesPerSecond: 30)!.ptsNanoseconds(ofFrame: k))
}

@Suite struct CaptureMultiCamSessionTests {
    @Test func unsupportedProfilesHaveNoSession() {
        for p in [DeviceProfile.iPhone8, .simulator] {
            guard case .failure(let why) = MultiCamSession.create(on: p) else { Issue.record("\(p.name) made a session"); continue }
            #expect(why.record.description == "session.unsupported profile=\(p.name) isMultiCamSupported=false")
        }
    }

    @Test func theSeedsBuildSequence() {
        var s = makeCaptureSession()
        #expect(buildDualSession(&s) == [
            "session.format camera=wide index=1 format=1280x720@1-30+mc step=exactMatch fps=30",
            "session.connection change=changed id=1 camera=wide output=1 rotation=90 autoMirror=true mirrored=false enabled=true generation=1",
            "session.format camera=front index=1 format=1280x720@1-30+mc step=exactMatch fps=30",
            "session.connection change=changed id=2 camera=front output=2 rotation=90 autoMirror=true mirrored=false enabled=true generation=1",
            "session.connection change=changed id=2 camera=front output=2 rotation=90 autoMirror=false mirrored=true enabled=true generation=1",
            // 2 · 1280·720·30 = 55,296,000 px/s: 0.5027 of 110,000,000, 0.6144 of 90,000,000.
            "session.commit hardwareCost=0.5027 systemPressureCost=0.6144 overBudget=false streams=wide:1280x720@30,front:1280x720@30 generation=1",
        ])
        #expect(s.startRunning() == .started(generation: 1))
    }

    @Test func multicamRulesAreRefusals() {
        var s = makeCaptureSession()
        #expect(s.addInput(.wide, connections: .implicit, camera: .authorized).record.description
            == "rejected input=session reason=implicitConnections operation=addInput")
        #expect(s.addOutput(connections: .implicit).record.description == "rejected input=session reason=implicitConnections operation=addOutput")
        #expect(s.setPreset(.hd1920x1080).record.description == "rejected input=session reason=presetNotAllowed preset=hd1920x1080")
        #expect(s.setPreset(.inputPriority) == .presetSet(.inputPriority))
        // Before a format is chosen the active one is the photo format: canAddInput is false.
        #expect(s.addInput(.wide, connections: .none, camera: .authorized).record.description
            == "rejected input=session reason=activeFormatNotMultiCam camera=wide format=4032x3024@1-30")
        _ = s.configureFormat(.wide, targetWidth: 1280)
        #expect(s.addInput(.wide, connections: .none, camera: .denied) == .refused(.cameraNotAuthorized(.denied)))
        #expect(s.addInput(.ultraWide, connections: .none, camera: .authorized) == .refused(.noSuchCamera(.ultraWide)))
        guard case .inputAdded(let wide) = s.addInput(.wide, connections: .none, camera: .authorized) else { Issue.record("no input"); return }
        #expect(s.addInput(.wide, connections: .none, camera: .authorized) == .refused(.inputAlreadyInSession(.wide)))
        _ = s.configureFormat(.telephoto, targetWidth: 1280)
        #expect(s.addInput(.telephoto, connections: .none, camera: .authorized).record.description
            == "rejected input=session reason=positionInUse position=back by=wide")
        // A non-multicam format on a camera in the session.
        #expect(s.setActiveFormat(.wide, index: 0) == .refused(.formatNotMultiCam(.wide, DeviceProfile.iPhoneXS.camera(.wide)!.formats[0])))
        #expect(s.setActiveFormat(.wide, index: 9) == .refused(.formatIndexOutOfRange(.wide, index: 9, count: 6)))
        #expect(s.setFrameRate(.wide, fps: 60).record.description
            == "rejected input=session reason=frameRateUnsupported camera=wide fps=60 format=1280x720@1-30+mc")
        guard case .outputAdded(let out) = s.addOutput(connections: .none), case .connectionAdded(let c) = s.addConnection(from: wide, to: out) else {
            Issue.record("no connection"); return
        }
        #expect(s.addConnection(from: wide, to: out) == .refused(.outputAlreadyConnected(id: out.id)))
        // isVideoMirrored while automatic mirroring is on raises in AVFoundation.
        #expect(s.setMirrored(c.handle, true).record.description == "rejected input=session reason=automaticMirroringOn connection=1")
        #expect(s.setRotation(c.handle, degrees: 45) == .refused(.rotationUnsupported(.wide, degrees: 45)))
    }

    @Test func rotationAndMirroringSupportComeFromTheProfile() {
        let plain = DeviceProfile(name: "plain", isMultiCamSupported: true, cameras: [
            CameraProfile(.wide, formats: [CaptureFormat(1280, 720, fps: [FrameRateRange(1, 30)], multiCam: true)],
                          supportsRotation: false, supportsMirroring: false),
        ], hardwarePixelRateBudget: 100_000_000, sustainedPixelRate: 100_000_000)
        var s = makeCaptureSession(plain)
        guard case .inputAdded(let i) = s.addInput(.wide, connections: .none, camera: .authorized), case .outputAdded(let o) = s.addOutput(connections: .none),
              case .connectionAdded(let c) = s.addConnection(from: i, to: o) else { Issue.record("no connection"); return }
        #expect(s.setRotation(c.handle, degrees: 90).record.description == "rejected input=session reason=rotationUnsupported camera=wide degrees=90")
        _ = s.setAutomaticallyAdjustsMirroring(c.handle, false)
        #expect(s.setMirrored(c.handle, true) == .refused(.mirroringUnsupported(.wide)))
    }

    @Test func costOnlyChangesAtTheOutermostCommit() {
        var s = makeCaptureSession()
        buildDualSession(&s)
        #expect(s.hardwareCost.fixed.text == "0.5027")
        #expect(s.beginConfiguration() == .configurationBegan(depth: 1))
        #expect(s.beginConfiguration() == .configurationBegan(depth: 2))
        _ = s.configureFormat(.wide, targetWidth: 1920)
        _ = s.configureFormat(.front, targetWidth: 1920)
        // No dry run: still the old value.
        #expect(s.hardwareCost.fixed.text == "0.5027")
        #expect(s.commitConfiguration() == .innerCommit(depthLeft: 1))
        #expect(s.hardwareCost.fixed.text == "0.5027")
        #expect(s.startRunning().record.description == "rejected input=session reason=insideConfiguration operation=startRunning")
        #expect(s.commitConfiguration().record.description
            == "session.commit hardwareCost=1.1311 systemPressureCost=1.3824 overBudget=true streams=wide:1920x1080@30,front:1920x1080@30 generation=1")
        #expect(s.commitConfiguration() == .refused(.notInConfiguration))
    }

    @Test func overBudgetSessionCannotStart() {
        var s = makeCaptureSession()
        buildDualSession(&s, width: 1920)
        #expect(s.hardwareCost.exceedsBudget)
        let o = s.startRunning()
        #expect(o.record.description == "session.runtime-error error=sessionHardwareCostOverage wasRunning=false")
        #expect(!s.isRunning)
        #expect(s.lastRuntimeError == .sessionHardwareCostOverage)
    }

    @Test func runningSessionDiesOnItsNextFrameWhenLeftOverBudget() {
        var s = makeCaptureSession()
        buildDualSession(&s)
        _ = s.startRunning()
        #expect(s.deliver(frame(.back, 0)).isDelivered)
        _ = s.beginConfiguration()
        _ = s.configureFormat(.wide, targetWidth: 1920)
        _ = s.configureFormat(.front, targetWidth: 1920)
        _ = s.commitConfiguration()
        // No rollback: the next frame kills the session.
        let o = s.deliver(frame(.back, 1))
        #expect(o.record.description == "session.runtime-error error=sessionHardwareCostOverage wasRunning=true camera=back index=1")
        #expect(!s.isRunning)
        #expect(s.deliver(frame(.front, 1)).record.description == "session.frame-dropped camera=front index=1 pts=0.033333333s reason=notRunning")
    }

    @Test func framesGoToTheirCamerasConnection() {
        var s = makeCaptureSession()
        buildDualSession(&s)
        #expect(s.deliver(frame(.back, 0)) == .dropped(frame(.back, 0), .notRunning))
        _ = s.startRunning()
        #expect(s.deliver(frame(.back, 3)).record.description
            == "session.frame camera=back index=3 pts=0.100000000s output=1 connection=1 generation=1")
        #expect(s.deliver(frame(.front, 3)).record.description
            == "session.frame camera=front index=3 pts=0.100000000s output=2 connection=2 generation=1")
        #expect(s.framesDelivered == 2 && s.framesDropped == 1)
    }

    @Test func disablingACameraStopsItsStreamAndItsCost() {
        var s = makeCaptureSession()
        buildDualSession(&s)
        _ = s.startRunning()
        let front = s.connections.first { $0.lens == .front }!.handle
        _ = s.setEnabled(front, false)
        // Only the wide camera streams now: 27,648,000 / 110,000,000 = 0.2513.
        #expect(s.hardwareCost.fixed.text == "0.2513")
        #expect(s.deliver(frame(.front, 0)).record.description == "session.frame-dropped camera=front index=0 pts=0.000000000s reason=connectionDisabled")
    }

    @Test func mediaServicesResetMakesANewGeneration() {
        var s = makeCaptureSession()
        buildDualSession(&s)
        _ = s.startRunning()
        let oldConnection = s.connections[0].handle
        let oldInput = s.inputs[0]
        let reset = s.mediaServicesReset()
        #expect(reset.record.description == "session.reset from=1 to=2 wasRunning=true inputs=2 outputs=2 connections=2")
        #expect(s.generation == 2 && !s.isRunning && s.inputs.isEmpty)
        // Old objects are stale.
        #expect(s.setRotation(oldConnection, degrees: 90).record.description
            == "rejected input=session reason=staleHandle kind=connection generation=1 current=2")
        #expect(s.removeInput(oldInput) == .refused(.staleHandle(kind: "input", generation: 1, current: 2)))
        #expect(!s.isCurrent(oldConnection.generation))
        // Cameras are back on their default formats: the seed must choose formats again.
        #expect(s.camera(.wide)?.activeFormatIndex == 0)
        // Restarting without rebuilding: the picture freezes, visibly.
        _ = s.startRunning()
        #expect(s.deliver(frame(.back, 10)).record.description == "session.frame-dropped camera=back index=10 pts=0.333333333s reason=noConnection generation=2")
        // Rebuilt: frames flow again, in generation 2.
        _ = s.stopRunning()
        buildDualSession(&s)
        _ = s.startRunning()
        #expect(s.deliver(frame(.back, 11)).record.description
            == "session.frame camera=back index=11 pts=0.366666666s output=3 connection=3 generation=2")
    }

    @Test func interruptionsStopFramesUntilTheyEnd() {
        var s = makeCaptureSession()
        buildDualSession(&s)
        _ = s.startRunning()
        #expect(s.interruptionEnded() == .refused(.notInterrupted))
        let began = s.interruptionBegan(.videoDeviceInUseByAnotherClient)
        #expect(began.record.description == "session.interruption phase=began reason=videoDeviceInUseByAnotherClient raw=3 wasRunning=true")
        #expect(s.interruptionBegan(.audioDeviceInUseByAnotherClient).record.description
            == "rejected input=session reason=alreadyInterrupted by=videoDeviceInUseByAnotherClient")
        #expect(s.deliver(frame(.back, 1)) == .dropped(frame(.back, 1), .interrupted(.videoDeviceInUseByAnotherClient)))
        #expect(s.interruptionEnded().record.description == "session.interruption phase=ended reason=videoDeviceInUseByAnotherClient resumed=true")
        #expect(s.deliver(frame(.back, 2)).isDelivered)
        #expect(CaptureInterruptionReason.allCases.map(\.rawCode) == [1, 2, 3, 4, 5])
    }

    @Test func runtimeErrorsStopTheSession() {
        var s = makeCaptureSession()
        buildDualSession(&s)
        _ = s.startRunning()
        #expect(s.runtimeError(.deviceWasDisconnected).record.description == "session.runtime-error error=deviceWasDisconnected wasRunning=true")
        #expect(!s.isRunning)
        #expect(s.stopRunning() == .refused(.notRunning))
        #expect(s.startRunning() == .started(generation: 1))
        #expect(s.startRunning() == .refused(.alreadyRunning))
    }

    @Test func zoomIsClampedAndTheFrontHasNone() {
        var s = makeCaptureSession()
        #expect(s.setZoom(.front, factor: 2).record.description == "rejected input=session reason=zoomUnavailable camera=front")
        #expect(s.setZoom(.wide, factor: 25).record.description == "session.zoom camera=wide requested=25.00 applied=10.00 clamped=true")
        #expect(s.setZoom(.wide, factor: 0.5) == .zoomSet(.wide, requested: 0.5, applied: 1))
        #expect(s.setZoom(.wide, factor: .nan).record.description == "rejected input=session reason=invalidZoom factor=nan")
        #expect(s.camera(.wide)?.zoomFactor == 1)
    }

    @Test func removingAnInputTakesItsConnections() {
        var s = makeCaptureSession()
        buildDualSession(&s)
        let wide = s.inputs.first { $0.lens == .wide }!
        #expect(s.removeInput(wide).record.description == "session.input-removed camera=wide connections=1 generation=1")
        #expect(s.hardwareCost.fixed.text == "0.2513")
        // Now a telephoto can be the back camera.
        _ = s.configureFormat(.telephoto, targetWidth: 1280)
        #expect(s.addInput(.telephoto, connections: .none, camera: .authorized) == .inputAdded(CaptureInputHandle(lens: .telephoto, generation: 1)))
    }

    @Test func stateIsCanonical() {
        var s = makeCaptureSession()
        buildDualSession(&s)
        var w = CanonicalWriter()
        s.write(to: &w)
        #expect(w.text == """
            session {
              profile=iPhoneXS
              generation=1
              running=false
              interruption=none
              configurationDepth=0
              hardwareCost=0.5027
              systemPressureCost=0.6144
              lastRuntimeError=none
              framesDelivered=0
              framesDropped=0
              cameras count=3 {
                camera lens=wide format=1 dims=1280x720 fps=30 zoom=1.00
                camera lens=telephoto format=0 dims=4032x3024 fps=default zoom=1.00
                camera lens=front format=1 dims=1280x720 fps=30 zoom=1.00
              }
              inputs=wide,front
              outputs=1,2
              connections count=2 {
                connection id=1 camera=wide output=1 rotation=90 autoMirror=true mirrored=false enabled=true generation=1
                connection id=2 camera=front output=2 rotation=90 autoMirror=false mirrored=true enabled=true generation=1
              }
            }

            """)
    }
}

@Suite struct CaptureResolutionChangeTests {
    @Test func overBudgetRollsBackAndTheSessionLives() {
        // The note's scenario: 720 running on a profile where dual 1080 costs 1.13.
        var s = makeCaptureSession()
        buildDualSession(&s, width: 1280)
        _ = s.startRunning()
        let change = s.changeResolution(targetWidth: 1920, previousWidth: 1280, lenses: [.wide, .front])
        #expect(change.record.description
            == "session.resolution target=1920 previous=1280 cost=1.1311 result=rolledBack restoredCost=0.5027 downgraded=true applied=1280")
        #expect(change.attempt.map(\.record.description) == [
            "session.format camera=wide index=2 format=1920x1080@1-30+mc step=exactMatch fps=30",
            "session.format camera=front index=2 format=1920x1080@1-30+mc step=exactMatch fps=30",
        ])
        if case .rolledBack(let restore, _) = change.result {
            #expect(restore.map(\.record.description) == [
                "session.format camera=wide index=1 format=1280x720@1-30+mc step=exactMatch fps=30",
                "session.format camera=front index=1 format=1280x720@1-30+mc step=exactMatch fps=30",
            ])
        } else {
            Issue.record("no rollback")
        }
        #expect(s.isRunning)
        #expect(s.deliver(frame(.back, 0)).isDelivered)
    }

    @Test func withinBudgetIsApplied() {
        var s = makeCaptureSession(.iPhone15Pro)
        buildDualSession(&s, width: 1280)
        let change = s.changeResolution(targetWidth: 1920, previousWidth: 1280, lenses: [.wide, .front])
        #expect(change.record.description == "session.resolution target=1920 previous=1280 cost=0.2304 result=applied downgraded=false applied=1920")
        // 4K at 60: 1.8432, rolled back to 1080p30 (0.2304).
        let fourK = s.changeResolution(targetWidth: 3840, previousWidth: 1920, lenses: [.wide, .front], fps: 60)
        #expect(fourK.record.description
            == "session.resolution target=3840 previous=1920 cost=1.8432 result=rolledBack restoredCost=0.4608 downgraded=true applied=1920")
    }

    @Test func aFailedCameraCommitsWithoutRollback() {
        // The front camera has no multicam format: the back camera is already on 1920 when it fails.
        let noFront = DeviceProfile(name: "noFront", isMultiCamSupported: true, cameras: [
            DeviceProfile.iPhoneXS.camera(.wide)!,
            CameraProfile(.front, formats: [CaptureFormat(3088, 2320, fps: [FrameRateRange(1, 30)], multiCam: false)]),
        ], hardwarePixelRateBudget: 110_000_000, sustainedPixelRate: 90_000_000)
        var s = makeCaptureSession(noFront)
        let change = s.changeResolution(targetWidth: 1920, previousWidth: 1280, lenses: [.wide, .front])
        #expect(change.record.description
            == "session.resolution target=1920 previous=1280 cost=0.0000 result=failed reason=noMultiCamFormat error=\"no multicam format (front)\" downgraded=false applied=1920")
        #expect(s.camera(.wide)?.activeFormatIndex == 2)
        #expect(s.configurationDepth == 0)
    }

    @Test func aFallbackWithoutTheRateFails() {
        let only60 = DeviceProfile(name: "only60", isMultiCamSupported: true, cameras: [
            CameraProfile(.wide, formats: [CaptureFormat(1920, 1080, fps: [FrameRateRange(60, 60)], multiCam: true)]),
        ], hardwarePixelRateBudget: 1_000_000_000, sustainedPixelRate: 1_000_000_000)
        var s = makeCaptureSession(only60)
        let c = s.configureFormat(.wide, targetWidth: 1920, fps: 30)
        #expect(c.record.description
            == "rejected input=session.format reason=frameRateUnsupported camera=wide error=\"30 fps is outside 1920x1080@60-60+mc (wide)\"")
        // As on a device, the format was assigned before the rate failed.
        #expect(s.camera(.wide)?.activeFormatIndex == 0 && s.camera(.wide)?.frameRateFPS == nil)
    }

    @Test func nonPositiveWidthIsRefused() {
        var s = makeCaptureSession()
        #expect(s.changeResolution(targetWidth: 0, previousWidth: 1280, lenses: [.wide]).result == .failed(.invalidTargetWidth(0)))
        #expect(s.configurationDepth == 0)
    }
}
