import LockstepCore

/// `AVCaptureMultiCamSession` as a deterministic value: its rules, its cost gate, its
/// generations, and what the system does to it.
///
/// **Building it** (the seed's rules): `create(on:)` fails on a profile without
/// `isMultiCamSupported`. Inputs and outputs are added without connections (`ConnectionForming.none`;
/// the implicit APIs are refused) and wired with `addConnection`; the only preset is
/// `inputPriority`; a camera's input is refused while its active format is not a multicam format,
/// so formats are chosen first. One camera per position (one back lens at a time). Adding an input
/// needs the camera permission (creating a device input fails without it).
///
/// **Configuration**: `beginConfiguration` / `commitConfiguration` nest; the outermost commit
/// recomputes `hardwareCost` and `systemPressureCost` (`CaptureCostModel`), which only then reflect
/// the change: there is no dry run. A change made outside a configuration is committed at once.
/// `startRunning` and `stopRunning` inside a configuration are refused (AVFoundation raises).
///
/// **The cost gate**: over 1.0 the session cannot run the configuration. `startRunning` then fails
/// with `sessionHardwareCostOverage`; a running session fails on its next frame, so an app that
/// reads the cost after commit and rolls back in the same step (the seed's `changeResolution`)
/// keeps its session alive, and one that does not loses it. `systemPressureCost` is reported, not gated.
///
/// **Generations**: `mediaServicesReset()` starts a new generation: every input, output and
/// connection is gone, the session is stopped, and a handle from the old generation is refused as
/// stale. Frames find no connection until the app rebuilds (`noConnection`), which is the seed's
/// frozen picture made visible.
///
/// **System events**: interruptions (frames stop, the session resumes by itself when the
/// interruption ends) and runtime errors (the session stops).
public struct MultiCamSession: Hashable, Sendable, CanonicallyWritable {
    /// Video data outputs at once (two cameras need two; a bound on a runaway loop).
    public static let maxOutputs = 8
    /// Connections at once.
    public static let maxConnections = 8

    public let profile: DeviceProfile
    /// 1, then one more at every media services reset.
    public private(set) var generation = 1
    public private(set) var isRunning = false
    public private(set) var interruption: CaptureInterruptionReason?
    /// Open `beginConfiguration` calls.
    public private(set) var configurationDepth = 0
    public private(set) var preset = SessionPreset.inputPriority
    /// One per camera of the profile, in profile order.
    public private(set) var cameras: [CameraState]
    public private(set) var inputs: [CaptureInputHandle] = []
    public private(set) var outputs: [CaptureOutputHandle] = []
    public private(set) var connections: [CaptureConnection] = []
    /// As of the last commit (or change outside a configuration).
    public private(set) var hardwareCost = CaptureCost.zero
    public private(set) var systemPressureCost = CaptureCost.zero
    public private(set) var lastRuntimeError: CaptureRuntimeError?
    public private(set) var framesDelivered = 0
    public private(set) var framesDropped = 0
    private var nextOutputID = 1
    private var nextConnectionID = 1

    private init(profile: DeviceProfile) {
        self.profile = profile
        cameras = profile.cameras.map { CameraState(lens: $0.lens, activeFormatIndex: $0.defaultFormatIndex, frameRateFPS: nil) }
    }

    /// A session on `profile`, or why there can be none.
    public static func create(on profile: DeviceProfile) -> Result<MultiCamSession, MultiCamUnsupported> {
        guard profile.isMultiCamSupported else { return .failure(MultiCamUnsupported(profile: profile.name)) }
        return .success(MultiCamSession(profile: profile))
    }

    // MARK: Reading

    /// The state of `lens`'s camera, if the profile has it.
    public func camera(_ lens: CameraLens) -> CameraState? { cameras.first { $0.lens == lens } }

    /// The active format of `lens`.
    public func activeFormat(_ lens: CameraLens) -> CaptureFormat? {
        guard let state = camera(lens), let p = profile.camera(lens) else { return nil }
        return p.formats[state.activeFormatIndex]
    }

