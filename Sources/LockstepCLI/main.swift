// The `lockstep` executable: everything lives in the Lockstep library; this file only wires the
// process (arguments, environment, working directory, exit code) to it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LockstepCore
import LockstepRunner
import LockstepTools
import Registry

let environmentKeys = ["CI", "LOCKSTEP_ROOT", "LOCKSTEP_BUILD_COMMAND", "LOCKSTEP_RUN_COMMAND", "NO_COLOR", "TERM"]
var environment: [String: String] = [:]
for key in environmentKeys {
    if let value = getenv(key) { environment[key] = String(cString: value) }
}

let start = environment["LOCKSTEP_ROOT"] ?? FileIO.currentDirectory()
guard let root = Project.findRoot(from: start) else {
    let message = "lockstep: no Lockstep checkout here (looked for Package.swift and Scenarios/ from \(start) upward)\n"
    var err = FileDescriptorOutput(fd: 2)
    err.write(Array(message.utf8))
    exit(2)
}
installJSONBaseline()
let context = CommandContext(project: Project(root: root, domains: allDomains), environment: environment, streamFD: 1,
                             style: TerminalStyle(isTerminal: isatty(1) == 1, environment: environment),
                             errorStyle: TerminalStyle(isTerminal: isatty(2) == 1, environment: environment),
                             inputIsTerminal: isatty(0) == 1, readLine: { Swift.readLine(strippingNewline: true) })
let code = LockstepCommand.main(Array(CommandLine.arguments.dropFirst()), context)
context.flush()
// A failed write to stdout or stderr turns any result into a failure: the output is incomplete.
exit(context.outputFailure == nil ? code : ExitCode.outputFailed)
