import LockstepCore

/// The standard scenario spelling of what the user, the system and the scripted capture services
/// do to a camera or photos app, shared by every capture domain:
///
/// ```
/// 0    camera permission answer=allow                 the tap on the camera prompt (allow|deny)
/// 0    camera permission settings=denied              changed in Settings (any status)
/// 1    camera interruption began reason=videoDeviceInUseByAnotherClient
/// 2    camera interruption ended
/// 3    camera mediaServicesReset                      a new session generation; old objects invalid
/// 3    camera runtimeError error=deviceWasDisconnected    default error=unknown
/// 4    camera frame camera=back pts=0.5 index=15 pattern=colorBars     one frame (or fixture="page-1")
/// 0    gen cameraFrames camera=back fps=30 seconds=2 [first=0] [pattern=…|fixture=…]
/// 5    photos auth=limited level=readWrite            the prompt's answer, or Settings when none shows
/// 6    thermal level=serious                          nominal|fair|serious|critical
/// 7    storage free=104857600                         bytes, 0 or more
/// 8    vision result id=1 rectangles=0.1,0.9,0.9,0.9,0.1,0.1,0.9,0.1,0.8   tl,tr,bl,br (x,y) and confidence, per rectangle
/// 8    vision result id=2 rectangles=none             Vision found nothing
/// 8    vision result id=3 text="TOTAL 12.50\nThank you" confidence=0.9,0.6
/// 8    vision result id=4 error="request failed"
/// 9    scanner availability supported=true available=false
/// 9    scanner didAdd items="ean13:4006381333931;ean13;text:Aspirin 500 mg"
/// 9    scanner didRemove ids=1,3
/// 9    scanner didUpdate id=2 item="ean13:4006381333931"
/// 10   documentCamera finish pages=3 [width=2480 height=3508]
/// 10   documentCamera cancel
/// 10   documentCamera fail error="camera unavailable"
/// ```
///
/// A domain adds `CaptureVocabulary.eventKinds { .capture($0) }` to its `events` (all seven kinds;
/// `eventKinds(only:)` for a subset), names each with `CaptureVocabulary.kind(of:)` in `kind(of:)`,
/// adds `CaptureVocabulary.framesGenerator { .capture($0) }` to its `generators`, and writes events
/// back with `CaptureVocabulary.text(of:)`. Fields that do not apply, missing or conflicting
/// fields and out-of-range values are errors at their column.
public enum CaptureVocabulary {
    public static let cameraKind = "camera"
    public static let photosKind = "photos"
    public static let thermalKind = "thermal"
    public static let storageKind = "storage"
    public static let visionKind = "vision"
    public static let scannerKind = "scanner"
    public static let documentCameraKind = "documentCamera"
    public static let framesGeneratorName = "cameraFrames"

    /// Every kind, in the order `eventKinds` returns them.
    public static let kinds = [cameraKind, photosKind, thermalKind, storageKind, visionKind, scannerKind, documentCameraKind]

    /// At most this many frames from one `gen cameraFrames` line: one hour at 240 fps.
    public static let maxFramesPerLine: Int64 = 864_000
    /// The highest frame index a line may name or start from (`index=`, `first=`): about 96 days
    /// at 120 fps, and far below where a PTS could overflow.
    public static let maxFrameIndex: Int64 = 1_000_000_000
    /// The largest Vision request id a line may name (ids count performs; no run makes a billion).
    public static let maxRequestID: Int64 = 1_000_000_000
    /// A finished scan's default page size: A4 at 300 dpi.
    public static let defaultPageWidth = 2_480
    public static let defaultPageHeight = 3_508

    /// The trace kind of `event`, for the domain's `kind(of:)`.
    public static func kind(of event: CaptureSystemEvent) -> String {
        switch event {
        case .cameraPermissionAnswer, .cameraPermissionSettings, .interruptionBegan, .interruptionEnded, .mediaServicesReset,
             .runtimeError, .frame: cameraKind
        case .photosAuthorization: photosKind
        case .thermal: thermalKind
        case .storage: storageKind
        case .visionResult: visionKind
        case .scanner: scannerKind
        case .documentCamera: documentCameraKind
        }
    }

    /// Every capture kind, each wrapped into the domain's event by `wrap`.
    public static func eventKinds<Event>(_ wrap: @escaping @Sendable (CaptureSystemEvent) -> Event) -> [EventKind<Event>] {
        eventKinds(only: kinds, wrap)
    }

