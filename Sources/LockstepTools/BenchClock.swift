#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore
import LockstepRunner

/// Wall-clock measurement for `lockstep bench`. Tool code, not domain code: it reads the real
/// monotonic clock and the process's memory high-water mark, and nothing it measures reaches a trace.
public enum BenchClock {
    /// Nanoseconds on the monotonic clock (never goes backwards, unaffected by clock changes).
    public static func nanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
    }

    /// The best (shortest) and median of repeated timings, in nanoseconds.
    public struct Sample: Sendable {
        public var timesNanoseconds: [UInt64]
        public var best: Double { Double(timesNanoseconds.min() ?? 0) }
        public var median: Double {
            let sorted = timesNanoseconds.sorted()
            guard !sorted.isEmpty else { return 0 }
            let mid = sorted.count / 2
            return sorted.count % 2 == 1 ? Double(sorted[mid]) : (Double(sorted[mid - 1]) + Double(sorted[mid])) / 2
        }
    }

    /// Runs `body` `repeats` times (at least once) and times each run.
    public static func measure<E: Error>(repeats: Int, _ body: () throws(E) -> Void) throws(E) -> Sample {
        var times: [UInt64] = []
        for _ in 0..<max(1, repeats) {
            let start = nanoseconds()
            try body()
            times.append(nanoseconds() &- start)
        }
        return Sample(timesNanoseconds: times)
    }

    /// The process's peak resident set so far, in bytes: `VmHWM` from /proc/self/status on Linux,
    /// else `getrusage`'s `ru_maxrss` (kilobytes on Linux, bytes on Darwin).
    public static func peakResidentBytes() -> Int? {
        #if os(Linux)
        if let status = procStatus() {
            for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                let digits = line.dropFirst("VmHWM:".count).filter { $0 >= "0" && $0 <= "9" }
                if let kilobytes = Int(digits) { return kilobytes * 1024 }
            }
        }
        #endif
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return nil }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// /proc/self/status (procfs reports size 0, so it is read until end of file, at most 64 KiB).
    static func procStatus() -> String? {
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n <= 0 { break }
            filled += n
        }
        return String(decoding: bytes[..<filled], as: UTF8.self)
    }
}
