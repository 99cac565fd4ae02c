// swift-tools-version:6.0
// HelloLockstep: the smallest package that uses Lockstep from outside (docs/using-lockstep-in-your-app.md
// in the Lockstep repository walks through it). One domain, `steep`, a tea timer; its own `lockstep`
// CLI (`hello-lockstep`); scenarios under Scenarios/, goldens under Golden/, and Swift Testing tests.
import PackageDescription

let package = Package(
    name: "HelloLockstep",
    dependencies: [
        // From another checkout: .package(url: "https://github.com/OWNER/lockstep.git", branch: "main")
        .package(name: "Lockstep", path: "../.."),
    ],
    targets: [
        // The domain imports LockstepCore only (and Platform if it used the simulated OS services):
        // it cannot read files, spawn processes or reach the real clock.
        .target(name: "Steep", dependencies: [.product(name: "LockstepCore", package: "Lockstep")]),
        // The CLI: `swift run hello-lockstep check` (list, run, record, lint, mutate, ...).
        .executableTarget(name: "hello-lockstep", dependencies: ["Steep", .product(name: "Lockstep", package: "Lockstep")]),
        .testTarget(name: "SteepTests", dependencies: ["Steep", .product(name: "LockstepTesting", package: "Lockstep")]),
    ],
    swiftLanguageModes: [.v6]
)
