import LockstepCore
import Platform

/// What the registry check finds (the article's checklist 1, 4 and 6, and section 5's "a unit
/// test can assert that every CatalogItem has its snippet files in the bundle"), run at every
/// launch over the registry the build ships.
public enum RegistryProblem: String, Sendable, CaseIterable {
    /// Ids are the favourites' and recents' key: two entries with one id would share them.
    case duplicateId
    case emptyId
    /// Favourites are stored comma-joined: `"a,b"` would come back as two favourites.
    case commaInId
    /// GAP: an entry with neither a UIKit nor a SwiftUI demo shows an empty detail.
    case noDemo
    /// GAP: an entry without tags is reachable only under "All".
    case noTags
    /// GAP: an entry without snippet files has an empty code sheet.
    case noSnippets
    case snippetMissing
    case snippetUnreadable
    case snippetEmpty
    /// The snippet's text is not the demo its pane shows.
    case snippetMismatch

    /// Entries with these problems are left out of the running app (their id cannot be trusted as
    /// a key); the others are shown, with the problem reported.
    var dropsItem: Bool {
        switch self {
        case .duplicateId, .emptyId, .commaInId: true
        default: false
        }
    }
}

/// One finding: the entry (by position and id) and, for snippet problems, the file.
struct RegistryFinding: Hashable, Sendable {
    var index: Int
    var id: String
    var problem: RegistryProblem
    var file: String?
    var detail: String

    var record: Record {
        var r = Record("registry.problem").int("index", index).string("id", id).word("problem", problem.rawValue)
        if let file { r = r.string("file", AppBundle.resourceName(file)) }
        return r.string("detail", detail)
    }
}

enum Validation {
    struct Outcome {
        var live: [CatalogItem]
        var findings: [RegistryFinding]
    }

    /// Checks `items` against `bundle`. `checkSnippets` false is the `skipSnippetCheck` fault;
    /// `allowCommas` the `allowCommaIds` one.
    static func check(_ items: [CatalogItem], bundle: [String: [UInt8]], checkSnippets: Bool, allowCommas: Bool) -> Outcome {
        var findings: [RegistryFinding] = []
        var live: [CatalogItem] = []
        var firstIndexOfId: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            var drop = false
            func add(_ p: RegistryProblem, _ file: String? = nil, detail: String) {
                findings.append(RegistryFinding(index: i, id: item.id, problem: p, file: file, detail: detail))
                if p.dropsItem { drop = true }
            }
            if item.id.isEmpty {
                add(.emptyId, detail: "an id is required: favourites and recents store it")
            } else if let first = firstIndexOfId[item.id] {
                add(.duplicateId, detail: "entry \(first) already has this id; this one is left out")
            } else {
                firstIndexOfId[item.id] = i
            }
            if !allowCommas, item.id.utf8.contains(UInt8(ascii: ",")) {
                add(.commaInId, detail: "favourites are stored comma-joined, so this id would read back as \(item.id.split(separator: ",").count) ids")
            }
            if item.uiKitDemo == nil && item.swiftUIDemo == nil { add(.noDemo, detail: "neither a UIKit nor a SwiftUI demo") }
            if item.tags.isEmpty { add(.noTags, detail: "no tag: only \"All\" shows it") }
            if item.snippetFiles.isEmpty { add(.noSnippets, detail: "the code sheet would be empty") }
            if checkSnippets {
                for file in item.snippetFiles {
                    switch Snippets.load(file, from: bundle) {
                    case .missing: add(.snippetMissing, file, detail: "not in the bundle: the sheet shows \(Snippets.missingText)")
                    case .unreadable(let why): add(.snippetUnreadable, file, detail: "\(why): the sheet shows \(Snippets.missingText)")
                    case .text(let t):
                        if t.isEmpty {
                            add(.snippetEmpty, file, detail: "the resource is empty")
                        } else if let expected = Snippets.expectedText(file, item: item), !t.utf8.elementsEqual(expected.utf8) {
                            add(.snippetMismatch, file, detail: "the snippet is not the code the \(Snippets.header(file)) pane runs")
                        }
                    }
                }
            }
            if !drop { live.append(item) }
        }
        return Outcome(live: live, findings: findings)
    }
}
