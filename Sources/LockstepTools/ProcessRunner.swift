#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore
import LockstepRunner

/// How a child process ended.
public struct ProcessResult: Sendable {
    /// The exit status (0...255) when the process exited; nil when a signal ended it or it timed out.
    public var exitCode: Int32?
    /// The signal that ended the process, if one did.
    public var signal: Int32?
    /// True when the process ran past its deadline and was killed (with its process group).
    public var timedOut: Bool
    /// Standard output and standard error, interleaved as written, up to the byte limit.
    public var output: [UInt8]
    /// True when the process wrote more than the limit; the rest was read and discarded.
    public var truncated: Bool

    public init(exitCode: Int32?, signal: Int32?, timedOut: Bool, output: [UInt8], truncated: Bool) {
        self.exitCode = exitCode
        self.signal = signal
        self.timedOut = timedOut
        self.output = output
        self.truncated = truncated
    }

    public var outputText: String { String(decoding: output, as: UTF8.self) }

    /// A short human description: `exit 1`, `killed by signal 11`, `timed out after 30 s`.
    public func statusText(timeoutSeconds: Int) -> String {
        if timedOut { return "timed out after \(timeoutSeconds) s" }
        if let signal { return "killed by signal \(signal)" }
        return "exit \(exitCode ?? -1)"
    }
}

/// Runs child processes with `posix_spawn`, capturing their output, with a deadline and an output
/// cap, so that `bisect` never hangs on a stuck build and never holds unbounded logs in memory.
///
/// The library avoids Foundation, so this is plain POSIX. The child gets its own process group; on
/// timeout the whole group (a shell and the compiler it started) is killed.
public enum ProcessRunner {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `arguments` (looked up on PATH) in `directory`, with the parent's environment plus
    /// `environment` overrides. Standard input is `/dev/null`.
    public static func run(_ arguments: [String], in directory: String? = nil, environment overrides: [String: String] = [:],
                           timeoutSeconds: Int = 600, maxOutputBytes: Int = 1 << 20) throws(Failure) -> ProcessResult {
        guard !arguments.isEmpty else { throw Failure(description: "no program to run") }
        var argv = arguments
        if let directory {
            // posix_spawn has no portable "change directory" action; a shell does it and then execs.
            argv = ["/bin/sh", "-c", "cd " + shellQuote(directory) + " && exec \"$@\"", "lockstep-spawn"] + arguments
        }
        return try spawn(argv, environment: mergedEnvironment(overrides), timeoutSeconds: timeoutSeconds, maxOutputBytes: maxOutputBytes)
    }

    /// Runs `command` with `/bin/sh -c` in `directory`.
    public static func shell(_ command: String, in directory: String, environment overrides: [String: String] = [:],
                             timeoutSeconds: Int = 600, maxOutputBytes: Int = 1 << 20) throws(Failure) -> ProcessResult {
        let script = "cd " + shellQuote(directory) + " && " + command
        return try spawn(["/bin/sh", "-c", script], environment: mergedEnvironment(overrides),
                         timeoutSeconds: timeoutSeconds, maxOutputBytes: maxOutputBytes)
    }

    /// Single-quotes `text` for `/bin/sh`.
    public static func shellQuote(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "'\\''") + "'"
    }

    /// The parent's environment with `overrides` applied, as `KEY=VALUE` strings sorted by key.
    /// The child inherits PATH, HOME and the like (a build needs them); the caller pins what matters.
    static func mergedEnvironment(_ overrides: [String: String]) -> [String] {
        var pairs: [(String, String)] = []
        var index = 0
        let inherited: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        if let env = inherited {
            while let entry = env[index], index < 100_000 {
                index += 1
                let text = String(cString: entry)
                guard let eq = text.firstIndex(of: "=") else { continue }
                let key = String(text[..<eq])
                if overrides[key] == nil { pairs.append((key, String(text[text.index(after: eq)...]))) }
            }
        }
        for key in overrides.keys.sorted() { pairs.append((key, overrides[key]!)) }
        return pairs.map { $0.0 + "=" + $0.1 }
    }

    static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    static func spawn(_ argv: [String], environment: [String], timeoutSeconds: Int, maxOutputBytes: Int) throws(Failure) -> ProcessResult {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe: \(errnoText())") }
        let readEnd = fds[0], writeEnd = fds[1]
        // Neither end may leak into children spawned concurrently by other threads.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        var pid: pid_t = 0
        let status: Int32 = withCStrings(argv) { cArgv in
            withCStrings(environment) { cEnv in
                posix_spawnp(&pid, cArgv[0]!, &actions, &attributes, cArgv, cEnv)
            }
        }
        close(writeEnd)
        guard status == 0 else {
            close(readEnd)
            throw Failure(description: "cannot start '\(argv[0])': \(String(cString: strerror(status)))")
        }
        return collect(pid: pid, readEnd: readEnd, timeoutSeconds: timeoutSeconds, maxOutputBytes: maxOutputBytes)
    }

    /// Reads the child's output until end of file or the deadline, then reaps it.
    static func collect(pid: pid_t, readEnd: Int32, timeoutSeconds: Int, maxOutputBytes: Int) -> ProcessResult {
        defer { close(readEnd) }
        let deadline = monotonicNanoseconds() + Int64(max(timeoutSeconds, 0)) * 1_000_000_000
        var output: [UInt8] = []
        var truncated = false
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // Bounded by the deadline; the round cap is a second guard against a clock that stops.
        var rounds = 0
        while rounds < 100_000_000 {
            rounds += 1
            let remainingMs = (deadline - monotonicNanoseconds()) / 1_000_000
            if remainingMs <= 0 { timedOut = true; break }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remainingMs, 1_000)))
            if ready < 0 { if errno == EINTR { continue }; break }
            if ready == 0 { continue }
            let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR || errno == EAGAIN { continue }; break }
            if n == 0 { break }
            let room = maxOutputBytes - output.count
            if room >= n { output.append(contentsOf: buffer[0..<n]) }
            else {
                if room > 0 { output.append(contentsOf: buffer[0..<room]) }
                truncated = true
            }
        }
        if timedOut { kill(-pid, SIGKILL); kill(pid, SIGKILL) }
        var waitStatus: Int32 = 0
        var reaped: pid_t = -1
        for _ in 0..<1_000 {
            reaped = waitpid(pid, &waitStatus, 0)
            if reaped >= 0 || errno != EINTR { break }
        }
        guard reaped == pid else { return ProcessResult(exitCode: nil, signal: nil, timedOut: timedOut, output: output, truncated: truncated) }
        // The wait status layout shared by Linux and the BSDs (WIFEXITED and friends are macros Swift cannot import).
        let termination = waitStatus & 0x7f
        if timedOut { return ProcessResult(exitCode: nil, signal: nil, timedOut: true, output: output, truncated: truncated) }
        if termination == 0 {
            return ProcessResult(exitCode: (waitStatus >> 8) & 0xff, signal: nil, timedOut: false, output: output, truncated: truncated)
        }
        return ProcessResult(exitCode: nil, signal: termination, timedOut: false, output: output, truncated: truncated)
    }

    /// Calls `body` with a NULL-terminated C array of copies of `strings`, freed afterwards.
    static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return body(pointers)
    }
}

extension String {
    /// Replaces every occurrence of `target` (non-empty) with `replacement`, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
