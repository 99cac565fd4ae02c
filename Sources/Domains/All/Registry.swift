import Lockstep
import Platform  // for incremental builds only: see the AllDomains target in Package.swift
import Fixtures
import Chalk
import Instrument
import RepCounter
import PaintByNumber
import PillReminders
import Transcription
import Darshan
import LiveMic

/// Every domain the CLI and the golden tests know, in the order `lockstep list` shows them.
/// The fixture domains (`noop`, `counter`, ...) live under `Tests/Fixtures` and exercise the core.
public var allDomains: [DomainEntry] {
    [
        DomainEntry(Noop.self),
        DomainEntry(Counter.self),
        DomainEntry(Alarm.self),
        DomainEntry(Canvas.self),
        DomainEntry(Chalk.self),
        DomainEntry(Instrument.self),
        DomainEntry(RepCounter.self),
        DomainEntry(PaintByNumber.self),
        DomainEntry(PillReminders.self),
        DomainEntry(Transcription.self),
        DomainEntry(Darshan.self),
        DomainEntry(LiveMic.self),
    ]
}
