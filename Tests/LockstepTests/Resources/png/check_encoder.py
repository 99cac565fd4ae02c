#!/usr/bin/env python3
"""Checks a PNG written by Lockstep's encoder with an independent reader: Python's zlib and a manual
chunk parse (standard library only). Usage: `python3 check_encoder.py FILE.png [...]`.

Verifies the signature, that the chunks are exactly IHDR, IDAT..., IEND with correct CRCs, that
zlib.decompress accepts the IDAT data, and that the unfiltered size matches the header. Prints the
image size, colour type, filter types used and deflate block types seen in the first block.
"""
import struct
import sys
import zlib


def check(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "bad signature"
    pos, types, idat = 8, [], b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        ctype = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(ctype + body) & 0xFFFFFFFF, f"CRC mismatch in {ctype}"
        types.append(ctype.decode())
        if ctype == b"IHDR":
            w, h, depth, color, comp, filt, inter = struct.unpack(">IIBBBBB", body)
        if ctype == b"IDAT":
            idat += body
        pos += 12 + length
        if ctype == b"IEND":
            break
    assert pos == len(data), "trailing bytes after IEND"
    assert types[0] == "IHDR" and types[-1] == "IEND" and set(types[1:-1]) == {"IDAT"}, types
    assert depth == 8 and comp == 0 and filt == 0 and inter == 0
    channels = {0: 1, 2: 3, 6: 4}[color]
    raw = zlib.decompress(idat)
    stride = w * channels + 1
    assert len(raw) == h * stride, f"{len(raw)} != {h * stride}"
    filters = sorted({raw[y * stride] for y in range(h)})
    assert all(f <= 4 for f in filters)
    print(f"{path}: OK {w}x{h} colour type {color}, {len(data)} bytes, {len(types) - 2} IDAT, "
          f"filters {filters}, first block type {(idat[2] >> 1) & 3}, ratio {len(idat) / len(raw):.3f}")


if __name__ == "__main__":
    for p in sys.argv[1:]:
        check(p)
