#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore
import LockstepRunner

/// The inputs `lockstep bench` measures: scenarios built in memory or written to a temporary folder,
/// deterministic (SplitMix64) so every run measures the same bytes.
public enum BenchInputs {
    /// The 19 body joints Apple's Vision reports, in its documented order: the shape of a
    /// repCounter recording.
    public static let visionJoints = [
        "nose", "leftEye", "rightEye", "leftEar", "rightEar", "neck",
        "leftShoulder", "rightShoulder", "leftElbow", "rightElbow", "leftWrist", "rightWrist",
        "root", "leftHip", "rightHip", "leftKnee", "rightKnee", "leftAnkle", "rightAnkle",
    ]

    /// Seconds between frames in the frame file (30 fps as recorded: 0.033 s).
    public static let frameIntervalNanoseconds: Int64 = 33_000_000

    /// A `noop` scenario of `count` lines `+0.001 tick` (the first at 0).
    public static func tickScenario(count: Int) -> [UInt8] {
        var bytes = Array("lockstep 1\ndomain noop\n".utf8)
        bytes.reserveCapacity(bytes.count + 12 * count + 8)
        let line = Array("+0.001 tick\n".utf8)
        for i in 0..<count { bytes += i == 0 ? Array("0 tick\n".utf8) : line }
        return bytes
    }

    /// A `noop` scenario with one line that generates `count` ticks 1 ms apart (no per-event parsing).
    public static func generatedTickScenario(count: Int) -> [UInt8] {
        Array("lockstep 1\ndomain noop\n0 gen ticks count=\(count) interval=0.001\n".utf8)
    }

    /// One frame's joint values in thousandths (x, y) and hundredths (confidence), from SplitMix64.
    struct Frame {
        var values: [(x: Int, y: Int, confidence: Int)] = []

        init(_ rng: inout SeededRNG) {
            values.reserveCapacity(BenchInputs.visionJoints.count)
            for _ in BenchInputs.visionJoints {
                values.append((rng.int(below: 1000), rng.int(below: 1000), rng.int(below: 100)))
            }
        }

        /// `+0.033 frame nose=0.512,0.803,0.91 ...` (the first frame at `0`).
        func appendScenarioLine(first: Bool, to out: inout [UInt8]) {
            out += first ? Array("0 frame".utf8) : Array("+0.033 frame".utf8)
            for (j, v) in values.enumerated() {
                out.append(32)
                out += BenchInputs.visionJoints[j].utf8
                out.append(61)
                BenchInputs.appendFraction(v.x, digits: 3, to: &out)
                out.append(44)
                BenchInputs.appendFraction(v.y, digits: 3, to: &out)
                out.append(44)
                BenchInputs.appendFraction(v.confidence, digits: 2, to: &out)
            }
            out.append(10)
        }

        /// The same frame as one JSON line: `{"t":0.033,"kind":"frame","joints":{"nose":[0.512,0.803,0.91],...}}`.
        func appendJSONLine(index: Int, to out: inout [UInt8]) {
            out += Array("{\"t\":".utf8)
            Duration.appendSeconds(BenchInputs.frameIntervalNanoseconds * Int64(index), to: &out)
            out += Array(",\"kind\":\"frame\",\"joints\":{".utf8)
            for (j, v) in values.enumerated() {
                if j > 0 { out.append(44) }
                out.append(34)
                out += BenchInputs.visionJoints[j].utf8
                out += Array("\":[".utf8)
                BenchInputs.appendFraction(v.x, digits: 3, to: &out)
                out.append(44)
                BenchInputs.appendFraction(v.y, digits: 3, to: &out)
                out.append(44)
                BenchInputs.appendFraction(v.confidence, digits: 2, to: &out)
                out.append(93)
            }
            out += Array("}}\n".utf8)
        }
    }

    /// `value / 10^digits` written as `0.ddd` (value < 10^digits).
    static func appendFraction(_ value: Int, digits: Int, to out: inout [UInt8]) {
        out.append(48)
        out.append(46)
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var v = value
        while divisor > 0 {
            out.append(48 + UInt8(v / divisor))
            v %= divisor
            divisor /= 10
        }
    }

    /// What `writeFrameFile` produced.
    public struct FrameFile {
        public var path: String
        public var bytes: Int
        public var frames: Int
        /// The first `jsonFrames` frames as JSON Lines, for the JSONDecoder baseline.
        public var json: [UInt8]
        public var jsonFrames: Int
    }

    /// Writes a `noop` scenario of joint frames of at least `targetBytes` to `path`, streaming in
    /// 1 MiB blocks, and keeps the first `jsonFrames` frames as JSON Lines in memory.
    public static func writeFrameFile(_ path: String, targetBytes: Int, jsonFrames: Int) throws(FileIO.Failure) -> FrameFile {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FileIO.Failure(path: path, message: "cannot create the bench file") }
        defer { close(fd) }
        var output = FileDescriptorOutput(fd: fd)
        var block = Array("lockstep 1\ndomain noop\n".utf8)
        var rng = SeededRNG(seed: 0x6C6F636B73746570)  // "lockstep"
        var json: [UInt8] = []
        var written = 0
        var frames = 0
        while written + block.count < targetBytes || frames == 0 {
            let frame = Frame(&rng)
            frame.appendScenarioLine(first: frames == 0, to: &block)
            if frames < jsonFrames { frame.appendJSONLine(index: frames, to: &json) }
            frames += 1
            if block.count >= 1 << 20 {
                output.write(block)
                written += block.count
                block.removeAll(keepingCapacity: true)
            }
        }
        output.write(block)
        written += block.count
        guard FileIO.size(path) == written else { throw FileIO.Failure(path: path, message: "short write (disk full?)") }
        return FrameFile(path: path, bytes: written, frames: frames, json: json, jsonFrames: min(frames, jsonFrames))
    }

    /// Writes `tickScenario(count:)` to `path` in blocks, without holding it in memory.
    public static func writeTickFile(_ path: String, count: Int) throws(FileIO.Failure) -> Int {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FileIO.Failure(path: path, message: "cannot create the bench file") }
        defer { close(fd) }
        var output = FileDescriptorOutput(fd: fd)
        var block = Array("lockstep 1\ndomain noop\n".utf8)
        let line = Array("+0.001 tick\n".utf8)
        var written = 0
        for i in 0..<count {
            if i == 0 { block += Array("0 tick\n".utf8) } else { block += line }
            if block.count >= 1 << 20 {
                output.write(block)
                written += block.count
                block.removeAll(keepingCapacity: true)
            }
        }
        output.write(block)
        written += block.count
        guard FileIO.size(path) == written else { throw FileIO.Failure(path: path, message: "short write (disk full?)") }
        return written
    }

    /// A fresh temporary folder under /tmp.
    public static func makeTemporaryDirectory() throws(FileIO.Failure) -> String {
        var template = Array("/tmp/lockstep-bench-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw FileIO.Failure(path: "/tmp", message: "cannot create a temporary folder")
        }
        return String(cString: made)
    }

    /// Removes an empty folder (the temporary one, once its files are gone).
    public static func removeDirectory(_ path: String) { rmdir(path) }
}
