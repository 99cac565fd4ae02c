import Testing
import LockstepCore
import Platform
import LockstepRunner
@testable import Catalog

/// Known values from the seed article ("Building a live iOS component catalogue") and the
/// domain note, worked out by hand (the independent oracle), never from the code's own output.
@Suite struct CatalogTests {
    @Test func declarationsMeetTheContract() {
        #expect(Catalog.entry.problems.isEmpty, "\(Catalog.entry.problems)")
    }

    /// A shared-vocabulary event, decoded from its scenario line (the vocabulary's value has no
    /// public initialiser).
    static func line(_ text: String) throws -> CatalogEvent {
        try #require(try EventDecoding.events(Catalog.self, lines: ["0 " + text]).first)
    }
    static var launch: CatalogEvent { get throws { try line("lifecycle launch") } }

    static func item(_ id: String, _ title: String, tags: [CatalogTag] = [.uiKit]) -> CatalogItem {
        CatalogItem(id: id, title: title, tags: tags, uiKitDemo: "UIView{}", swiftUIDemo: nil, snippetFiles: [])
    }

    /// The note's verified search table on the six titles (en): folded, untrimmed, titles only.
    @Test func searchOnTheArticlesTitles() {
        let titles = ["Slider", "Date Picker", "Segmented Control", "Color Picker", "Web View", "Switch"]
        let items = titles.enumerated().map { Self.item("i\($0.offset)", $0.element) }
        func search(_ q: String) -> [String] { Discovery.results(items, query: q, tag: nil).map(\.title) }
        #expect(search("sli") == ["Slider"])
        #expect(search("SLIDER") == ["Slider"])
        #expect(search("pícker") == ["Date Picker", "Color Picker"])
        #expect(search("pi\u{301}cker") == ["Date Picker", "Color Picker"])
        #expect(search("webview") == [])
        #expect(search("Web") == ["Web View"])
        #expect(search("date  picker") == [])
        // Not trimmed: a single space matches every title with a space.
        #expect(search(" ") == ["Date Picker", "Segmented Control", "Color Picker", "Web View"])
        #expect(search("") == titles)
        #expect(SearchFolding.matches(query: "strasse", in: "Straße"))
    }

    /// "pícker" matches both pickers in the running app too (the eight-entry registry has four).
    @Test func accentedQueryMatchesThePickersInTheApp() throws {
        var sim = try Simulation<Catalog>()
        sim.send(try Self.launch)
        sim.send(.search("pícker"))
        #expect(sim.state.query == "pícker")
        let ids = Discovery.results(sim.state.registry, query: sim.state.query, tag: sim.state.tag).map(\.id)
        #expect(ids == ["date-picker", "color-picker", "font-picker", "photos-picker"])
        #expect(ids.contains("date-picker") && ids.contains("color-picker"))
    }

    @Test func tagFilterKeepsRegistryOrder() {
        let items = BuiltInRegistry.items
        #expect(Discovery.results(items, query: "", tag: .views).map(\.id) == ["web-view"])
        #expect(Discovery.results(items, query: "", tag: .pickers).map(\.id) == ["date-picker", "color-picker", "font-picker", "photos-picker"])
        #expect(Discovery.results(items, query: "picker", tag: .swiftUI).map(\.id) == ["date-picker", "color-picker", "photos-picker"])
    }

    @Test func filterMenuOrder() {
        #expect(FilterChoice.allCases.map(\.rawValue) == ["All", "UIKit", "Controls", "Views", "Pickers", "SwiftUI"])
    }

    /// The article's toggle sequence and the stray-comma read.
    @Test func favouritesToggleAndRead() {
        var raw = ""
        var on = false
        (raw, on) = Discovery.toggle(raw, "slider")
        #expect(raw == "slider" && on)
        (raw, on) = Discovery.toggle(raw, "date-picker")
        #expect(raw == "date-picker,slider" && on)
        (raw, on) = Discovery.toggle(raw, "slider")
        #expect(raw == "date-picker" && !on)
        #expect(Discovery.favoriteSet(",,slider,,date-picker,") == ["date-picker", "slider"])
        #expect(Discovery.label(isFavorite: true) == "Unfavorite")
        #expect(Discovery.label(isFavorite: false) == "Favorite")
    }

