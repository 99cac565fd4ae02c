import LockstepCore
import Platform

/// The click-sound styles the app ships; each registers three samples (`<style>-key`, `-space`, `-delete`).
public enum KeyboardSoundStyle: String, CaseIterable, Sendable {
    case classic, typewriter, soft
}

/// How the word list is held in memory (`set wordList`).
public enum KeyboardWordList: String, CaseIterable, Sendable {
    case mapped, parsed
}

/// What reaches the keyboard extension: the controller lifecycle iOS drives, memory pressure,
/// the user's keys and chips, language choices on both sides of the App Group, Full Access,
/// the clipboard, the click-sound settings and buses, the word index file and release hygiene.
public enum KeyboardEvent: Sendable {
    /// A new host app: iOS releases the old controller (its view kept) and builds a new one.
    /// `empty`: an empty baseline controller that never touches `view`.
    case hostAppChange(host: String, empty: Bool)
    case viewDidLoad
    case viewWillAppear
    case viewWillDisappear
    case controllerDeinit
    /// One main-run-loop turn: the teardown deferred from `deinit` runs here.
    case mainQueueTurn
    case memoryWarning
    /// Live objects the extension allocates (`purgeable`: a cache a memory warning drops).
    case allocate(bytes: Int, purgeable: Bool)
    case free(bytes: Int)
    /// A large transient allocation: allocated and freed at once; the heap keeps the pages.
    case transientAllocation(bytes: Int)
    /// Read back the probe marks from unified logging (they survive a kill).
    case probeDump
    /// The rest of the phone lowers the effective jetsam ceiling.
    case systemMemoryPressure(ceilingMB: Int)
    /// `a`...`z` or `space`.
    case keystroke(key: String)
    case suggestionTap(index: Int)
    case deleteKey
    /// The user switches language inside the extension.
    case languageSwitch(id: String)
    /// The container app writes the active language (through the shared store, always writable there).
    case containerAppSetLanguage(id: String)
    case fullAccess(on: Bool)
    case copy
    case paste
    case setVolume(v: Double)
    case setSoundStyle(style: KeyboardSoundStyle)
    case silentSwitch(on: Bool)
    case ringerVolume(v: Double)
    case mediaVolume(v: Double)
    /// The memory-mapped binary word index (bytes of a fixture file).
    case loadWordList(bytes: [UInt8])
    case buildConfig(config: BuildConfiguration)
    /// A debug-overlay flag persisted in defaults.
    case debugOverlayFlag(on: Bool)
}
