/// The kind of device (`UIUserInterfaceIdiom`, plus the watch): layouts, gestures and APIs differ.
public enum DeviceIdiom: String, Sendable, Hashable, CaseIterable {
    case phone, pad, mac, watch, vision
}

/// How the app was compiled: `#if DEBUG` code (debug menus, command hooks) exists only in `debug`.
public enum BuildConfiguration: String, Sendable, Hashable, CaseIterable {
    case debug, release
}
