#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore
import LockstepRunner

/// The whole `lockstep` executable, for Lockstep's own CLI and for a package that uses Lockstep with
/// its own domains. Such a package's `main.swift` is one call:
///
/// ```swift
/// import Lockstep
/// LockstepMain.run(domains: [Steep.entry], lintFolders: ["Sources/Steep"])
/// ```
public enum LockstepMain {
    /// The environment variables the CLI reads; nothing else is passed to the commands.
    public static let environmentKeys = ["CI", "LOCKSTEP_ROOT", "LOCKSTEP_BUILD_COMMAND", "LOCKSTEP_RUN_COMMAND", "NO_COLOR", "TERM",
                                         FailureArtifacts.environmentKey]

    /// The process's values of `environmentKeys` (LockstepTesting reads `CI` through it too).
    public static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for key in environmentKeys {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        return environment
    }

    /// Runs the command line of this process against `domains` and exits with its code.
    ///
    /// `lintFolders` are the folders `lockstep lint` checks when given none, relative to the package
    /// root: your domains' sources (not the executable's or the tests', which may import anything).
    public static func run(domains: [DomainEntry], lintFolders: [String] = LintCommand.defaultFolders) -> Never {
        let environment = processEnvironment()
        let start = environment["LOCKSTEP_ROOT"] ?? FileIO.currentDirectory()
        guard let root = Project.findRoot(from: start) else {
            let message = "lockstep: no Lockstep checkout here (looked for Package.swift and Scenarios/ from \(start) upward)\n"
            var err = FileDescriptorOutput(fd: 2)
            err.write(Array(message.utf8))
            exit(ExitCode.badInput)
        }
        let context = CommandContext(project: Project(root: root, domains: domains), environment: environment, streamFD: 1,
                                     style: TerminalStyle(isTerminal: isatty(1) == 1, environment: environment),
                                     errorStyle: TerminalStyle(isTerminal: isatty(2) == 1, environment: environment),
                                     inputIsTerminal: isatty(0) == 1, readLine: { Swift.readLine(strippingNewline: true) })
        context.lintFolders = lintFolders
        let code = LockstepCommand.main(Array(CommandLine.arguments.dropFirst()), context)
        context.flush()
        // A failed write to stdout or stderr turns any result into a failure: the output is incomplete.
        exit(context.outputFailure == nil ? code : ExitCode.outputFailed)
    }
}
