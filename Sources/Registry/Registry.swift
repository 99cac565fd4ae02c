import LockstepCore
import Fixtures
import Chalk
import Instrument
import RepCounter
import PaintByNumber
import PillReminders
import Transcription
import Tuner
import Darshan
import DualCam
import LiveMic
import Catalog
import SiteGenerator
import AlgoPlayer
import AnimatedSvg
import Hashtags
import Currency
import Units
import AdEarnings
import Marbles
import SpeckMatch
import Haptics
import Keyboard
import DocScanner
import Wallpapers
import Parking
import CardScanner
import Aquarium
import PillTracker
import Quotes
import Sourdough
import EbookReader
import BibleReader

/// Every domain the CLI and the golden tests know, in the order `lockstep list` shows them.
///
/// Each entry is the domain's own `entry`, built (and its runner specialised) inside the domain's
/// module, so this file bakes in no domain's layout. The fixture domains (`noop`, `counter`, ...)
/// live under `Tests/Fixtures` and exercise the core. `RegistryTests` checks that this list agrees
/// with `Package.swift`, the source and test folders, `Scenarios/` and `Golden/`.
public let allDomains: [DomainEntry] = [
    Noop.entry,
    Counter.entry,
    Alarm.entry,
    Canvas.entry,
    CloudNotes.entry,
    CountdownWidget.entry,
    Chalk.entry,
    Instrument.entry,
    RepCounter.entry,
    PaintByNumber.entry,
    PillReminders.entry,
    Transcription.entry,
    Tuner.entry,
    Darshan.entry,
    DualCam.entry,
    LiveMic.entry,
    Catalog.entry,
    SiteGenerator.entry,
    AlgoPlayer.entry,
    AnimatedSvg.entry,
    Hashtags.entry,
    Currency.entry,
    Units.entry,
    AdEarnings.entry,
    Marbles.entry,
    SpeckMatch.entry,
    Haptics.entry,
    Keyboard.entry,
    Wallpapers.entry,
    DocScanner.entry,
    Parking.entry,
    CardScanner.entry,
    Aquarium.entry,
    PillTracker.entry,
    Quotes.entry,
    Sourdough.entry,
    EbookReader.entry,
    BibleReader.entry,
]
