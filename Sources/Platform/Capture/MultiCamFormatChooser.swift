import LockstepCore

/// Which step of the format fallback chain chose a format.
public enum FormatChoiceStep: String, Hashable, Sendable, CaseIterable {
    /// The first multicam format whose width is the target and that supports the frame rate.
    case exactMatch
    /// No such format: the multicam format of largest area (the first of equal areas). This step
    /// does not check the frame rate, so setting it afterwards can fail.
    case largestAreaFallback
}

/// Why configuring a camera's format failed: the seed's `ConfigError` cases, plus the frame rate
/// the fallback may not support (a real device raises; the model refuses).
public enum FormatConfigurationError: Error, Hashable, Sendable {
    case noCamera(CameraLens)
    /// `noFormat("back")`: the camera has no multicam format at all.
    case noMultiCamFormat(CameraPosition)
    /// The chosen format has no range containing the rate.
    case frameRateUnsupported(CameraLens, fps: Int, CaptureFormat)
    /// A target width of zero or less.
    case invalidTargetWidth(Int)

    /// A stable text for records (`errorMessage`).
    public var message: String {
        switch self {
        case .noCamera(let lens): "no camera \(lens.rawValue)"
        case .noMultiCamFormat(let position): "no multicam format (\(position.rawValue))"
        case .frameRateUnsupported(let lens, let fps, let f): "\(fps) fps is outside \(f) (\(lens.rawValue))"
        case .invalidTargetWidth(let w): "target width \(w) is not positive"
        }
    }

    /// `noCamera`, `noMultiCamFormat`, `frameRateUnsupported`, `invalidTargetWidth`.
    public var word: String {
        switch self {
        case .noCamera: "noCamera"
        case .noMultiCamFormat: "noMultiCamFormat"
        case .frameRateUnsupported: "frameRateUnsupported"
        case .invalidTargetWidth: "invalidTargetWidth"
        }
    }
}

/// The dual-camera seed's format choice, as a pure function of a camera's formats: only multicam
/// formats count; the first whose width is `targetWidth` and that supports `fps` wins; otherwise
/// the largest area (Swift's `max(by:)` keeps the first of equal maxima, and so does this).
public enum MultiCamFormatChooser {
    /// The index into `camera.formats` and the step that chose it.
    public static func choose(_ camera: CameraProfile, targetWidth: Int, fps: Int) -> Result<(index: Int, step: FormatChoiceStep), FormatConfigurationError> {
        guard targetWidth > 0 else { return .failure(.invalidTargetWidth(targetWidth)) }
        let candidates = camera.formats.indices.filter { camera.formats[$0].isMultiCamSupported }
        guard let firstCandidate = candidates.first else { return .failure(.noMultiCamFormat(camera.lens.position)) }
        if let exact = candidates.first(where: { camera.formats[$0].widthPixels == targetWidth && camera.formats[$0].supports(fps: fps) }) {
            return .success((exact, .exactMatch))
        }
        var best = firstCandidate
        for i in candidates where camera.formats[i].areaPixels > camera.formats[best].areaPixels { best = i }
        return .success((best, .largestAreaFallback))
    }
}

/// What configuring one camera did (`MultiCamSession.configureFormat`).
public enum FormatConfiguration: Hashable, Sendable, RecordConvertible {
    case configured(CameraLens, index: Int, CaptureFormat, step: FormatChoiceStep, fps: Int)
    /// Nothing changed, except after a fallback whose rate failed: the format is already set (as on
    /// a device, where `activeFormat` is assigned before the frame duration raises).
    case failed(CameraLens, FormatConfigurationError)

    public var error: FormatConfigurationError? {
        if case .failed(_, let e) = self { return e }
        return nil
    }

    public var record: Record {
        switch self {
        case .configured(let lens, let index, let f, let step, let fps):
            return Record("session.format").word("camera", lens.rawValue).int("index", index).word("format", f.description)
                .word("step", step.rawValue).int("fps", fps)
        case .failed(let lens, let e):
            return Record("rejected").word("input", "session.format").word("reason", e.word).word("camera", lens.rawValue)
                .string("error", e.message)
        }
    }
}

/// Which step of the back-lens fallback chain picked the lens.
public enum BackLensStep: String, Hashable, Sendable, CaseIterable {
    /// The current lens was found.
    case kept
    /// Not found; the wide lens was.
    case fellBackToWide
    /// Neither; the first lens found.
    case fellBackToFirstFound
    /// No back lens has a multicam format: `wide` stays selected (and will fail to configure).
    case noneFound
}

/// The seed's back-lens discovery: probe each back lens in order (ultra-wide, wide, telephoto),
/// keep those whose camera exists and has a multicam format, then keep the current lens if found,
/// else wide if found, else the first found, else wide. Only one back lens runs at a time.
public struct BackLensDiscovery: Hashable, Sendable, RecordConvertible {
    public var found: [CameraLens]
    public var chosen: CameraLens
    public var step: BackLensStep

    public static func discover(on profile: DeviceProfile, current: CameraLens) -> BackLensDiscovery {
        let found = CameraLens.backLenses.filter { profile.camera($0)?.hasMultiCamFormat == true }
        if found.contains(current) { return BackLensDiscovery(found: found, chosen: current, step: .kept) }
        if found.contains(.wide) { return BackLensDiscovery(found: found, chosen: .wide, step: .fellBackToWide) }
        if let first = found.first { return BackLensDiscovery(found: found, chosen: first, step: .fellBackToFirstFound) }
        return BackLensDiscovery(found: found, chosen: .wide, step: .noneFound)
    }

    /// `session.lenses found=ultraWide,telephoto chosen=ultraWide step=fellBackToFirstFound`.
    public var record: Record {
        Record("session.lenses").with("found", found.isEmpty ? .word("none") : .tuple(found.map { .word($0.rawValue) }))
            .word("chosen", chosen.rawValue).word("step", step.rawValue)
    }
}
