import LockstepCore
import Platform

/// Why a video branch could not be built: the article's typed errors.
public enum BranchError: Error, Hashable, Sendable {
    case cannotAdd(String)
    case noPort(CameraPosition)
    case noFormat(CameraPosition)
    case preset

    public var message: String {
        switch self {
        case .cannotAdd(let what): "cannotAdd(\(what))"
        case .noPort(let p): "noPort(\(p.rawValue))"
        case .noFormat(let p): "noFormat(\(p.rawValue))"
        case .preset: "cannotSetPreset"
        }
    }
}

/// Builds (and after a media services reset, rebuilds) the session: the preset, each camera's
/// format BEFORE its input, then per camera the no-connection input, output and the manual
/// connection with rotation 90 and, on the front, mirroring. Every call's outcome is a record:
/// the session build log a golden pins.
enum SessionBuilder {
    static func build(_ s: inout DualCamState, _ world: inout World<DualCam>) {
        guard var session = s.session else { return }
        s.built = false
        s.backOutput = nil
        s.frontOutput = nil
        let outcome = buildBranches(&session, &s, &world)
        switch outcome {
        case .success:
            let started = session.startRunning()
            world.emit(started)
            s.built = true
            s.everBuilt = true
            world.emit(Record("session.build").word("result", "built").int("generation", session.generation)
                .word("back", s.backLens.rawValue).int("width", s.appliedWidth))
        case .failure(let e):
            _ = session.configurationDepth > 0 ? session.commitConfiguration() : .configurationBegan(depth: 0)
            s.errorMessage = e.message
            world.emit(Record("session.build").word("result", "failed").string("error", e.message).int("generation", session.generation))
        }
        s.session = session
    }

    private static func buildBranches(_ session: inout MultiCamSession, _ s: inout DualCamState,
                                      _ world: inout World<DualCam>) -> Result<Void, BranchError> {
        let preset: SessionPreset = world.isOn(.presetNotInputPriority) ? .high : .inputPriority
        let p = session.setPreset(preset)
        world.emit(p)
        if p.isRefusal { return .failure(.preset) }
        world.emit(session.beginConfiguration())
        let lenses: [(CameraLens, Bool)] = [(s.backLens, false), (.front, true)]
        if !world.isOn(.inputBeforeFormat) {
            for (lens, _) in lenses {
                if let e = configure(&session, lens, s.appliedWidth, &world) { return .failure(e) }
            }
        }
        for (lens, mirrored) in lenses {
            switch addVideoBranch(&session, lens, mirrored: mirrored, s, &world) {
            case .failure(let e): return .failure(e)
            case .success(let output):
                if lens == .front { s.frontOutput = output } else { s.backOutput = output }
            }
            if world.isOn(.inputBeforeFormat), let e = configure(&session, lens, s.appliedWidth, &world) { return .failure(e) }
        }
        world.emit(session.commitConfiguration())
        if session.hardwareCost.exceedsBudget, s.appliedWidth != DualCam.fallbackWidth {
            // The launch resolution is gated like a change: over budget, 720p (GAP: the article
            // only gates the picker; a session that cannot start helps nobody).
            let over = session.hardwareCost
            world.emit(session.beginConfiguration())
            for (lens, _) in lenses { _ = configure(&session, lens, DualCam.fallbackWidth, &world) }
            world.emit(session.commitConfiguration())
            world.emit(Record("resolution").int("applied", DualCam.fallbackWidth).int("previous", s.appliedWidth).bool("downgraded", true)
                .with("cost", over.fixed).word("at", "launch"))
            s.previousWidth = s.appliedWidth
            s.appliedWidth = DualCam.fallbackWidth
            s.downgraded = true
        }
        return .success(())
    }

    /// The seed's `configureFormat`: a failure is a typed `noFormat` (no multicam format) or the
    /// frame-rate refusal.
    static func configure(_ session: inout MultiCamSession, _ lens: CameraLens, _ width: Int, _ world: inout World<DualCam>) -> BranchError? {
        let c = session.configureFormat(lens, targetWidth: width, fps: 30)
        world.emit(c)
        guard let e = c.error else { return nil }
        switch e {
        case .noMultiCamFormat(let p): return .noFormat(p)
        default: return .noFormat(lens.position)
        }
    }

    /// The article's `addVideoBranch`, in its order: input without connections, output without
    /// connections (32BGRA, late frames discarded), the camera's video port, the connection, then
    /// rotation 90 if supported and, when `mirrored`, automatic mirroring off and mirrored on.
    static func addVideoBranch(_ session: inout MultiCamSession, _ lens: CameraLens, mirrored: Bool, _ s: DualCamState,
                               _ world: inout World<DualCam>) -> Result<CaptureOutputHandle, BranchError> {
        let position = lens.position.rawValue
        let forming: ConnectionForming = world.isOn(.implicitConnections) ? .implicit : .none
        let inputOutcome = session.addInput(lens, connections: forming, camera: .authorized)
        world.emit(inputOutcome)
        guard case .inputAdded(let input) = inputOutcome else { return .failure(.cannotAdd("\(position) input")) }
        let outputOutcome = session.addOutput(connections: forming)
        world.emit(outputOutcome)
        guard case .outputAdded(let output) = outputOutcome else { return .failure(.cannotAdd("\(position) output")) }
        world.emit(Record("session.outputSettings").int("output", output.id).word("pixelFormat", "32BGRA").bool("alwaysDiscardsLateVideoFrames", true))
        if s.settings.missingVideoPort == lens.position.rawValue {
            world.emit(Record("session.port").word("camera", lens.rawValue).word("deviceType", lens.deviceType).bool("found", false))
            return .failure(.noPort(lens.position))
        }
        let connOutcome = session.addConnection(from: input, to: output)
        world.emit(connOutcome)
        guard case .connectionAdded(let connection) = connOutcome else { return .failure(.cannotAdd("\(position) connection")) }
        guard let camera = session.profile.camera(lens) else { return .failure(.cannotAdd("\(position) input")) }
        if camera.supportsRotation { world.emit(session.setRotation(connection.handle, degrees: 90)) }
        if mirrored, camera.supportsMirroring, !world.isOn(.frontNotMirrored) {
            world.emit(session.setAutomaticallyAdjustsMirroring(connection.handle, false))
            world.emit(session.setMirrored(connection.handle, true))
        }
        return .success(output)
    }
}
