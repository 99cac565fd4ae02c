#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore

import LockstepCore

/// Writes to a file descriptor (1 for stdout).
///
/// A write that fails (a closed pipe, a full disk) is not silent: `failure` keeps the first error and
/// later writes are dropped, so the command can exit non-zero instead of reporting success over a
/// truncated trace.
public struct FileDescriptorOutput: TraceOutput {
    public let fd: Int32
    /// The first failed write's errno, if any write failed.
    public private(set) var failure: Int32?
    /// Bound on partial-write rounds for one buffer; hitting it counts as a failure (EAGAIN-like).
    public static let maxWriteRounds = 100_000

    public init(fd: Int32) { self.fd = fd }

    public mutating func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        var done = 0
        var rounds = 0
        while done < bytes.count {
            rounds += 1
            guard rounds <= Self.maxWriteRounds else { failure = EAGAIN; return }
            let n = bytes.withUnsafeBytes { p in
                #if canImport(Glibc)
                Glibc.write(fd, p.baseAddress! + done, bytes.count - done)
                #elseif canImport(Musl)
                Musl.write(fd, p.baseAddress! + done, bytes.count - done)
                #else
                Darwin.write(fd, p.baseAddress! + done, bytes.count - done)
                #endif
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = n < 0 ? errno : EIO; return }
            done += n
        }
    }
}
