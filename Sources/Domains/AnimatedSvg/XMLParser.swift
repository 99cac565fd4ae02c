/// A strict, non-validating XML 1.0 parser for SVG documents. Strict because a malformed file
/// must fail the load with one located `xmlMalformed` error (section K) rather than render
/// something a browser would not; non-validating because SVG needs no DTD, and internal subsets
/// (custom entities) are rejected outright.
///
/// Comments, processing instructions, the XML declaration and the DOCTYPE are checked and then
/// dropped: nothing downstream reads them and J1 never writes them.
enum XMLParser {
    /// 16 MiB: far above any animated SVG a banner uses, small enough to keep a load bounded.
    static let maxInputBytes = 16_777_216
    /// Bounds the element array (and so every per-frame pass over it).
    static let maxElements = 100_000
    /// The root is depth 1. The serializer and later stages are iterative, but this keeps
    /// pathological nesting from reaching them at all.
    static let maxDepth = 256
    /// Bounds the per-element work of duplicate checks and attribute ordering.
    static let maxAttributesPerElement = 256
    /// Counted in Unicode scalars.
    static let maxNameScalars = 1024
    // Total text and attribute scalars need no limit of their own: every reference is at least
    // as long as what it stands for, so they never exceed the input size.

    /// Convenience for tests and literal documents.
    static func parse(_ text: String) -> Result<XMLDocument, XMLError> {
        parse(Array(text.utf8))
    }

    static func parse(_ bytes: [UInt8]) -> Result<XMLDocument, XMLError> {
        parse(bytes, limits: .standard)
    }

    /// `limits` exists so tests can reach every limit with a small document.
    static func parse(_ bytes: [UInt8], limits: XMLLimits) -> Result<XMLDocument, XMLError> {
        guard bytes.count <= limits.maxInputBytes else {
            return .failure(XMLError(
                message: "the input is \(bytes.count) bytes, beyond the limit maxInputBytes = \(limits.maxInputBytes)",
                at: SvgLocation(line: 1, column: 1)))
        }
        switch XMLInput.prepare(bytes) {
        case .failure(let error):
            return .failure(error)
        case .success(let clean):
            var state = XMLParseState(bytes: clean, limits: limits)
            do {
                return .success(try state.document())
            } catch {
                return .failure(error)
            }
        }
    }
}

/// The cursor and the tree under construction. Works on bytes that `XMLInput` has already
/// proven to be valid LF-only UTF-8, so every syntax check is a byte compare and the column is
/// advanced once per lead byte.
private struct XMLParseState {
    private static let declOpen = Array("<?xml".utf8)
    private static let commentOpen = Array("<!--".utf8)
    private static let cdataOpen = Array("<![CDATA[".utf8)
    private static let doctypeOpen = Array("<!DOCTYPE".utf8)

    private static let lessThan: UInt8 = 0x3C
    private static let greaterThan: UInt8 = 0x3E
    private static let ampersand: UInt8 = 0x26
    private static let slash: UInt8 = 0x2F
    private static let question: UInt8 = 0x3F
    private static let bang: UInt8 = 0x21
    private static let equals: UInt8 = 0x3D
    private static let doubleQuote: UInt8 = 0x22
    private static let singleQuote: UInt8 = 0x27
    private static let closeBracket: UInt8 = 0x5D
    private static let openBracket: UInt8 = 0x5B
    private static let dash: UInt8 = 0x2D
    private static let semicolon: UInt8 = 0x3B
    private static let hash: UInt8 = 0x23
    private static let lineFeed: UInt8 = 0x0A
    private static let tab: UInt8 = 0x09
    private static let space: UInt8 = 0x20

    /// Above this many attributes, duplicate detection switches from a linear scan to a set so a
    /// 256-attribute element does not cost 256² comparisons.
    private static let linearDuplicateScanMax = 16

    private let b: [UInt8]
    private let n: Int
    private let limits: XMLLimits
    private var pos = 0
    private var line = 1
    private var column = 1
    private var elements: [XMLElement] = []
    /// Character data collected for the innermost open element since its last child element.
    private var text: [UInt8] = []
    private var textAt: SvgLocation?
    /// Reused buffer for one attribute value.
    private var value: [UInt8] = []