    /// The cameras streaming now: an input in the session and an enabled connection.
    public var streams: [CaptureStream] {
        inputs.compactMap { input in
            guard connections.contains(where: { $0.lens == input.lens && $0.isEnabled }),
                  let state = camera(input.lens), let format = activeFormat(input.lens) else { return nil }
            return CaptureStream(lens: input.lens, format: format, fps: state.frameRateFPS ?? format.maxFPS)
        }
    }

    // MARK: Configuration

    public mutating func beginConfiguration() -> MultiCamOutcome {
        configurationDepth += 1
        return .configurationBegan(depth: configurationDepth)
    }

    public mutating func commitConfiguration() -> MultiCamOutcome {
        guard configurationDepth > 0 else { return .refused(.notInConfiguration) }
        configurationDepth -= 1
        if configurationDepth > 0 { return .innerCommit(depthLeft: configurationDepth) }
        return .committed(recompute())
    }

    /// `sessionPreset = preset`: only `inputPriority` on a multicam session.
    public mutating func setPreset(_ preset: SessionPreset) -> MultiCamOutcome {
        guard preset == .inputPriority else { return .refused(.presetNotAllowed(preset)) }
        self.preset = preset
        return .presetSet(preset)
    }

    /// `addInputWithNoConnections(AVCaptureDeviceInput(device:))` (or `addInput` with `.implicit`).
    public mutating func addInput(_ lens: CameraLens, connections forming: ConnectionForming,
                                  camera status: CameraAuthorizationStatus) -> MultiCamOutcome {
        guard forming == .none else { return .refused(.implicitConnections(operation: "addInput")) }
        guard let p = profile.camera(lens), let state = camera(lens) else { return .refused(.noSuchCamera(lens)) }
        guard status.allowsCapture else { return .refused(.cameraNotAuthorized(status)) }
        guard !inputs.contains(where: { $0.lens == lens }) else { return .refused(.inputAlreadyInSession(lens)) }
        if let other = inputs.first(where: { $0.lens.position == lens.position }) {
            return .refused(.positionInUse(lens.position, by: other.lens))
        }
        let format = p.formats[state.activeFormatIndex]
        guard format.isMultiCamSupported else { return .refused(.activeFormatNotMultiCam(lens, format)) }
        let handle = CaptureInputHandle(lens: lens, generation: generation)
        inputs.append(handle)
        commitIfOutside()
        return .inputAdded(handle)
    }

    /// `removeInput`: its connections go with it.
    public mutating func removeInput(_ handle: CaptureInputHandle) -> MultiCamOutcome {
        if let stale = staleness("input", handle.generation) { return stale }
        guard let i = inputs.firstIndex(of: handle) else { return .refused(.noSuchInput(handle.lens)) }
        inputs.remove(at: i)
        let before = connections.count
        connections.removeAll { $0.lens == handle.lens }
        commitIfOutside()
        return .inputRemoved(handle, connectionsRemoved: before - connections.count)
    }

    /// `addOutputWithNoConnections(AVCaptureVideoDataOutput())` (or `addOutput` with `.implicit`).
    public mutating func addOutput(connections forming: ConnectionForming) -> MultiCamOutcome {
        guard forming == .none else { return .refused(.implicitConnections(operation: "addOutput")) }
        guard outputs.count < MultiCamSession.maxOutputs else { return .refused(.limit(name: "maxOutputs", value: MultiCamSession.maxOutputs)) }
        let handle = CaptureOutputHandle(id: nextOutputID, generation: generation)
        nextOutputID += 1
        outputs.append(handle)
        return .outputAdded(handle)
    }

    /// `addConnection(AVCaptureConnection(inputPorts: [the camera's video port], output:))`:
    /// rotation 0, automatic mirroring on, not mirrored, enabled.
    public mutating func addConnection(from input: CaptureInputHandle, to output: CaptureOutputHandle) -> MultiCamOutcome {
        if let stale = staleness("input", input.generation) ?? staleness("output", output.generation) { return stale }
        guard inputs.contains(input) else { return .refused(.noSuchInput(input.lens)) }
        guard outputs.contains(output) else { return .refused(.noSuchOutput(id: output.id)) }
        guard !connections.contains(where: { $0.output == output }) else { return .refused(.outputAlreadyConnected(id: output.id)) }
        guard connections.count < MultiCamSession.maxConnections else {
            return .refused(.limit(name: "maxConnections", value: MultiCamSession.maxConnections))
        }
        let c = CaptureConnection(handle: CaptureConnectionHandle(id: nextConnectionID, generation: generation), lens: input.lens, output: output)
        nextConnectionID += 1
        connections.append(c)
        commitIfOutside()
        return .connectionAdded(c)
    }

