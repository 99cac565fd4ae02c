import LockstepCore

/// Bytes as a JSON document. Rules: refusals are `JSONParseError`s with an offset inside the input;
/// a document that parses, written with its members in document order, parses to the same value;
/// and the canonical form (keys sorted) is stable: written, parsed and written again, the same bytes.
struct JSONTarget: FuzzTarget {
    func run(_ bytes: [UInt8]) {
        let value: JSONValue
        do {
            value = try JSONDocument.parse(bytes)
        } catch {
            guard error.offset >= 0, error.offset <= bytes.count else {
                Finding.fail("json", "an error at offset \(error.offset) of a \(bytes.count)-byte input: \(error)")
            }
            return
        }
        do {
            let asBuilt = try JSONDocument.parse(JSONDocument.bytes(value, keyOrder: .asBuilt))
            guard asBuilt == value else { Finding.fail("json", "writing in document order and parsing again changed the value") }
            let canonical = JSONDocument.bytes(value)
            guard JSONDocument.bytes(try JSONDocument.parse(canonical)) == canonical else {
                Finding.fail("json", "the canonical form is not stable: written, parsed and written again, it changed")
            }
        } catch {
            Finding.fail("json", "the writer wrote JSON the parser refuses: \(error)")
        }
    }
}
