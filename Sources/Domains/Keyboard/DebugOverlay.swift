import Platform

/// Release hygiene (item 13): the overlay is compiled out of release builds.
///
/// WHY: a flag persisted in defaults survives into release and would draw debug text
/// over a reviewer's keyboard; only the build configuration may enable it.
/// (Uses Platform's `BuildConfiguration`, debug | release.)
enum DebugOverlay {
    static func draws(build: BuildConfiguration, persistedFlag: Bool) -> Bool {
        build == .debug && persistedFlag
    }
}
