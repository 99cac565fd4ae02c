import LockstepCore
import Platform

/// The article's tags, in `CaseIterable` order (the Filter menu's order after "All"). Raw values are
/// the menu labels.
public enum CatalogTag: String, CaseIterable, Sendable, Comparable {
    case uiKit = "UIKit"
    case controls = "Controls"
    case views = "Views"
    case pickers = "Pickers"
    case swiftUI = "SwiftUI"

    /// Position in `allCases`: tag sets are written in this order, never in a `Set`'s.
    var order: Int { CatalogTag.allCases.firstIndex(of: self)! }
    public static func < (a: CatalogTag, b: CatalogTag) -> Bool { a.order < b.order }
}

/// The Filter menu: "All" (no tag) or one tag.
public enum FilterChoice: String, CaseIterable, Sendable {
    case all = "All"
    case uiKit = "UIKit"
    case controls = "Controls"
    case views = "Views"
    case pickers = "Pickers"
    case swiftUI = "SwiftUI"

    var tag: CatalogTag? { self == .all ? nil : CatalogTag(rawValue: rawValue) }
}

/// A simulated `UIView` as the bridge's sizing sees it: the height `systemLayoutSizeFitting`
/// returns for a width, and `intrinsicContentSize.height` (`noIntrinsicMetric` is −1).
///
/// GAP: the fitting height does not depend on the width (the fixture views are single-line
/// controls); both heights scale with the Dynamic Type text size (`Sizing.swift`).
public struct FakeView: Hashable, Sendable {
    public var fittingHeightPt: Double
    public var intrinsicHeightPt: Double
    public static let noIntrinsicMetric = -1.0
    public init(fittingHeightPt: Double, intrinsicHeightPt: Double) {
        self.fittingHeightPt = fittingHeightPt
        self.intrinsicHeightPt = intrinsicHeightPt
    }
}

/// A demo pane's availability gate: below `minimum`, the pane shows `fallback` (or, without one,
/// an "Available in iOS N" label instead of the demo).
public struct DemoGate: Hashable, Sendable {
    public var minimum: OSRelease
    public var fallback: String?
}

/// One registry entry (`CatalogItem`). Demos are descriptors, not closures: what the pane would
/// build, pinned as text. `tags` is kept in `CatalogTag.allCases` order, without repeats.
public struct CatalogItem: Hashable, Sendable {
    public var id: String
    public var title: String
    public var summary: String
    public var tags: [CatalogTag]
    public var uiKitDemo: String?
    public var swiftUIDemo: String?
    /// Resource names without the `.swift.txt` extension (`Slider.UIKit`).
    public var snippetFiles: [String]
    /// The UIKit demo's view, for the bridge's `sizeThatFits`.
    public var view: FakeView
    /// The SwiftUI pane's availability gate (the native `WebView` is iOS 26).
    public var swiftUIGate: DemoGate?
    /// What the demo does beyond showing itself (scripted callbacks, styles).
    public var behaviour: DemoBehaviour

    public init(id: String, title: String, summary: String = "", tags: [CatalogTag], uiKitDemo: String?, swiftUIDemo: String?,
                snippetFiles: [String], view: FakeView = FakeView(fittingHeightPt: 44, intrinsicHeightPt: -1), swiftUIGate: DemoGate? = nil, behaviour: DemoBehaviour = .plain) {
        self.id = id
        self.title = title
        self.summary = summary
        self.tags = CatalogTag.allCases.filter { tags.contains($0) }
        self.uiKitDemo = uiKitDemo
        self.swiftUIDemo = swiftUIDemo
        self.snippetFiles = snippetFiles
        self.view = view
        self.swiftUIGate = swiftUIGate
        self.behaviour = behaviour
    }

    /// The tags written as a list in `allCases` order.
    var tagValue: Value { tags.isEmpty ? .word("none") : .tuple(tags.map { .word($0.rawValue) }) }
}

/// The app's own registry, `Catalog.all`: eight entries (the note's fixture: the article's slider,
/// and the components it names: date picker, segmented control, colour, font and image pickers,
/// WebView, switch). Descriptors are this project's wording of the article's demo facts.
public enum BuiltInRegistry {
    public static let webURL = "https://developer.apple.com"
    /// The native SwiftUI `WebView` and `WebPage` (WebKit) are iOS 26.
    public static let webViewMinimum = OSRelease(26, 0)