    /// The kinds named in `names` (a subset of `kinds`, in `kinds` order), for a domain that only
    /// needs some (a scanner has no thermal lines). A name that is not one of `kinds` adds nothing;
    /// a domain's registry test sees the kind missing from its `lockstep list`.
    public static func eventKinds<Event>(only names: [String], _ wrap: @escaping @Sendable (CaptureSystemEvent) -> Event) -> [EventKind<Event>] {
        var out: [EventKind<Event>] = []
        for name in kinds where names.contains(name) {
            switch name {
            case cameraKind: out.append(custom(CameraLineDecoder.spec, placeholder: .mediaServicesReset, CameraLineDecoder.decode, wrap))
            case photosKind: out.append(photosEventKind(wrap))
            case thermalKind: out.append(thermalEventKind(wrap))
            case storageKind: out.append(storageEventKind(wrap))
            case visionKind:
                out.append(custom(VisionLineDecoder.spec, placeholder: .visionResult(VisionResultLine(id: VisionRequestID(1), result: .rectangles([]))),
                                  VisionLineDecoder.decode, wrap))
            case scannerKind:
                out.append(custom(ScannerLineDecoder.spec, placeholder: .scanner(.availability(supported: true, available: true)),
                                  ScannerLineDecoder.decode, wrap))
            default:
                out.append(custom(DocumentCameraLineDecoder.spec, placeholder: .documentCamera(.cancel), DocumentCameraLineDecoder.decode, wrap))
            }
        }
        return out
    }

    /// A kind whose lines are read by a decoder of its own (fields that depend on the first word).
    static func custom<Event>(_ spec: EventSpec, placeholder: CaptureSystemEvent,
                              _ decode: @escaping @Sendable (EventLine) throws(ScenarioError) -> CaptureSystemEvent,
                              _ wrap: @escaping @Sendable (CaptureSystemEvent) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? placeholder : try decode(line))
        }
    }

    /// `photos auth=STATUS [level=addOnly|readWrite]`.
    static func photosEventKind<Event>(_ wrap: @escaping @Sendable (CaptureSystemEvent) -> Event) -> EventKind<Event> {
        EventKind(photosKind, "Photo library authorization (Platform Capture): the prompt's answer, or a change in Settings when no prompt shows") {
            f throws(ScenarioError) in
            let status = try f("auth", .choice(PhotosAuthorizationStatus.self), "the status the system reports")
            let level = try f("level", .choice(PhotosAccessLevel.self), default: .addOnly, "which access level")
            return wrap(.photosAuthorization(status, level: level))
        }
    }

    /// `thermal level=WORD`.
    static func thermalEventKind<Event>(_ wrap: @escaping @Sendable (CaptureSystemEvent) -> Event) -> EventKind<Event> {
        EventKind(thermalKind, "ProcessInfo.thermalState changes (Platform Capture)") { f throws(ScenarioError) in
            wrap(.thermal(try f("level", .choice(ThermalState.self), "the new thermal state")))
        }
    }

    /// `storage free=BYTES`.
    static func storageEventKind<Event>(_ wrap: @escaping @Sendable (CaptureSystemEvent) -> Event) -> EventKind<Event> {
        EventKind(storageKind, "Free space for important usage changes (Platform Capture)") { f throws(ScenarioError) in
            wrap(.storage(freeBytes: try f("free", .integer, in: 0 ... Int64.max, "bytes available")))
        }
    }

    /// `set cameraProfile NAME` (or any field naming a built-in `DeviceProfile`).
    public static var deviceProfile: FieldKind<DeviceProfile> {
        FieldKind(type: .word(choices: DeviceProfile.builtIn.map(\.name)), placeholder: { .iPhoneXS }, read: { line, i throws(ScenarioError) in
            let name = try line.word(at: i)
            guard let p = DeviceProfile.named(name) else {
                throw line.valueLocation(i).error("unknown device profile '\(name)'; expected one of: "
                                                  + DeviceProfile.builtIn.map(\.name).joined(separator: ", "))
            }
            return p
        }, text: { $0.name })
    }

    // MARK: Shared checks

    /// Refuses any keyed argument of `line` not in `allowed`, at its column.
    static func onlyKeys(_ allowed: [String], _ line: EventLine, _ what: String) throws(ScenarioError) {
        for (key, index) in line.keyedArguments where !allowed.contains(key) {
            throw line.location(ofArg: index).error("'\(key)' does not apply to '\(what)'")
        }
    }

    /// Refuses a second positional word where the event takes none.
    static func noPhase(_ line: EventLine, _ what: String) throws(ScenarioError) {
        let p = line.positionalIndices
        if p.count > 1 { throw line.location(ofArg: p[1]).error("'\(line.rawText(p[1]))' does not apply to '\(what)'") }
    }

    /// A quoted string or a word, not empty.
    static func nonEmptyText(_ line: EventLine, _ key: StaticString, _ what: String) throws(ScenarioError) -> String {
        guard let i = line.index(of: key) else { throw line.error("missing field '\(key)' for '\(what)'") }
        let text = try line.text(at: i)
        guard !text.isEmpty else { throw line.valueLocation(i).error("\(key)= needs a text (an empty one says nothing)") }
        return text
    }
}
