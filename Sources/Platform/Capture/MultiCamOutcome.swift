import LockstepCore

/// What the session reports after a commit: the cost values an app reads (`hardwareCost`,
/// `systemPressureCost`, which only reflect a configuration once it is committed: there is no
/// dry run) and the streams behind them.
public struct CaptureCommit: Hashable, Sendable, RecordConvertible {
    public var hardwareCost: CaptureCost
    public var systemPressureCost: CaptureCost
    public var streams: [CaptureStream]
    public var generation: Int

    /// `session.commit hardwareCost=1.1311 systemPressureCost=1.3824 overBudget=true streams=wide:1920x1080@30,front:… generation=1`.
    public var record: Record {
        Record("session.commit").with("hardwareCost", hardwareCost.fixed).with("systemPressureCost", systemPressureCost.fixed)
            .bool("overBudget", hardwareCost.exceedsBudget)
            .with("streams", streams.isEmpty ? .word("none") : .tuple(streams.map {
                .word("\($0.lens.rawValue):\($0.format.widthPixels)x\($0.format.heightPixels)@\($0.fps)")
            }))
            .int("generation", generation)
    }
}

/// What a media services reset did: a new generation, and everything of the old one gone.
public struct CaptureReset: Hashable, Sendable, RecordConvertible {
    public var fromGeneration: Int
    public var toGeneration: Int
    public var wasRunning: Bool
    public var invalidatedInputs: Int
    public var invalidatedOutputs: Int
    public var invalidatedConnections: Int

    public var record: Record {
        Record("session.reset").int("from", fromGeneration).int("to", toGeneration).bool("wasRunning", wasRunning)
            .int("inputs", invalidatedInputs).int("outputs", invalidatedOutputs).int("connections", invalidatedConnections)
    }
}

/// What one call on `MultiCamSession`, or one system event, did.
public enum MultiCamOutcome: Hashable, Sendable, RecordConvertible {
    case configurationBegan(depth: Int)
    /// The outermost commit: the new costs.
    case committed(CaptureCommit)
    /// A nested commit: nothing is applied until the outermost one.
    case innerCommit(depthLeft: Int)
    case presetSet(SessionPreset)
    case inputAdded(CaptureInputHandle)
    case inputRemoved(CaptureInputHandle, connectionsRemoved: Int)
    case outputAdded(CaptureOutputHandle)
    case connectionAdded(CaptureConnection)
    case connectionChanged(CaptureConnection)
    case formatSet(CameraLens, index: Int, CaptureFormat)
    case frameRateSet(CameraLens, fps: Int)
    case zoomSet(CameraLens, requested: Double, applied: Double)
    case started(generation: Int)
    case stopped(generation: Int)
    case interruptionBegan(CaptureInterruptionReason, wasRunning: Bool)
    case interruptionEnded(CaptureInterruptionReason, running: Bool)
    case mediaServicesReset(CaptureReset)
    /// The session stopped with an error (`AVCaptureSessionRuntimeError`).
    case runtimeError(CaptureRuntimeError, wasRunning: Bool)
    case refused(MultiCamRefusal)

    public var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }

    public var record: Record {
        switch self {
        case .configurationBegan(let d): return Record("session.begin").int("depth", d)
        case .committed(let c): return c.record
        case .innerCommit(let d): return Record("session.commit").word("nested", "true").int("depthLeft", d)
        case .presetSet(let p): return Record("session.preset").word("preset", p.rawValue)
        case .inputAdded(let h): return Record("session.input").word("camera", h.lens.rawValue).int("generation", h.generation)
        case .inputRemoved(let h, let n):
            return Record("session.input-removed").word("camera", h.lens.rawValue).int("connections", n).int("generation", h.generation)
        case .outputAdded(let h): return Record("session.output").int("id", h.id).int("generation", h.generation)
        case .connectionAdded(let c): return Record("session.connection").word("change", "added").appendingFields(of: c.record)
        case .connectionChanged(let c): return Record("session.connection").word("change", "changed").appendingFields(of: c.record)
        case .formatSet(let lens, let i, let f):
            return Record("session.activeFormat").word("camera", lens.rawValue).int("index", i).word("format", f.description)
        case .frameRateSet(let lens, let fps): return Record("session.frameRate").word("camera", lens.rawValue).int("fps", fps)
        case .zoomSet(let lens, let requested, let applied):
            return Record("session.zoom").word("camera", lens.rawValue).fixed("requested", requested, 2).fixed("applied", applied, 2)
                .bool("clamped", requested != applied)
        case .started(let g): return Record("session.running").bool("running", true).int("generation", g)
        case .stopped(let g): return Record("session.running").bool("running", false).int("generation", g)
        case .interruptionBegan(let reason, let wasRunning):
            return Record("session.interruption").word("phase", "began").word("reason", reason.rawValue).int("raw", reason.rawCode)
                .bool("wasRunning", wasRunning)
        case .interruptionEnded(let reason, let running):
            return Record("session.interruption").word("phase", "ended").word("reason", reason.rawValue).bool("resumed", running)
        case .mediaServicesReset(let r): return r.record
        case .runtimeError(let e, let wasRunning):
            return Record("session.runtime-error").word("error", e.rawValue).bool("wasRunning", wasRunning)
        case .refused(let why): return why.record
        }
    }
}

