import LockstepCore
import Platform

/// `hashtags`: Hashtags Creator. The user picks a category and its popular hashtags are ready to
/// paste into Instagram; the lists can be customised (add, delete, reorder), and since Instagram's
/// December 2025 rule of five tags per post the user chooses five ("Copy 3 of 5") and copies them.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Building a hashtag copier for iOS". Modelled,
/// all of it: the normaliser (trim, drop the leading `#` run, keep letters in any script, numbers
/// and `_`, lowercase, a tag needs a letter) and the batch parser (split at whitespace, `,`, `;`;
/// first of each tag kept); bundled categories plus the user's overlay (`added`, `removed`,
/// `order`, keyed by stable ids, so an app update keeps the edits), the merge rule "defaults minus
/// removals, plus additions, in the user's order", swipe delete, drag reorder with SwiftUI's
/// `move(fromOffsets:toOffset:)`, the Add button enabled only when the field parses to a tag, the
/// header "N tags"; `tag-edits.json` saved on every change of the edits (twice for a delete, as the
/// `didSet` fires per mutation); PickFive (pick order badges, rows disabled when full, "Copy n of
/// 5", one selection haptic per change); `Clipboard.copy` (`public.plain-text`, `localOnly`,
/// `expirationDate` on the virtual clock, success haptic, "Copied n tags"); the pasteboard
/// privacy rules (no read before the paste button; PasteButton and `hasStrings` never prompt) on
/// the shared `Platform` `Pasteboard`; the platform limit as one named, updatable constant
/// (`BudgetLedger` limit `instagramTags` = 5, 30 before December 2025; `set limit.instagramTags N`
/// and the `remoteConfig` event move it); Instagram as the destination that refuses more than 5.
///
/// Choices where the article is silent (GAPs):
/// - Unicode: `isLetter`/`isNumber`/`lowercased` come from Lockstep's pinned Unicode 14.0.0 tables
///   (`UnicodeProperties`), not the toolchain's. Letter is General_Category L*, number N* (Swift's
///   `Character.isLetter` is the Alphabetic property, so a lone Roman numeral `Ⅻ` is a letter to
///   Swift, only a number here: `#ⅻ` alone gives nothing; the circled `Ⓐ`, So, is dropped). Lowercasing is context-free (`İ` → i +
///   U+0307, no final-sigma rule), as Swift's is. A cluster is a scalar and the marks, ZWJ-joined
///   scalars, emoji modifiers and tag characters after it (`Hashtag.continuesCluster`); the filter
///   asks about its first scalar, as `Character.isLetter` does.
/// - Tags are NFC after lowercasing and compared by bytes, so `#café` typed precomposed and
///   decomposed is one tag with one spelling (Swift's `==` would keep whichever bytes came first).
/// - `splitOnHash` (setting, off by default; an extension, not the article's rule): `#travel#food`
///   is two tags instead of `#travelfood`.
/// - Bundle: without a `bundle` setting the app ships a built-in sample (`BundleFile.builtIn`).
///   Tags in `categories.json` are normalised at load, each change or drop a `bundle.note`; a
///   repeated id keeps the first; invalid JSON is `bundle.invalid` and no categories (the article's
///   `try?` gives `[]` silently; a missing file would crash its force-unwrap).
/// - Re-adding a removed default only un-removes it (derived failure 8); the merged list is
///   de-duplicated, first kept (derived 9).
/// - An unreadable `tag-edits.json` is `edits.corrupt`, its bytes are kept at
///   `tag-edits.corrupt.json` and the app starts from empty edits (derived 10). Missing keys in a
///   readable file read as empty.
/// - `swipeDelete` of a tag not in the list, `move` with bad offsets, `pick` of a tag not listed,
///   an unknown category, `copy` with nothing picked (the button is disabled), `tapAdd` while Add is
///   disabled, `pasteButton` before iOS 16: refused with a record, nothing changed.
/// - PickFive lists one category at a time; picking in another category starts a new PickFive
///   (`picks.reset`). A tag deleted while picked is dropped from the picks (`picks.dropped`,
///   derived 11). A lowered limit keeps the first picks and drops the rest with a record.
/// - The copy banner is "Copied 1 tag" / "Copied n tags", shown for 2 s of virtual time; a new copy
///   replaces it. `expiresAfter` must be positive (`0` is refused).
/// - `pasteButton` pastes what the pasteboard holds (one item's text, parsed as the article's
///   `strings.joined(separator: " ")` would be). The app touches the pasteboard for nothing else
///   but copying: not on launch, not on `appear` (not even `hasStrings`; the system PasteButton
///   shows itself), so the pasteboard's read count stays 0 until the first paste-button tap.
/// - The device comes from the shared `DeviceVocabulary` (`set os`, `env os=` for an OS update);
///   the app branches on the OS only: PasteButton from 16.0 (`availability.fallback` before it, and
///   a tap refused), the privacy banner (14) and alert (16) as the Platform `Pasteboard` rules.
/// - A delete saves twice and an added tag twice (the `removed[id]?.remove` before the append is a
///   mutation of the `@Published` edits even when there is nothing to remove), as the article's
///   `didSet` does; every save is a `saved` record, and the event's final JSON an `edits` record.
/// - The display-casing variant (§1, `#TravelTips` kept for display) is not modelled: the article
///   does not say it shipped.
/// - An app update (`bundleUpdate`) relaunches the app, as updates do.
/// - Instagram (`pasteIntoInstagram`) counts the `#` words of the pasted text against its own
///   rule, 5, whatever the app's limit says.
/// - Limits: a text of at most 64 KiB is parsed (longer is refused), at most 1,000 pieces of it
///   (the rest reported), 500 tags per category (additions past it refused), 200 categories.
///
/// Invariants and the explorer: `Invariants.swift`.
public enum Hashtags: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = HashtagsState
    public typealias Event = HashtagsEvent
    public typealias Fault = HashtagsFault

    public static let name = "hashtags"
    public static let summary = "Hashtags Creator: Unicode-aware tag normalising and parsing, bundled categories plus the user's overlay, pick five and copy, pasteboard privacy (seed 001, \"Building a hashtag copier for iOS\")."

    /// The platform limit's name in the ledger and in `set limit.instagramTags N`.
    public static let tagLimitName = "instagramTags"
    /// Instagram's rule since December 2025 (Help Center: "up to 5 tags on a post").
    public static let instagramTagLimit = 5
    /// The limit before December 2025 (fault `oldLimitThirty`).
    public static let oldInstagramTagLimit = 30
    public static let limits = [BudgetLimit(tagLimitName, instagramTagLimit, "hashtags per post (30 before December 2025)")]
    /// How long the "Copied n tags" banner shows.
    public static let bannerLifetime = Duration.seconds(2)
    /// The literal the `scatteredLimit` fault hard-codes in the title and the rows.
    static let scatteredLiteral = 5

    public static let events: [EventKind<HashtagsEvent>] = [
        EventKind("textInput", "Typing into the tag field: its whole new value.") { f throws(ScenarioError) in
            .textInput(try f("text", .text, "the field's value"))
        },
        EventKind("submit", "Return in the tag field: addTags() for the category.") { f throws(ScenarioError) in
            .submit(category: try f("category", .word))
        },
        EventKind("tapAdd", "The Add button (enabled only when the field parses to a tag).") { f throws(ScenarioError) in
            .tapAdd(category: try f("category", .word))
        },
        EventKind("swipeDelete", "Swipe to delete a row.") { f throws(ScenarioError) in
            .swipeDelete(category: try f("category", .word), tag: try f("tag", .text))
        },
        EventKind("move", "EditButton drag: onMove(fromOffsets:toOffset:), SwiftUI semantics.") { f throws(ScenarioError) in
            let category = try f("category", .word)
            let from = try f("from", .tuple(), "the moved rows' offsets, comma separated")
            let to = try f("to", .int, in: -1_000_000...1_000_000, "the offset in the list before the move to insert before")
            var offsets: [Int] = []
            if !f.isDeclaring {
                for v in from {
                    guard v.isFinite, v == v.rounded(.towardZero), abs(v) <= 1_000_000 else { throw f.error("from= takes whole offsets", at: "from") }
                    offsets.append(Int(v))
                }
            }
            return .move(category: category, fromOffsets: offsets, toOffset: to)
        },
        EventKind("appear", "The category editor appears.") { f throws(ScenarioError) in
            .appear(category: try f("category", .word))
        },
        EventKind("pasteButton", "A tap on the system PasteButton (iOS 16): pastes the pasteboard's strings into the category.") { f throws(ScenarioError) in
            .pasteButton(category: try f("category", .word))
        },
        EventKind("pick", "A row tap on PickFive for the category's tags.") { f throws(ScenarioError) in
            .pick(category: try f("category", .word), tag: try f("tag", .text))
        },
        EventKind("copy", "The Copy n of 5 button: Clipboard.copy(picked, expiresAfter:, localOnly:).") { f throws(ScenarioError) in
            .copy(expiresAfter: try f.optional("expiresAfter", .duration, "the pasteboard item's expiry, from now"),
                  localOnly: try f("localOnly", .bool, default: false, "keep it off Universal Clipboard"))
        },
        EventKind("remoteConfig", "A remote config with the platform's tag limit.") { f throws(ScenarioError) in
            .remoteConfig(tagLimit: try f("tagLimit", .int, in: -1_000_000...1_000_000))
        },
        EventKind("relaunch", "The process ends and the app launches again.") { _ throws(ScenarioError) in .relaunch },
        EventKind("bundleUpdate", "An app update with new bundled categories (the app relaunches).") { f throws(ScenarioError) in
            .bundleUpdate(try f("bundle", .file, "the new categories.json"))
        },
        EventKind("pasteIntoInstagram", "The user pastes into Instagram's caption and posts.") { _ throws(ScenarioError) in .pasteIntoInstagram },
        PasteboardVocabulary.eventKind { .pasteboard($0) },
        DeviceVocabulary.eventKind(minimumOS: minimumOS) { .env($0) },
    ]

    public static func kind(of event: HashtagsEvent) -> String {
        switch event {
        case .textInput: "textInput"
        case .submit: "submit"
        case .tapAdd: "tapAdd"
        case .swipeDelete: "swipeDelete"
        case .move: "move"
        case .appear: "appear"
        case .pasteButton: "pasteButton"
        case .pick: "pick"
        case .copy: "copy"
        case .remoteConfig: "remoteConfig"
        case .relaunch: "relaunch"
        case .bundleUpdate: "bundleUpdate"
        case .pasteIntoInstagram: "pasteIntoInstagram"
        case .bannerHide: "bannerHide"
        case .pasteboardExpiry: "pasteboardExpiry"
        case .pasteboard: PasteboardVocabulary.kind
        case .env: DeviceVocabulary.kind
        }
    }

    /// The App Store listing's "Supports iOS 12.0 and later".
    public static let minimumOS = OSRelease(12, 0)
    /// SwiftUI's PasteButton and UIKit's UIPasteControl.
    public static let pasteButtonOS = OSRelease(16, 0)

    public struct Settings: Sendable {
        public var device: Device
        public var bundle: [UInt8]?
        public var editsFile: [UInt8]?
        public var splitOnHash: Bool
        public var limits: BudgetOverrides
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let device = try DeviceVocabulary.settings(&s, default: Device(os: OSRelease(17, 0)), minimumOS: minimumOS)
        let bundle = try s.optional("bundle", .file, "categories.json in the app bundle (default: a built-in sample)")
        let editsFile = try s.optional("editsFile", .file, "tag-edits.json left in Application Support by an earlier run")
        let splitOnHash = try s("splitOnHash", .bool, default: false, "extension: a # after another character starts a new tag")
        let limits = try BudgetLedger.overrides(&s, for: Hashtags.limits)
        return Settings(device: device, bundle: bundle, editsFile: editsFile, splitOnHash: splitOnHash, limits: limits)
    }

    public static func start(_ settings: Settings, _ world: inout World<Hashtags>) throws(ScenarioError) -> HashtagsState {
        var s = HashtagsState()
        s.device = settings.device
        s.rules = Hashtag.Rules(asciiOnly: world.isOn(.asciiOnly), keepCase: world.isOn(.caseSensitiveDedup), splitOnHash: settings.splitOnHash)
        s.dedupeMerged = !world.isOn(.bundleDuplicate)
        var limits = settings.limits
        if world.isOn(.oldLimitThirty), limits.value(tagLimitName) == nil { limits = BudgetOverrides([(tagLimitName, oldInstagramTagLimit)]) }
        s.ledger = BudgetLedger(Hashtags.limits, overrides: limits, &world)
        s.bundle = settings.bundle ?? BundleFile.builtIn
        if let bytes = settings.editsFile { s.files.seed(EditsFile.path, bytes, &world) }
        launch(&s, &world)
        return s
    }

    public static func write(_ s: HashtagsState, to out: inout CanonicalWriter) {
        out.tuple("app") { v in
            v.word(s.device.os.description); v.word(s.device.idiom.rawValue); v.int(s.launches); v.int(s.saveCount); v.bool(s.rules.splitOnHash)
        }
        out.list("categories", s.categories) { w, _, c in
            w.record(Record("category").word("id", c.id).string("name", c.name).string("tags", c.tags.joined(separator: " ")))
        }
        out.list("edits", s.edits.categories) { w, _, e in
            var r = Record("edit").word("id", e.id)
            if let a = e.added { r = r.string("added", a.joined(separator: " ")) }
            if let x = e.removed { r = r.string("removed", x.joined(separator: " ")) }
            if let o = e.order { r = r.string("order", o.joined(separator: " ")) }
            w.record(r)
        }
        out.string("newTag", s.newTag)
        out.record(Record("pickFive").word("category", s.pickCategory ?? "none").string("picked", s.picked.joined(separator: " ")))
        s.ledger.write(to: &out)
        s.pasteboard.write(to: &out)
        out.record(Record("shown").string("banner", s.banner ?? "").int("bannerSerial", s.bannerSerial)
            .int("selectionHaptics", s.selectionHaptics).int("successHaptics", s.successHaptics)
            .int("postsAccepted", s.postsAccepted).int("postsRefused", s.postsRefused))
        s.files.write(to: &out)
    }
}