    init(bytes: [UInt8], limits: XMLLimits) {
        self.b = bytes
        self.n = bytes.count
        self.limits = limits
    }

    // MARK: - Cursor

    private var here: SvgLocation { SvgLocation(line: line, column: column) }

    private func peek(_ offset: Int = 0) -> UInt8? {
        let i = pos + offset
        return i < n ? b[i] : nil
    }

    /// Moves past one byte. Column counts lead bytes, so after a whole scalar it is right.
    private mutating func step() {
        guard pos < n else { return }
        let c = b[pos]
        pos += 1
        if c == Self.lineFeed {
            line += 1
            column = 1
        } else if c & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func step(_ count: Int) {
        for _ in 0..<count { step() }
    }

    private func startsWith(_ literal: [UInt8]) -> Bool {
        guard pos + literal.count <= n else { return false }
        for k in 0..<literal.count where b[pos + k] != literal[k] { return false }
        return true
    }

    /// Skips XML whitespace; tells whether there was any (some grammar rules require it).
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = pos
        while pos < n && XMLChars.isWhitespace(b[pos]) { step() }
        return pos > start
    }

    /// The scalar at byte `i` and its length in bytes (input is already valid UTF-8).
    private func scalar(at i: Int) -> (value: UInt32, length: Int) {
        let c = b[i]
        if c < 0x80 { return (UInt32(c), 1) }
        let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
        guard i + length <= n else { return (0xFFFD, 1) }
        var v = UInt32(c) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { v = (v << 6) | UInt32(b[i + k] & 0x3F) }
        return (v, length)
    }

