import LockstepCore
import LockstepRunner

/// A purity rule of `lockstep lint`. Domain and platform code must give the same bytes on every run
/// and machine (docs/design.md, principles); each rule names one way that code could stop doing so.
public enum LintRule: String, CaseIterable, Sendable, Comparable {
    /// `Date(` or `Date.now`: the real clock.
    case date
    /// `.now` on anything but `world`: `ContinuousClock.now`, `Instant.now`, `SuspendingClock.now`.
    case now
    /// Standard-library or system randomness: `.random(`, `random(in:`, `shuffled(`,
    /// `SystemRandomNumberGenerator`, `arc4random`.
    case random
    /// `UUID(`: a random identifier; use `world.uuid()`.
    case uuid
    /// `ProcessInfo`: the environment, the host, the real uptime.
    case processInfo = "process-info"
    /// `FileManager`: real files; the runner reads files for domains.
    case fileManager = "file-manager"
    /// `URLSession`: the network.
    case urlSession = "url-session"
    /// `Thread`: real threads and sleeps.
    case thread
    /// `Dispatch`, `DispatchQueue`, `DispatchTime`, ...: real queues and real time.
    case dispatch
    /// `Timer`: a real timer; use `world.schedule(after:)`.
    case timer
    /// `import Foundation` (or `FoundationEssentials`, `import struct Foundation.X`).
    case foundation
    /// `import` of a module that gives domain and platform code impure powers: the C library
    /// (`Glibc`, `Darwin`, `Musl`, `ucrt`, `WinSDK`, `CoreFoundation`), the runner and tools
    /// (`LockstepRunner`, `LockstepTools`, the `Lockstep` umbrella), test frameworks. The package
    /// graph and CI's explicit import check refuse them too; lint says so early and in words.
    case moduleImport = "import"
    /// A libm call (`sin(`, `pow(`, ...) not qualified as `DetMath.`: results may differ in the last bit.
    case libm
    /// Iteration over a `Set` or `Dictionary` (or its `.keys` / `.values`) without sorting: hash order.
    case unorderedIteration = "unordered-iteration"
    /// A `// lint:allow` without a reason, or naming no known rule.
    case allow

    public static func < (a: LintRule, b: LintRule) -> Bool { a.rawValue < b.rawValue }

    /// One line for the help text.
    public var summary: String {
        switch self {
        case .date: "Date( or Date.now (the real clock)"
        case .now: ".now on anything but world (world.now is the virtual clock)"
        case .random: ".random(, random(in:, shuffled(, SystemRandomNumberGenerator, arc4random"
        case .uuid: "UUID( (use world.uuid())"
        case .processInfo: "ProcessInfo"
        case .fileManager: "FileManager"
        case .urlSession: "URLSession"
        case .thread: "Thread"
        case .dispatch: "Dispatch, DispatchQueue and other Dispatch* types"
        case .timer: "Timer (use world.schedule(after:))"
        case .foundation: "import Foundation"
        case .moduleImport: "import of a module other than LockstepCore, Platform (Glibc, Darwin, Musl, LockstepRunner, LockstepTools, Lockstep, XCTest, Testing, ...)"
        case .libm: "sin( cos( tan( asin( acos( atan( atan2( exp( exp2( log( log2( log10( pow( sinh( cosh( tanh( fmod( hypot( "
            + "and their Float forms (sinf( ...), bare or module-qualified; DetMath.sin( is fine"
        case .unorderedIteration: "for-in over a Set or Dictionary, or .keys/.values, without .sorted (heuristic, see below)"
        case .allow: "a lint:allow comment without a reason or naming an unknown rule"
        }
    }
}

/// One finding: where, which rule, and what to do instead.
public struct LintFinding: Sendable, Comparable, CustomStringConvertible {
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in UTF-8 bytes (as the Swift compiler counts).
    public var column: Int
    public var rule: LintRule
    public var message: String

    public init(path: String, line: Int, column: Int, rule: LintRule, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
    }

    /// `path:line:column: rule: message`, the form editors and CI annotate.
    public var description: String { "\(path):\(line):\(column): \(rule.rawValue): \(message)" }

    public static func < (a: LintFinding, b: LintFinding) -> Bool {
        (a.path, a.line, a.column, a.rule.rawValue, a.message) < (b.path, b.line, b.column, b.rule.rawValue, b.message)
    }
}
