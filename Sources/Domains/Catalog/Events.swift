import LockstepCore
import Platform

extension Catalog {
    public static let events: [EventKind<CatalogEvent>] = [
        EventKind("register", "The build adds a registry entry (while the app is not running).") { f throws(ScenarioError) in
            .register(try decodeItem(&f))
        },
        EventKind("unregister", "The build removes the entry with this id.") { f throws(ScenarioError) in
            .unregister(id: try f("id", .text))
        },
        EventKind("retitle", "The build renames an entry (its id stays).") { f throws(ScenarioError) in
            let id = try f("id", .text)
            let title = try f("title", .text)
            if !f.isDeclaring, title.isEmpty { throw f.error("title must not be empty", at: "title") }
            return .retitle(id: id, title: title)
        },
        EventKind("bundle", "The build's resource NAME: text=, bytes= (not necessarily UTF-8) or remove=true.") { f throws(ScenarioError) in
            let name = try f("name", .text, "the resource's file name, e.g. \"Slider.UIKit.swift.txt\"")
            let text = try f.optional("text", .text)
            let bytes = try f.optional("bytes", .tuple())
            let remove = try f("remove", .bool, default: false)
            if f.isDeclaring { return .bundle(name: name, .remove) }
            if name.isEmpty { throw f.error("name must not be empty", at: "name") }
            switch (text, bytes, remove) {
            case (let t?, nil, false): return .bundle(name: name, .text(t))
            case (nil, let b?, false):
                var out: [UInt8] = []
                for v in b {
                    guard let byte = UInt8(exactly: v) else { throw f.error("bytes= holds whole numbers 0...255, found \(v)", at: "bytes") }
                    out.append(byte)
                }
                return .bundle(name: name, .bytes(out))
            case (nil, nil, true): return .bundle(name: name, .remove)
            default: throw f.error("'bundle' needs exactly one of text=, bytes= or remove=true", atAnyOf: ["text", "bytes", "remove"])
            }
        },
        EventKind("defaults", "Data left in UserDefaults under KEY: value= (a typed value: \"text\", 42, true, [..]) or damaged= (unreadable bytes).") { f throws(ScenarioError) in
            let key = try f("key", .text)
            let value = try f.optional("value", .text, "e.g. \"[\\\"slider\\\",42]\"")
            let damaged = try f.optional("damaged", .text, "why the bytes cannot be read")
            if f.isDeclaring { return .defaults(key: key, .damaged(reason: "")) }
            if key.isEmpty { throw f.error("key must not be empty", at: "key") }
            switch (value, damaged) {
            case (let v?, nil):
                switch PlistValue.parse(Array(v.utf8)) {
                case .success(let p): return .defaults(key: key, .value(p))
                case .failure(let e): throw f.error("value: \(e.message) at byte \(e.offset) of the value", at: "value")
                }
            case (nil, let reason?):
                if reason.isEmpty { throw f.error("damaged= needs a reason", at: "damaged") }
                return .defaults(key: key, .damaged(reason: reason))
            default: throw f.error("'defaults' needs exactly one of value= or damaged=", atAnyOf: ["value", "damaged"])
            }
        },
        EventKind("search", "The search field's text (.searchable, prompt \"Search components\"); not trimmed.") { f throws(ScenarioError) in
            .search(try f("query", .text))
        },
        EventKind("filter", "The Filter menu: All or one tag.") { f throws(ScenarioError) in
            .filter(try f("tag", .choice(FilterChoice.self)))
        },
        EventKind("swipe", "The row's swipe action, Favorite or Unfavorite.") { f throws(ScenarioError) in .swipe(id: try f("id", .text)) },
        EventKind("open", "Taps a row: pushes the component's detail (its onAppear records it as recent).") { f throws(ScenarioError) in
            .open(id: try f("id", .text))
        },
        EventKind("back", "Pops the detail.") { _ throws(ScenarioError) in .back },
        EventKind("viewCode", "The detail's \"View code\" button: shows the snippet sheet.") { _ throws(ScenarioError) in .viewCode },
        EventKind("dismissSheet", "The sheet's \"Done\".") { _ throws(ScenarioError) in .dismissSheet },
        EventKind("copy", "A section's \"Copy\" button in the snippet sheet.") { f throws(ScenarioError) in .copy(file: try f("file", .text)) },
        EventKind("colorPicked", "UIColorPickerViewController's didSelect callback: color=r,g,b,a continuously=.") { f throws(ScenarioError) in
            let c = try f("color", .tuple(4), "r,g,b,a in extended sRGB")
            let continuously = try f("continuously", .bool, default: false)
            return .colorPicked(rgba(c), continuously: continuously)
        },
        EventKind("colorBinding", "A SwiftUI-side change of the bound colour (updateUIViewController).") { f throws(ScenarioError) in
            .colorBinding(rgba(try f("color", .tuple(4), "r,g,b,a in extended sRGB")))
        },
        EventKind("propose", "A SwiftUI size proposal to the showing detail's UIKit pane; an omitted dimension is unspecified (nil).") { f throws(ScenarioError) in
            let w = try f.optional("width", .number, "points")
            let h = try f.optional("height", .number, "points")
            return .propose(widthPt: w, heightPt: h)
        },
        EventKind("datePickerStyle", "The date picker demo's preferredDatePickerStyle.") { f throws(ScenarioError) in
            .datePickerStyle(try f("style", .choice(DatePickerStyle.self)))
        },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        AccessibilityVocabulary.eventKind { .a11y($0) },
        DeviceVocabulary.eventKind(minimumOS: minimumOS) { .env($0) },
        PasteboardVocabulary.eventKind { .pasteboard($0) },
    ]

