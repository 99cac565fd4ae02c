#!/usr/bin/env python3
"""Writes the PNG and zlib fixtures for Lockstep's PNG tests, using only Python's standard library
(zlib + struct), so the decoder is checked against an independent encoder.

Run from anywhere: `python3 make_fixtures.py`. Output is deterministic (zlib is deterministic for a
given version and level); the files are checked in, so CI needs only the Swift toolchain.

Pixel patterns (the Swift tests recompute them from these formulas):
  red(x, y)   = (x * 37 + y * 11) % 256
  green(x, y) = (x * y * 5 + 7) % 256
  blue(x, y)  = ((x ^ y) * 13) % 256
  alpha(x, y) = (x * 9 + y * 17 + 60) % 256
  grey(x, y)  = (x * 19 + y * 7) % 256
  index(x, y) = (x + 2 * y) % 16, palette entry i = (i * 16, 255 - i * 16, (i * i * 3) % 256),
                tRNS (palette_trns.png only) = i * 17 for i in 0..<12 (entries 12...15 opaque)
Row y uses filter type y % 5 (so every filter, Paeth included, runs on a row with a row above).
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 37, 29


def red(x, y): return (x * 37 + y * 11) % 256
def green(x, y): return (x * y * 5 + 7) % 256
def blue(x, y): return ((x ^ y) * 13) % 256
def alpha(x, y): return (x * 9 + y * 17 + 60) % 256
def grey(x, y): return (x * 19 + y * 7) % 256
def index(x, y): return (x + 2 * y) % 16


PALETTE = bytes(b for i in range(16) for b in (i * 16, 255 - i * 16, (i * i * 3) % 256))
TRNS = bytes(i * 17 for i in range(12))


def pixels(kind, x, y):
    if kind == 6: return [red(x, y), green(x, y), blue(x, y), alpha(x, y)]
    if kind == 2: return [red(x, y), green(x, y), blue(x, y)]
    if kind == 0: return [grey(x, y)]
    if kind == 4: return [grey(x, y), alpha(x, y)]
    if kind == 3: return [index(x, y)]
    raise ValueError(kind)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc: return a
    if pb <= pc: return b
    return c


def filtered_rows(rows, bpp):
    """Each row with filter type y % 5 applied, prefixed by the type byte."""
    out = bytearray()
    prev = bytes(len(rows[0]))
    for y, row in enumerate(rows):
        ftype = y % 5
        out.append(ftype)
        for i, v in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][ftype]
            out.append((v - pred) % 256)
        prev = row
    return bytes(out)


def chunk(ctype, data):
    return struct.pack(">I", len(data)) + ctype + data + struct.pack(">I", zlib.crc32(ctype + data) & 0xFFFFFFFF)


def ihdr(w, h, depth, ctype, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace))


SIG = b"\x89PNG\r\n\x1a\n"


def first_block_type(z):
    return (z[2] >> 1) & 3


def make_png(kind, level=6, idat_split=None, extra_before_idat=b"", palette=False, trns=None):
    bpp = {6: 4, 2: 3, 0: 1, 4: 2, 3: 1}[kind]
    rows = [bytes(v for x in range(W) for v in pixels(kind, x, y)) for y in range(H)]
    z = zlib.compress(filtered_rows(rows, bpp), level)
    out = SIG + ihdr(W, H, 8, kind) + extra_before_idat
    if palette: out += chunk(b"PLTE", PALETTE)
    if trns is not None: out += chunk(b"tRNS", trns)
    if idat_split:
        for i in range(0, len(z), idat_split):
            out += chunk(b"IDAT", z[i:i + idat_split])
    else:
        out += chunk(b"IDAT", z)
    return out + chunk(b"IEND", b""), z


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def main():
    block_names = {0: "stored", 1: "fixed", 2: "dynamic"}
    good = {
        "rgba_level9.png": dict(kind=6, level=9),
        "rgb_split_idat.png": dict(kind=2, idat_split=50),
        "grey_stored.png": dict(kind=0, level=0),
        "grey_alpha.png": dict(kind=4),
        "palette.png": dict(kind=3, palette=True),
        "palette_trns.png": dict(kind=3, palette=True, trns=TRNS),
        "rgba_ancillary.png": dict(kind=6, extra_before_idat=chunk(b"tEXt", b"Comment\x00made by make_fixtures.py")
                                   + chunk(b"gAMA", struct.pack(">I", 45455)) + chunk(b"zzZz", b"unknown but ancillary")),
    }
    for name, args in good.items():
        png, z = make_png(**args)
        write(name, png)
        print(f"{name}: {len(png)} bytes, first deflate block {block_names.get(first_block_type(z))}")
    assert first_block_type(make_png(kind=0, level=0)[1]) == 0
    assert first_block_type(make_png(kind=6, level=9)[1]) == 2

    rgba, _ = make_png(kind=6)
    # Broken files. IDAT starts after signature (8) + IHDR (25); its CRC is the last 4 bytes
    # before IEND (12 bytes at the end).
    bad_crc = bytearray(rgba)
    bad_crc[-13] ^= 0x01
    write("bad_crc.png", bytes(bad_crc))
    write("truncated.png", rgba[: 8 + 25 + 8 + 100])
    write("bad_signature.png", b"\x89PNG\r\n\x1a\x0a"[:7] + b"\x0b" + rgba[8:])
    write("interlaced.png", SIG + ihdr(W, H, 8, 6, interlace=1) + rgba[8 + 25:])
    rows16 = [bytes(b for x in range(W) for v in (red(x, y), green(x, y), blue(x, y)) for b in (v, v)) for y in range(H)]
    z16 = zlib.compress(b"".join(b"\x00" + r for r in rows16))
    write("rgb16.png", SIG + ihdr(W, H, 16, 2) + chunk(b"IDAT", z16) + chunk(b"IEND", b""))
    write("unknown_critical.png", rgba[:8 + 25] + chunk(b"AbCd", b"must not be skipped") + rgba[8 + 25:])
    write("too_wide.png", SIG + ihdr(20000, 1, 8, 0) + chunk(b"IDAT", zlib.compress(bytes(20001))) + chunk(b"IEND", b""))
    # A decompression bomb: a 4x4 grey image (20 bytes of scanlines) whose IDAT inflates to 1 MB.
    write("bomb.png", SIG + ihdr(4, 4, 8, 0) + chunk(b"IDAT", zlib.compress(bytes(1_000_000), 9)) + chunk(b"IEND", b""))

    # Raw zlib streams for the inflate tests: NAME.raw is the data, NAME.zz its compressed form.
    text = (b"Lockstep replays the same inputs and expects the same outputs, byte for byte. " * 40
            + bytes(range(256)) + b"The end.\n")
    state = 12345
    noise = bytearray()
    for _ in range(5000):  # 32-bit LCG (Numerical Recipes), high byte: incompressible-ish.
        state = (state * 1664525 + 1013904223) % 2**32
        noise.append(state >> 24)
    words = [b"lockstep", b"replay", b"golden", b"seed", b"tick", b"timer", b"fault", b"region",
             b"canvas", b"deterministic", b"the", b"a", b"of", b"\n", b"0", b"42"]
    sentence = bytearray()
    for _ in range(3000):
        state = (state * 1664525 + 1013904223) % 2**32
        sentence += words[state >> 28] + b" "
    streams = {
        "words_dynamic": (bytes(sentence), dict(level=9)),
        "text_fixed": (text, dict(level=9, strategy=zlib.Z_FIXED)),
        "text_stored": (text, dict(level=0)),
        "zeros_long_matches": (bytes(100_000), dict(level=9)),
        "noise": (bytes(noise), dict(level=6)),
        "empty": (b"", dict(level=6)),
        "mixed": (text[:500] + bytes(noise) + text, dict(level=1)),
    }
    for name, (raw, opts) in streams.items():
        c = zlib.compressobj(level=opts["level"], strategy=opts.get("strategy", zlib.Z_DEFAULT_STRATEGY))
        z = c.compress(raw) + c.flush()
        assert zlib.decompress(z) == raw
        write(os.path.join("inflate", name + ".raw"), raw)
        write(os.path.join("inflate", name + ".zz"), z)
        print(f"inflate/{name}: {len(raw)} -> {len(z)} bytes, first block {block_names.get(first_block_type(z))}")


if __name__ == "__main__":
    main()
