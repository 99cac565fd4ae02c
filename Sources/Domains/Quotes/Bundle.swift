import LockstepCore
import Platform

/// Why a bundle (or one of its rows) was refused, with the line and column in the JSON file.
struct BundleProblem: Error, Sendable, Equatable {
    var line: Int
    var column: Int
    var reason: String
    var detail: String
}

/// Decodes the bundled `[QuoteRecord]` JSON. Rows with an empty id or text are refused one by one
/// (the import goes on); an empty author becomes "Unknown" (checklist 8). Anything that is not an
/// array of objects with string fields refuses the whole file, as `JSONDecoder` would.
enum QuoteBundle {
    /// More rows than this refuses the file (the article's library is about 50,000).
    static let maxRecords = 100_000
    static let maxFieldBytes = 4_096

    struct Decoded: Sendable {
        var records: [QuoteRecord]
        var rowProblems: [BundleProblem]
        var authorFallbacks: [String]
    }

    static func decode(_ source: BundleSource) throws(BundleProblem) -> Decoded {
        switch source {
        case .synthetic(let count): return Decoded(records: synthetic(count), rowProblems: [], authorFallbacks: [])
        case .bytes(let bytes): return try decode(bytes)
        }
    }

    static let authors = ["Seneca", "Maya Angelou", "Marcus Aurelius", "Lao Tzu", "Ada Lovelace", "Confucius", "Rumi"]
    static let categories = ["wisdom", "motivation", "facts", "life"]

    /// A deterministic library of `count` quotes with fixed-width ids, so code-point and numeric
    /// order agree (the bundle-lint rule).
    static func synthetic(_ count: Int) -> [QuoteRecord] {
        precondition((0...maxRecords).contains(count), "synthetic bundles hold at most \(maxRecords) rows")
        return (0..<count).map { i in
            QuoteRecord(id: "q" + ZeroPad.decimal(i, width: 5), text: "Quote number \(i)",
                        author: authors[i % authors.count], category: categories[i % categories.count], line: i + 2, column: 3)
        }
    }

    static func decode(_ bytes: [UInt8]) throws(BundleProblem) -> Decoded {
        let root: JSONValue
        do { root = try JSONDocument.parse(bytes) } catch {
            let (l, c) = lineColumn(bytes, error.offset)
            throw BundleProblem(line: l, column: c, reason: "malformed-json", detail: error.message)
        }
        guard let rows = root.array else {
            throw BundleProblem(line: 1, column: 1, reason: "not-an-array", detail: "expected [QuoteRecord], got \(root.typeName)")
        }
        guard rows.count <= maxRecords else {
            throw BundleProblem(line: 1, column: 1, reason: "too-many-rows", detail: "\(rows.count) rows; the limit is \(maxRecords)")
        }
        let starts = objectStarts(bytes)
        var out = Decoded(records: [], rowProblems: [], authorFallbacks: [])
        for (i, row) in rows.enumerated() {
            let at = i < starts.count ? lineColumn(bytes, starts[i]) : (1, 1)
            guard let fields = row.object else {
                throw BundleProblem(line: at.0, column: at.1, reason: "not-an-object", detail: "row \(i) is \(row.typeName)")
            }
            var values: [String: String] = [:]
            for key in ["id", "text", "author", "category"] {
                guard let v = fields.first(where: { $0.0 == key })?.1 else {
                    throw BundleProblem(line: at.0, column: at.1, reason: "missing-field", detail: "row \(i) has no \(key)")
                }
                guard let s = v.string else {
                    throw BundleProblem(line: at.0, column: at.1, reason: "wrong-type", detail: "row \(i) \(key) is \(v.typeName)")
                }
                guard s.utf8.count <= maxFieldBytes else {
                    throw BundleProblem(line: at.0, column: at.1, reason: "field-too-long", detail: "row \(i) \(key) over \(maxFieldBytes) bytes")
                }
                values[key] = s
            }
            let id = values["id"]!, text = values["text"]!
            if id.isEmpty || text.isEmpty {
                out.rowProblems.append(BundleProblem(line: at.0, column: at.1, reason: id.isEmpty ? "empty-id" : "empty-text", detail: "row \(i)"))
                continue
            }
            var author = values["author"]!
            if author.isEmpty {
                author = "Unknown"
                out.authorFallbacks.append(id)
            }
            out.records.append(QuoteRecord(id: id, text: text, author: author, category: values["category"]!, line: at.0, column: at.1))
        }
        return out
    }

    /// The byte offsets of the objects directly inside the top-level array.
    static func objectStarts(_ b: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var depth = 0
        var inString = false
        var escaped = false
        for (i, c) in b.enumerated() {
            if inString {
                if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
                continue
            }
            switch c {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                if depth == 1 { starts.append(i) }
                depth += 1
            case 0x5D, 0x7D: depth -= 1
            case 0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x3A: break
            default:
                if depth == 1, i > 0, ![0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5B].contains(b[i - 1]) { break }
                if depth == 1 { starts.append(i) }
            }
        }
        return starts
    }

    /// 1-based line and column (in bytes) of `offset`.
    static func lineColumn(_ b: [UInt8], _ offset: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        for c in b.prefix(max(0, min(offset, b.count))) {
            if c == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}
