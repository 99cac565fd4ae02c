import LockstepCore
import Platform

extension DualCam {
    public static func reduce(_ s: inout DualCamState, _ event: DualCamEvent, _ world: inout World<DualCam>) {
        s.stepFocus = nil
        s.stepCompositeMismatch = nil
        switch event {
        case .launch: launch(&s, &world)
        case .selectResolution(let width):
            guard requireSession(s, "selectResolution", &world) else { return }
            guard s.take == nil else { world.reject("selectResolution", "recording") { $0.int("take", s.take?.number ?? 0) }; return }
            changeResolution(&s, to: width, &world)
        case .selectLens(let lens): selectLens(&s, lens, &world)
        case .pinch(let camera, let zoom): pinch(&s, camera, zoom, &world)
        case .setMuted(let on):
            guard s.take == nil else { world.reject("setMuted", "frozenAtRecordTime") { $0.bool("takeMuted", s.take?.muted ?? false) }; return }
            s.muted = on
            world.emit(Record("settings.muted").bool("muted", on).word("appliesTo", "nextTake"))
        case .setAspect(let aspect):
            guard s.take == nil else { world.reject("setAspect", "frozenAtRecordTime") { $0.word("takeAspect", s.take?.aspect.rawValue ?? "none") }; return }
            s.aspect = aspect
            world.emit(Record("settings.aspect").word("aspect", aspect.rawValue).word("appliesTo", "nextTake"))
        case .setLayout(let layout):
            guard s.take == nil else { world.reject("setLayout", "frozenAtRecordTime") { $0.word("takeLayout", s.take?.layout.rawValue ?? "none") }; return }
            s.layout = layout
            world.emit(Record("settings.layout").word("layout", layout.rawValue))
            emitCrops(s, &world)
        case .startRecording: startRecording(&s, &world)
        case .stopRecording:
            guard s.take != nil else { world.reject("stopRecording", "notRecording"); return }
            finalize(&s, .user, &world)
        case .focusTap(let camera, let x, let y): focusTap(&s, camera, x, y, &world)
        case .audio(let pts, let count): audio(&s, pts: pts, sampleCount: count, &world)
        case .frameWithoutImage(let camera, let pts):
            s.framesWithoutImage += 1
            world.emit(Record("frame.dropped").word("camera", camera.rawValue).duration("pts", Duration(nanoseconds: pts)).word("reason", "noImageBuffer"))
        case .capture(let e): capture(&s, e, &world)
        case .gpuComplete(let id): gpuComplete(&s, id, &world)
        }
    }

    static func requireSession(_ s: DualCamState, _ input: String, _ world: inout World<DualCam>) -> Bool {
        if s.supported == nil { world.reject(input, "notLaunched"); return false }
        if s.supported == false { world.reject(input, "unsupported"); return false }
        if s.session == nil { world.reject(input, "noSession"); return false }
        return true
    }

    // MARK: Launch

    static func launch(_ s: inout DualCamState, _ world: inout World<DualCam>) {
        guard s.supported == nil else { world.reject("launch", "alreadyLaunched"); return }
        switch MultiCamSession.create(on: s.profile) {
        case .failure(let unsupported):
            s.supported = false
            world.emit(unsupported)
            world.emit(Record("screen").word("shows", "unsupportedDevice"))
        case .success(let session):
            s.supported = true
            s.session = session
            discoverLenses(&s, &world)
            SessionBuilder.build(&s, &world)
            emitCrops(s, &world)
        }
    }

    static func discoverLenses(_ s: inout DualCamState, _ world: inout World<DualCam>) {
        let d = BackLensDiscovery.discover(on: s.profile, current: s.backLens)
        s.availableBackLenses = d.found
        s.backLens = d.chosen
        world.emit(d)
    }

