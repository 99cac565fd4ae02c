import LockstepCore

/// A RIFF/WAVE file read into Float32 frames: 16-bit integer PCM (format 1) or 32-bit IEEE float
/// (format 3), also inside `WAVE_FORMAT_EXTENSIBLE`. Everything else is refused with a reason; a
/// truncated file is refused, never read past its end.
public struct WAVFile: Hashable, Sendable {
    public var format: PCMFormat
    /// Interleaved, 16-bit samples scaled by 1/32768.
    public var samples: [Float]

    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case notRIFF, notWAVE, noFormatChunk, noDataChunk, chunkPastEnd(String)
        case unsupportedEncoding(format: Int, bits: Int)
        case badFormat(String)
        case tooLarge(frames: Int)

        public var description: String {
            switch self {
            case .notRIFF: "not a WAV file: it does not start with RIFF"
            case .notWAVE: "not a WAV file: the RIFF type is not WAVE"
            case .noFormatChunk: "the WAV file has no fmt chunk before its data"
            case .noDataChunk: "the WAV file has no data chunk"
            case .chunkPastEnd(let id): "the WAV chunk '\(id)' runs past the end of the file (truncated?)"
            case .unsupportedEncoding(let f, let b): "WAV encoding \(f) with \(b) bits is not supported (16-bit PCM or 32-bit float only)"
            case .badFormat(let why): "the WAV fmt chunk is invalid: \(why)"
            case .tooLarge(let n): "the WAV file holds \(n) frames, over the limit of \(WAVFile.maxFrames)"
            }
        }
    }

    /// 10 minutes at 48 kHz: far more than a fixture needs, bounded.
    public static let maxFrames = 28_800_000

    public static func parse(_ bytes: [UInt8]) -> Result<WAVFile, Problem> {
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        func tag(_ i: Int) -> String { String(decoding: bytes[i ..< i + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF" else { return .failure(.notRIFF) }
        guard tag(8) == "WAVE" else { return .failure(.notWAVE) }
        var offset = 12
        var encoding = 0, channels = 0, rate = 0, bits = 0
        var haveFormat = false
        while offset + 8 <= bytes.count {
            let id = tag(offset)
            let size = u32(offset + 4)
            let body = offset + 8
            guard size <= bytes.count - body else { return .failure(.chunkPastEnd(id)) }
            if id == "fmt " {
                guard size >= 16 else { return .failure(.badFormat("fmt is \(size) bytes, at least 16 needed")) }
                encoding = u16(body)
                channels = u16(body + 2)
                rate = u32(body + 4)
                bits = u16(body + 14)
                if encoding == 0xFFFE {
                    guard size >= 40 else { return .failure(.badFormat("an extensible fmt needs 40 bytes")) }
                    encoding = u16(body + 24)  // the sub-format GUID starts with the format code
                }
                haveFormat = true
            } else if id == "data" {
                guard haveFormat else { return .failure(.noFormatChunk) }
                guard PCMFormat.channelRange.contains(channels) else { return .failure(.badFormat("\(channels) channels")) }
                guard PCMFormat.sampleRateRange.contains(rate) else { return .failure(.badFormat("sample rate \(rate) Hz")) }
                let width: Int
                switch (encoding, bits) {
                case (1, 16): width = 2
                case (3, 32): width = 4
                default: return .failure(.unsupportedEncoding(format: encoding, bits: bits))
                }
                let frames = size / (width * channels)
                guard frames <= maxFrames else { return .failure(.tooLarge(frames: frames)) }
                var samples: [Float] = []
                samples.reserveCapacity(frames * channels)
                var i = body
                for _ in 0 ..< frames * channels {
                    if width == 2 {
                        samples.append(Float(Int16(bitPattern: UInt16(u16(i)))) / 32768)
                    } else {
                        samples.append(Float(bitPattern: UInt32(u32(i))))
                    }
                    i += width
                }
                return .success(WAVFile(format: PCMFormat(sampleRateHz: rate, channels: channels), samples: samples))
            }
            offset = body + size + (size & 1)  // chunks are padded to even sizes
        }
        return .failure(haveFormat ? .noDataChunk : .noFormatChunk)
    }

    /// A 16-bit PCM WAV of `samples` (× 32768, rounded half to even, clamped to the Int16 range, so
    /// `parse` gives back every sample that is a multiple of 1/32768 exactly): for fixtures and tests.
    public static func encode16(_ samples: [Float], format: PCMFormat) -> [UInt8] {
        var out: [UInt8] = Array("RIFF".utf8)
        func put32(_ v: Int) { for k in 0 ..< 4 { out.append(UInt8(truncatingIfNeeded: v >> (8 * k))) } }
        func put16(_ v: Int) { for k in 0 ..< 2 { out.append(UInt8(truncatingIfNeeded: v >> (8 * k))) } }
        let dataBytes = samples.count * 2
        put32(36 + dataBytes)
        out += Array("WAVEfmt ".utf8)
        put32(16); put16(1); put16(format.channels); put32(format.sampleRateHz)
        put32(format.sampleRateHz * format.channels * 2); put16(format.channels * 2); put16(16)
        out += Array("data".utf8)
        put32(dataBytes)
        for s in samples {
            let v = s.isNaN ? 0 : min(max((Double(s) * 32768).rounded(.toNearestOrEven), -32768), 32767)
            put16(Int(Int16(v)))
        }
        return out
    }
}
