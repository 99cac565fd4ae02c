import LockstepCore
import Platform

/// The snippet sheet (section 5): one section per file, headed by the text after the last `.` of
/// its name, holding the bundle resource `<name>.swift.txt` read as UTF-8, or exactly
/// `// Snippet missing` when the resource is absent or not valid UTF-8.
public enum Snippets {
    /// The body shown for a resource that is missing or unreadable.
    public static let missingText = "// Snippet missing"

    /// `"Slider.UIKit"` → `"UIKit"`, `"Readme"` → `"Readme"` (`components(separatedBy: ".").last`).
    public static func header(_ file: String) -> String {
        let parts = file.split(separator: ".", omittingEmptySubsequences: false)
        return parts.last.map(String.init) ?? file
    }

    /// What loading a file gives: its text, or why the placeholder is shown.
    enum Loaded: Equatable {
        case text(String)
        case missing
        case unreadable(String)

        var body: String {
            if case .text(let t) = self { return t }
            return missingText
        }
        var word: String {
            switch self {
            case .text: "ok"
            case .missing: "missing"
            case .unreadable: "unreadable"
            }
        }
    }

    static func load(_ file: String, from bundle: [String: [UInt8]]) -> Loaded {
        guard let bytes = bundle[AppBundle.resourceName(file)] else { return .missing }
        switch UTF8Validation(bytes) {
        case .valid(let s): return .text(s)
        case .invalid(let offset, let problem): return .unreadable("not UTF-8 at byte \(offset): \(problem.rawValue)")
        }
    }

    /// The text a snippet must hold to match its pane (the demo calls the snippet's code, so the
    /// two are one): the UIKit or SwiftUI pane's descriptor, a gated SwiftUI pane with both
    /// branches. Nil for a file that is not a pane's (`Readme`): only its presence is checked.
    static func expectedText(_ file: String, item: CatalogItem) -> String? {
        switch header(file) {
        case "UIKit": return item.uiKitDemo
        case "SwiftUI":
            guard let demo = item.swiftUIDemo else { return nil }
            guard let gate = item.swiftUIGate else { return demo }
            return "if #available(iOS \(gate.minimum)) { \(demo) } else { \(gate.fallback ?? "Text(\"Available in iOS \(gate.minimum)\")") }"
        default: return nil
        }
    }
}
