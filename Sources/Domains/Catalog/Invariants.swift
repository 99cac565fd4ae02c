import LockstepCore
import Platform

/// The catalogue's invariants, checked after every step (each one's reason is its summary):
/// - `favoritesCanonical`: after a toggle the stored favourites are sorted, unique, without empty
///   pieces, and the label agrees with them (section 6; derived failure 10: a comma in an id).
/// - `recentsCappedAndFront`: recents never exceed the cap, hold no repeats, and the detail just
///   opened is first (section 6, checklist 6).
/// - `oneRegistry`: a detail shows the running registry's title and panes for its id (failure 3:
///   per-component switches make screens disagree).
/// - `unreadableKept`: a stored value found unreadable is never written over (derived failure 8).
/// - `noCrash`: the app never crashes (failure 6: an ungated iOS 26 demo).
/// - `bridgeSizeRule`: every size is width = proposal (or the expanded width), height =
///   max(fitted, intrinsic) (failure 2).
/// - `noPhotoPrompt`: the photo demos never ask for library access (failure 5).
/// - `pickerReportsEveryChange`: a colour callback on the picker's screen always reaches the
///   binding (failure 7: continuous changes dropped).
/// - `realCodeCopied`: the pasteboard never receives the `// Snippet missing` placeholder.
/// - `favoriteStoresId`: a toggle stores the component's id (failure 4: titles or indices; derived
///   10: an id with a comma does not come back).
/// - `favoritesKeepOthers`: a toggle leaves every other stored favourite in place, those of removed
///   components included (derived failure 9).
/// - `placeholderReported`: a sheet section showing the placeholder names a file the launch check
///   reported (failure 1: a missing snippet ships unnoticed).
extension Catalog {
    public static let invariants: [Invariant<Catalog>] = [
        Invariant("favoritesCanonical", "after a toggle the stored favourites are sorted, unique, with no empty pieces, and the swipe label agrees (a comma in an id breaks this)") { s, outputs in
            for r in outputs where r.name == "favorite" {
                guard let stored = string(r, "stored"), let on = bool(r, "on"), let label = string(r, "label") else { continue }
                let canonical = Discovery.favoriteSet(stored).joined(separator: ",")
                if !canonical.utf8.elementsEqual(stored.utf8) { return "stored favourites \"\(stored)\" are not sorted and unique" }
                if label != Discovery.label(isFavorite: on) { return "favourite on=\(on) but the label says \(label)" }
            }
            return nil
        },
        Invariant("recentsCappedAndFront", "recently viewed holds at most its cap, no repeats, and the detail just opened first") { s, outputs in
            if s.recents.count > s.recents.capacity { return "\(s.recents.count) recents over the cap \(s.recents.capacity)" }
            for r in outputs where r.name == "detail" {
                if let id = string(r, "id"), s.recents.newest.map({ !$0.utf8.elementsEqual(id.utf8) }) ?? true {
                    return "opened \(id) but recents start with \(s.recents.newest ?? "nothing")"
                }
            }
            return nil
        },
        Invariant("oneRegistry", "one registry drives every screen: a detail shows the running registry's title and panes for its id") { s, outputs in
            for r in outputs where r.name == "detail" {
                guard let id = string(r, "id"), let item = s.registry.first(where: { $0.id.utf8.elementsEqual(id.utf8) }) else { continue }
                if string(r, "title") != item.title { return "the detail of \(id) shows \"\(string(r, "title") ?? "")\", the registry says \"\(item.title)\"" }
                if field(r, "panes") != panesValue(item) { return "the detail of \(id) shows other panes than the registry's" }
            }
            return nil
        },
        Invariant("unreadableKept", "a stored value found unreadable is reported and never written over") { s, outputs in
            for r in outputs where r.name == "store.write" {
                if let key = string(r, "key"), s.unreadableKeys.contains(key) { return "wrote over the unreadable value at \(key)" }
            }
            return nil
        },
        Invariant("noCrash", "every demo is gated by the OS it needs: the app never crashes opening one") { _, outputs in
            outputs.first { $0.name == "app.crash" }.map { "crashed: \(string($0, "reason") ?? "")" }
        },
        Invariant("bridgeSizeRule", "a bridged UIKit view is as wide as proposed (or the expanded width) and max(fitted, intrinsic) high") { _, outputs in
            for r in outputs where r.name == "size" {
                guard case .fixed(let w, _)? = field(r, "width"), case .fixed(let h, _)? = field(r, "height"),
                      case .fixed(let fitted, _)? = field(r, "fitted"), case .fixed(let intrinsic, _)? = field(r, "intrinsic") else { continue }
                let proposed: Double = if case .fixed(let p, _)? = field(r, "proposedWidth") { p } else { BridgeSizing.expandedWidthPt }
                if w != proposed || h != max(fitted, intrinsic) { return "size \(w)x\(h) for proposal \(proposed), fitted \(fitted), intrinsic \(intrinsic)" }
            }
            return nil
        },
        Invariant("noPhotoPrompt", "PhotosPicker and PHPicker run out of process: no photo-library permission prompt") { _, outputs in
            outputs.contains { $0.name == "permission.prompt" } ? "a photo-library permission prompt was shown" : nil
        },
        Invariant("pickerReportsEveryChange", "the colour picker's coordinator reports continuous and final changes: a callback never vanishes", checkStep: { _, outputs, step in
            guard case .event("colorPicked") = step.kind else { return nil }
            return outputs.isEmpty ? "a colour callback changed nothing and said nothing" : nil
        }),
        Invariant("favoriteStoresId", "a favourite is stored by the component's stable id (titles and indices break on rename and reorder; a comma breaks the round trip)") { _, outputs in
            for r in outputs where r.name == "favorite" {
                guard let id = string(r, "id"), let stored = string(r, "stored"), let on = bool(r, "on") else { continue }
                if Discovery.contains(Discovery.favoriteSet(stored), id) != on { return "favourite \(id) on=\(on) but stored \"\(stored)\"" }
            }
            return nil
        },
        Invariant("favoritesKeepOthers", "a toggle changes only its own favourite: the others, those of removed components included, stay stored") { s, outputs in
            for r in outputs where r.name == "favorite" {
                guard let id = string(r, "id"), let stored = string(r, "stored") else { continue }
                let now = Discovery.favoriteSet(stored)
                for token in s.favoritesBefore where !token.utf8.elementsEqual(id.utf8) && !Discovery.contains(now, token) {
                    return "toggling \(id) dropped the stored favourite \(token)"
                }
            }
            return nil
        },
        Invariant("placeholderReported", "a snippet the sheet cannot show was reported by the launch's registry check") { s, outputs in
            for r in outputs where r.name == "sheet.section" && string(r, "status") != "ok" {
                if let file = string(r, "file"), !s.reportedFiles.contains(file) { return "\(file) shows the placeholder but the launch check did not report it" }
            }
            return nil
        },
        Invariant("realCodeCopied", "Copy puts the snippet's code on the pasteboard, never the missing-snippet placeholder") { s, _ in
            s.pasteboard.peekString == Snippets.missingText ? "the pasteboard holds \(Snippets.missingText)" : nil
        },
    ]

    static func field(_ r: Record, _ key: String) -> Value? { r.fields.first { $0.key == key }?.value }
    static func string(_ r: Record, _ key: String) -> String? {
        switch field(r, key) {
        case .string(let v)?, .word(let v)?: v
        default: nil
        }
    }
    static func bool(_ r: Record, _ key: String) -> Bool? {
        switch string(r, key) {
        case "true": true
        case "false": false
        default: nil
        }
    }
}
