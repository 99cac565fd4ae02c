import LockstepCore
import Platform

/// The detail screen (section 3): the summary, a "UIKit" pane if the entry has a UIKit demo, a
/// "SwiftUI" pane if it has a SwiftUI one, then "View code". Demos are built only here.
enum Detail {
    /// The content the detail shows for `id`: the registry's entry, or under `perScreenSwitch` the
    /// compiled-in table's (nil: that table has no case for it).
    static func content(_ s: CatalogState, _ id: String, _ world: World<Catalog>) -> CatalogItem? {
        if world.isOn(.perScreenSwitch) { return BuiltInRegistry.items.first { $0.id == id } }
        return s.registry.first { $0.id.utf8.elementsEqual(id.utf8) }
    }

    static func open(_ s: inout CatalogState, _ listed: CatalogItem, _ world: inout World<Catalog>) {
        s.navigation.append(listed.id)
        // A new detail view: its demos' @State starts again (compact style, the starting colour).
        s.dateStyle = .compact
        s.color = RGBA.initial
        guard let item = content(s, listed.id, world) else {
            world.emit(Record("detail").string("id", listed.id).string("title", "").string("summary", "").word("panes", "none")
                .bool("viewCode", false))
            recordRecent(&s, listed.id, &world)
            return
        }
        world.emit(Record("detail").string("id", item.id).string("title", item.title).string("summary", item.summary)
            .with("panes", Catalog.panesValue(item)).bool("viewCode", true))
        if let demo = item.uiKitDemo {
            s.builtCount += 1
            world.emit(Record("built").string("id", item.id).word("pane", "UIKit").string("demo", demo).int("n", s.builtCount))
        }
        if let demo = item.swiftUIDemo {
            var r = Record("built").string("id", item.id).word("pane", "SwiftUI")
            var shown = demo
            if let gate = item.swiftUIGate {
                // The bug: no `if #available` at all, so nothing checks (or records) the OS first.
                if world.isOn(.ungatedWebView) && !s.device.isAvailable(gate.minimum) {
                    crash(&s, item, gate, &world)
                    return
                }
                let available = s.device.available(apiName(demo), since: gate.minimum, &world)
                if !available { shown = gate.fallback ?? "Text(\"Available in iOS \(gate.minimum)\")" }
                r = r.word("variant", available ? "native" : (gate.fallback == nil ? "label" : "fallback"))
                    .string("availability", "iOS \(gate.minimum)+")
            }
            s.builtCount += 1
            world.emit(r.string("demo", shown).int("n", s.builtCount))
        }
        if item.behaviour == .photosPicker {
            if world.isOn(.photoPermissionJustInCase) {
                s.photoPrompts += 1
                world.emit(Record("permission.prompt").word("service", "photoLibrary").word("infoPlist", "NSPhotoLibraryUsageDescription")
                    .string("alert", "\"Catalog\" Would Like to Access Your Photos").int("prompts", s.photoPrompts))
            } else {
                world.emit(Record("demo.photos").string("id", item.id).bool("outOfProcess", true).word("permissionPrompt", "none")
                    .word("infoPlist", "none"))
            }
        }
        recordRecent(&s, listed.id, &world)
    }

    /// The API a descriptor names: `WebView{...}` → `WebView`.
    static func apiName(_ demo: String) -> String {
        String(demo.prefix { $0 != "{" })
    }

    /// The detail's `onAppear`: move to front, capped.
    private static func recordRecent(_ s: inout CatalogState, _ id: String, _ world: inout World<Catalog>) {
        let change = s.recents.add(id)
        world.emit(change.record("recents", capacity: s.recents.capacity))
        if let key = s.recentsKey {
            s.store.write(key, PlistValue.array(s.recents.entries.map { .string($0) }), &world)
        } else {
            Launch.unsaved(DefaultsKey.recentlyViewed, &world)
        }
    }

    /// Opening the native iOS 26 demo on an older OS: the symbol is missing and the app ends.
    private static func crash(_ s: inout CatalogState, _ item: CatalogItem, _ gate: DemoGate, _ world: inout World<Catalog>) {
        world.emit(Record("app.crash").string("id", item.id)
            .string("reason", "symbol not found: the SwiftUI pane needs iOS \(gate.minimum), the device runs iOS \(s.device.os)"))
        for action in s.life.handle(.terminate(.crash), &world).actions where action == .discardMemory { Launch.discard(&s) }
    }

    static func showSheet(_ s: inout CatalogState, _ id: String, _ world: inout World<Catalog>) {
        let files = content(s, id, world)?.snippetFiles ?? []
        s.showCode = true
        world.emit(Record("sheet").string("title", "Code").string("id", id).int("files", files.count).string("toolbar", "Done"))
        for file in files {
            let loaded = Snippets.load(file, from: s.bundle)
            world.emit(Record("sheet.section").string("file", file).string("header", Snippets.header(file))
                .word("status", loaded.word).string("text", loaded.body))
        }
    }

    static func copy(_ s: inout CatalogState, _ file: String, _ world: inout World<Catalog>) {
        guard s.showCode, let id = s.navigation.last else {
            world.reject("copy", "no-sheet")
            return
        }
        let files = content(s, id, world)?.snippetFiles ?? []
        guard files.contains(where: { $0.utf8.elementsEqual(file.utf8) }) else {
            world.reject("copy", "not-in-sheet") { $0.string("file", file) }
            return
        }
        let loaded = Snippets.load(file, from: s.bundle)
        guard case .text(let text) = loaded else {
            world.reject("copy", "snippet-missing") { $0.string("file", file).word("status", loaded.word) }
            return
        }
        world.emit(Record("snippet.copy").string("file", file).string("header", Snippets.header(file)).int("bytes", text.utf8.count))
        // `UIPasteboard.general.string = code`: one plain-text item, owned by this app.
        if s.pasteboard.write([PasteboardItem(text: text)], by: .thisApp, &world) {
            s.a11y.announce("Copied \(file)", &world)
        }
    }

    static func propose(_ s: inout CatalogState, widthPt: Double?, heightPt: Double?, _ world: inout World<Catalog>) {
        guard let id = s.navigation.last, let item = content(s, id, world) else {
            world.reject("propose", "no-detail")
            return
        }
        guard item.uiKitDemo != nil else {
            world.reject("propose", "no-uikit-pane") { $0.string("id", id) }
            return
        }
        for (key, v) in [("width", widthPt), ("height", heightPt)] {
            if let why = BridgeSizing.problem(v) {
                world.reject("propose", "bad-proposal") { $0.word("dimension", key).word("problem", why) }
                return
            }
        }
        let base = item.behaviour == .datePicker ? s.dateStyle.view : item.view
        let scale = s.a11y.textSize.scale
        let view = BridgeSizing.scaled(base, scale)
        let size = world.isOn(.noSizeThatFits)
            ? BridgeSizing.withoutSizeThatFits(widthPt: widthPt, heightPt: heightPt, view: view)
            : BridgeSizing.sizeThatFits(widthPt: widthPt, view: view)
        func dim(_ v: Double?) -> Value { v.map { .fixed($0, places: 3) } ?? .word("nil") }
        world.emit(Record("size").string("id", id).with("proposedWidth", dim(widthPt)).with("proposedHeight", dim(heightPt))
            .fixed("width", size.widthPt, 3).fixed("height", size.heightPt, 3)
            .fixed("fitted", view.fittingHeightPt, 3).fixed("intrinsic", view.intrinsicHeightPt, 3).fixed("textScale", scale, 4))
    }
}
