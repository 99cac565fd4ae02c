// swift-tools-version:6.0
// Lockstep: deterministic simulation and replay of app logic. No package dependencies, by design:
// everything a golden depends on is in this repository.
import PackageDescription

/// Every domain, as its Swift target name (the UpperCamelCase form of its scenario name).
/// Adding a domain: add its name here, create `Sources/Domains/<Name>/`, register it in
/// `Sources/Domains/All/Registry.swift`, and add `Tests/Domains/<Name>Tests/`.
let domains: [String] = ["Chalk", "Darshan", "Instrument", "LiveMic", "PaintByNumber", "PillReminders", "RepCounter", "Transcription"]

let strict: [SwiftSetting] = []

var targets: [Target] = [
    .target(name: "Lockstep", path: "Sources/Lockstep", swiftSettings: strict),
    .target(name: "Platform", dependencies: ["Lockstep"], path: "Sources/Platform", swiftSettings: strict),
    // Small domains that exist only to exercise the core (timers, civil time, faults, parsing).
    // They live under Tests/ but are a library so that `lockstep check` can replay their scenarios.
    .target(name: "Fixtures", dependencies: ["Lockstep", "Platform"], path: "Tests/Fixtures", swiftSettings: strict),
    // The registry is where every domain's runner is specialised (the engine is @inlinable), so it
    // bakes in the layout of each domain's State, including Platform types inside it. It imports
    // Platform directly so an incremental release build recompiles it when a Platform type changes;
    // without that, a stale registry ran new domain code against old layouts and crashed.
    .target(
        name: "AllDomains",
        dependencies: ["Lockstep", "Platform", "Fixtures"] + domains.map { .target(name: $0) },
        path: "Sources/Domains/All",
        swiftSettings: strict
    ),
    .executableTarget(name: "LockstepCLI", dependencies: ["Lockstep", "AllDomains"], path: "Sources/LockstepCLI", swiftSettings: strict),
    .testTarget(name: "LockstepTests", dependencies: ["Lockstep", "Fixtures"], path: "Tests/LockstepTests",
                resources: [.copy("Resources")], swiftSettings: strict),
    .testTarget(name: "PlatformTests", dependencies: ["Platform", "Lockstep"], path: "Tests/PlatformTests", swiftSettings: strict),
    .testTarget(name: "GoldenTests", dependencies: ["Lockstep", "AllDomains"], path: "Tests/GoldenTests", swiftSettings: strict),
    .testTarget(name: "CLITests", dependencies: ["Lockstep", "AllDomains", "Fixtures"], path: "Tests/CLITests", swiftSettings: strict),
]

for name in domains {
    targets.append(.target(name: name, dependencies: ["Lockstep", "Platform"], path: "Sources/Domains/\(name)", swiftSettings: strict))
    targets.append(.testTarget(name: "\(name)Tests", dependencies: [.target(name: name), "Lockstep", "Platform"],
                               path: "Tests/Domains/\(name)Tests", swiftSettings: strict))
}

let package = Package(
    name: "Lockstep",
    products: [
        .executable(name: "lockstep", targets: ["LockstepCLI"]),
        .library(name: "Lockstep", targets: ["Lockstep"]),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