    /// Opening c1…c17 then c5 leaves 15 entries, c5 first, c1 and c2 gone (the note, verified).
    @Test func recentsCapOfFifteen() throws {
        var sim = try Simulation<Catalog>()
        for i in 1...17 {
            sim.send(.register(ItemSpec(item: Self.item("c\(i)", "Component \(i)"), at: nil)))
        }
        sim.send(try Self.launch)
        for i in [Array(1...17), [5]].joined() {
            sim.send(.open(id: "c\(i)"))
            sim.send(.back)
        }
        let expected = ["c5"] + (6...17).reversed().map { "c\($0)" } + ["c4", "c3"]
        #expect(sim.state.recents.entries == expected)
        #expect(sim.state.recents.count == 15)
        #expect(!sim.state.recents.contains("c1") && !sim.state.recents.contains("c2"))
        #expect(Catalog.limits.first { $0.name == Catalog.Limit.recents }?.value == 15)
        // What is stored is the same list, as a string array.
        let stored = try #require(sim.state.store.peek("recentlyViewed"))
        #expect(stored.bytes == PlistValue.array(expected.map { .string($0) }).storeBytes)
    }

    /// sizeThatFits: width = proposal, height = max(fitted, intrinsic).
    @Test func bridgeSizing() {
        let a = BridgeSizing.sizeThatFits(widthPt: 320, view: FakeView(fittingHeightPt: 31, intrinsicHeightPt: -1))
        #expect(a == BridgeSizing.Size(widthPt: 320, heightPt: 31))
        let b = BridgeSizing.sizeThatFits(widthPt: 320, view: FakeView(fittingHeightPt: 0, intrinsicHeightPt: 44))
        #expect(b == BridgeSizing.Size(widthPt: 320, heightPt: 44))
        let c = BridgeSizing.sizeThatFits(widthPt: nil, view: FakeView(fittingHeightPt: 31, intrinsicHeightPt: -1))
        #expect(c == BridgeSizing.Size(widthPt: 10_000_000, heightPt: 31))
        // Without sizeThatFits the view with no intrinsic height collapses, or stretches.
        #expect(BridgeSizing.withoutSizeThatFits(widthPt: 320, heightPt: nil, view: FakeView(fittingHeightPt: 31, intrinsicHeightPt: -1)).heightPt == 0)
        #expect(BridgeSizing.withoutSizeThatFits(widthPt: 320, heightPt: 600, view: FakeView(fittingHeightPt: 31, intrinsicHeightPt: -1)).heightPt == 600)
    }

    /// The slider proposal in the app: (320, 31); a registered {0, 44} view gives (320, 44).
    @Test func sizeRecordsInTheApp() throws {
        var sim = try Simulation<Catalog>()
        sim.send(.register(ItemSpec(item: CatalogItem(id: "button", title: "Button", tags: [.uiKit], uiKitDemo: "UIButton{}", swiftUIDemo: nil,
                                                      snippetFiles: [], view: FakeView(fittingHeightPt: 0, intrinsicHeightPt: 44)), at: nil)))
        sim.send(try Self.launch)
        sim.send(.open(id: "button"))
        _ = sim.takeOutputs()
        sim.send(.propose(widthPt: 320, heightPt: nil))
        let size = try #require(sim.takeOutputs().first { $0.name == "size" })
        #expect(Catalog.field(size, "width") == .fixed(320, places: 3))
        #expect(Catalog.field(size, "height") == .fixed(44, places: 3))
    }

    @Test func snippetHeadersAndPlaceholder() {
        #expect(Snippets.header("Slider.UIKit") == "UIKit")
        #expect(Snippets.header("Slider.SwiftUI") == "SwiftUI")
        #expect(Snippets.header("Readme") == "Readme")
        #expect(Snippets.missingText == "// Snippet missing")
        #expect(Snippets.load("Nope", from: [:]).body == "// Snippet missing")
        #expect(Snippets.load("X", from: ["X.swift.txt": [0xFF]]).body == "// Snippet missing")
        let slider = BuiltInRegistry.items[0]
        #expect(slider.snippetFiles == ["Slider.UIKit", "Slider.SwiftUI"])
        #expect(slider.snippetFiles.map(Snippets.header) == ["UIKit", "SwiftUI"])
        // The article's slider: 0...100, 40, indigo on both sides.
        #expect(slider.uiKitDemo == "UISlider{minimumValue:0,maximumValue:100,value:40,minimumTrackTintColor:systemIndigo}")
        #expect(slider.swiftUIDemo == "Slider{value:40.0,range:0...100,label:\"Value\",tint:indigo}")
        #expect(slider.tags == [.uiKit, .controls, .swiftUI])
    }

