import LockstepCore
import LockstepRunner

/// What a CLI command gets: the project, the environment it needs, and its two output streams.
/// Commands live in the library (the executable is a thin `main`) so tests run them in-process.
public final class CommandContext {
    public let project: Project
    /// Environment variables the CLI reads (`CI`, `LOCKSTEP_...`); passed in, never read from the process here.
    public let environment: [String: String]
    public var out: [UInt8] = []
    public var err: [UInt8] = []
    /// Stream stdout straight to this descriptor instead of collecting it (for `run` on huge traces).
    public let streamFD: Int32?

    /// How stdout is styled (colour only on a terminal without `NO_COLOR`); plain by default.
    public var style: TerminalStyle
    /// How stderr is styled (progress lines go there).
    public var errorStyle: TerminalStyle
    /// Whether stdin is a terminal: a command that asks a question refuses to when it is not.
    public var inputIsTerminal: Bool
    /// Reads one line of the user's answer (without the newline), nil at end of input. Tests script it.
    public var readLine: () -> String?
    /// The folders `lint` checks when given none (relative to the root): a package that uses Lockstep
    /// names its own domains' folders through `LockstepMain.run(domains:lintFolders:)`.
    public var lintFolders: [String] = LintCommand.defaultFolders

    public init(project: Project, environment: [String: String], streamFD: Int32? = nil,
                style: TerminalStyle = .plain, errorStyle: TerminalStyle = .plain,
                inputIsTerminal: Bool = false, readLine: @escaping () -> String? = { nil }) {
        self.project = project
        self.environment = environment
        self.streamFD = streamFD
        self.style = style
        self.errorStyle = errorStyle
        self.inputIsTerminal = inputIsTerminal
        self.readLine = readLine
    }

    public var isCI: Bool { environment["CI"] == "true" || environment["CI"] == "1" }

    public func print(_ s: String) {
        out.append(contentsOf: s.utf8)
        out.append(10)
        flushIfStreaming()
    }

    public func printError(_ s: String) {
        err.append(contentsOf: s.utf8)
        err.append(10)
        flushIfStreaming()
    }

    /// The first failed write to stdout or stderr (errno), if any: `main` then exits with
    /// `ExitCode.outputFailed`, so a closed pipe or a full disk never passes for success.
    public private(set) var outputFailure: Int32?

    func flushIfStreaming() {
        guard streamFD != nil else { return }
        flush()
    }

    /// Writes what is collected to stdout and stderr, keeping the first failure.
    public func flush() {
        if !out.isEmpty { var o = FileDescriptorOutput(fd: 1); o.write(out); out.removeAll(); outputFailure = outputFailure ?? o.failure }
        if !err.isEmpty { var o = FileDescriptorOutput(fd: 2); o.write(err); err.removeAll(); outputFailure = outputFailure ?? o.failure }
    }

    public var outText: String { String(decoding: out, as: UTF8.self) }
    public var errText: String { String(decoding: err, as: UTF8.self) }
}

/// The CLI's exit codes (docs/cli.md, "Exit codes").
public enum ExitCode {
    public static let ok: Int32 = 0
    /// A golden differs or is missing; a fault went uncaught.
    public static let mismatch: Int32 = 1
    /// Bad input or usage.
    public static let badInput: Int32 = 2
    /// The command's output could not be written (stdout closed, disk full): what was printed is incomplete.
    public static let outputFailed: Int32 = 3
    /// For `git bisect run`: this commit cannot be built or run; skip it.
    public static let skip: Int32 = 125
}

/// Parsed command-line flags: `--name value`, `--flag`, and positional arguments, strictly.
public struct Arguments {
    public var positional: [String] = []
    public var flags: [String: [String]] = [:]

    /// `valued` lists flags that take a value; every other `--x` is a boolean switch.
    public init(_ args: [String], valued: Set<String>, switches: Set<String>) throws(UsageError) {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a.hasPrefix("--") {
                var name = String(a.dropFirst(2))
                var inline: String? = nil
                if let eq = name.firstIndex(of: "=") { inline = String(name[name.index(after: eq)...]); name = String(name[..<eq]) }
                if valued.contains(name) {
                    if let inline { flags[name, default: []].append(inline) }
                    else {
                        guard i + 1 < args.count else { throw UsageError("--\(name) needs a value") }
                        flags[name, default: []].append(args[i + 1])
                        i += 1
                    }
                } else if switches.contains(name) {
                    flags[name, default: []].append("true")
                } else {
                    let known = (valued.union(switches).union(["help"])).sorted()
                    throw UsageError("unknown option --\(name)" + DidYouMean.hint(for: name, among: known, quote: { "--" + $0 }))
                }
            } else if a == "-h" {
                flags["help", default: []].append("true")
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    public func has(_ name: String) -> Bool { flags[name] != nil }

    /// The whole number given as `--name`, which must lie in `range`; nil when the option is absent.
    public func count(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError("--\(name) '\(text)': expected a whole number \(range.lowerBound)...\(range.upperBound)")
        }
        return n
    }

    /// `--jobs N` (threads, 1...`OrderedParallel.maxJobs`), one per processor when absent.
    public func jobs() throws(UsageError) -> Int {
        try count("jobs", in: 1...OrderedParallel.maxJobs) ?? OrderedParallel.processorCount
    }
    public func value(_ name: String) -> String? { flags[name]?.last }
    public func values(_ name: String) -> [String] { flags[name] ?? [] }
}

public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
