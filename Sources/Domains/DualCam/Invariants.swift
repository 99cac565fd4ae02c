import LockstepCore
import Platform

/// The article's rules as invariants: checked after every step of every run and every explored walk.
extension DualCam {
    public static let invariants: [Invariant<DualCam>] = [
        Invariant("previewIsFile", "preview and file come from one render: every recorded frame is the frame the preview showed") { s, _ in
            guard let take = s.take, take.previewHash.value != take.fileHash.value else { return nil }
            return "take \(take.number): preview and file differ after \(take.fileFrames) frames"
        },
        Invariant("everyFinalizeSaves", "every stop goes through finalize, which finishes the writer: no stop path loses the file") { s, _ in
            s.unsavedFinalizes == 0 ? nil : "\(s.unsavedFinalizes) finalized take(s) were not saved"
        },
        Invariant("noTakeLost", "the app stops a take before the system destroys it (critical heat, full disk)") { s, _ in
            s.takesLost == 0 ? nil : "\(s.takesLost) take(s) lost"
        },
        Invariant("noOpenWriterWhileInterrupted", "an interruption finalizes the take: no writer is left open while the session is interrupted") { s, _ in
            guard let take = s.take, let reason = s.session?.interruption else { return nil }
            return "take \(take.number) still writing during interruption \(reason.rawValue)"
        },
        Invariant("withinBudget", "the session never runs, or stays configured, over its hardware budget (rollback after commit)") { s, _ in
            guard let session = s.session, session.hardwareCost.exceedsBudget || session.lastRuntimeError == .sessionHardwareCostOverage else { return nil }
            return "hardwareCost \(session.hardwareCost.pixelRate)/\(session.hardwareCost.budget) px/s, lastRuntimeError=\(session.lastRuntimeError?.rawValue ?? "none")"
        },
        Invariant("rebuiltAfterReset", "after mediaServicesWereReset the whole session is rebuilt: a session that was built is built again") { s, _ in
            guard s.everBuilt, !s.built, let session = s.session else { return nil }
            return "generation \(session.generation) has no session built (frames stop: frozen picture)"
        },
        Invariant("buildFailsOnlyOnDeviceLimits", "the build uses no-connection adds, inputPriority and formats first: only a missing format or port stops it") { s, _ in
            guard s.supported == true, !s.built, let e = s.errorMessage, e.hasPrefix("cannot") else { return nil }
            return "build failed: \(e)"
        },
        Invariant("noResolutionChangeMidTake", "the resolution never changes during a take (serious heat warns instead)") { s, _ in
            s.resolutionChangesDuringTake == 0 ? nil : "\(s.resolutionChangesDuringTake) resolution change(s) during a take"
        },
        Invariant("storageStopsTake", "at every storage check a take still recording has at least 100 MiB free") { s, _ in
            guard let take = s.take, let free = take.lastCheckedFreeBytes, CapturePolicy.mustStop(freeBytes: free) else { return nil }
            return "take \(take.number) recording with \(free) B free < \(CapturePolicy.minBytesToContinue)"
        },
        Invariant("connectionContract", "both connections at rotation 90, the front mirrored: what the focus formulas assume") { s, _ in
            guard s.built, let session = s.session else { return nil }
            for c in session.connections {
                let camera = session.profile.camera(c.lens)
                guard camera?.supportsRotation == true, camera?.supportsMirroring == true || c.lens != .front else { continue }
                if !FocusMapping.contractHolds(camera: c.lens.position, rotationDegrees: c.rotationDegrees, mirrored: c.isMirrored) {
                    return "\(c.lens.rawValue) connection rotation=\(c.rotationDegrees) mirrored=\(c.isMirrored)"
                }
            }
            return nil
        },
        Invariant("focusFormula", "a tap at portrait (x, y) focuses back (y, 1 - x), front (y, x)") { s, _ in
            guard let f = s.stepFocus else { return nil }
            let (u, v) = f.camera == .front ? (f.y, f.x) : (f.y, 1 - f.x)
            return u == f.u && v == f.v ? nil : "\(f.camera.rawValue) (\(f.x), \(f.y)) sent (\(f.u), \(f.v)), expected (\(u), \(v))"
        },
        Invariant("compositeAsEncoded", "each tile draws with its own uniforms and the texture it was encoded with") { s, _ in
            s.stepCompositeMismatch
        },
        Invariant("pinchAnswers", "a pinch always shows something: the zoom, or why there is none", checkStep: { _, outputs, step in
            guard case .event("pinch") = step.kind, outputs.isEmpty else { return nil }
            return "a pinch produced no output"
        }),
    ]
}
