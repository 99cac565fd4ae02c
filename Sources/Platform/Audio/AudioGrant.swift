import LockstepCore

/// What the system actually gave: the hardware sample rate and IO buffer duration. Preferences are
/// requests; a domain logs the grant it got and computes buffer sizes from it.
public struct AudioGrant: Hashable, Sendable {
    public var sampleRateHz: Double
    public var ioBufferSeconds: Double

    public init(sampleRateHz: Double, ioBufferSeconds: Double) {
        self.sampleRateHz = sampleRateHz
        self.ioBufferSeconds = ioBufferSeconds
    }

    /// Frames per IO buffer at the granted rate (`0.005 s × 48 000 Hz = 240`; not always whole:
    /// `0.005 × 44 100 = 220.5`).
    public var ioBufferFrames: Double { ioBufferSeconds * sampleRateHz }

    /// Why a scripted grant is refused, or nil if it is usable: both values finite and positive,
    /// the rate at most 384 kHz and the buffer at most one second (no real hardware goes beyond).
    public var problem: String? {
        guard sampleRateHz.isFinite, sampleRateHz > 0, sampleRateHz <= 384_000 else {
            return "sampleRate must be a finite number of Hz in (0, 384000]"
        }
        guard ioBufferSeconds.isFinite, ioBufferSeconds > 0, ioBufferSeconds <= 1 else {
            return "ioBuffer must be a finite number of seconds in (0, 1]"
        }
        return nil
    }

    /// The hardware rates the default resolver grants when asked for them.
    public static let supportedRatesHz: [Double] = [44_100, 48_000]
    /// The rate the default resolver grants otherwise (and the HFP route's narrowband rate).
    public static let defaultRateHz = 48_000.0
    public static let hfpRateHz = 16_000.0
    /// Buffer sizes the default resolver picks from: powers of two between these, in frames.
    public static let minFrames = 64.0
    public static let maxFrames = 4_096.0
    /// Frames granted when nothing was preferred (iOS's usual ~21–23 ms).
    public static let defaultFrames = 1_024.0

    /// The default resolver, used when the scenario scripts no grant.
    ///
    /// GAP (the articles say only "the system decides"): the rate is the preferred one if the
    /// hardware supports it (44.1 or 48 kHz), 16 kHz on a Bluetooth HFP route, 48 kHz otherwise;
    /// the buffer is the preferred duration rounded **up** to a power of two frames at that rate,
    /// within 64…4096 frames (1024 when nothing was preferred). So 5 ms at 48 kHz (240 frames)
    /// gives 256 frames, 5.333… ms, the value real devices commonly report.
    public static func resolve(preferredRateHz: Double?, preferredIOBufferSeconds: Double?, route: AudioRoute) -> AudioGrant {
        var rate = defaultRateHz
        if route.output == .bluetoothHFP || route.input == .bluetoothHFP {
            rate = hfpRateHz
        } else if let p = preferredRateHz, supportedRatesHz.contains(p) {
            rate = p
        }
        var frames = defaultFrames
        if let s = preferredIOBufferSeconds {
            let wanted = s * rate
            frames = minFrames
            // Bounded: at most log2(4096/64) = 6 doublings.
            while frames < wanted && frames < maxFrames { frames *= 2 }
        }
        return AudioGrant(sampleRateHz: rate, ioBufferSeconds: frames / rate)
    }
}
