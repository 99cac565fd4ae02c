/// Writes J1's canonical frame body: the mechanical part only (which elements and attributes
/// survive, and in what order, is decided by earlier stages). Runs once per frame, so it writes
/// bytes straight into one pre-sized buffer and walks the tree with an explicit stack.
enum XMLSerializer {
    /// Elements whose whitespace-only text is kept, because there it is rendered. A compare,
    /// not a set lookup: it runs for every element of every frame.
    private static func keepsWhitespace(_ name: String) -> Bool {
        name == "text" || name == "tspan"
    }

    private struct Frame {
        var element: Int
        var nextChild: Int
        var keepsWhitespace: Bool
    }

    /// The body bytes of `doc`, starting at the root. Elements with `removed` are skipped with
    /// their subtree. Child indices that are out of range, or that would visit an element a
    /// second time (a cycle built by a later stage), are skipped rather than trapping or looping.
    static func body(_ doc: XMLDocument) -> [UInt8] {
        let elements = doc.elements
        guard XMLDocument.root < elements.count, !elements[XMLDocument.root].removed else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(estimatedSize(elements))
        var visited = [Bool](repeating: false, count: elements.count)
        var stack: [Frame] = []
        let rootKeeps = keepsWhitespace(elements[XMLDocument.root].name)
        if open(XMLDocument.root, elements, keepsWhitespace: rootKeeps, visited: &visited, into: &out) {
            stack.append(Frame(element: XMLDocument.root, nextChild: 0, keepsWhitespace: rootKeeps))
        }
        while let top = stack.last {
            let children = elements[top.element].children
            guard top.nextChild < children.count else {
                out.append(0x3C)
                out.append(0x2F)
                out.append(contentsOf: elements[top.element].name.utf8)
                out.append(0x3E)
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].nextChild += 1
            switch children[top.nextChild] {
            case .text(let s, _):
                if top.keepsWhitespace || !isWhitespaceOnly(s) { appendEscaped(s, attribute: false, into: &out) }
            case .element(let child):
                guard writable(child, elements, visited) else { continue }
                let keeps = top.keepsWhitespace || keepsWhitespace(elements[child].name)
                if open(child, elements, keepsWhitespace: keeps, visited: &visited, into: &out) {
                    stack.append(Frame(element: child, nextChild: 0, keepsWhitespace: keeps))
                }
            }
        }
        return out
    }

    /// `&`, `<`, `>` and `"` escaped, as J1 requires inside double-quoted values.
    static func escapeAttribute(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        appendEscaped(s, attribute: true, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `&`, `<` and `>` escaped; `"` is left alone in text (J1).
    static func escapeText(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        appendEscaped(s, attribute: false, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Pieces

    private static func writable(_ i: Int, _ elements: [XMLElement], _ visited: [Bool]) -> Bool {
        i >= 0 && i < elements.count && !visited[i] && !elements[i].removed
    }

    /// Writes the start tag (or the whole `<name .../>` when nothing inside survives) and tells
    /// whether the element was left open.
    private static func open(
        _ i: Int, _ elements: [XMLElement], keepsWhitespace: Bool,
        visited: inout [Bool], into out: inout [UInt8]
    ) -> Bool {
        visited[i] = true
        let element = elements[i]
        out.append(0x3C)
        out.append(contentsOf: element.name.utf8)
        for attribute in element.attributes {
            out.append(0x20)
            out.append(contentsOf: attribute.name.utf8)
            out.append(0x3D)
            out.append(0x22)
            appendEscaped(attribute.value, attribute: true, into: &out)
            out.append(0x22)
        }
        if hasSurvivingChildren(element, elements, keepsWhitespace: keepsWhitespace, visited: visited) {
            out.append(0x3E)
            return true
        }
        out.append(0x2F)
        out.append(0x3E)
        return false
    }

    /// Whether anything would be written between the tags; decides `<x/>` versus `<x>…</x>`.
    private static func hasSurvivingChildren(
        _ element: XMLElement, _ elements: [XMLElement], keepsWhitespace: Bool, visited: [Bool]
    ) -> Bool {
        for child in element.children {
            switch child {
            case .text(let s, _):
                if s.utf8.isEmpty { continue }
                if keepsWhitespace || !isWhitespaceOnly(s) { return true }
            case .element(let c):
                if writable(c, elements, visited) { return true }
            }
        }
        return false
    }

    /// XML whitespace only (space, tab, LF, CR); other Unicode spaces are content.
    private static func isWhitespaceOnly(_ s: String) -> Bool {
        for b in s.utf8 where !(b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D) { return false }
        return true
    }

    private static let amp = Array("&amp;".utf8)
    private static let lt = Array("&lt;".utf8)
    private static let gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8)

    /// Copies runs that need no escaping in one go (most values have none) and expands the
    /// rest; every character that needs escaping is ASCII, so UTF-8 sequences pass untouched.
    static func appendEscaped(_ s: String, attribute: Bool, into out: inout [UInt8]) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { bytes in
            appendEscaped(bytes, attribute: attribute, into: &out)
        }
        if done == nil {
            appendEscaped(Array(s.utf8), attribute: attribute, into: &out)
        }
    }

    private static func appendEscaped<C: RandomAccessCollection>(
        _ bytes: C, attribute: Bool, into out: inout [UInt8]
    ) where C.Element == UInt8, C.Index == Int {
        var runStart = bytes.startIndex
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b = bytes[i]
            let replacement: [UInt8]
            switch b {
            case 0x26: replacement = amp
            case 0x3C: replacement = lt
            case 0x3E: replacement = gt
            case 0x22 where attribute: replacement = quot
            default:
                i += 1
                continue
            }
            if runStart < i { out.append(contentsOf: bytes[runStart..<i]) }
            out.append(contentsOf: replacement)
            i += 1
            runStart = i
        }
        if runStart < end { out.append(contentsOf: bytes[runStart..<end]) }
    }

    /// Unescaped size plus a little slack, so escaping rarely regrows the buffer.
    private static func estimatedSize(_ elements: [XMLElement]) -> Int {
        var total = 0
        for element in elements where !element.removed {
            total += 2 * element.name.utf8.count + 5
            for attribute in element.attributes {
                total += attribute.name.utf8.count + attribute.value.utf8.count + 4
            }
            for child in element.children {
                if case .text(let s, _) = child { total += s.utf8.count }
            }
        }
        return total + total / 16
    }
}
