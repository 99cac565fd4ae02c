import LockstepCore
import Platform

/// Everything the app holds: the field, the pair, the table in memory, the simulated Caches
/// directory, the background scheduler, the lifecycle and the one refresh in flight.
public struct CurrencyState: Hashable, Sendable {
    var locale: LocaleID
    var input = ""
    var amount: DecimalNumber?
    var from: String
    var to: String
    var table: RateTable?
    /// The bundled seed (nil under fault noSeedTable).
    var seed: RateTable?
    var files = FileStore()
    var scheduler = BackgroundTaskScheduler(permittedIdentifiers: [Currency.refreshTaskID], backgroundModes: ["fetch"])
    var life = AppLifecycle()
    var network = RatesNetwork()
    /// The last conversion shown, so every change emits exactly one record.
    var lastShown: Conversion?
}
