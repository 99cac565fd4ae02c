import LockstepCore

/// A cost as the session reports it after a commit: a pixel rate over a budget. The gate compares
/// the integers (`pixelRate > budget`), never the `Double`, so exactly 1.0 is kept and 1.0001 is
/// over, on every machine.
public struct CaptureCost: Hashable, Sendable {
    /// Pixels per second of the streaming cameras.
    public var pixelRate: Int64
    /// The profile's budget for this cost.
    public var budget: Int64

    public init(pixelRate: Int64, budget: Int64) {
        self.pixelRate = pixelRate
        self.budget = max(1, budget)
    }

    public static let zero = CaptureCost(pixelRate: 0, budget: 1)

    /// `hardwareCost` / `systemPressureCost` as the API's `Float` would show it.
    public var value: Double { Double(pixelRate) / Double(budget) }

    /// Strictly above 1.0.
    public var exceedsBudget: Bool { pixelRate > budget }

    /// Four decimals: `1.1311`.
    public var fixed: Value { .fixed(value, places: 4) }
}

/// One camera streaming in the session, as the cost model sees it.
public struct CaptureStream: Hashable, Sendable {
    public var lens: CameraLens
    public var format: CaptureFormat
    /// The configured rate (`activeVideoMinFrameDuration` = 1/fps), or the format's maximum when
    /// the app set none: the hardware must be ready for the fastest the format may run.
    public var fps: Int

    public init(lens: CameraLens, format: CaptureFormat, fps: Int) {
        self.lens = lens
        self.format = format
        self.fps = fps
    }
}

/// The deterministic stand-in for `hardwareCost` and `systemPressureCost` (Apple's functions are
/// opaque; this follows the factors Apple names: output size, frame rate, binning).
///
/// - A stream's pixel rate is `w · h · fps`, halved (rounded down) for a binned format: binning
///   combines neighbouring photosites on the sensor, so less data leaves it (Apple names binned
///   formats as cheaper; the factor of one half is the model's choice).
/// - `hardwareCost = Σ pixel rates / profile.hardwarePixelRateBudget`; above 1.0 the session cannot
///   run the configuration (a runtime error when it starts, or on its next frame if running).
/// - `systemPressureCost = Σ pixel rates / profile.sustainedPixelRate`; above 1.0 the configuration
///   runs but cannot be sustained. Reported, never gated.
/// - Only cameras with an input in the session and at least one enabled connection stream.
///
/// Worked example (`iPhoneXS`, budget 110,000,000 px/s): 1920 · 1080 · 30 = 62,208,000 px/s per
/// camera; two are 124,416,000, so hardwareCost = 1.1311 > 1.0 and the seed rolls back. 1280 · 720
/// · 30 = 27,648,000; two are 55,296,000, cost 0.5027.
public enum CaptureCostModel {
    /// `w · h · fps`, halved for binning.
    public static func pixelRate(_ stream: CaptureStream) -> Int64 {
        let raw = Int64(stream.format.widthPixels) * Int64(stream.format.heightPixels) * Int64(max(0, stream.fps))
        return stream.format.isBinned ? raw / 2 : raw
    }

    /// Σ over `streams` (saturating: the inputs are bounded, the sum cannot really overflow).
    public static func totalPixelRate(_ streams: [CaptureStream]) -> Int64 {
        var total: Int64 = 0
        for s in streams {
            let (sum, overflow) = total.addingReportingOverflow(pixelRate(s))
            total = overflow ? Int64.max : sum
        }
        return total
    }

    public static func hardwareCost(_ streams: [CaptureStream], on profile: DeviceProfile) -> CaptureCost {
        CaptureCost(pixelRate: totalPixelRate(streams), budget: profile.hardwarePixelRateBudget)
    }

    public static func systemPressureCost(_ streams: [CaptureStream], on profile: DeviceProfile) -> CaptureCost {
        CaptureCost(pixelRate: totalPixelRate(streams), budget: profile.sustainedPixelRate)
    }
}
