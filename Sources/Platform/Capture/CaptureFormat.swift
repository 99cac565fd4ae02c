import LockstepCore

/// `AVFrameRateRange` in whole frames per second (the seeds only use whole rates; 1...240 covers
/// every camera format).
public struct FrameRateRange: Hashable, Sendable, CustomStringConvertible {
    public var minFPS: Int
    public var maxFPS: Int

    public init(_ minFPS: Int, _ maxFPS: Int) {
        self.minFPS = minFPS
        self.maxFPS = maxFPS
    }

    /// `minFrameRate <= fps && maxFrameRate >= fps` (the seed's `supports30fps` test).
    public func contains(_ fps: Int) -> Bool { minFPS <= fps && fps <= maxFPS }

    /// `1-30`.
    public var description: String { "\(minFPS)-\(maxFPS)" }
}

/// `AVCaptureDevice.Format` as far as a multicam app reads it: output dimensions, frame-rate
/// ranges, whether it may run in a multicam session, and whether the sensor is binned.
public struct CaptureFormat: Hashable, Sendable, CustomStringConvertible {
    /// The most pixels a format may have on a side (8K and a margin), so a pixel rate cannot overflow.
    public static let maxSidePixels = 16_384

    public var widthPixels: Int
    public var heightPixels: Int
    public var frameRateRanges: [FrameRateRange]
    /// Only these may be active in a multicam session: a strict subset of what the camera offers
    /// alone, which is why the stock Camera app is not choosing from the same menu.
    public var isMultiCamSupported: Bool
    /// `isVideoBinned`: the sensor combines neighbouring photosites, reading less data per frame,
    /// which the cost model counts at half (see `CaptureCostModel`).
    public var isBinned: Bool

    public init(_ widthPixels: Int, _ heightPixels: Int, fps ranges: [FrameRateRange], multiCam: Bool, binned: Bool = false) {
        self.widthPixels = min(max(widthPixels, 1), CaptureFormat.maxSidePixels)
        self.heightPixels = min(max(heightPixels, 1), CaptureFormat.maxSidePixels)
        self.frameRateRanges = ranges
        self.isMultiCamSupported = multiCam
        self.isBinned = binned
    }

    /// `w · h`, the seed's fallback key (the largest-area multicam format).
    public var areaPixels: Int { widthPixels * heightPixels }

    /// Any range contains `fps`.
    public func supports(fps: Int) -> Bool { frameRateRanges.contains { $0.contains(fps) } }

    /// The highest rate any range reaches (what the cost counts when no rate was set).
    public var maxFPS: Int { frameRateRanges.map(\.maxFPS).max() ?? 0 }

    /// `1920x1080@1-30+mc+binned`: a word for records.
    public var description: String {
        "\(widthPixels)x\(heightPixels)@" + frameRateRanges.map(\.description).joined(separator: ",")
            + (isMultiCamSupported ? "+mc" : "") + (isBinned ? "+binned" : "")
    }
}
