import LockstepCore

/// The general pasteboard (`UIPasteboard.general`) as a value a domain keeps in its state: what is
/// on it, whose it is, when it expires, and what the user is shown when the app reads it.
///
/// - **Writes** (`write`) replace every item, like `setItems(_:options:)`, with the options
///   `localOnly` (not offered to other devices through Universal Clipboard) and an expiry instant
///   on the virtual clock. `changeCount` grows by one for every write, clear and expiry.
/// - **Expiry** is checked at every access: the first access at or after `expiresAt` clears the
///   items and records `pasteboard.expired at=<expiresAt>`, so the trace says when the content
///   went, not when somebody noticed. A domain that wants the record at the exact instant calls
///   `expire(_:)` from a timer it sets for `expiresAt`.
/// - **Reads** (`read`) follow the privacy rules by OS release. Only a *programmatic* read of
///   *another app's* content is affected: iOS 14 and 15 show a banner and the read succeeds;
///   iOS 16 and later apply Settings ▸ Paste from Other Apps (`permission`): `ask` shows the
///   "Allow Paste?" alert, answered by `alertAnswer`; `allow` reads silently; `deny` returns
///   nothing. `hasStrings`, `PasteButton` and `UIPasteControl` never prompt; the last two need
///   iOS 16. The app's own content never prompts. Every read is a `pasteboard.read` record with
///   the prompt it caused, so "no prompt before the paste button" is a count a test can check.
/// - **Keyboard extensions** reach the general pasteboard only with Full Access: without it a read
///   or a write is refused with a record (`reason=noFullAccess`).
///
/// Choices the platform documentation leaves open, pinned here: expiry counts as a change
/// (`changeCount` + 1); the alert's answer is scripted ahead (`alertAnswer`, default `allow`), since a
/// reducer cannot wait on a dialog; an alert answered Don't Allow reads nothing, like `deny`.
///
/// Limits (each a refusal record when hit): at most `maxItems` items and `maxTextBytes` bytes of
/// UTF-8 text per write.
public struct Pasteboard: Hashable, Sendable, CanonicallyWritable {
    /// Items per write: far above what a text app puts on the pasteboard.
    public static let maxItems = 64
    /// Text per write, all items together: 4 MiB, four times the note's "huge paste" case.
    public static let maxTextBytes = 4 * 1_048_576

    public private(set) var items: [PasteboardItem] = []
    /// Whose items these are; nil while the pasteboard is empty.
    public private(set) var owner: PasteboardOwner?
    public private(set) var localOnly = false
    public private(set) var expiresAt: Instant?
    /// `UIPasteboard.changeCount`: + 1 for every write, clear and expiry.
    public private(set) var changeCount = 0
    /// Settings ▸ Paste from Other Apps (iOS 16 and later).
    public var permission: PastePermission = .ask
    /// How the user answers the next "Allow Paste?" alerts: `allow` or `deny` (`ask` is not an answer).
    public var alertAnswer: PastePermission = .allow
    public private(set) var counts = PasteboardCounts()

    public init() {}

    /// The first string item's text, without reading it as the app (no prompt, no record, no
    /// expiry): for a domain's state and for tests.
    public var peekString: String? { items.first(where: \.isString)?.text }

    // MARK: Writing

    /// Replaces the items (`setItems`); an empty list clears. Returns whether the write happened
    /// (it is refused past the limits, or from a keyboard without Full Access).
    @discardableResult
    public mutating func write<D: Domain>(_ newItems: [PasteboardItem], by owner: PasteboardOwner, client: PasteboardClient = .app,
                                          localOnly: Bool = false, expiresAt: Instant? = nil, _ world: inout World<D>) -> Bool {
        expire(&world)
        if case .keyboard(fullAccess: false) = client {
            counts.refused += 1
            world.reject("pasteboard.write", "noFullAccess") { $0.word("client", client.name) }
            return false
        }
        guard newItems.count <= Pasteboard.maxItems else {
            counts.refused += 1
            world.reject("pasteboard.write", "tooManyItems") { $0.int("items", newItems.count).int("limit", Pasteboard.maxItems) }
            return false
        }
        var bytes = 0
        for item in newItems { bytes += item.text.utf8.count }
        guard bytes <= Pasteboard.maxTextBytes else {
            counts.refused += 1
            world.reject("pasteboard.write", "tooLarge") { $0.int("bytes", bytes).int("limit", Pasteboard.maxTextBytes) }
            return false
        }
        items = newItems
        self.owner = newItems.isEmpty ? nil : owner
        self.localOnly = newItems.isEmpty ? false : localOnly
        self.expiresAt = newItems.isEmpty ? nil : expiresAt
        changeCount += 1
        counts.writes += 1
        var r = Record("pasteboard.write").word("owner", owner.name).word("client", client.name)
            .int("items", newItems.count).word("types", Pasteboard.typeList(newItems)).bool("localOnly", self.localOnly)
        r = expiresAt.map { r.instant("expiresAt", $0) } ?? r.word("expiresAt", "never")
        r = r.int("changeCount", changeCount)
        if let text = peekString { r = r.string("text", text) }
        world.emit(r)
        // Written already expired (an expiry at or before now): UIKit drops the items at once.
        expire(&world)
        return true
    }

    /// Another app (or this one) empties the pasteboard.
    public mutating func clear<D: Domain>(by owner: PasteboardOwner, _ world: inout World<D>) {
        write([], by: owner, &world)
    }

    /// Clears the items if their expiry has come; returns whether it did. Called by every access.
    @discardableResult
    public mutating func expire<D: Domain>(_ world: inout World<D>) -> Bool {
        guard let at = expiresAt, world.now >= at else { return false }
        items = []
        owner = nil
        localOnly = false
        expiresAt = nil
        changeCount += 1
        counts.expired += 1
        world.emit(Record("pasteboard.expired").instant("at", at).int("changeCount", changeCount))
        return true
    }