    /// The crop of each camera's portrait source into its tile (rotation 90 turns a 1280×720
    /// format into a 720×1280 source).
    static func emitCrops(_ s: DualCamState, _ world: inout World<DualCam>) {
        guard let session = s.session, s.built else { return }
        let tiles = CompositeCanvas.tiles(s.layout)
        for (lens, tile) in [(s.backLens, tiles.back), (CameraLens.front, tiles.front)] {
            guard let f = session.activeFormat(lens) else { continue }
            let rotated = session.connections.first { $0.lens == lens }?.rotationDegrees ?? 0
            let portrait = rotated == 90 || rotated == 270
            let crop = AspectFillCrop(sourceWidthPixels: portrait ? f.heightPixels : f.widthPixels,
                                      sourceHeightPixels: portrait ? f.widthPixels : f.heightPixels, tile: tile)
            world.emit(crop.record.word("camera", lens.rawValue).word("layout", s.layout.rawValue))
        }
    }

    // MARK: Resolution, lens, zoom, focus

    /// The resolution change with the commit-then-check cost gate and its rollback.
    static func changeResolution(_ s: inout DualCamState, to width: Int, _ world: inout World<DualCam>) {
        guard var session = s.session else { return }
        if s.take != nil { s.resolutionChangesDuringTake += 1 }
        let lenses = [s.backLens, CameraLens.front]
        let before = s.appliedWidth
        if world.isOn(.noRollback) {
            // Commit and keep, whatever the cost.
            world.emit(session.beginConfiguration())
            for lens in lenses { world.emit(session.configureFormat(lens, targetWidth: width, fps: 30)) }
            world.emit(session.commitConfiguration())
            s.previousWidth = before
            s.appliedWidth = width
            s.downgraded = false
            s.errorMessage = nil
            world.emit(Record("resolution").int("applied", width).int("previous", before).bool("downgraded", false).word("error", "none"))
            s.session = session
            emitCrops(s, &world)
            return
        }
        let change = session.changeResolution(targetWidth: width, previousWidth: before, lenses: lenses, fps: 30)
        for c in change.attempt { world.emit(c) }
        if case .rolledBack(let restore, _) = change.result { for c in restore { world.emit(c) } }
        world.emit(change)
        switch change.result {
        case .applied:
            s.previousWidth = before
            s.appliedWidth = width
            s.downgraded = false
            s.errorMessage = nil
        case .rolledBack:
            s.previousWidth = before
            s.appliedWidth = before
            s.downgraded = true
            s.errorMessage = nil
        case .failed(let e):
            s.errorMessage = "resolutionFailed: " + e.message
            if !session.isRunning, s.built { world.emit(session.startRunning()) }
        }
        s.session = session
        world.emit(Record("resolution").int("applied", s.appliedWidth).int("previous", s.previousWidth).bool("downgraded", s.downgraded)
            .with("error", s.errorMessage.map { .string($0) } ?? .word("none")))
        emitCrops(s, &world)
    }