    public static let items: [CatalogItem] = [
        CatalogItem(id: "slider", title: "Slider", summary: "Choose a value from a continuous range.",
                    tags: [.uiKit, .controls, .swiftUI],
                    uiKitDemo: "UISlider{minimumValue:0,maximumValue:100,value:40,minimumTrackTintColor:systemIndigo}",
                    swiftUIDemo: "Slider{value:40.0,range:0...100,label:\"Value\",tint:indigo}",
                    snippetFiles: ["Slider.UIKit", "Slider.SwiftUI"],
                    view: FakeView(fittingHeightPt: 31, intrinsicHeightPt: -1)),
        CatalogItem(id: "date-picker", title: "Date Picker", summary: "Pick a date and time in one of three styles.",
                    tags: [.uiKit, .controls, .pickers, .swiftUI],
                    uiKitDemo: DatePickerStyle.compact.uiKitDemo, swiftUIDemo: DatePickerStyle.compact.swiftUIDemo,
                    snippetFiles: ["DatePicker.UIKit", "DatePicker.SwiftUI"],
                    view: DatePickerStyle.compact.view, behaviour: .datePicker),
        CatalogItem(id: "segmented-control", title: "Segmented Control", summary: "Choose one of a few options.",
                    tags: [.uiKit, .controls, .swiftUI],
                    uiKitDemo: "UISegmentedControl{items:[\"One\",\"Two\",\"Three\"],selectedSegmentIndex:0}",
                    swiftUIDemo: "Picker{style:segmented,options:[\"One\",\"Two\",\"Three\"]}",
                    snippetFiles: ["SegmentedControl.UIKit", "SegmentedControl.SwiftUI"],
                    view: FakeView(fittingHeightPt: 0, intrinsicHeightPt: 32)),
        CatalogItem(id: "color-picker", title: "Color Picker", summary: "Pick a colour, with opacity.",
                    tags: [.uiKit, .pickers, .swiftUI],
                    uiKitDemo: "UIColorPickerViewController{supportsAlpha:true,delegate:coordinator,reports:continuous+final}",
                    swiftUIDemo: "ColorPicker{label:\"Tint\",selection:binding}",
                    snippetFiles: ["ColorPicker.UIKit", "ColorPicker.SwiftUI"],
                    view: FakeView(fittingHeightPt: 480, intrinsicHeightPt: -1), behaviour: .colorPicker),
        CatalogItem(id: "web-view", title: "Web View", summary: "Show web content.",
                    tags: [.uiKit, .views, .swiftUI],
                    uiKitDemo: "WKWebView{load:URLRequest(\(webURL))}",
                    swiftUIDemo: "WebView{url:\(webURL),model:WebPage}",
                    snippetFiles: ["WebView.UIKit", "WebView.SwiftUI"],
                    view: FakeView(fittingHeightPt: 0, intrinsicHeightPt: -1),
                    swiftUIGate: DemoGate(minimum: webViewMinimum,
                                          fallback: "LegacyWebView{UIViewRepresentable:WKWebView,load:URLRequest(\(webURL))}")),
        CatalogItem(id: "switch", title: "Switch", summary: "Turn a setting on or off.",
                    tags: [.uiKit, .controls, .swiftUI],
                    uiKitDemo: "UISwitch{isOn:true,label:separate UILabel,accessibilityLabel:on the switch}",
                    swiftUIDemo: "Toggle{label:\"Enabled\",isOn:true,accessibility:from the label}",
                    snippetFiles: ["Switch.UIKit", "Switch.SwiftUI"],
                    view: FakeView(fittingHeightPt: 0, intrinsicHeightPt: 31)),
        CatalogItem(id: "font-picker", title: "Font Picker", summary: "Pick a font family.",
                    tags: [.uiKit, .pickers],
                    uiKitDemo: "UIFontPickerViewController{delegate:coordinator}",
                    swiftUIDemo: nil,
                    snippetFiles: ["FontPicker.UIKit"],
                    view: FakeView(fittingHeightPt: 400, intrinsicHeightPt: -1)),
        CatalogItem(id: "photos-picker", title: "Photos Picker", summary: "Pick photos without a library permission.",
                    tags: [.uiKit, .pickers, .swiftUI],
                    uiKitDemo: "PHPickerViewController{outOfProcess:true,permission:none}",
                    swiftUIDemo: "PhotosPicker{outOfProcess:true,permission:none}",
                    snippetFiles: ["PhotosPicker.UIKit", "PhotosPicker.SwiftUI"],
                    view: FakeView(fittingHeightPt: 400, intrinsicHeightPt: -1), behaviour: .photosPicker),
    ]

    /// The bundle the app ships: every snippet file of `items` as `<name>.swift.txt`, holding the
    /// demo it shows ("what you see is literally what you copy"). GAP: a snippet's text is its
    /// pane's descriptor, so the manifest check can compare them.
    public static var bundle: [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for item in items {
            for file in item.snippetFiles {
                out[AppBundle.resourceName(file)] = Array((Snippets.expectedText(file, item: item) ?? file).utf8)
            }
        }
        return out
    }
}

/// What a demo does beyond showing itself: the colour picker's coordinator callbacks, the date
/// picker's styles, the photo pickers' out-of-process presentation.
public enum DemoBehaviour: String, CaseIterable, Sendable {
    case plain, colorPicker, datePicker, photosPicker
}

/// The simulated app bundle's resource names.
enum AppBundle {
    static let snippetExtension = "swift.txt"
    static func resourceName(_ file: String) -> String { file + "." + snippetExtension }
}

/// The date picker demo's variants (`preferredDatePickerStyle`, iOS 13.4): "almost three
/// different controls", each with its own size. GAP: the heights (compact 34 pt intrinsic, inline
/// 330 pt fitted, wheels 216 pt intrinsic).
public enum DatePickerStyle: String, CaseIterable, Sendable {
    case compact, inline, wheels

    var uiKitDemo: String { "UIDatePicker{preferredDatePickerStyle:\(rawValue)}" }
    /// SwiftUI spells them `.compact`, `.graphical` and `.wheel`.
    var swiftUIDemo: String {
        switch self {
        case .compact: "DatePicker{style:compact}"
        case .inline: "DatePicker{style:graphical}"
        case .wheels: "DatePicker{style:wheel}"
        }
    }
    var view: FakeView {
        switch self {
        case .compact: FakeView(fittingHeightPt: 0, intrinsicHeightPt: 34)
        case .inline: FakeView(fittingHeightPt: 330, intrinsicHeightPt: -1)
        case .wheels: FakeView(fittingHeightPt: 0, intrinsicHeightPt: 216)
        }
    }
}