extension Record {
    /// This record with `other`'s fields after its own: `session.connection change=added id=1 …`.
    func appendingFields(of other: Record) -> Record {
        var r = self
        r.fields.append(contentsOf: other.fields)
        return r
    }
}

/// Why the session refused a call. AVFoundation raises an exception for several of these
/// (starting inside a configuration, a frame rate outside the format, mirroring while automatic
/// mirroring is on); the model refuses instead, so a scenario shows the bug rather than crashing.
public enum MultiCamRefusal: Hashable, Sendable, RecordConvertible {
    /// `addInput` / `addOutput` on a multicam session.
    case implicitConnections(operation: String)
    /// A preset other than `inputPriority`.
    case presetNotAllowed(SessionPreset)
    case noSuchCamera(CameraLens)
    /// The camera permission is not `authorized`: creating the device input fails.
    case cameraNotAuthorized(CameraAuthorizationStatus)
    case inputAlreadyInSession(CameraLens)
    /// The model runs one camera per position (one back lens at a time, as the seed does).
    case positionInUse(CameraPosition, by: CameraLens)
    /// `canAddInput` is false: the camera's active format is not a multicam format (choose the
    /// format before adding the input).
    case activeFormatNotMultiCam(CameraLens, CaptureFormat)
    /// A non-multicam format for a camera whose input is in the session.
    case formatNotMultiCam(CameraLens, CaptureFormat)
    case formatIndexOutOfRange(CameraLens, index: Int, count: Int)
    case frameRateUnsupported(CameraLens, fps: Int, CaptureFormat)
    /// A handle from an earlier generation (before a media services reset).
    case staleHandle(kind: String, generation: Int, current: Int)
    case noSuchInput(CameraLens)
    case noSuchOutput(id: Int)
    case noSuchConnection(id: Int)
    /// One camera per video data output.
    case outputAlreadyConnected(id: Int)
    case rotationUnsupported(CameraLens, degrees: Int)
    case mirroringUnsupported(CameraLens)
    /// Setting `isVideoMirrored` while `automaticallyAdjustsVideoMirroring` is on.
    case automaticMirroringOn(connection: Int)
    /// `videoMaxZoomFactor` is 1 (the front camera): the UI should say so.
    case zoomUnavailable(CameraLens)
    case invalidZoom(Double)
    /// `startRunning` / `stopRunning` between `beginConfiguration` and `commitConfiguration`.
    case insideConfiguration(operation: String)
    case notInConfiguration
    case alreadyRunning
    case notRunning
    case alreadyInterrupted(CaptureInterruptionReason)
    case notInterrupted
    /// A model limit (`maxOutputs`, `maxConnections`).
    case limit(name: String, value: Int)