    static func selectLens(_ s: inout DualCamState, _ lens: CameraLens, _ world: inout World<DualCam>) {
        guard requireSession(s, "selectLens", &world) else { return }
        guard lens != .front else { world.reject("selectLens", "notABackLens"); return }
        guard s.availableBackLenses.contains(lens) else {
            world.reject("selectLens", "notAvailable") { $0.word("lens", lens.rawValue) }
            return
        }
        guard s.take == nil else { world.reject("selectLens", "recording"); return }
        guard lens != s.backLens else { world.reject("selectLens", "alreadySelected") { $0.word("lens", lens.rawValue) }; return }
        guard var session = s.session, let output = s.backOutput,
              let input = session.inputs.first(where: { $0.lens == s.backLens }) else {
            s.backLens = lens
            world.emit(Record("lens").word("back", lens.rawValue).bool("applied", false))
            return
        }
        // One back lens at a time: swap the input, keep the output, wire a new connection.
        world.emit(session.beginConfiguration())
        world.emit(session.removeInput(input))
        world.emit(session.configureFormat(lens, targetWidth: s.appliedWidth, fps: 30))
        let added = session.addInput(lens, connections: .none, camera: .authorized)
        world.emit(added)
        if case .inputAdded(let newInput) = added {
            let conn = session.addConnection(from: newInput, to: output)
            world.emit(conn)
            if case .connectionAdded(let c) = conn, session.profile.camera(lens)?.supportsRotation == true {
                world.emit(session.setRotation(c.handle, degrees: 90))
            }
        }
        world.emit(session.commitConfiguration())
        if session.hardwareCost.exceedsBudget {
            // The same gate as a resolution change: over budget, the previous lens comes back.
            let overCost = session.hardwareCost
            if let current = session.inputs.first(where: { $0.lens == lens }) { _ = session.removeInput(current) }
            _ = SessionBuilder.configure(&session, input.lens, s.appliedWidth, &world)
            if case .inputAdded(let back) = session.addInput(input.lens, connections: .none, camera: .authorized),
               case .connectionAdded(let c) = session.addConnection(from: back, to: output) {
                _ = session.setRotation(c.handle, degrees: 90)
            }
            s.session = session
            world.emit(Record("lens").word("back", input.lens.rawValue).bool("applied", false).word("rejected", lens.rawValue)
                .with("cost", overCost.fixed).with("restoredCost", session.hardwareCost.fixed))
            return
        }
        s.session = session
        s.backLens = lens
        world.emit(Record("lens").word("back", lens.rawValue).bool("applied", true))
    }

    static func pinch(_ s: inout DualCamState, _ camera: CameraPosition, _ zoom: Double, _ world: inout World<DualCam>) {
        guard requireSession(s, "pinch", &world), var session = s.session else { return }
        let lens = camera == .front ? CameraLens.front : s.backLens
        let outcome = session.setZoom(lens, factor: zoom)
        s.session = session
        if case .refused(.zoomUnavailable) = outcome {
            if world.isOn(.frontZoomSilent) { return }
            world.emit(outcome)
            world.emit(Record("ui.notice").word("camera", camera.rawValue).string("text", "The front camera has no zoom"))
            return
        }
        world.emit(outcome)
    }

    static func focusTap(_ s: inout DualCamState, _ camera: CameraPosition, _ x: Double, _ y: Double, _ world: inout World<DualCam>) {
        guard requireSession(s, "focusTap", &world), let session = s.session, s.built else {
            if s.session != nil, !s.built { world.reject("focusTap", "sessionNotBuilt") }
            return
        }
        guard x.isFinite, y.isFinite, (0...1).contains(x), (0...1).contains(y) else {
            world.reject("focusTap", "outsideCanvas") { coordinate($0, "x", x).with("y", y.isFinite ? .fixed(y, places: 4) : .word("nonFinite")) }
            return
        }
        guard let connection = session.connections.first(where: { $0.lens.position == camera }) else {
            world.reject("focusTap", "noConnection") { $0.word("camera", camera.rawValue) }
            return
        }
        let p = FocusMapping.sensorPoint(x: x, y: y, camera: camera, swapped: world.isOn(.swappedFocusFormulas))
        s.stepFocus = (camera, x, y, p.u, p.v)
        // The contract the formula assumes, pinned beside it: a session change shows here.
        world.emit(Record("focus").word("camera", camera.rawValue).fixed("x", x, 4).fixed("y", y, 4).fixed("u", p.u, 4).fixed("v", p.v, 4)
            .int("rotation", connection.rotationDegrees).bool("mirrored", connection.isMirrored)
            .bool("contract", FocusMapping.contractHolds(camera: camera, rotationDegrees: connection.rotationDegrees, mirrored: connection.isMirrored)))
    }

    // MARK: System events

    static func coordinate(_ r: Record, _ key: String, _ v: Double) -> Record {
        r.with(key, v.isFinite ? .fixed(v, places: 4) : .word("nonFinite"))
    }

