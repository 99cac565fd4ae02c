// swift-tools-version:6.0
// Lockstep: deterministic simulation and replay of app logic. No package dependencies, by design:
// everything a golden depends on is in this repository.
//
// Modules, and what each may import (docs/design.md, "Modules"):
//   LockstepCore    pure: time, civil calendar and zones, RNG, DetMath, canonical output, JSON, PNG,
//                   the Domain contract, World, field descriptors, the engine. Imports nothing.
//   Platform        simulated OS services (notifications, audio session, stores, lifecycle, device,
//                   time of day). Imports LockstepCore only.
//   <Domain>        one app each, under Sources/Domains. Imports LockstepCore and Platform only, so a
//                   domain that reads a file or spawns a process does not compile.
//   LockstepRunner  scenario files, the reader, golden compare and record, trace diff, Simulation.
//   LockstepTools   the CLI commands, bisect, mutate, bench, lint, process and file I/O.
//   Fixtures        the small domains that exercise the core (Tests/Fixtures). Core and Platform only.
//   Registry        the list of every domain's `entry` (no other code).
//   Lockstep        the umbrella for users' packages: re-exports Core, Runner, Tools and Platform.
//   LockstepTesting golden and determinism checks as Swift Testing tests, for users' test targets
//                   (imports Testing; re-exports LockstepRunner, so Simulation comes with it).
//   lockstep        the executable (Sources/LockstepCLI): `main`, wiring the process to LockstepTools.
//   LockstepFuzz    libFuzzer entry points (Fuzz/Sources), declared only when LOCKSTEP_FUZZ=1: `Fuzz/run`
//                   builds them with the fuzzer sanitizer, which supplies `main` (docs/fuzzing.md).
import PackageDescription
import Foundation  // the manifest only: to say which folder a new domain is missing

/// Every domain, as its Swift target name (the UpperCamelCase form of its scenario name).
/// Adding a domain: docs/writing-a-domain.md has the checklist; `RegistryTests` checks that this
/// list, the registry, `Sources/Domains/*`, `Tests/Domains/*`, `Scenarios/*` and `Golden/*` agree.
let domains: [String] = ["AdEarnings", "AlgoPlayer", "AnimatedSvg", "Catalog", "Chalk", "Currency", "Darshan", "DocScanner", "DualCam", "Haptics", "Hashtags", "Instrument", "Keyboard", "LiveMic", "Marbles", "PaintByNumber", "PillReminders", "RepCounter", "SiteGenerator", "SpeckMatch", "Transcription", "Tuner", "Units", "Wallpapers", "Parking", "CardScanner", "Aquarium", "PillTracker", "Quotes", "Sourdough", "EbookReader", "BibleReader"]

let core: Target.Dependency = "LockstepCore"

var targets: [Target] = [
    .target(name: "LockstepCore", path: "Sources/LockstepCore"),
    .target(name: "Platform", dependencies: [core], path: "Sources/Platform"),
    .target(name: "LockstepRunner", dependencies: [core], path: "Sources/LockstepRunner"),
    .target(name: "LockstepTools", dependencies: [core, "LockstepRunner"], path: "Sources/LockstepTools"),
    // Small domains that exist only to exercise the core (timers, civil time, faults, parsing).
    // They live under Tests/ but are a library so that `lockstep check` can replay their scenarios.
    .target(name: "Fixtures", dependencies: [core, "Platform"], path: "Tests/Fixtures"),
    // The registry only lists each domain's own `entry` (specialised in the domain's module), so it
    // bakes in no other module's layout.
    .target(name: "Registry", dependencies: [core, "Fixtures"] + domains.map { .target(name: $0) }, path: "Sources/Registry"),
    // The umbrella for users' packages: `import Lockstep` gives the core, the runner and the tools.
    .target(name: "Lockstep", dependencies: [core, "LockstepRunner", "LockstepTools", "Platform"], path: "Sources/Lockstep"),
    // Imports Swift Testing, so only test targets may depend on it (docs/using-lockstep-in-your-app.md).
    .target(name: "LockstepTesting", dependencies: [core, "LockstepRunner", "LockstepTools"], path: "Sources/LockstepTesting"),
    .executableTarget(name: "LockstepCLI", dependencies: [core, "LockstepRunner", "LockstepTools", "Registry", "Platform"], path: "Sources/LockstepCLI"),
    .testTarget(name: "LockstepTests", dependencies: [core, "LockstepRunner", "LockstepTools", "Fixtures"], path: "Tests/LockstepTests",
                resources: [.copy("Resources")]),
    .testTarget(name: "PlatformTests", dependencies: ["Platform", core, "LockstepRunner"], path: "Tests/PlatformTests",
                resources: [.copy("Resources")]),
    .testTarget(name: "GoldenTests", dependencies: [core, "LockstepRunner", "LockstepTesting", "Registry"], path: "Tests/GoldenTests"),
    .testTarget(name: "CLITests", dependencies: [core, "LockstepRunner", "LockstepTools", "Registry", "Fixtures"], path: "Tests/CLITests"),
]

// SwiftPM's own message for a missing target folder is "invalid custom path"; say what is missing.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
for name in domains {
    for folder in ["Sources/Domains/\(name)", "Tests/Domains/\(name)Tests"] where !FileManager.default.fileExists(atPath: packageRoot + "/" + folder) {
        fatalError("Package.swift lists the domain \(name), but \(folder)/ does not exist (docs/writing-a-domain.md has the checklist)")
    }
}

for name in domains {
    targets.append(.target(name: name, dependencies: [core, "Platform"], path: "Sources/Domains/\(name)"))
    targets.append(.testTarget(name: "\(name)Tests", dependencies: [.target(name: name), core, "Platform", "LockstepRunner"],
                               path: "Tests/Domains/\(name)Tests"))
}

// The fuzz targets have no `main` (libFuzzer's is linked in), so only the fuzz build may see them.
// `Fuzz/run` sets LOCKSTEP_FUZZ=1 and builds in its own scratch folder, .build/fuzz.
if Context.environment["LOCKSTEP_FUZZ"] == "1" {
    targets.append(.executableTarget(name: "LockstepFuzz", dependencies: [core, "LockstepRunner", "Registry"], path: "Fuzz/Sources",
                                     swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}

let package = Package(
    name: "Lockstep",
    products: [
        .executable(name: "lockstep", targets: ["LockstepCLI"]),
        // What another package may depend on (docs/using-lockstep-in-your-app.md). `Lockstep` is the
        // one most need: the umbrella for the executable, `LockstepCore` and `Platform` for domains.
        .library(name: "Lockstep", targets: ["Lockstep"]),
        .library(name: "LockstepCore", targets: ["LockstepCore"]),
        .library(name: "Platform", targets: ["Platform"]),
        .library(name: "LockstepRunner", targets: ["LockstepRunner"]),
        .library(name: "LockstepTools", targets: ["LockstepTools"]),
        .library(name: "LockstepTesting", targets: ["LockstepTesting"]),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
