/// Reads PNG files into `PNGImage`s and `PNGImage16`s; see `PNG.decode(_:)` and `PNG.decode16(_:)`.
///
/// The steps, each in its own type:
/// 1. `PNGChunks` walks the container (signature, lengths, CRCs, chunk order, limits) and keeps
///    `IHDR` as a `PNGHeader`, `PLTE`, `tRNS` and the `IDAT` data;
/// 2. `PNGTransparency` says what `tRNS` means, and `PNGRowExpander` turns palette and levels into
///    lookup tables;
/// 3. `PNGPass` gives the passes (seven for Adam7, one otherwise) and so the exact decompressed
///    size, which is checked against `PNGLimits` before `Zlib` inflates at most that much;
/// 4. the pass loop below unfilters each pass's scanlines (`PNGFilter`) and expands every row to
///    RGBA at the pixels that pass covers.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        let (header, rgba) = try decodeRaster(bytes, as: UInt8.self)
        return try PNGImage(width: header.width, height: header.height, rgba: rgba)
    }

    static func decode16(_ bytes: [UInt8]) throws(PNGError) -> PNGImage16 {
        let (header, rgba) = try decodeRaster(bytes, as: UInt16.self)
        return try PNGImage16(width: header.width, height: header.height, rgba: rgba)
    }

    /// The header and the `width * height * 4` RGBA samples of the PNG file `bytes`.
    private static func decodeRaster<Sample: PNGOutputSample>(_ bytes: [UInt8], as _: Sample.Type)
        throws(PNGError) -> (PNGHeader, [Sample])
    {
        let chunks = try PNGChunks(bytes)
        let header = chunks.header
        let transparency = try PNGTransparency(chunks.transparency, header: header,
                                               paletteEntries: chunks.paletteEntries)
        let expander = PNGRowExpander<Sample>(header: header, palette: chunks.palette, transparency: transparency)

        let passes = PNGPass.passes(width: header.width, height: header.height, interlaced: header.isInterlaced)
        let expectedBytes = PNGPass.dataBytes(passes, bitsPerPixel: header.bitsPerPixel)
        guard expectedBytes <= PNGLimits.maxDecompressedBytes else {
            throw .imageDataTooLarge(bytes: expectedBytes, limit: PNGLimits.maxDecompressedBytes)
        }
        var data = try Zlib.decompress(chunks.imageData, maxOutput: expectedBytes)
        guard data.count == expectedBytes else { throw .dataSizeMismatch(expected: expectedBytes, actual: data.count) }

        var rgba = [Sample](repeating: 0, count: header.width * header.height * 4)
        var passStart = 0 // index in `data` of the current pass's first filter-type byte
        var scanlinesBefore = 0 // scanlines of earlier passes, so errors count rows as stored
        for pass in passes where !pass.isEmpty {
            let rowBytes = header.rowBytes(forWidth: pass.width)
            try PNGFilter.unfilter(&data, start: passStart, rowBytes: rowBytes, height: pass.height,
                                   bytesPerPixel: header.filterBytesPerPixel, firstRow: scanlinesBefore)
            for passRow in 0..<pass.height {
                let rowStart = passStart + passRow * (rowBytes + 1) + 1
                try expander.expand(row: data, at: rowStart, pass: pass, passRow: passRow, into: &rgba)
            }
            passStart += pass.height * (rowBytes + 1)
            scanlinesBefore += pass.height
        }
        return (header, rgba)
    }
}