    static func capture(_ s: inout DualCamState, _ e: CaptureSystemEvent, _ world: inout World<DualCam>) {
        switch e {
        case .frame(let f): frame(&s, f, &world)
        case .thermal(let level): thermal(&s, level, &world)
        case .storage(let bytes):
            world.emit(s.conditions.setFreeBytes(bytes))
            if var take = s.take {
                let now = take.lastVideoPTSNanoseconds
                take.writtenBytesAtReading = now.map { take.writer.estimatedBytes(atNanoseconds: $0) } ?? 0
                take.freeBytesAtReading = s.conditions.freeBytes
                take.framesSinceStorageCheck = 0
                s.take = take
                checkStorage(&s, nowPTS: nil, &world)
            }
        case .interruptionBegan(let reason):
            guard requireSession(s, "camera.interruption", &world), var session = s.session else { return }
            let outcome = session.interruptionBegan(reason)
            s.session = session
            world.emit(outcome)
            if !outcome.isRefusal, s.take != nil, !world.isOn(.interruptionLeavesWriterOpen) { finalize(&s, .interruption, &world) }
        case .interruptionEnded:
            guard requireSession(s, "camera.interruption", &world), var session = s.session else { return }
            world.emit(session.interruptionEnded())
            // GAP: the session resumes; the recording does not (the user starts a new take).
            s.session = session
        case .mediaServicesReset:
            guard requireSession(s, "camera.mediaServicesReset", &world), var session = s.session else { return }
            world.emit(session.mediaServicesReset())
            s.session = session
            if s.take != nil { finalize(&s, .mediaReset, &world) }
            s.latestFront = nil
            s.built = false
            if world.isOn(.resetWithoutRebuild) {
                world.emit(Record("session.rebuild").word("result", "skipped"))
            } else {
                SessionBuilder.build(&s, &world)
            }
        case .runtimeError(let error):
            guard requireSession(s, "camera.runtimeError", &world), var session = s.session else { return }
            world.emit(session.runtimeError(error))
            s.session = session
            if s.take != nil { finalize(&s, .runtimeError, &world) }
        case .cameraPermissionAnswer, .cameraPermissionSettings:
            world.reject("camera.permission", "notModelled") { $0.string("why", "dualCam starts with the camera authorized") }
        case .photosAuthorization, .visionResult, .scanner, .documentCamera:
            world.reject(CaptureVocabulary.kind(of: e), "notModelled")
        }
    }

    static func thermal(_ s: inout DualCamState, _ level: ThermalState, _ world: inout World<DualCam>) {
        world.emit(s.conditions.setThermal(level))
        let recording = s.take != nil
        let hd1080 = s.appliedWidth == 1_920
        var action = CapturePolicy.thermalAction(level: level, isRecording: recording, isHD1080: hd1080)
        if world.isOn(.thermalDropsMidTake), level == .serious, recording, hd1080 { action = .dropTo720 }
        world.emit(Record("thermal.action").word("level", level.rawValue).bool("recording", recording).bool("hd1080", hd1080)
            .word("action", action.rawValue))
        if level == .serious, recording, action == .none {
            s.warnings.append("thermalSerious")
            world.emit(Record("warning").word("kind", "thermalSerious").string("text", "The phone is hot; the take continues at its resolution"))
        }
        switch action {
        case .none:
            if level == .critical, recording, world.isOn(.thermalCriticalIgnored) {
                // Nobody stopped the take: the system kills the session, the take is lost.
                if var session = s.session { world.emit(session.runtimeError(.unknown)); s.session = session }
                lose(&s, .unknown, &world)
            }
        case .stopRecording:
            if world.isOn(.thermalCriticalIgnored) {
                if var session = s.session { world.emit(session.runtimeError(.unknown)); s.session = session }
                lose(&s, .unknown, &world)
            } else {
                finalize(&s, .thermalCritical, &world)
            }
        case .dropTo720:
            if s.session != nil { changeResolution(&s, to: fallbackWidth, &world) }
        }
    }
}
