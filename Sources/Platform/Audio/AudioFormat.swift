import LockstepCore

/// An `AVAudioFormat` as far as graph wiring cares: sample rate and channel count. What
/// `inputNode.outputFormat(forBus: 0)` reports; `0 Hz / 0 channels` means there is no input, and
/// connecting with such a format is the uncatchable exception of the real API, so a domain must
/// check `isUsable` before it connects anything.
public struct AudioFormat: Hashable, Sendable, CustomStringConvertible {
    public var sampleRateHz: Double
    public var channels: Int

    public init(sampleRateHz: Double, channels: Int) {
        self.sampleRateHz = sampleRateHz
        self.channels = channels
    }

    /// The "no input" format (not `none`, which an optional would read as nil) (no microphone, or the hardware is gone).
    public static let noInput = AudioFormat(sampleRateHz: 0, channels: 0)

    /// At most this many channels; more is refused as a scripted format (no iPhone input has more).
    public static let maxChannels = 8

    /// A rate that is finite and positive and at least one channel: safe to connect with.
    public var isUsable: Bool { sampleRateHz.isFinite && sampleRateHz > 0 && channels > 0 }

    /// Why a scripted format is refused outright (never connectable and not a plain "no input"),
    /// or nil. `0 Hz / 0 ch` is *not* refused: it is the legitimate no-input report.
    public var problem: String? {
        guard sampleRateHz.isFinite, sampleRateHz >= 0, sampleRateHz <= 384_000 else {
            return "sampleRate must be a finite number of Hz in [0, 384000]"
        }
        guard channels >= 0, channels <= AudioFormat.maxChannels else { return "channels must be in 0...\(AudioFormat.maxChannels)" }
        return nil
    }

    /// `48000.0Hz/1ch`, as records show it.
    public var description: String {
        var out: [UInt8] = []
        appendWord(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `description`'s bytes (state lines write it at every step).
    public func appendWord(to out: inout [UInt8]) {
        Value.fixed(sampleRateHz, places: 1).write(to: &out)
        out.append(contentsOf: [72, 122, 47])  // "Hz/"
        Value.int(channels).write(to: &out)
        out.append(contentsOf: [99, 104])  // "ch"
    }
}
