// A test target that imports LockstepTesting gets the runner with it: `Simulation<D>` for unit
// tests, `Project`, `GoldenCheck`. (Simulation lives in LockstepRunner; it is re-exported here
// rather than moved, so existing `import LockstepRunner` tests keep compiling.)
@_exported import LockstepRunner
