import LockstepCore
import Platform

/// `dualCam`: DualCam, an iPhone recorder that runs the front and back cameras at once through a
/// multicam session, composites them live into one texture that is both the preview and the
/// frame written to the movie file, and ends every take, whatever ends it, through one finalize.
///
/// Source: seed article `000_8b8814f04b5ca09f.txt`, "AVCaptureMultiCamSession: the real limits,
/// and why the stock Camera app doesn't offer dual recording". Modelled: the support gate (the
/// `isMultiCamSupported` flag, never a model list); the session rules (no-connection inputs and
/// outputs, manual connections, the `inputPriority` preset, formats before inputs) and the ordered
/// `addVideoBranch` with its typed errors (`SessionBuilder`); the format fallback chain and the
/// resolution change whose cost is only readable after commit, rolled back above 1.0 (Platform
/// `MultiCamSession.changeResolution`); back-lens discovery and its fallback; zoom (none on the
/// front camera, and the UI says so); frame routing with the back camera as the clock and only
/// the newest front kept (`FrameRouting`); the side-by-side aspect-fill crop (`LayoutCrop`); the
/// take: storage thresholds, 10 Mbit/s, the audio track only when not muted, aspect and layout
/// frozen (`Recording`); the thermal table with its deliberate asymmetry (`CapturePolicy`); the
/// four automatic stops and the user's stop through ONE finalize; the rebuild after a media
/// services reset (a new session generation); the focus conversion with its connection contract
/// (`FocusMapping`); the Metal traps: per-draw uniforms, never one shared buffer at offset 0, and
/// camera textures kept alive until the command buffer completes (`Compositor`).
///
/// Choices where the article is silent (GAPs):
/// - Hardware is a Platform `DeviceProfile` (`set cameraProfile`, default `iPhoneXS`, whose budget
///   makes dual 1080p30 cost 1.1311 and dual 720p30 0.5027: the note's calibration).
///   `set noMultiCamFormats wide` strips the multicam flag from a lens's formats (lens discovery,
///   `noFormat`); `set missingVideoPort front` makes a camera's video port missing (`noPort`).
/// - The camera permission is granted (the article does not cover it); `camera permission` lines
///   are refused as `notModelled`, as are the photo, vision, scanner and document-camera lines.
/// - The launch resolution is `set width` (default 1280, 720p); `previous` starts equal to it. A
///   launch width over budget is gated like a change: the session is configured at 720p instead
///   (`resolution … at=launch`, downgraded).
/// - `selectResolution`, `selectLens` and `setLayout` during a take are refused (never change the
///   file's picture mid-take); `setMuted`/`setAspect` during a take are refused as
///   `frozenAtRecordTime` and apply to the next take.
/// - Back zoom is clamped to 1...`videoMaxZoomFactor` (Platform); the front refusal is shown with
///   a `ui.notice`.
/// - A focus tap outside 0...1 or non-finite is refused, not clamped.
/// - The writer's session starts at the first composited frame's PTS; a video frame lasts until
///   the next frame of its 30 fps stream (`CameraFrameClock`); audio is 48 kHz.
/// - Out-of-order or duplicate back PTS while recording: the writer refuses the append (record),
///   the take goes on.
/// - Free space while recording is the last `storage` reading minus what the take wrote since (by
///   the writer's bitrate rule); it is checked on every reading and every 30 appended frames. At
///   0 the disk is full: the writer fails and the take is lost.
/// - Start needs `freeBytes >= 200 MiB`; a take stops when free space is `< 100 MiB`.
/// - `serious` while recording emits `warning kind=thermalSerious`; `dropTo720` runs the same
///   resolution change with its gate.
/// - Critical heat not acted on: the system kills the session (`runtimeError unknown`) and the
///   take is lost (only under the fault).
/// - `interruption ended` resumes the session, not the recording. A runtime error ends a take
///   through finalize too (`reason=runtimeError`, a sixth reason beside the article's five).
/// - After a media services reset the held front frame is dropped (its buffer belongs to the dead
///   session), then the whole session is rebuilt in the new generation.
/// - Layouts: side by side (two 540×1920 columns of a 1080×1920 canvas) and picture in picture
///   (front inset 360×640 at the top right, 48 px margins); aspect is a word frozen per take.
/// - The GPU completes a command buffer `set gpuLatency` after it is committed (default 0: at once);
///   finalize waits for work in flight (`waitUntilCompleted`).
public enum DualCam: Domain {
    public static let entry = DomainEntry(Self.self)
    /// 720p: the width a launch over budget falls back to, and the thermal drop target.
    static let fallbackWidth = 1_280
    public typealias State = DualCamState
    public typealias Event = DualCamEvent
    public typealias Fault = DualCamFault

