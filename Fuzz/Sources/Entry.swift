// The libFuzzer entry points. `Fuzz/run` builds this target (LOCKSTEP_FUZZ=1 makes Package.swift
// declare it) with `-sanitize=fuzzer,address`; libFuzzer supplies `main`, so an ordinary build never
// sees this folder. docs/fuzzing.md says how to run it.
//
// One binary serves every target; the environment variable LOCKSTEP_FUZZ_TARGET picks one, and
// LOCKSTEP_FUZZ_DICTIONARY=1 prints the scenario dictionary (derived from the registry) and exits,
// LOCKSTEP_FUZZ_LIST=1 the targets, a line each (`name<TAB>summary`).
#if canImport(Glibc)
import Glibc
#endif

/// The target this process fuzzes, chosen once in `LLVMFuzzerInitialize`.
nonisolated(unsafe) var selected: (any FuzzTarget)?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    if let flag = getenv("LOCKSTEP_FUZZ_DICTIONARY"), String(cString: flag) == "1" {
        for token in ScenarioDictionary.tokens() { print(ScenarioDictionary.entry(token)) }
        exit(0)
    }
    if let flag = getenv("LOCKSTEP_FUZZ_LIST"), String(cString: flag) == "1" {
        for target in FuzzTargets.all { print("\(target.name)\t\(target.summary)") }
        exit(0)
    }
    let names = FuzzTargets.all.map { $0.name }.joined(separator: ", ")
    guard let raw = getenv("LOCKSTEP_FUZZ_TARGET") else {
        Finding.stop("set LOCKSTEP_FUZZ_TARGET to one of: \(names)")
    }
    let name = String(cString: raw)
    guard let target = FuzzTargets.all.first(where: { $0.name == name }) else {
        Finding.stop("unknown target '\(name)'; known: \(names)")
    }
    selected = target.make()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected?.run(bytes)
    return 0
}
