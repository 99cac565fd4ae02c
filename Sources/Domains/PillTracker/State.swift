import LockstepCore
import Platform

/// Everything the app and its widget hold.
public struct PillTrackerState: Sendable {
    /// The App Group store exists (created on first launch).
    var launched: Bool
    /// The widget process can open the container.
    var containerAvailable = true
    var store = MedStore()
    /// External-storage photo files, by medication id (not in the database rows).
    var photoFiles: [Int64: Int] = [:]
    var catalog: [(String, CatalogEntry)]
    /// What the user typed for earlier scans, by barcode, newest last.
    var history: [(String, CatalogEntry)] = []
    var scanner = DataScanner(isSupported: true, isAvailable: true)
    /// The code delivered in this scanner session (later callbacks are ignored).
    var delivered: String?
    /// The form on screen: its prefill's barcode, if it came from a scan.
    var formBarcode: String?
    var formOpen = false
    var lastExportJSON: [UInt8]?
    var exports = 0
    var pendingImport: [BackupImport.Med]?
    var widgetReloads = 0
    var cloudUploads = 0
    /// Intakes whose raw status is not a known one (set only by the unknown-status fault).
    var unknownStatusIntakes = 0
    /// The store's statement count when the last import began: a refused import must write
    /// nothing (a count, not a digest of the whole store: cheaper, and it also sees a write that
    /// happens to leave the same rows).
    var statementsBeforeImport = 0
    /// What this step wrote to the store (reset at the start of every step; see `StoreTouch`).
    var touch = StoreTouch.none

    var medications: [Medication] { store.medications(photoBytes: photoFiles) }
}