    /// `videoRotationAngle = degrees` (0, 90, 180, 270; anything but 0 needs rotation support).
    public mutating func setRotation(_ handle: CaptureConnectionHandle, degrees: Int) -> MultiCamOutcome {
        editConnection(handle) { c, camera in
            guard [0, 90, 180, 270].contains(degrees), degrees == 0 || camera.supportsRotation else {
                return .rotationUnsupported(c.lens, degrees: degrees)
            }
            c.rotationDegrees = degrees
            return nil
        }
    }

    /// `automaticallyAdjustsVideoMirroring = on`.
    public mutating func setAutomaticallyAdjustsMirroring(_ handle: CaptureConnectionHandle, _ on: Bool) -> MultiCamOutcome {
        editConnection(handle) { c, _ in
            c.automaticallyAdjustsMirroring = on
            return nil
        }
    }

    /// `isVideoMirrored = on`: needs mirroring support and automatic mirroring off.
    public mutating func setMirrored(_ handle: CaptureConnectionHandle, _ on: Bool) -> MultiCamOutcome {
        editConnection(handle) { c, camera in
            guard camera.supportsMirroring else { return .mirroringUnsupported(c.lens) }
            guard !c.automaticallyAdjustsMirroring else { return .automaticMirroringOn(connection: c.handle.id) }
            c.isMirrored = on
            return nil
        }
    }

    /// `isEnabled = on`: a camera whose connections are all disabled stops streaming and costs nothing.
    public mutating func setEnabled(_ handle: CaptureConnectionHandle, _ on: Bool) -> MultiCamOutcome {
        let outcome = editConnection(handle) { c, _ in
            c.isEnabled = on
            return nil
        }
        if !outcome.isRefusal { commitIfOutside() }
        return outcome
    }

    private mutating func editConnection(_ handle: CaptureConnectionHandle,
                                         _ edit: (inout CaptureConnection, CameraProfile) -> MultiCamRefusal?) -> MultiCamOutcome {
        if let stale = staleness("connection", handle.generation) { return stale }
        guard let i = connections.firstIndex(where: { $0.handle == handle }), let camera = profile.camera(connections[i].lens) else {
            return .refused(.noSuchConnection(id: handle.id))
        }
        var c = connections[i]
        if let refusal = edit(&c, camera) { return .refused(refusal) }
        connections[i] = c
        return .connectionChanged(c)
    }

    // MARK: Devices

    /// `device.activeFormat = formats[index]`; resets the frame rate to the format's default, as a
    /// device does.
    public mutating func setActiveFormat(_ lens: CameraLens, index: Int) -> MultiCamOutcome {
        guard let p = profile.camera(lens), let c = cameras.firstIndex(where: { $0.lens == lens }) else { return .refused(.noSuchCamera(lens)) }
        guard p.formats.indices.contains(index) else { return .refused(.formatIndexOutOfRange(lens, index: index, count: p.formats.count)) }
        let format = p.formats[index]
        if inputs.contains(where: { $0.lens == lens }), !format.isMultiCamSupported { return .refused(.formatNotMultiCam(lens, format)) }
        cameras[c].activeFormatIndex = index
        cameras[c].frameRateFPS = nil
        commitIfOutside()
        return .formatSet(lens, index: index, format)
    }

    /// `activeVideoMinFrameDuration = activeVideoMaxFrameDuration = 1/fps`: the active format must
    /// have a range containing `fps`.
    public mutating func setFrameRate(_ lens: CameraLens, fps: Int) -> MultiCamOutcome {
        guard let c = cameras.firstIndex(where: { $0.lens == lens }), let format = activeFormat(lens) else { return .refused(.noSuchCamera(lens)) }
        guard format.supports(fps: fps) else { return .refused(.frameRateUnsupported(lens, fps: fps, format)) }
        cameras[c].frameRateFPS = fps
        commitIfOutside()
        return .frameRateSet(lens, fps: fps)
    }

