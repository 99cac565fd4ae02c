// The umbrella module for packages that use Lockstep: one import for the core (what domains use),
// the runner (scenarios, goldens, Simulation) and the tools (the CLI's commands, run in-process).
// Domains themselves import `LockstepCore` and `Platform` only; see docs/design.md, "Modules".
@_exported import LockstepCore
@_exported import LockstepRunner
@_exported import LockstepTools
@_exported import Platform
