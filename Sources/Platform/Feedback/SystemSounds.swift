/// `AudioServicesCreateSystemSoundID` / `AudioServicesPlaySystemSound` /
/// `AudioServicesDisposeSystemSoundID` as a registry with an explicit live list, so a leak
/// (dropping ids without disposing) shows up as a count, and a stale id is an outcome, not silence.

/// `SystemSoundID` (a UInt32 in AudioToolbox).
public struct SystemSoundID: Hashable, Sendable, Comparable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static func < (lhs: SystemSoundID, rhs: SystemSoundID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One registered sound; `name` stands for the file URL it was created from.
public struct SystemSound: Hashable, Sendable {
    public var id: SystemSoundID
    public var name: String

    public init(id: SystemSoundID, name: String) {
        self.id = id
        self.name = name
    }
}

public enum SystemSoundOutcome: Hashable, Sendable {
    case created(SystemSoundID, name: String)
    /// The registry already holds `maxLiveSounds` ids (a leak, in practice).
    case tooManySounds(limit: Int)
    /// Every id up to UInt32.max has been handed out once; ids are never reused.
    case idSpaceExhausted
    case played(SystemSoundID, name: String, level: AudibleLevel)
    case disposed(SystemSoundID)
    /// Disposed, or never created here.
    case unknownSoundID(SystemSoundID)
}

/// The registry. Ids start at 4096 and increase in creation order, never reused, so a stale id
/// kept after disposal can never alias a newer sound.
public struct SystemSoundRegistry: Hashable, Sendable {
    public static let firstSoundID = SystemSoundID(rawValue: 4096)
    public static let maxLiveSounds = 1_024

    /// Live sounds in creation order (an Array: the order is the creation order).
    public private(set) var live: [SystemSound] = []
    private var nextRawID: UInt32? = SystemSoundRegistry.firstSoundID.rawValue

    public init() {}

    public var liveSoundIDs: [SystemSoundID] { live.map(\.id) }

    /// `AudioServicesCreateSystemSoundID(url, &id)`; `name` stands for the file URL.
    public mutating func create(name: String) -> SystemSoundOutcome {
        guard live.count < Self.maxLiveSounds else { return .tooManySounds(limit: Self.maxLiveSounds) }
        guard let raw = nextRawID else { return .idSpaceExhausted }
        let id = SystemSoundID(rawValue: raw)
        nextRawID = raw == UInt32.max ? nil : raw + 1
        live.append(SystemSound(id: id, name: name))
        return .created(id, name: name)
    }

    /// `AudioServicesPlaySystemSound(id)` at `gain` (the scaled sample's gain): the ringer bus.
    public func play(_ id: SystemSoundID, gain: Double, buses: AudioBuses) -> SystemSoundOutcome {
        guard let entry = live.first(where: { $0.id == id }) else { return .unknownSoundID(id) }
        return .played(id, name: entry.name, level: buses.systemSoundLevel(gain: gain))
    }

    /// `AudioServicesDisposeSystemSoundID(id)`.
    public mutating func dispose(_ id: SystemSoundID) -> SystemSoundOutcome {
        guard let index = live.firstIndex(where: { $0.id == id }) else { return .unknownSoundID(id) }
        live.remove(at: index)
        return .disposed(id)
    }
}
