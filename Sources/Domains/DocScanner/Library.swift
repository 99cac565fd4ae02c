import LockstepCore
import Platform

/// `ScanLibrary.save(pages:title:)` and the files it leaves: a folder per scan under
/// `Documents/Scans/`, each page's original as PNG and `record.json`, all written atomic with
/// complete file protection; reads while locked; the backup switch and a restore.
extension DocScanner {
    static let scansRoot = "Documents/Scans"
    static let defaultTitle = "Scan"
    /// 2001-01-01T00:00:00Z in Unix seconds: `Date`'s reference date, which `JSONEncoder`'s
    /// default `.deferredToDate` counts from.
    static let referenceDateUnixSeconds: Int64 = 978_307_200

    static func save(_ s: inout DocScannerState, title rawTitle: String, _ world: inout World<DocScanner>) {
        guard !s.pages.isEmpty else { world.reject("save", "noPages"); return }
        // "Unreadable while the phone is locked": with complete protection nothing can be written either.
        guard s.files.lockState == .unlocked else {
            world.reject("save", "protectedDataUnavailable") { $0.word("lock", s.files.lockState.rawValue) }
            return
        }
        if !world.isOn(.silentPageSkip), let bad = s.pages.firstIndex(where: { !$0.pngEncodable }) {
            world.reject("save", "pageEncodingFailed") { $0.int("page", bad + 1).string("why", "pngData() returned nil; nothing written") }
            return
        }
        var title = rawTitle
        if title.allSatisfy({ $0 == " " || $0 == "\t" }) {
            title = defaultTitle
            world.emit(Record("title.defaulted").string("given", rawTitle).string("title", title))
        }
        let id = world.uuid().description
        let folder = "\(scansRoot)/\(id)"
        var pageFiles: [String] = []
        for (i, page) in s.pages.enumerated() {
            guard page.pngEncodable else { continue }  // the article's `guard let png … else { continue }`
            let path = "\(folder)/page-\(i + 1)-original.png"
            guard writeProtected(&s, path, page.original.pngBytes(), &world) else { return }
            pageFiles.append(path)
        }
        let created = world.now
        let json = recordJSON(id: id, createdAt: created, title: title, pageCount: s.pages.count, mode: ScanMode.enhanced.rawValue)
        guard writeProtected(&s, "\(folder)/record.json", json, &world) else { return }
        s.library.append(SavedScan(id: id, createdAt: created, title: title, pageCount: s.pages.count, mode: ScanMode.enhanced.rawValue,
                                   folder: folder, pageFiles: pageFiles, writtenPageFiles: pageFiles.count, recordJSON: json))
        world.emit(Record("saved").int("scan", s.library.count).string("id", id).int("pageCount", s.pages.count)
            .int("pageFiles", pageFiles.count).string("recordJSON", String(decoding: json, as: UTF8.self)))
    }

    /// `Data.write(to:options: [.atomic, .completeFileProtection])`; the backup flag follows the app's switch.
    static func writeProtected(_ s: inout DocScannerState, _ path: String, _ bytes: [UInt8], _ world: inout World<DocScanner>) -> Bool {
        let result = s.files.write(path, bytes, protection: .complete, &world)
        guard case .written = result else {
            world.reject("save", "writeFailed") { $0.string("path", path) }
            return false
        }
        world.emit(Record("file.written").string("path", path).word("options", "atomic,completeFileProtection").int("bytes", bytes.count)
            .string("sha256", Pixels.sha256(bytes)).bool("excludedFromBackup", s.excludeFromBackup))
        if s.excludeFromBackup { insertExcluded(&s, path) }
        return true
    }

    static func insertExcluded(_ s: inout DocScannerState, _ path: String) {
        if let i = s.excludedPaths.firstIndex(where: { $0 >= path }) {
            if s.excludedPaths[i] != path { s.excludedPaths.insert(path, at: i) }
        } else {
            s.excludedPaths.append(path)
        }
    }

    /// `JSONEncoder().encode(record)` with sorted keys (canonical: JSONEncoder's own order is not
    /// guaranteed) and `createdAt` as seconds since 2001.
    static func recordJSON(id: String, createdAt: Instant, title: String, pageCount: Int, mode: String) -> [UInt8] {
        JSONDocument.bytes(.object([("id", .string(id)), ("createdAt", .number(secondsSince2001(createdAt))),
                                    ("title", .string(title)), ("pageCount", .integer(pageCount)), ("mode", .string(mode))]))
    }

    /// Seconds since 2001-01-01T00:00:00Z: a whole number, or its exact decimal fraction (at most 9 places).
    static func secondsSince2001(_ t: Instant) -> String {
        let ns = t.nanosecondsSinceEpoch - referenceDateUnixSeconds * 1_000_000_000
        let negative = ns < 0
        let magnitude = ns.magnitude
        let whole = magnitude / 1_000_000_000, fraction = magnitude % 1_000_000_000
        var text = (negative ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 9 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    static func readFile(_ s: inout DocScannerState, scan: Int, name: String, _ world: inout World<DocScanner>) {
        guard scan <= s.library.count else {
            world.reject("readFile", "noSuchScan") { $0.int("scan", scan).int("saved", s.library.count) }
            return
        }
        let path = "\(s.library[scan - 1].folder)/\(name)"
        switch s.files.read(path, &world) {
        case .ok(let bytes):
            world.emit(Record("file.read").string("path", path).int("bytes", bytes.count).string("sha256", Pixels.sha256(bytes)))
        case .missing:
            world.reject("readFile", "missing") { $0.string("path", path) }
        case .denied(let why):
            world.reject("readFile", "protectedDataUnavailable") { $0.string("path", path).word("denial", why.rawValue) }
        case .corrupt(let why):
            world.reject("readFile", "corrupt") { $0.string("path", path).string("why", why) }
        }
    }

    static func device(_ s: inout DocScannerState, _ line: DeviceLockLine, _ world: inout World<DocScanner>) {
        switch line {
        case .lock(let state):
            s.files.setLock(state, &world)
        case .passcode(let set):
            // No keychain items: a passcode change only matters to the protection classes' keys,
            // which the file store keeps.
            world.emit(Record("device.passcode").bool("set", set).word("effect", "none"))
        case .restoreToNewDevice:
            restore(&s, &world)
        }
    }

    /// A backup restored to a new device: files excluded from backup do not come back.
    static func restore(_ s: inout DocScannerState, _ world: inout World<DocScanner>) {
        let lost = s.excludedPaths
        for path in lost {
            s.files.remove(path, by: "system", &world)
            world.emit(Record("backup.lost").string("path", path))
        }
        s.excludedPaths = []
        for i in s.library.indices { s.library[i].pageFiles.removeAll(where: { lost.contains($0) }) }
        world.emit(Record("device.restored").int("filesLost", lost.count).int("filesKept", s.files.paths.count))
    }

    static func setExcludeFromBackup(_ s: inout DocScannerState, _ on: Bool, _ world: inout World<DocScanner>) {
        s.excludeFromBackup = on
        var changed = 0
        for path in s.files.paths where path.hasPrefix(scansRoot + "/") {
            let was = s.excludedPaths.contains(path)
            if on, !was { insertExcluded(&s, path); changed += 1 }
            if !on, was { s.excludedPaths.removeAll(where: { $0 == path }); changed += 1 }
        }
        // "say so in the app".
        world.emit(Record("backup.setting").bool("excludeFromBackup", on).int("filesChanged", changed)
            .string("notice", on ? "Scans are not included in iCloud or computer backups." : "Scans are included in your backups."))
    }
}