    /// What the cursor is looking at, for "expected X, found Y" messages.
    private func found() -> String {
        guard pos < n else { return "the end of input" }
        let v = scalar(at: pos).value
        switch v {
        case 0x20: return "a space"
        case 0x0A: return "a line break"
        case 0x09: return "a tab"
        case 0x0D: return "a carriage return"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(UInt8(v))))'"
        default:
            if let s = Unicode.Scalar(v) { return "'\(Character(s))' (\(XMLInput.hexScalar(v)))" }
            return XMLInput.hexScalar(v)
        }
    }

    private func fail(_ message: String, at location: SvgLocation) -> XMLError {
        XMLError(message: message, at: location)
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: b[range], as: UTF8.self)
    }

    /// Reads an XML `Name`; `what` says what was expected there, for the error message.
    private mutating func name(_ what: String) throws(XMLError) -> Range<Int> {
        let start = pos
        let at = here
        guard pos < n, XMLChars.isNameStart(scalar(at: pos).value) else {
            throw fail("expected \(what), found \(found())", at: at)
        }
        var count = 0
        while pos < n {
            let (v, length) = scalar(at: pos)
            guard count == 0 || XMLChars.isName(v) else { break }
            count += 1
            if count > limits.maxNameScalars {
                throw fail("a name longer than \(limits.maxNameScalars) characters, beyond the limit maxNameScalars = \(limits.maxNameScalars)", at: at)
            }
            step(length)
        }
        return start..<pos
    }

    // MARK: - Document level

    mutating func document() throws(XMLError) -> XMLDocument {
        if startsWith(Self.declOpen), let next = peek(5),
           XMLChars.isWhitespace(next) || next == Self.question {
            try xmlDeclaration()
        }
        var doctypeSeen = false
        var rootName: String?
        while true {
            skipWhitespace()
            guard pos < n else { break }
            let at = here
            guard b[pos] == Self.lessThan else {
                if let root = rootName {
                    throw fail("only comments, processing instructions and whitespace may follow the root element <\(root)>; found \(found())", at: at)
                }
                throw fail("expected the root element (such as <svg>), found text starting with \(found())", at: at)
            }
            if peek(1) == Self.question {
                try processingInstruction()
            } else if startsWith(Self.commentOpen) {
                try comment()
            } else if startsWith(Self.doctypeOpen) {
                if let root = rootName {
                    throw fail("a DOCTYPE must come before the root element, not after <\(root)>", at: at)
                }
                if doctypeSeen {
                    throw fail("a second DOCTYPE; a document may have only one", at: at)
                }
                try doctype()
                doctypeSeen = true
            } else if peek(1) == Self.bang {
                throw fail("expected a comment '<!--' or '<!DOCTYPE' outside the root element, found '<!' followed by \(describe(pos + 2))", at: at)
            } else if peek(1) == Self.slash {
                throw fail("an end tag outside any element; there is no open element to close", at: at)
            } else {
                if let root = rootName {
                    throw fail("a second root element after <\(root)>; a document has exactly one root element", at: at)
                }
                rootName = try elementTree()
            }
        }
        guard rootName != nil else {
            throw fail("no root element: expected an element such as <svg>, found the end of input", at: here)
        }
        return XMLDocument(elements: elements)
    }

    /// `found()` for a position other than the cursor.
    private func describe(_ i: Int) -> String {
        var copy = self
        copy.pos = min(i, n)
        return copy.found()
    }

    /// `<?xml version="1.0" encoding="UTF-8" standalone="no"?>`, only as the very first thing.
    /// Read so that a declared non-UTF-8 encoding fails instead of being misread.
    private mutating func xmlDeclaration() throws(XMLError) {
        let at = here
        step(5)
        var sawVersion = false
        while true {
            let hadSpace = skipWhitespace()
            guard pos < n else {
                throw fail("unexpected end of input inside the XML declaration opened at \(at)", at: here)
            }
            if b[pos] == Self.question && peek(1) == Self.greaterThan {
                step(2)
                break
            }
            guard hadSpace else {
                throw fail("expected whitespace or '?>' in the XML declaration, found \(found())", at: here)
            }
            let nameAt = here
            let key = string(try name("version=, encoding=, standalone= or '?>' in the XML declaration"))
            skipWhitespace()
            guard peek() == Self.equals else {
                throw fail("expected '=' after \(key) in the XML declaration, found \(found())", at: here)
            }
            step()
            skipWhitespace()
            guard let quote = peek(), quote == Self.doubleQuote || quote == Self.singleQuote else {
                throw fail("expected a quoted value for \(key) in the XML declaration, found \(found())", at: here)
            }
            step()
            let valueAt = here
            let start = pos
            while pos < n && b[pos] != quote && b[pos] != Self.lessThan { step() }
            guard pos < n, b[pos] == quote else {
                throw fail("unexpected \(found()) inside the value of \(key) in the XML declaration opened at \(at)", at: here)
            }
            let text = string(start..<pos)
            step()
            switch key {
            case "version":
                sawVersion = true
            case "encoding":
                let lower = text.lowercased()
                guard lower == "utf-8" || lower == "utf8" else {
                    throw fail("encoding \"\(text)\" is not supported; the document must be UTF-8", at: valueAt)
                }
            case "standalone":
                break
            default:
                throw fail("unknown \(key)= in the XML declaration; expected version, encoding or standalone", at: nameAt)
            }
        }
        guard sawVersion else {
            throw fail("the XML declaration has no version=\"1.0\"", at: at)
        }
    }

    private mutating func processingInstruction() throws(XMLError) {
        let at = here
        step(2)
        let target = string(try name("a processing-instruction target after '<?'"))
        if target.lowercased() == "xml" {
            throw fail("an XML declaration <?xml ...?> is only allowed at the very start of the document", at: at)
        }
        if b.count > pos + 1 && b[pos] == Self.question && b[pos + 1] == Self.greaterThan {
            step(2)
            return
        }
        guard skipWhitespace() else {
            throw fail("expected whitespace or '?>' after the processing-instruction target \(target), found \(found())", at: here)
        }
        while pos < n {
            if b[pos] == Self.question && peek(1) == Self.greaterThan {
                step(2)
                return
            }
            step()
        }
        throw fail("unexpected end of input inside the processing instruction <?\(target) opened at \(at); expected '?>'", at: here)
    }

    private mutating func comment() throws(XMLError) {
        let at = here
        step(4)
        while pos < n {
            if b[pos] == Self.dash && peek(1) == Self.dash {
                if peek(2) == Self.greaterThan {
                    step(3)
                    return
                }
                throw fail("'--' is not allowed inside a comment (opened at \(at)); a comment ends with '-->'", at: here)
            }
            step()
        }
        throw fail("unexpected end of input inside the comment opened at \(at); expected '-->'", at: here)
    }

    /// `<!DOCTYPE svg PUBLIC "..." "...">` is skipped; an internal subset is refused because its
    /// entity declarations would change how the rest of the file reads.
    private mutating func doctype() throws(XMLError) {
        let at = here
        step(Self.doctypeOpen.count)
        guard skipWhitespace() else {
            throw fail("expected whitespace after <!DOCTYPE, found \(found())", at: here)
        }
        _ = try name("the root element name after <!DOCTYPE")
        while true {
            skipWhitespace()
            guard pos < n else {
                throw fail("unexpected end of input inside the DOCTYPE opened at \(at); expected '>'", at: here)
            }
            let c = b[pos]
            if c == Self.greaterThan {
                step()
                return
            }
            if c == Self.openBracket {
                throw fail("DOCTYPE internal subsets are not supported", at: here)
            }
            if c == Self.doubleQuote || c == Self.singleQuote {
                let literalAt = here
                step()
                while pos < n && b[pos] != c { step() }
                guard pos < n else {
                    throw fail("unexpected end of input inside the quoted identifier opened at \(literalAt) in the DOCTYPE", at: here)
                }
                step()
            } else if XMLChars.isNameStart(scalar(at: pos).value) {
                _ = try name("SYSTEM or PUBLIC")
            } else {
                throw fail("expected SYSTEM, PUBLIC, a quoted identifier or '>' in the DOCTYPE, found \(found())", at: here)
            }
        }
    }

    // MARK: - Elements and content

    private struct OpenElement {
        var index: Int
        var name: Range<Int>
    }

    /// Parses the root element and everything inside it with an explicit stack, so nesting depth
    /// costs heap, not call stack. Returns the root's name.
    private mutating func elementTree() throws(XMLError) -> String {
        var stack: [OpenElement] = []
        let root = try startTag(parent: nil, depth: 1)
        if !root.selfClosing { stack.append(OpenElement(index: root.index, name: root.name)) }
        while let top = stack.last {
            guard pos < n else {
                let element = elements[top.index]
                throw fail("unexpected end of input: <\(element.name)> opened at \(element.at) is not closed", at: here)
            }
            let c = b[pos]
            if c == Self.lessThan {
                let next = peek(1)
                if next == Self.slash {
                    flushText(into: top.index)
                    try endTag(closing: top)
                    stack.removeLast()
                } else if next == Self.bang {
                    if startsWith(Self.commentOpen) {
                        try comment()
                    } else if startsWith(Self.cdataOpen) {
                        try cdata()
                    } else {
                        throw fail("expected a comment '<!--' or a CDATA section '<![CDATA[' inside <\(elements[top.index].name)>, found '<!' followed by \(describe(pos + 2))", at: here)
                    }
                } else if next == Self.question {
                    try processingInstruction()
                } else {
                    flushText(into: top.index)
                    let child = try startTag(parent: top.index, depth: stack.count + 1)
                    if !child.selfClosing { stack.append(OpenElement(index: child.index, name: child.name)) }
                }
            } else if c == Self.ampersand {
                if textAt == nil { textAt = here }
                let v = try reference()
                Self.appendUTF8(v, to: &text)
            } else {
                try characterData()
            }
        }
        return elements[root.index].name
    }

    private mutating func startTag(parent: Int?, depth: Int) throws(XMLError) -> (index: Int, name: Range<Int>, selfClosing: Bool) {
        let at = here
        step()
        let nameRange = try name("an element name after '<'")
        let elementName = string(nameRange)
        if elements.count >= limits.maxElements {
            throw fail("<\(elementName)> would be element \(elements.count + 1), beyond the limit maxElements = \(limits.maxElements)", at: at)
        }
        if depth > limits.maxDepth {
            throw fail("<\(elementName)> is nested \(depth) elements deep, beyond the limit maxDepth = \(limits.maxDepth)", at: at)
        }
        func endOfInput(_ state: XMLParseState) -> XMLError {
            state.fail("unexpected end of input inside the start tag of <\(elementName)> opened at \(at)", at: state.here)
        }
        var attributes: [XMLAttribute] = []
        var names: Set<String> = []
        var selfClosing = false
        while true {
            let hadSpace = skipWhitespace()
            guard pos < n else { throw endOfInput(self) }
            let c = b[pos]
            if c == Self.greaterThan {
                step()
                break
            }
            if c == Self.slash {
                step()
                guard pos < n else { throw endOfInput(self) }
                guard b[pos] == Self.greaterThan else {
                    throw fail("expected '>' after '/' in the start tag of <\(elementName)>, found \(found())", at: here)
                }
                step()
                selfClosing = true
                break
            }
            guard hadSpace else {
                let after = attributes.last.map { "the value of \($0.name)" } ?? "the element name"
                throw fail("expected whitespace, '>' or '/>' after \(after) in the start tag of <\(elementName)>, found \(found())", at: here)
            }
            let attributeAt = here
            let attributeName = string(try name("an attribute name, '>' or '/>' in the start tag of <\(elementName)>"))
            skipWhitespace()
            guard pos < n else { throw endOfInput(self) }
            guard b[pos] == Self.equals else {
                throw fail("expected '=' after the attribute name \(attributeName) in <\(elementName)>, found \(found())", at: here)
            }
            step()
            skipWhitespace()
            guard pos < n else { throw endOfInput(self) }
            let quote = b[pos]
            guard quote == Self.doubleQuote || quote == Self.singleQuote else {
                throw fail("expected a quoted value (\" or ') for the attribute \(attributeName) of <\(elementName)>, found \(found())", at: here)
            }
            step()
            let valueAt = here
            try attributeValue(quote: quote, attribute: attributeName, element: elementName, endOfInput: endOfInput)

            if attributes.count >= limits.maxAttributesPerElement {
                throw fail("<\(elementName)> has more than \(limits.maxAttributesPerElement) attributes, beyond the limit maxAttributesPerElement = \(limits.maxAttributesPerElement)", at: attributeAt)
            }
            var duplicate = false
            if attributes.count < Self.linearDuplicateScanMax {
                duplicate = attributes.contains { $0.name == attributeName }
            } else {
                if names.isEmpty { names = Set(attributes.map(\.name)) }
                duplicate = names.contains(attributeName)
            }
            if duplicate {
                let first = attributes.first { $0.name == attributeName }?.at ?? attributeAt
                throw fail("duplicate attribute \(attributeName) on <\(elementName)>; it was first given at \(first)", at: attributeAt)
            }
            if !names.isEmpty { names.insert(attributeName) }
            attributes.append(XMLAttribute(
                name: attributeName, value: String(decoding: value, as: UTF8.self),
                at: attributeAt, valueAt: valueAt))
        }
        let index = elements.count
        elements.append(XMLElement(name: elementName, attributes: attributes, children: [], at: at, parent: parent))
        if let parent { elements[parent].children.append(.element(index)) }
        return (index, nameRange, selfClosing)
    }

    /// Reads a quoted value into `value`, applying XML attribute-value normalisation: literal
    /// tabs and line breaks become spaces; references are replaced (and not normalised).
    private mutating func attributeValue(
        quote: UInt8, attribute: String, element: String,
        endOfInput: (XMLParseState) -> XMLError
    ) throws(XMLError) {
        value.removeAll(keepingCapacity: true)
        while true {
            guard pos < n else { throw endOfInput(self) }
            let c = b[pos]
            if c == quote {
                step()
                return
            }
            switch c {
            case Self.lessThan:
                throw fail("'<' is not allowed in the value of the attribute \(attribute) of <\(element)>; write &lt; (or is the closing quote missing?)", at: here)
            case Self.ampersand:
                let v = try reference()
                Self.appendUTF8(v, to: &value)
            case Self.tab, Self.lineFeed:
                value.append(Self.space)
                step()
            default:
                let start = pos
                while pos < n {
                    let d = b[pos]
                    if d == quote || d == Self.lessThan || d == Self.ampersand || d == Self.tab || d == Self.lineFeed { break }
                    step()
                }
                value.append(contentsOf: b[start..<pos])
            }
        }
    }

    private mutating func endTag(closing open: OpenElement) throws(XMLError) {
        let at = here
        let element = elements[open.index]
        step(2)
        let nameRange = try name("an element name after '</' (closing <\(element.name)> opened at \(element.at))")
        if !b[nameRange].elementsEqual(b[open.name]) {
            throw fail("end tag </\(string(nameRange))> does not match <\(element.name)> opened at \(element.at)", at: at)
        }
        skipWhitespace()
        guard pos < n else {
            throw fail("unexpected end of input inside the end tag </\(element.name)>; expected '>'", at: here)
        }
        guard b[pos] == Self.greaterThan else {
            throw fail("expected '>' to finish the end tag </\(element.name)>, found \(found())", at: here)
        }
        step()
    }

    /// CDATA content joins the surrounding text unchanged; its location (if it starts the text)
    /// is its first character inside `<![CDATA[`.
    private mutating func cdata() throws(XMLError) {
        let at = here
        step(Self.cdataOpen.count)
        if textAt == nil { textAt = here }
        let start = pos
        while pos < n {
            if b[pos] == Self.closeBracket && peek(1) == Self.closeBracket && peek(2) == Self.greaterThan {
                text.append(contentsOf: b[start..<pos])
                step(3)
                return
            }
            step()
        }
        throw fail("unexpected end of input inside the CDATA section opened at \(at); expected ']]>'", at: here)
    }

    private mutating func characterData() throws(XMLError) {
        if textAt == nil { textAt = here }
        let start = pos
        while pos < n {
            let c = b[pos]
            if c == Self.lessThan || c == Self.ampersand { break }
            if c == Self.closeBracket && peek(1) == Self.closeBracket && peek(2) == Self.greaterThan {
                throw fail("']]>' is not allowed in text; it may only end a CDATA section (write ]]&gt;)", at: here)
            }
            step()
        }
        text.append(contentsOf: b[start..<pos])
    }

    /// Turns the text gathered since the last child element into one `.text` child, so text,
    /// references and CDATA (with comments between them) arrive as a single piece.
    private mutating func flushText(into parent: Int) {
        guard let at = textAt else { return }
        if !text.isEmpty {
            elements[parent].children.append(.text(String(decoding: text, as: UTF8.self), at))
        }
        text.removeAll(keepingCapacity: true)
        textAt = nil
    }

    /// `&name;`, `&#N;` or `&#xH;` at the cursor; returns the scalar it stands for.
    private mutating func reference() throws(XMLError) -> UInt32 {
        let at = here
        let start = pos
        step()
        if peek() == Self.hash {
            step()
            let hex = peek() == 0x78
            if hex { step() }
            var v: UInt32 = 0
            var digits = 0
            var tooBig = false
            while let c = peek() {
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x61...0x66 where hex: d = UInt32(c - 0x61 + 10)
                case 0x41...0x46 where hex: d = UInt32(c - 0x41 + 10)
                default: d = 99
                }
                if d == 99 { break }
                if v > 0x10FFFF { tooBig = true } else { v = v * (hex ? 16 : 10) + d }
                digits += 1
                step()
            }
            guard digits > 0 else {
                throw fail("expected \(hex ? "hexadecimal" : "decimal") digits after '\(string(start..<pos))' in a character reference, found \(found())", at: at)
            }
            guard peek() == Self.semicolon else {
                throw fail("expected ';' to end the character reference \(string(start..<pos)), found \(found())", at: at)
            }
            step()
            guard !tooBig, XMLChars.isXMLChar(v) else {
                throw fail("character reference \(string(start..<pos)) is not a valid XML character", at: at)
            }
            return v
        }
        guard pos < n, XMLChars.isNameStart(scalar(at: pos).value) else {
            throw fail("'&' must start an entity reference such as &amp; or a character reference such as &#38;, found \(found()) after it (write &amp; for a literal '&')", at: at)
        }
        let entityName = string(try name("an entity name after '&'"))
        guard peek() == Self.semicolon else {
            throw fail("expected ';' after the entity name &\(entityName), found \(found())", at: at)
        }
        step()
        switch entityName {
        case "amp": return 0x26
        case "lt": return 0x3C
        case "gt": return 0x3E
        case "quot": return 0x22
        case "apos": return 0x27
        default:
            throw fail("unknown entity &\(entityName); (only &amp; &lt; &gt; &quot; &apos; and character references are supported; custom entities need a DOCTYPE internal subset, which is not supported)", at: at)
        }
    }

    private static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (v >> 6)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (v >> 12)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        default:
            out.append(UInt8(0xF0 | ((v >> 18) & 0x07)))
            out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }
}
