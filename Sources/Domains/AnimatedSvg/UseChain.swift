/// Where a `<use>` leads (H3). Both the expansion (H) and the compiler's Bug 1 check (J6) need the
/// same answer, so the following of `href`s lives here once.
enum UseChain {
    /// H3: at most 8 hops. A hop is one `<use>` whose `href` is followed, so a chain of 8 `<use>`s
    /// ending at an `<image>` expands and a chain of 9 is `useCycle`.
    static let maxHops = 8

    /// The attribute a reference is read from: `href` wins over `xlink:href` (A1).
    static func hrefAttribute(of element: XMLElement) -> XMLAttribute? {
        element.attribute("href") ?? element.attribute("xlink:href")
    }

    /// `#id` → `id`; any other form (external files, `data:`, empty) is not a same-document
    /// reference and is left to other parts.
    static func fragmentID(_ value: String) -> String? {
        guard value.hasPrefix("#") else { return nil }
        return String(value.dropFirst())
    }

    /// id → element: the first in document order wins (as `getElementById`), removed elements
    /// included so a `<use>` of a removed image can be recognised and dropped silently.
    /// Used for lookups only, never iterated.
    static func idTable(_ doc: XMLDocument, order: [Int]) -> [String: Int] {
        var table: [String: Int] = [:]
        for index in order {
            if let id = doc.elements[index].value("id"), table[id] == nil { table[id] = index }
        }
        return table
    }

    enum Resolution: Hashable, Sendable {
        /// No `href`, or not `#id`: nothing to follow.
        case notReference
        /// The chain ends at something other than an `<image>` (a shape, `<g>`, `<symbol>`, or a
        /// `<use>` with no same-document reference): untouched.
        case other(chain: [Int], target: Int)
        /// `chain[0]` is the `<use>` asked about; each `<use>` in it adds one `<g>`.
        case image(chain: [Int], image: Int)
        /// This `<use>` of the chain names an id that does not exist.
        case missing(use: Int)
        /// The chain returns to a `<use>` already on it.
        case cycle
        /// More than `maxHops` `<use>`s without reaching anything else.
        case tooLong
    }

    /// Follows `use` without looking at `removed` flags, so the answer is the same before and after
    /// other `<use>`s are replaced. Element names are compared as written (`use`, `image`).
    static func resolve(_ use: Int, in doc: XMLDocument, ids: [String: Int]) -> Resolution {
        var chain: [Int] = []
        var current = use
        while true {
            if chain.contains(current) { return .cycle }
            if chain.count == maxHops { return .tooLong }
            guard current >= 0, current < doc.elements.count else { return .missing(use: chain.last ?? use) }
            chain.append(current)
            guard let href = hrefAttribute(of: doc.elements[current]),
                  let id = fragmentID(href.value) else {
                return chain.count == 1 ? .notReference : .other(chain: Array(chain.dropLast()), target: current)
            }
            guard let target = ids[id], target < doc.elements.count else { return .missing(use: current) }
            switch doc.elements[target].name {
            case "image": return .image(chain: chain, image: target)
            case "use": current = target
            default: return .other(chain: chain, target: target)
            }
        }
    }
}