    /// The seed's `configureFormat(for:targetWidth:)`: choose with `MultiCamFormatChooser`, set the
    /// format, then the frame rate.
    public mutating func configureFormat(_ lens: CameraLens, targetWidth: Int, fps: Int = 30) -> FormatConfiguration {
        guard let p = profile.camera(lens) else { return .failed(lens, .noCamera(lens)) }
        switch MultiCamFormatChooser.choose(p, targetWidth: targetWidth, fps: fps) {
        case .failure(let e): return .failed(lens, e)
        case .success(let choice):
            // The chooser picks a multicam format of this camera, which setActiveFormat never refuses.
            guard case .formatSet = setActiveFormat(lens, index: choice.index) else { return .failed(lens, .noMultiCamFormat(lens.position)) }
            let format = p.formats[choice.index]
            guard case .frameRateSet = setFrameRate(lens, fps: fps) else { return .failed(lens, .frameRateUnsupported(lens, fps: fps, format)) }
            return .configured(lens, index: choice.index, format, step: choice.step, fps: fps)
        }
    }

    /// `videoZoomFactor = factor`, clamped to 1...`videoMaxZoomFactor`; refused on a camera with no
    /// zoom (the front camera), so the UI can say so instead of a gesture that looks broken.
    public mutating func setZoom(_ lens: CameraLens, factor: Double) -> MultiCamOutcome {
        guard let p = profile.camera(lens), let c = cameras.firstIndex(where: { $0.lens == lens }) else { return .refused(.noSuchCamera(lens)) }
        guard factor.isFinite, factor > 0 else { return .refused(.invalidZoom(factor)) }
        guard p.maxZoomFactor > 1 else { return .refused(.zoomUnavailable(lens)) }
        let applied = min(max(factor, 1), p.maxZoomFactor)
        cameras[c].zoomFactor = applied
        return .zoomSet(lens, requested: factor, applied: applied)
    }

    // MARK: Running

    /// `startRunning()`: fails with `sessionHardwareCostOverage` over budget.
    public mutating func startRunning() -> MultiCamOutcome {
        guard configurationDepth == 0 else { return .refused(.insideConfiguration(operation: "startRunning")) }
        guard !isRunning else { return .refused(.alreadyRunning) }
        let commit = recompute()
        if commit.hardwareCost.exceedsBudget {
            lastRuntimeError = .sessionHardwareCostOverage
            return .runtimeError(.sessionHardwareCostOverage, wasRunning: false)
        }
        isRunning = true
        return .started(generation: generation)
    }

    public mutating func stopRunning() -> MultiCamOutcome {
        guard configurationDepth == 0 else { return .refused(.insideConfiguration(operation: "stopRunning")) }
        guard isRunning else { return .refused(.notRunning) }
        isRunning = false
        return .stopped(generation: generation)
    }

    /// A frame from `frame.position`'s camera: delivered to its connection's output, or dropped
    /// with the reason; a running session over budget fails here.
    public mutating func deliver(_ frame: CameraFrame) -> FrameDelivery {
        let outcome = route(frame)
        if outcome.isDelivered { framesDelivered += 1 } else { framesDropped += 1 }
        return outcome
    }

    private mutating func route(_ frame: CameraFrame) -> FrameDelivery {
        guard isRunning else { return .dropped(frame, .notRunning) }
        if hardwareCost.exceedsBudget {
            isRunning = false
            lastRuntimeError = .sessionHardwareCostOverage
            return .sessionFailed(frame, .sessionHardwareCostOverage)
        }
        if let reason = interruption { return .dropped(frame, .interrupted(reason)) }
        guard let input = inputs.first(where: { $0.lens.position == frame.position }) else {
            return .dropped(frame, .noConnection(generation: generation))
        }
        let own = connections.filter { $0.lens == input.lens }
        guard !own.isEmpty else { return .dropped(frame, .noConnection(generation: generation)) }
        guard let enabled = own.first(where: { $0.isEnabled }) else { return .dropped(frame, .connectionDisabled) }
        return .delivered(frame, connection: enabled.handle, output: enabled.output)
    }

    // MARK: System events