    public static let name = "dualCam"
    public static let summary = "DualCam: front+back multicam recording, the cost gate with rollback, one finalize for every stop, rebuild after media reset, thermal/storage stops, frame pairing, focus mapping, Metal buffer traps (seed 000, \"AVCaptureMultiCamSession: the real limits\")."

    public static let events: [EventKind<DualCamEvent>] = [
        EventKind("launch", "The app starts: support gate, lens discovery, session build") { _ throws(ScenarioError) in .launch },
        EventKind("selectResolution", "The resolution picker") { f throws(ScenarioError) in
            .selectResolution(targetWidth: try f("width", .int, in: -100_000 ... 100_000, "target width: 1280 (720p), 1920 (1080p)"))
        },
        EventKind("selectLens", "The back-lens picker") { f throws(ScenarioError) in
            .selectLens(try f("lens", .choice(CameraLens.self), "ultraWide, wide or telephoto"))
        },
        EventKind("pinch", "A pinch on one camera's tile") { f throws(ScenarioError) in
            .pinch(camera: try f("camera", .choice(CameraPosition.self), "back or front"),
                   zoomFactor: try f("zoom", .number, "the requested zoom factor"))
        },
        EventKind("setMuted", "The mute switch (next take)") { f throws(ScenarioError) in .setMuted(try f("muted", .bool, "mute the next take")) },
        EventKind("setAspect", "The aspect picker (next take)") { f throws(ScenarioError) in
            .setAspect(try f("aspect", .choice(TakeAspect.self), "the next take's aspect"))
        },
        EventKind("setLayout", "The layout picker") { f throws(ScenarioError) in
            .setLayout(try f("layout", .choice(CompositeLayout.self), "how the two cameras share the canvas"))
        },
        EventKind("startRecording", "The record button") { _ throws(ScenarioError) in .startRecording },
        EventKind("stopRecording", "The stop button") { _ throws(ScenarioError) in .stopRecording },
        EventKind("focusTap", "A tap to focus, normalised portrait canvas point") { f throws(ScenarioError) in
            .focusTap(camera: try f("camera", .choice(CameraPosition.self), "back or front"),
                      x: try f("x", .number, "0...1, left to right"), y: try f("y", .number, "0...1, top to bottom"))
        },
        EventKind("audio", "A microphone sample buffer") { f throws(ScenarioError) in
            .audio(ptsNanoseconds: try f("pts", .duration, "presentation timestamp").nanoseconds,
                   sampleCount: try f("samples", .int, default: 1_024, in: 1 ... 48_000, "samples in the buffer (48 kHz)"))
        },
        EventKind("frameWithoutImage", "A video sample buffer that carries no image buffer") { f throws(ScenarioError) in
            .frameWithoutImage(camera: try f("camera", .choice(CameraPosition.self), "back or front"),
                               ptsNanoseconds: try f("pts", .duration, "presentation timestamp").nanoseconds)
        },
    ] + CaptureVocabulary.eventKinds(only: [CaptureVocabulary.cameraKind, CaptureVocabulary.thermalKind, CaptureVocabulary.storageKind]) {
        .capture($0)
    }

    public static let generators: [Generator<DualCamEvent>] = [CaptureVocabulary.framesGenerator { .capture($0) }, dualFramesGenerator]

    public static func kind(of event: DualCamEvent) -> String {
        switch event {
        case .launch: "launch"
        case .selectResolution: "selectResolution"
        case .selectLens: "selectLens"
        case .pinch: "pinch"
        case .setMuted: "setMuted"
        case .setAspect: "setAspect"
        case .setLayout: "setLayout"
        case .startRecording: "startRecording"
        case .stopRecording: "stopRecording"
        case .focusTap: "focusTap"
        case .audio: "audio"
        case .frameWithoutImage: "frameWithoutImage"
        case .capture(let e): CaptureVocabulary.kind(of: e)
        case .gpuComplete: "gpuComplete"
        }
    }

    public static func text(of event: DualCamEvent) -> String? {
        switch event {
        case .capture(let e): return CaptureVocabulary.text(of: e)
        // The generator's audio buffers need a line form, or `expand` cannot flatten `gen dualFrames`.
        case .audio(let pts, let samples): return LineText("audio").duration("pts", Duration(nanoseconds: pts)).int("samples", samples).line
        default: return nil
        }
    }