    static func rgba(_ c: [Double]) -> RGBA {
        c.count == 4 ? RGBA(c[0], c[1], c[2], c[3]) : RGBA(0, 0, 0, 0)
    }

    /// A `register` line: every field read first, then checked.
    static func decodeItem(_ f: inout Fields) throws(ScenarioError) -> ItemSpec {
        let id = try f("id", .text, "stable slug; empty or with a comma is accepted here and reported by the registry check")
        let title = try f("title", .text)
        let summary = try f("summary", .text, default: "")
        let tagsText = try f("tags", .text, default: "", "comma-separated: UIKit,Controls,Views,Pickers,SwiftUI")
        let uiKit = try f.optional("uiKit", .text, "the UIKit demo's descriptor")
        let swiftUI = try f.optional("swiftUI", .text, "the SwiftUI demo's descriptor")
        let snippetsText = try f("snippets", .text, default: "", "comma-separated resource names without .swift.txt")
        let fitting = try f("fitting", .number, default: 44, "the UIKit view's fitted height, pt")
        let intrinsic = try f("intrinsic", .number, default: -1, "its intrinsic height, pt (-1: noIntrinsicMetric)")
        let swiftUIMin = try f.optional("swiftUIMin", DeviceVocabulary.osRelease, "the SwiftUI demo's minimum iOS")
        let fallback = try f.optional("fallback", .text, "the SwiftUI pane below swiftUIMin")
        let at = try f.optional("at", .int, in: 0...10_000, "insert at this position (default: the end)")
        let behaviour = try f("behaviour", .choice(DemoBehaviour.self), default: .plain, "scripted callbacks the demo takes")
        if f.isDeclaring { return ItemSpec(item: CatalogItem(id: id, title: title, tags: [], uiKitDemo: nil, swiftUIDemo: nil, snippetFiles: []), at: nil) }

        if title.isEmpty { throw f.error("title must not be empty", at: "title") }
        var tags: [CatalogTag] = []
        if !tagsText.isEmpty {
            for piece in tagsText.split(separator: ",", omittingEmptySubsequences: false) {
                guard let t = CatalogTag(rawValue: String(piece)) else {
                    throw f.error("unknown tag '\(piece)'; expected \(CatalogTag.allCases.map(\.rawValue).joined(separator: ", "))", at: "tags")
                }
                tags.append(t)
            }
        }
        var snippets: [String] = []
        if !snippetsText.isEmpty {
            for piece in snippetsText.split(separator: ",", omittingEmptySubsequences: false) {
                if piece.isEmpty { throw f.error("an empty snippet name", at: "snippets") }
                snippets.append(String(piece))
            }
        }
        guard fitting.isFinite, fitting >= 0, fitting <= 100_000 else { throw f.error("fitting must be a finite height in 0...100000 pt", at: "fitting") }
        guard intrinsic == -1 || (intrinsic.isFinite && intrinsic >= 0 && intrinsic <= 100_000) else {
            throw f.error("intrinsic must be -1 (noIntrinsicMetric) or a finite height in 0...100000 pt", at: "intrinsic")
        }
        if fallback != nil, swiftUIMin == nil { throw f.error("fallback= goes with swiftUIMin=", at: "fallback") }
        if swiftUIMin != nil, swiftUI == nil { throw f.error("swiftUIMin= needs a swiftUI= demo", at: "swiftUIMin") }
        let gate = swiftUIMin.map { DemoGate(minimum: $0, fallback: fallback) }
        let item = CatalogItem(id: id, title: title, summary: summary, tags: tags, uiKitDemo: uiKit, swiftUIDemo: swiftUI,
                               snippetFiles: snippets, view: FakeView(fittingHeightPt: fitting, intrinsicHeightPt: intrinsic), swiftUIGate: gate, behaviour: behaviour)
        return ItemSpec(item: item, at: at)
    }
}
