/// Appends PNG chunks: big-endian length, four-letter type, data, CRC-32 of type and data.
struct PNGChunkWriter {
    private(set) var bytes: [UInt8]

    init(signature: [UInt8]) { bytes = signature }

    mutating func append(type: String, data: ArraySlice<UInt8>) {
        let typeBytes = Array(type.utf8)
        appendUInt32(UInt32(data.count))
        bytes.append(contentsOf: typeBytes)
        bytes.append(contentsOf: data)
        appendUInt32(CRC32.update(CRC32.checksum(typeBytes), data))
    }

    private mutating func appendUInt32(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
}