    public struct Settings: Sendable {
        public var profile: DeviceProfile
        public var width: Int
        public var noMultiCamFormats: [CameraLens]
        /// `none`, `back` or `front`.
        public var missingVideoPort: String
        public var gpuLatency: Duration
        public var layout: CompositeLayout
        /// A PNG of each saved take's last frame.
        public var snapshots: Bool
    }

    public enum PortChoice: String, CaseIterable, Sendable { case none, back, front }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let profile = try s("cameraProfile", CaptureVocabulary.deviceProfile, default: .iPhoneXS, "the device (Platform DeviceProfile)")
        let width = try s("width", .int, default: 1_280, in: 1 ... 16_384, "the resolution at launch (target width)")
        let stripped = try s("noMultiCamFormats", .text, default: "", "lenses whose formats are not multicam, comma-separated")
        let port = try s("missingVideoPort", .choice(PortChoice.self), default: .none, "a camera whose video port is missing")
        let latency = try s("gpuLatency", .duration, default: .zero, in: .zero ... .milliseconds(500), "GPU time from commit to completion")
        let layout = try s("layout", .choice(CompositeLayout.self), default: .sideBySide, "the layout at launch")
        let snapshots = try s("snapshots", .bool, default: false, "a PNG artifact of each saved take's last frame")
        var lenses: [CameraLens] = []
        if !s.isDeclaring, !stripped.isEmpty {
            for part in stripped.split(separator: ",", omittingEmptySubsequences: false) {
                guard let lens = CameraLens(rawValue: String(part)) else {
                    throw s.error("unknown lens '\(part)'; expected: ultraWide, wide, telephoto, front", at: "noMultiCamFormats")
                }
                lenses.append(lens)
            }
        }
        return Settings(profile: profile, width: width, noMultiCamFormats: lenses, missingVideoPort: port.rawValue, gpuLatency: latency,
                        layout: layout, snapshots: snapshots)
    }

    public static func start(_ settings: Settings, _ world: inout World<DualCam>) throws(ScenarioError) -> DualCamState {
        var profile = settings.profile
        if !settings.noMultiCamFormats.isEmpty {
            profile = DeviceProfile(name: profile.name, isMultiCamSupported: profile.isMultiCamSupported,
                                    cameras: profile.cameras.map { c in
                                        guard settings.noMultiCamFormats.contains(c.lens) else { return c }
                                        var c = c
                                        c.formats = c.formats.map { var f = $0; f.isMultiCamSupported = false; return f }
                                        return c
                                    },
                                    hardwarePixelRateBudget: profile.hardwarePixelRateBudget, sustainedPixelRate: profile.sustainedPixelRate)
        }
        return DualCamState(settings: settings, profile: profile, appliedWidth: settings.width, previousWidth: settings.width,
                            muted: false, aspect: .portrait, layout: settings.layout)
    }

    public static func write(_ s: DualCamState, to out: inout CanonicalWriter) {
        out.record(Record("app").word("supported", s.supported.map { $0 ? "true" : "false" } ?? "unknown").bool("built", s.built)
            .word("backLens", s.backLens.rawValue)
            .with("lenses", s.availableBackLenses.isEmpty ? .word("none") : .tuple(s.availableBackLenses.map { .word($0.rawValue) }))
            .int("applied", s.appliedWidth).int("previous", s.previousWidth).bool("downgraded", s.downgraded)
            .with("error", s.errorMessage.map { .string($0) } ?? .word("none")))
        out.record(Record("next").bool("muted", s.muted).word("aspect", s.aspect.rawValue).word("layout", s.layout.rawValue))
        out.record(Record("front").with("held", s.latestFront.map { .int($0.index) } ?? .word("none")).int("discarded", s.frontFramesDiscarded)
            .int("backWithoutFront", s.backFramesWithoutFront).int("noImage", s.framesWithoutImage).int("dropped", s.framesIgnoredStale)
            .int("composites", s.composites).int("audioIdle", s.audioIgnoredIdle))
        out.record(Record("takes").int("started", s.takesStarted).int("finalizeCalls", s.finalizeCalls)
            .with("stops", .tuple(StopReason.allCases.map { .word("\($0.rawValue):\(s.stops[$0] ?? 0)") }))
            .int("warnings", s.warnings.count))
        if let take = s.take {
            out.record(Record("take").int("number", take.number).bool("muted", take.muted).word("aspect", take.aspect.rawValue)
                .word("layout", take.layout.rawValue).int("previewFrames", take.previewFrames).int("fileFrames", take.fileFrames))
            take.writer.write(to: &out)
        }
        s.conditions.write(to: &out)
        s.session?.write(to: &out)
    }
}
