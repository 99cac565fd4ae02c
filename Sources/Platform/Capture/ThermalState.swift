/// `ProcessInfo.ThermalState`, with Apple's raw values (ordered: a higher level is hotter).
///
/// What to do at each level is the domain's policy (the dual-camera seed stops a take at
/// `critical` and drops to 720p at `serious` only before a take starts); the model only carries
/// the level and its order.
public enum ThermalState: String, Hashable, Sendable, CaseIterable, Comparable {
    case nominal, fair, serious, critical

    /// `ProcessInfo.ThermalState.rawValue`.
    public var rawCode: Int {
        switch self {
        case .nominal: 0
        case .fair: 1
        case .serious: 2
        case .critical: 3
        }
    }

    public static func < (a: ThermalState, b: ThermalState) -> Bool { a.rawCode < b.rawCode }
}
