import LockstepCore
import Platform

/// Random DualCam sessions for `lockstep explore`.
///
/// Header: a profile (iPhone XS, where 1080p is over budget, or iPhone 15 Pro), the launch width
/// (720p or 1080p) and the GPU latency (0 or 20 ms). The walk launches first; then each step comes
/// 50 ms to 1 s after the previous one. Weights out of 100: 30 bursts of both cameras (`gen
/// dualFrames`, 0.1...1 s, with or without audio, front lag 0...20 ms, frame numbers always
/// increasing), 8 record, 6 stop, 6 resolution (1280, 1920, 3840, 0), 5 thermal, 5 storage
/// (around both thresholds), 4 interruption began, 4 ended, 3 media services reset, 2 runtime
/// error, 5 focus taps (1 in 6 outside the canvas), 4 pinches, 3 mute, 2 aspect, 2 layout, 3 lens,
/// 2 frames without an image, 2 single back frames (1 in 2 a repeated PTS), 2 a second launch.
extension DualCam {
    public struct ExplorerMemory: Sendable {
        /// The next back frame number (30 fps), so bursts never go back in PTS.
        var nextFrame: Int64 = 30
    }

    public static let explorer: Explorer? = Explorer(memory: ExplorerMemory(), header: { rng, _ in
        ["set cameraProfile \(rng.chance(0.5) ? "iPhoneXS" : "iPhone15Pro")",
         "set width \(rng.chance(0.7) ? 1_280 : 1_920)",
         "set gpuLatency \(rng.chance(0.5) ? "0ms" : "20ms")"]
    }, next: { rng, memory, step in
        if step == 0 { return "0 launch" }
        let at = "+\(rng.int(in: 50...1_000))ms"
        let roll = rng.int(below: 100)
        func pick(_ options: [String]) -> String { options[rng.int(below: options.count)] }
        switch roll {
        case 0..<30:
            let tenths = rng.int(in: 1...10)
            let first = memory.nextFrame
            memory.nextFrame += Int64(tenths * 3 + 1)
            return "\(at) gen dualFrames seconds=0.\(tenths == 10 ? "99" : String(tenths)) first=\(first) frontLag=\(rng.int(in: 0...20))ms audio=\(rng.chance(0.5))"
        case 30..<38: return "\(at) startRecording"
        case 38..<44: return "\(at) stopRecording"
        case 44..<50: return "\(at) selectResolution width=\(pick(["1280", "1920", "1920", "3840", "0"]))"
        case 50..<55: return "\(at) thermal level=\(pick(["nominal", "fair", "serious", "serious", "critical", "critical"]))"
        case 55..<60: return "\(at) storage free=\(pick(["52428800", "104857599", "104857600", "157286400", "209715199", "209715200", "34359738368"]))"
        case 60..<64: return "\(at) camera interruption began reason=\(pick(CaptureInterruptionReason.allCases.map(\.rawValue)))"
        case 64..<68: return "\(at) camera interruption ended"
        case 68..<71: return "\(at) camera mediaServicesReset"
        case 71..<73: return "\(at) camera runtimeError error=\(pick(["deviceWasDisconnected", "unknown"]))"
        case 73..<78:
            let bad = rng.int(below: 6) == 0
            let x = bad ? pick(["1.5", "-0.1", "nan"]) : pick(["0", "0.25", "0.5", "0.75", "1"])
            return "\(at) focusTap camera=\(rng.chance(0.5) ? "back" : "front") x=\(x) y=\(pick(["0", "0.25", "0.5", "1"]))"
        case 78..<82: return "\(at) pinch camera=\(rng.chance(0.5) ? "back" : "front") zoom=\(pick(["0.5", "1", "2", "30"]))"
        case 82..<85: return "\(at) setMuted muted=\(rng.chance(0.5))"
        case 85..<87: return "\(at) setAspect aspect=\(pick(TakeAspect.allCases.map(\.rawValue)))"
        case 87..<89: return "\(at) setLayout layout=\(pick(CompositeLayout.allCases.map(\.rawValue)))"
        case 89..<92: return "\(at) selectLens lens=\(pick(["ultraWide", "wide", "telephoto", "front"]))"
        case 92..<94: return "\(at) frameWithoutImage camera=\(rng.chance(0.5) ? "back" : "front") pts=\(memory.nextFrame)"
        case 94..<96:
            let k = rng.chance(0.5) ? max(0, memory.nextFrame - 1) : memory.nextFrame
            memory.nextFrame = max(memory.nextFrame, k + 1)
            let ptsMilliseconds = k * 1_000 / 30
            return "\(at) camera frame camera=back pts=\(ptsMilliseconds)ms index=\(k)"
        default: return "\(at) launch"
        }
    })
}