    public var record: Record {
        let r = Record("rejected").word("input", "session")
        switch self {
        case .implicitConnections(let op): return r.word("reason", "implicitConnections").word("operation", op)
        case .presetNotAllowed(let p): return r.word("reason", "presetNotAllowed").word("preset", p.rawValue)
        case .noSuchCamera(let lens): return r.word("reason", "noSuchCamera").word("camera", lens.rawValue)
        case .cameraNotAuthorized(let s): return r.word("reason", "cameraNotAuthorized").word("status", s.rawValue)
        case .inputAlreadyInSession(let lens): return r.word("reason", "inputAlreadyInSession").word("camera", lens.rawValue)
        case .positionInUse(let p, let lens): return r.word("reason", "positionInUse").word("position", p.rawValue).word("by", lens.rawValue)
        case .activeFormatNotMultiCam(let lens, let f):
            return r.word("reason", "activeFormatNotMultiCam").word("camera", lens.rawValue).word("format", f.description)
        case .formatNotMultiCam(let lens, let f):
            return r.word("reason", "formatNotMultiCam").word("camera", lens.rawValue).word("format", f.description)
        case .formatIndexOutOfRange(let lens, let i, let n):
            return r.word("reason", "formatIndexOutOfRange").word("camera", lens.rawValue).int("index", i).int("count", n)
        case .frameRateUnsupported(let lens, let fps, let f):
            return r.word("reason", "frameRateUnsupported").word("camera", lens.rawValue).int("fps", fps).word("format", f.description)
        case .staleHandle(let kind, let g, let current):
            return r.word("reason", "staleHandle").word("kind", kind).int("generation", g).int("current", current)
        case .noSuchInput(let lens): return r.word("reason", "noSuchInput").word("camera", lens.rawValue)
        case .noSuchOutput(let id): return r.word("reason", "noSuchOutput").int("id", id)
        case .noSuchConnection(let id): return r.word("reason", "noSuchConnection").int("id", id)
        case .outputAlreadyConnected(let id): return r.word("reason", "outputAlreadyConnected").int("id", id)
        case .rotationUnsupported(let lens, let d): return r.word("reason", "rotationUnsupported").word("camera", lens.rawValue).int("degrees", d)
        case .mirroringUnsupported(let lens): return r.word("reason", "mirroringUnsupported").word("camera", lens.rawValue)
        case .automaticMirroringOn(let id): return r.word("reason", "automaticMirroringOn").int("connection", id)
        case .zoomUnavailable(let lens): return r.word("reason", "zoomUnavailable").word("camera", lens.rawValue)
        case .invalidZoom(let z): return r.word("reason", "invalidZoom").fixed("factor", z, 2)
        case .insideConfiguration(let op): return r.word("reason", "insideConfiguration").word("operation", op)
        case .notInConfiguration: return r.word("reason", "notInConfiguration")
        case .alreadyRunning: return r.word("reason", "alreadyRunning")
        case .notRunning: return r.word("reason", "notRunning")
        case .alreadyInterrupted(let reason): return r.word("reason", "alreadyInterrupted").word("by", reason.rawValue)
        case .notInterrupted: return r.word("reason", "notInterrupted")
        case .limit(let name, let value): return r.word("reason", "limit").word("limit", name).int("value", value)
        }
    }
}

/// What happened to one frame the camera produced.
public enum FrameDelivery: Hashable, Sendable, RecordConvertible {
    /// Delivered to the output of the camera's connection in the current generation.
    case delivered(CameraFrame, connection: CaptureConnectionHandle, output: CaptureOutputHandle)
    /// Not delivered, and why: a frozen picture is never silent.
    case dropped(CameraFrame, FrameDropReason)
    /// The session died on this frame: it streamed a configuration over the hardware budget.
    case sessionFailed(CameraFrame, CaptureRuntimeError)

    public var isDelivered: Bool {
        if case .delivered = self { return true }
        return false
    }

    public var record: Record {
        switch self {
        case .delivered(let f, let c, let o):
            return Record("session.frame").word("camera", f.position.rawValue).int64("index", f.index)
                .duration("pts", Duration(nanoseconds: f.ptsNanoseconds)).int("output", o.id).int("connection", c.id)
                .int("generation", c.generation)
        case .dropped(let f, let why):
            return why.append(to: Record("session.frame-dropped").word("camera", f.position.rawValue).int64("index", f.index)
                .duration("pts", Duration(nanoseconds: f.ptsNanoseconds)))
        case .sessionFailed(let f, let e):
            return Record("session.runtime-error").word("error", e.rawValue).bool("wasRunning", true).word("camera", f.position.rawValue)
                .int64("index", f.index)
        }
    }
}

/// Why a frame was not delivered.
public enum FrameDropReason: Hashable, Sendable {
    case notRunning
    case interrupted(CaptureInterruptionReason)
    /// No input for that camera in the current generation (after a reset, until the app rebuilds).
    case noConnection(generation: Int)
    /// The camera's connections are all disabled.
    case connectionDisabled

    func append(to r: Record) -> Record {
        switch self {
        case .notRunning: r.word("reason", "notRunning")
        case .interrupted(let why): r.word("reason", "interrupted").word("by", why.rawValue)
        case .noConnection(let g): r.word("reason", "noConnection").int("generation", g)
        case .connectionDisabled: r.word("reason", "connectionDisabled")
        }
    }
}