    /// The shipped build passes its own check; a removed snippet is named with its file.
    @Test func registryValidation() {
        let ok = Validation.check(BuiltInRegistry.items, bundle: BuiltInRegistry.bundle, checkSnippets: true, allowCommas: false)
        #expect(ok.findings.isEmpty)
        #expect(ok.live.count == 8)
        var bundle = BuiltInRegistry.bundle
        bundle["Slider.SwiftUI.swift.txt"] = nil
        let items = BuiltInRegistry.items + [Self.item("slider", "Dup"), Self.item("a,b", "Comma"), Self.item("", "Empty")]
        let bad = Validation.check(items, bundle: bundle, checkSnippets: true, allowCommas: false)
        let problems = bad.findings.map { "\($0.id):\($0.problem.rawValue):\($0.file ?? "")" }
        #expect(problems.contains("slider:snippetMissing:Slider.SwiftUI"))
        #expect(problems.contains("slider:duplicateId:"))
        #expect(problems.contains("a,b:commaInId:"))
        #expect(problems.contains(":emptyId:"))
        #expect(bad.live.count == 8)
    }

    /// Recents stored as ["slider", 42]: reported, the bytes kept, the next open written aside.
    @Test func corruptRecentsAreKept() throws {
        var sim = try Simulation<Catalog>()
        let damaged = PlistValue.array([.string("slider"), .integer(42)])
        sim.send(.defaults(key: "recentlyViewed", .value(damaged)))
        sim.send(try Self.launch)
        #expect(sim.outputs.contains { $0.name == "defaults.unusable" })
        #expect(sim.state.recents.entries == ["slider"])
        sim.send(.open(id: "switch"))
        #expect(sim.state.store.peek("recentlyViewed")?.bytes == Array("[\"slider\",42]".utf8))
        #expect(sim.state.store.peek("recentlyViewed.recovered")?.bytes == Array("[\"switch\",\"slider\"]".utf8))
    }

    /// Under the derived bug the stored array is overwritten with [id].
    @Test func faultWipesCorruptRecents() throws {
        var sim = try Simulation<Catalog>(settings: Catalog.Settings(device: Device(os: OSRelease(17, 6)), limits: BudgetOverrides()),
                                          faults: [.recentsWipedOnCorrupt])
        sim.send(.defaults(key: "recentlyViewed", .value(.array([.string("slider"), .integer(42)]))))
        sim.send(try Self.launch)
        sim.send(.open(id: "switch"))
        #expect(sim.state.store.peek("recentlyViewed")?.bytes == Array("[\"switch\"]".utf8))
    }

    /// Five continuous callbacks and one final: six binding updates, the last the final colour.
    @Test func colourPickerReportsContinuousChanges() throws {
        var sim = try Simulation<Catalog>()
        sim.send(try Self.launch)
        sim.send(.open(id: "color-picker"))
        for i in 1...5 { sim.send(.colorPicked(RGBA(Double(i) / 10, 0, 0, 1), continuously: true)) }
        sim.send(.colorPicked(RGBA(0.9, 0.8, 0.7, 1), continuously: false))
        #expect(sim.state.colorUpdates == 6)
        #expect(sim.state.color == RGBA(0.9, 0.8, 0.7, 1))
        sim.send(.colorPicked(RGBA(.nan, 0, 0, 1), continuously: true))
        #expect(sim.state.colorUpdates == 6)
        #expect(sim.world.rejectionCount == 1)
    }

