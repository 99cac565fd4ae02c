import LockstepCore
import Platform

extension Catalog {
    /// The scenario line of an event (`Domain.text(of:)`), which `events` reads back as the same
    /// event. The catalogue schedules no timers, so every event has a line.
    public static func text(of event: CatalogEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .register(let spec):
            let item = spec.item
            var out = line.text("id", item.id).text("title", item.title).string("summary", item.summary, default: "")
                .string("tags", item.tags.map(\.rawValue).joined(separator: ","), default: "")
                .optional(item.uiKitDemo) { $0.string("uiKit", $1) }.optional(item.swiftUIDemo) { $0.string("swiftUI", $1) }
                .string("snippets", item.snippetFiles.joined(separator: ","), default: "")
                .number("fitting", item.view.fittingHeightPt, default: 44).number("intrinsic", item.view.intrinsicHeightPt, default: -1)
            if let gate = item.swiftUIGate {
                out = out.raw("swiftUIMin", gate.minimum.description).optional(gate.fallback) { $0.string("fallback", $1) }
            }
            return out.optional(spec.at) { $0.int("at", $1) }.choice("behaviour", item.behaviour, default: .plain).line
        case .unregister(let id): return line.text("id", id).line
        case .retitle(let id, let title): return line.text("id", id).text("title", title).line
        case .bundle(let name, let edit):
            let out = line.text("name", name)
            switch edit {
            case .text(let t): return out.string("text", t).line
            case .bytes(let b): return b.count <= 64 ? out.tuple("bytes", b.map(Double.init)).line : nil
            case .remove: return out.bool("remove", true).line
            }
        case .defaults(let key, let seed):
            let out = line.text("key", key)
            switch seed {
            case .value(let v): return out.string("value", v.text).line
            case .damaged(let reason): return out.string("damaged", reason).line
            }
        case .search(let q): return line.string("query", q).line
        case .filter(let c): return line.choice("tag", c).line
        case .swipe(let id): return line.text("id", id).line
        case .open(let id): return line.text("id", id).line
        case .back, .viewCode, .dismissSheet: return line.line
        case .copy(let file): return line.text("file", file).line
        case .colorPicked(let c, let continuously):
            return line.tuple("color", c.components).bool("continuously", continuously, default: false).line
        case .colorBinding(let c): return line.tuple("color", c.components).line
        case .propose(let w, let h):
            return line.optional(w) { $0.number("width", $1) }.optional(h) { $0.number("height", $1) }.line
        case .datePickerStyle(let style): return line.choice("style", style).line
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        case .a11y(let c): return AccessibilityVocabulary.text(of: c)
        case .env(let c): return DeviceVocabulary.text(of: c)
        case .pasteboard(let l): return PasteboardVocabulary.text(of: l)
        }
    }
}
