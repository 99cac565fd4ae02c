import LockstepCore
@testable import AnimatedSvg

/// A compact hand-built tree for tests (nothing parses XML in this part).
indirect enum Node {
    case element(String, [(String, String)], [Node])
    case text(String)
}

/// `E("use", ["href": "#img", "x": "10"])` — attributes in the order written.
func E(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ children: Node...) -> Node {
    .element(name, attributes.map { ($0.key, $0.value) }, children)
}

/// Builds the flat document. Locations are synthetic but distinct: the n-th element in pre-order
/// (1-based) is on line n, its `<` at column 1, its k-th attribute (0-based) at column 10·(k+1).
func document(_ root: Node) -> XMLDocument {
    var doc = XMLDocument(elements: [])
    var line = 0
    func add(_ node: Node, parent: Int?) -> XMLChild {
        switch node {
        case .text(let text):
            return .text(text, SvgLocation(line: line, column: 99))
        case .element(let name, let attributes, let children):
            line += 1
            let here = line
            let index = doc.elements.count
            let attrs = attributes.enumerated().map { k, pair in
                XMLAttribute(name: pair.0, value: pair.1,
                             at: SvgLocation(line: here, column: 10 * (k + 1)),
                             valueAt: SvgLocation(line: here, column: 10 * (k + 1) + pair.0.count + 2))
            }
            doc.elements.append(XMLElement(name: name, attributes: attrs, children: [],
                                           at: SvgLocation(line: here, column: 1), parent: parent))
            var kids: [XMLChild] = []
            for child in children { kids.append(add(child, parent: index)) }
            doc.elements[index].children = kids
            return .element(index)
        }
    }
    _ = add(root, parent: nil)
    return doc
}

func at(_ line: Int, _ column: Int) -> SvgLocation { SvgLocation(line: line, column: column) }

/// A minimal serialisation of the live tree (no escaping; test values need none).
func render(_ doc: XMLDocument, _ index: Int = XMLDocument.root) -> String {
    guard index < doc.elements.count else { return "" }
    let e = doc.elements[index]
    if e.removed { return "" }
    let attrs = e.attributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
    var inner = ""
    for child in e.children {
        switch child {
        case .element(let c): inner += render(doc, c)
        case .text(let t, _): inner += t
        }
    }
    return inner.isEmpty ? "<\(e.name)\(attrs)/>" : "<\(e.name)\(attrs)>\(inner)</\(e.name)>"
}

func renderBytes(_ doc: XMLDocument) -> [UInt8] { Array(render(doc).utf8) }

/// Index of the element with this id (first in array order).
func element(_ doc: XMLDocument, id: String) -> Int? { doc.elements.firstIndex { $0.value("id") == id } }

enum Fixture {
    static let gifBase64 = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
    static var gif: [UInt8] { (try? Base64.decode(gifBase64)) ?? [] }

    static func png(_ seed: UInt8) -> [UInt8] {
        EmbeddedImage.pngSignature
            + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, seed] + [1, 2, 3, 4]
            + EmbeddedImage.pngEnd
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9]

    static let webp: [UInt8] = {
        let body: [UInt8] = Array("WEBP".utf8) + Array("VP8L".utf8) + [5, 0, 0, 0, 0x2F, 0, 0, 0, 0]
        let size = UInt32(body.count)
        return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + body
    }()

    static func uri(_ bytes: [UInt8], type: String = "image/png") -> String {
        "data:\(type);base64," + Base64.encode(bytes)
    }

    static let gifURI = "data:image/gif;base64," + gifBase64
}