    /// iOS 17.6 shows the WKWebView wrapper; iOS 26 the native WebView.
    @Test func webViewGating() throws {
        for (os, variant) in [("17.6", "fallback"), ("26.0", "native")] {
            var sim = try Simulation<Catalog>(settings: ["os \(os)"])
            sim.send(try Self.launch)
            sim.send(.open(id: "web-view"))
            let swiftUI = try #require(sim.outputs.first { $0.name == "built" && Catalog.string($0, "pane") == "SwiftUI" })
            #expect(Catalog.string(swiftUI, "variant") == variant)
        }
        #expect(throws: ScenarioError.self) { _ = try Simulation<Catalog>(settings: ["os 16.4"]) }
    }

    /// Copy puts the snippet on the shared pasteboard, owned by the app; a missing one is refused.
    @Test func copyWritesThePasteboard() throws {
        var sim = try Simulation<Catalog>()
        sim.send(.bundle(name: "Slider.SwiftUI.swift.txt", .remove))
        sim.send(try Self.launch)
        sim.send(.open(id: "slider"))
        sim.send(.viewCode)
        sim.send(.copy(file: "Slider.SwiftUI"))
        #expect(sim.state.pasteboard.peekString == nil)
        #expect(sim.world.rejectionCount == 1)
        sim.send(.copy(file: "Slider.UIKit"))
        #expect(sim.state.pasteboard.peekString == BuiltInRegistry.items[0].uiKitDemo)
        #expect(sim.state.pasteboard.owner == .thisApp)
        #expect(sim.state.pasteboard.changeCount == 1)
    }

    @Test func plistValueIsStrict() {
        let v = PlistValue.array([.string("a\"b"), .integer(-3), .bool(true), .array([])])
        #expect(v.text == "[\"a\\\"b\",-3,true,[]]")
        #expect((try? PlistValue(storeBytes: v.storeBytes)) == v)
        for bad in ["[1,]", "01", "\"x", "[1 ,2]", "tru", "", "[\"a\"]x"] {
            #expect(throws: StoreDecodeError.self) { _ = try PlistValue(storeBytes: Array(bad.utf8)) }
        }
    }

    @Test func eventsReadBackTheSame() throws {
        let events: [CatalogEvent] = [
            .register(ItemSpec(item: CatalogItem(id: "a,b", title: "T \"q\"", summary: "s", tags: [.swiftUI, .uiKit], uiKitDemo: "U{}",
                                                 swiftUIDemo: "S{}", snippetFiles: ["A.UIKit", "A.SwiftUI"],
                                                 view: FakeView(fittingHeightPt: 0.5, intrinsicHeightPt: 44),
                                                 swiftUIGate: DemoGate(minimum: OSRelease(26, 0), fallback: "F{}"), behaviour: .colorPicker), at: 3)),
            .register(ItemSpec(item: Self.item("x", "X"), at: nil)),
            .unregister(id: "x"), .retitle(id: "slider", title: "Range Slider"),
            .bundle(name: "A.UIKit.swift.txt", .text("U{}")), .bundle(name: "B", .bytes([0, 255, 10])), .bundle(name: "C", .remove),
            .defaults(key: "favorites", .value(.string(",,a,"))), .defaults(key: "recentlyViewed", .damaged(reason: "cut")),
            .search(" pícker "), .search(""), .filter(.all), .filter(.pickers), .swipe(id: "slider"), .open(id: "date-picker"),
            .back, .viewCode, .dismissSheet, .copy(file: "Slider.UIKit"),
            .colorPicked(RGBA(0.1, 0.2, 0.3, 1), continuously: true), .colorPicked(RGBA(1.2, -0.1, 0, 1), continuously: false),
            .colorBinding(RGBA(0, 1, 0, 0.5)), .propose(widthPt: 320, heightPt: nil), .propose(widthPt: nil, heightPt: nil),
            .propose(widthPt: 0, heightPt: 600), .datePickerStyle(.wheels),
            try Self.launch,
            try Self.line("lifecycle terminate reason=jetsam"),
            .a11y(AccessibilityChange(voiceOver: true)), .a11y(AccessibilityChange(textSize: .accessibilityLarge)),
            try Self.line("env os=26.0"), try Self.line("pasteboard external text=\"x\" app=Safari"),
            try Self.line("pasteboard clear app=Notes"), try Self.line("pasteboard settings permission=deny"),
        ]
        #expect(try EventDecoding.roundTripDifferences(Catalog.self, events) == [])
    }
}
