import LockstepCore
import Platform

public enum ScrollEndKind: String, Hashable, Sendable, CaseIterable { case dragEnd, decelerationEnd }
public enum ScenePhaseWord: String, Hashable, Sendable, CaseIterable { case active, inactive, background }
public enum FileOperation: String, Hashable, Sendable, CaseIterable { case move, setResourceValues }

/// The reader settings a `settings` line carries (the whole SwiftUI `ReaderSettings` value).
public struct SettingsLine: Hashable, Sendable {
    public var font: String
    public var size: Double
    public var lineHeight: Double
    public var margin: Double
    public var theme: ReaderTheme
}

/// Recorded inputs, the Platform vocabularies' lines, and the timers of the transport and the
/// speech synthesizer.
public enum EbookReaderEvent: Hashable, Sendable {
    case book(id: String, title: String, author: String, words: Int?, language: String)
    case preview(book: String, bytes: Int)
    case download(book: String)
    case fsFail(FileOperation)
    case open(book: String)
    case viewport(width: Double, height: Double)
    case dynamicType(SizeCategory)
    case settings(SettingsLine)
    case scroll(y: Double)
    case scrollEnd(ScrollEndKind, decelerate: Bool)
    /// UTF-16 (location, length) pairs as the delegate receives them; `os` is the iOS major version.
    case select(ranges: [SpeechRange], os: Int)
    case highlight
    case bookmark
    case jump(mark: Int)
    case deleteMark(id: Int)
    case deleteBook(book: String)
    case appear
    case disappear
    case scene(ScenePhaseWord)
    case speak(rate: Double)
    case speechPause(SpeechBoundary)
    case speechResume
    case speechStop(SpeechBoundary)
    /// Which voices the device has (`speech voice en-US=false`, Platform vocabulary).
    case speech([SpeechVoiceSetting])
    /// The synthesizer's next callback is due (a timer).
    case speechWake
    /// The statistics screen shows the reading streak.
    case streak
    case relaunch
    case purgeCaches
    case network(NetworkEvent)
    case audio(AudioSystemEvent)
}