    /// `AVCaptureSession.wasInterruptedNotification`. A second one while interrupted is refused
    /// (the first reason stays).
    public mutating func interruptionBegan(_ reason: CaptureInterruptionReason) -> MultiCamOutcome {
        if let current = interruption { return .refused(.alreadyInterrupted(current)) }
        interruption = reason
        return .interruptionBegan(reason, wasRunning: isRunning)
    }

    /// `interruptionEndedNotification`: a running session delivers frames again.
    public mutating func interruptionEnded() -> MultiCamOutcome {
        guard let reason = interruption else { return .refused(.notInterrupted) }
        interruption = nil
        return .interruptionEnded(reason, running: isRunning)
    }

    /// Media services were reset: a new generation with nothing in it, stopped. Cameras return to
    /// their default formats (the devices are new objects).
    public mutating func mediaServicesReset() -> MultiCamOutcome {
        let reset = CaptureReset(fromGeneration: generation, toGeneration: generation + 1, wasRunning: isRunning,
                                 invalidatedInputs: inputs.count, invalidatedOutputs: outputs.count,
                                 invalidatedConnections: connections.count)
        generation += 1
        isRunning = false
        interruption = nil
        configurationDepth = 0
        inputs = []
        outputs = []
        connections = []
        cameras = profile.cameras.map { CameraState(lens: $0.lens, activeFormatIndex: $0.defaultFormatIndex, frameRateFPS: nil) }
        hardwareCost = .zero
        systemPressureCost = .zero
        return .mediaServicesReset(reset)
    }

    /// `AVCaptureSessionRuntimeError`: the session stops.
    public mutating func runtimeError(_ error: CaptureRuntimeError) -> MultiCamOutcome {
        let was = isRunning
        isRunning = false
        lastRuntimeError = error
        return .runtimeError(error, wasRunning: was)
    }

    /// Whether a handle's generation is the current one.
    public func isCurrent(_ generationOfHandle: Int) -> Bool { generationOfHandle == generation }

    // MARK: Internals

    private func staleness(_ kind: String, _ g: Int) -> MultiCamOutcome? {
        g == generation ? nil : .refused(.staleHandle(kind: kind, generation: g, current: generation))
    }

    @discardableResult
    private mutating func recompute() -> CaptureCommit {
        let s = streams
        hardwareCost = CaptureCostModel.hardwareCost(s, on: profile)
        systemPressureCost = CaptureCostModel.systemPressureCost(s, on: profile)
        return CaptureCommit(hardwareCost: hardwareCost, systemPressureCost: systemPressureCost, streams: s, generation: generation)
    }

    private mutating func commitIfOutside() {
        if configurationDepth == 0 { recompute() }
    }

    // MARK: State

    /// `session { profile generation running interrupted configurationDepth hardwareCost … cameras inputs connections }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("session") { w in
            w.word("profile", profile.name)
            w.int("generation", generation)
            w.bool("running", isRunning)
            w.word("interruption", interruption?.rawValue ?? "none")
            w.int("configurationDepth", configurationDepth)
            w.write("hardwareCost", hardwareCost.fixed)
            w.write("systemPressureCost", systemPressureCost.fixed)
            w.word("lastRuntimeError", lastRuntimeError?.rawValue ?? "none")
            w.int("framesDelivered", framesDelivered)
            w.int("framesDropped", framesDropped)
            w.section("cameras count=\(cameras.count)") { w in
                for c in cameras {
                    let f = profile.camera(c.lens)?.formats[c.activeFormatIndex]
                    w.record(Record("camera").word("lens", c.lens.rawValue).int("format", c.activeFormatIndex)
                        .word("dims", f.map { "\($0.widthPixels)x\($0.heightPixels)" } ?? "none")
                        .with("fps", c.frameRateFPS.map { .int($0) } ?? .word("default")).fixed("zoom", c.zoomFactor, 2))
                }
            }
            w.write("inputs", inputs.isEmpty ? .word("none") : .tuple(inputs.map { .word($0.lens.rawValue) }))
            w.write("outputs", outputs.isEmpty ? .word("none") : .tuple(outputs.map { .int($0.id) }))
            w.section("connections count=\(connections.count)") { w in
                for c in connections { w.record(c.record) }
            }
        }
    }
}