    // MARK: Reading

    /// Reads the pasteboard as `client` on `os`, applying the privacy rules, and records the read.
    public mutating func read<D: Domain>(_ mode: PasteboardReadMode, client: PasteboardClient = .app, os: OSRelease,
                                         _ world: inout World<D>) -> PasteboardRead {
        expire(&world)
        if case .keyboard(fullAccess: false) = client {
            counts.refused += 1
            world.reject("pasteboard.read", "noFullAccess") { $0.word("mode", mode.rawValue).word("client", client.name) }
            return PasteboardRead(result: .refused, prompt: .none, text: nil)
        }
        guard os >= mode.introduced else {
            counts.refused += 1
            world.reject("pasteboard.read", "unavailable") {
                $0.word("mode", mode.rawValue).word("os", os.description).word("requires", mode.introduced.description)
            }
            return PasteboardRead(result: .refused, prompt: .none, text: nil)
        }
        counts.reads += 1
        let text = peekString
        let read: PasteboardRead
        if mode == .hasStrings {
            read = PasteboardRead(result: text == nil ? .noStrings : .hasStrings, prompt: .none, text: nil)
        } else if text == nil {
            read = PasteboardRead(result: .empty, prompt: .none, text: nil)
        } else if mode.carriesUserIntent || owner == .thisApp || os < OSRelease(14, 0) {
            read = PasteboardRead(result: .text, prompt: .none, text: text)
        } else if os < OSRelease(16, 0) {
            read = PasteboardRead(result: .text, prompt: .banner, text: text)
        } else {
            switch permission {
            case .allow: read = PasteboardRead(result: .text, prompt: .none, text: text)
            case .deny: read = PasteboardRead(result: .denied, prompt: .none, text: nil)
            case .ask:
                read = alertAnswer == .deny ? PasteboardRead(result: .denied, prompt: .alert, text: nil)
                                            : PasteboardRead(result: .text, prompt: .alert, text: text)
            }
        }
        switch read.prompt {
        case .none: break
        case .banner: counts.banners += 1
        case .alert: counts.alerts += 1
        }
        if read.result == .denied { counts.denied += 1 }
        var r = Record("pasteboard.read").word("mode", mode.rawValue).word("client", client.name).word("os", os.description)
            .word("owner", owner?.name ?? "none").word("prompt", read.prompt.rawValue).word("result", read.result.rawValue)
        if let t = read.text { r = r.string("text", t) }
        world.emit(r)
        return read
    }

    // MARK: Settings

    /// A change of the Settings value or of the scripted alert answer, recorded.
    public mutating func apply<D: Domain>(_ change: PasteboardSettingsChange, _ world: inout World<D>) {
        if let p = change.permission { permission = p }
        if let a = change.alertAnswer { alertAnswer = a }
        world.emit(Record("pasteboard.settings").word("permission", permission.rawValue).word("alertAnswer", alertAnswer.rawValue))
    }

    /// The distinct types of `items`, in first-seen order, joined by `,` (`none` for no items).
    static func typeList(_ items: [PasteboardItem]) -> String {
        var seen: [String] = []
        for item in items where !seen.contains(item.type) { seen.append(item.type) }
        return seen.isEmpty ? "none" : seen.joined(separator: ",")
    }

    /// `pasteboard {` contents, options, settings and counts `}`, for the owning domain's digest.
    public func write(to out: inout CanonicalWriter) {
        out.section("pasteboard") { w in
            w.word("owner", owner?.name ?? "none")
            w.int("changeCount", changeCount)
            w.bool("localOnly", localOnly)
            if let e = expiresAt { w.instant("expiresAt", e) } else { w.word("expiresAt", "never") }
            w.list("items", items) { w, _, item in
                w.record(Record("item").word("type", item.type).string("text", item.text))
            }
            w.word("permission", permission.rawValue)
            w.word("alertAnswer", alertAnswer.rawValue)
            counts.write(to: &w)
        }
    }
}

/// The outcome of one read.
public struct PasteboardRead: Hashable, Sendable {
    public enum Result: String, Hashable, Sendable {
        /// The content was handed over (`text`).
        case text
        /// Nothing to read.
        case empty
        /// `hasStrings` answered yes / no (never the content).
        case hasStrings, noStrings
        /// The user's setting or answer kept the content from the app.
        case denied
        /// The read was not possible (no Full Access, or the API is newer than the OS); a rejection record says why.
        case refused
    }

    public var result: Result
    public var prompt: PastePrompt
    public var text: String?
}

/// Reads, prompts and refusals so far: a domain's digest shows them, a test counts them.
public struct PasteboardCounts: Hashable, Sendable {
    public var writes = 0
    public var reads = 0
    public var banners = 0
    public var alerts = 0
    public var denied = 0
    public var expired = 0
    public var refused = 0

    public init() {}

    /// Prompts of any kind the user saw.
    public var prompts: Int { banners + alerts }

    func write(to w: inout CanonicalWriter) {
        w.int("writes", writes)
        w.int("reads", reads)
        w.int("banners", banners)
        w.int("alerts", alerts)
        w.int("denied", denied)
        w.int("expired", expired)
        w.int("refused", refused)
    }
}

/// What one `pasteboard settings` line changes; nil leaves a value as it is.
public struct PasteboardSettingsChange: Hashable, Sendable {
    public var permission: PastePermission?
    public var alertAnswer: PastePermission?

    public init(permission: PastePermission? = nil, alertAnswer: PastePermission? = nil) {
        self.permission = permission
        self.alertAnswer = alertAnswer
    }
}
