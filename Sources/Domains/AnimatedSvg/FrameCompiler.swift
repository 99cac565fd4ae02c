/// J2: the stand-in for `vector_graphics_compiler`. It puts the embedded images first, as the real
/// encoder does, so every frame starts with the same bytes and the shared prefix (J4) is realistic.
/// The body text (J1) belongs to another part and comes in as a closure.

/// Why a frame could not be compiled. The whole frame fails, as the real compiler's does.
enum CompileError: Error, Hashable, Sendable {
    /// J6: a `<use>` still leads to an `<image>` (H switched off): the zero-size image assertion
    /// `width > 0 && height > 0`, at the `<` of the first such `<use>` in document order.
    case compileFailed(at: SvgLocation)
    /// A live `data:` image that does not pass J3: the pipeline skipped `validateImages`.
    case imageNotValidated(at: SvgLocation, ImageProblem)
    /// More distinct images than a u16 count holds, or a payload over a u32 length.
    case limit(String)
}

/// One image-table row, for records: K, the format byte, the payload length.
struct ImageTableEntry: Hashable, Sendable {
    var id: Int
    var format: ImageFormat
    var byteCount: Int
}

struct CompiledFrame: Hashable, Sendable {
    var bytes: [UInt8]
    var images: [ImageTableEntry]
}

enum FrameCompiler {
    static let magic: [UInt8] = Array("SVGF".utf8)
    static let version: UInt8 = 1
    /// The count and ids are u16 (J2).
    static let maxImages = Int(UInt16.max)

    /// `doc` is a frame after write-back and expansion. The table lists distinct payloads (byte for
    /// byte) in document order of the live `<image>`s; each such image's winning `href` (`href` over
    /// `xlink:href`; the other is left as written) becomes `vgimg:K` on a copy handed to `body`.
    /// Non-`data:` hrefs are left alone (validation removes them first).
    static func compile(_ doc: XMLDocument, body: (XMLDocument) -> [UInt8]) -> Result<CompiledFrame, CompileError> {
        let walk = DocumentOrder.walk(doc)
        let ids = UseChain.idTable(doc, order: walk.order)

        // J6: the check the real compiler fails on.
        for index in walk.order where walk.live[index] && doc.elements[index].name == "use" {
            if case .image(_, let image) = UseChain.resolve(index, in: doc, ids: ids), walk.live[image] {
                return .failure(.compileFailed(at: doc.elements[index].at))
            }
        }

        var table: [ImageTableEntry] = []
        var payloads: [[UInt8]] = []
        var idOfPayload: [[UInt8]: Int] = [:]          // lookups only
        var decodedHref: [String: Int] = [:]           // href text → K, so copies decode once
        var rewrites: [(element: Int, attribute: Int, id: Int)] = []
        for index in walk.order where walk.live[index] && doc.elements[index].name == "image" {
            let element = doc.elements[index]
            guard let attribute = element.attributes.firstIndex(where: { $0.name == "href" })
                    ?? element.attributes.firstIndex(where: { $0.name == "xlink:href" }) else { continue }
            let href = element.attributes[attribute]
            guard EmbeddedImage.isDataURI(href.value) else { continue }
            let id: Int
            if let known = decodedHref[href.value] {
                id = known
            } else {
                switch EmbeddedImage.decode(href: href.value) {
                case .failure(let problem):
                    return .failure(.imageNotValidated(at: href.at, problem))
                case .success(let image):
                    if let known = idOfPayload[image.bytes] {
                        id = known
                    } else {
                        guard table.count < maxImages else {
                            return .failure(.limit("more than FrameCompiler.maxImages = \(maxImages) distinct images"))
                        }
                        guard image.bytes.count <= Int(UInt32.max) else {
                            return .failure(.limit("an image payload over the u32 length of J2"))
                        }
                        id = table.count
                        table.append(ImageTableEntry(id: id, format: image.format, byteCount: image.bytes.count))
                        payloads.append(image.bytes)
                        idOfPayload[image.bytes] = id
                    }
                    decodedHref[href.value] = id
                }
            }
            rewrites.append((index, attribute, id))
        }

        var frameDoc = doc
        for rewrite in rewrites {
            frameDoc.elements[rewrite.element].attributes[rewrite.attribute].value = "vgimg:\(rewrite.id)"
        }

        var bytes = magic
        bytes.append(version)
        appendLittleEndian(&bytes, UInt64(table.count), width: 2)
        for (entry, payload) in zip(table, payloads) {
            appendLittleEndian(&bytes, UInt64(entry.id), width: 2)
            bytes.append(entry.format.rawValue)
            appendLittleEndian(&bytes, UInt64(payload.count), width: 4)
            bytes.append(contentsOf: payload)
        }
        bytes.append(contentsOf: body(frameDoc))
        return .success(CompiledFrame(bytes: bytes, images: table))
    }

    static func appendLittleEndian(_ bytes: inout [UInt8], _ value: UInt64, width: Int) {
        for k in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
    }
}
