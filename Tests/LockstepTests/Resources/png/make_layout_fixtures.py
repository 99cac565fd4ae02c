#!/usr/bin/env python3
"""Writes layouts/: one PNG per fixture in every layout the PNG specification allows, each with the
RGBA it must decode to, computed here from the source samples (never read back through Lockstep).

How to run (Pillow is pinned; the script refuses any other version):

    python3 -m venv .venv
    .venv/bin/pip install Pillow==13.0.0
    .venv/bin/python Tests/LockstepTests/Resources/png/make_layout_fixtures.py

It rewrites layouts/ next to this file. Deterministic: no clock, no randomness beyond a fixed LCG;
re-running with the same Python zlib and Pillow wheel gives byte-identical files. The files are
checked in, so the Swift tests need neither Python nor Pillow.

Two independent encoders write the PNGs:
  - Pillow 13.0.0 where it can write the layout: modes "1", "L" (bits=2/4/8), "I;16", "P" (bits
    1/2/4/8 follow from the palette size), "LA", "RGB", "RGBA", with tRNS from `transparency=`.
    Pillow writes no interlaced PNGs, no 16-bit RGB, RGBA or grey + alpha, and picks its own
    filters. Each Pillow file is read back here (IHDR, PLTE, tRNS, and the unfiltered samples)
    and the script fails if Pillow wrote anything but the intended layout and samples.
  - A small encoder below (zlib + struct) for everything else: Adam7, the 16-bit layouts Pillow
    lacks, colour keys at every depth, and filter type (pass + row) % 5 on every row so all five
    filters occur, also on rows with nothing above.
Every hand-written file is decoded back by Pillow and its samples compared with the source (at
16 bits Pillow keeps only the high byte, so those are compared with the high byte): a check of the
hand encoder by an independent decoder. The expected RGBA is not taken from Pillow.

Outputs, per fixture NAME (listed in layouts/manifest.txt, one line each):
  NAME.png     the file
  NAME.rgba8   width * height * 4 bytes, the RGBA8 `PNG.decode` must give
  NAME.rgba16  width * height * 4 big-endian UInt16s, the RGBA16 `PNG.decode16` must give
               (16-bit layouts only; for the others it is NAME.rgba8 x 257)
Manifest columns: name width height colorType bitDepth interlace origin group rgba16. Fixtures of
the same group come from the same source samples, so they must decode to identical pixels.

Expected values follow the specification's rules (and PNGSampleScaling's doc comment):
  d-bit grey (d < 8) to 8 bits: v * 255 // (2^d - 1); to 16 bits: v * 65535 // (2^d - 1)
  8 bits to 16: v * 257;  16 bits to 8: (v * 255 + 32767) // 65535
  tRNS colour key: compared with the raw samples, the key masked to the bit depth; alpha 0 on a
  match, else opaque. Palette tRNS: alpha of entries past its end is 255.
"""
import io
import os
import struct
import sys
import zlib

import PIL
from PIL import Image

PILLOW_VERSION = "13.0.0"
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "layouts")
SIG = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
LAYOUTS = [  # (colour type, bit depth, short name): every combination the specification allows
    (0, 1, "grey1"), (0, 2, "grey2"), (0, 4, "grey4"), (0, 8, "grey8"), (0, 16, "grey16"),
    (2, 8, "rgb8"), (2, 16, "rgb16"),
    (3, 1, "palette1"), (3, 2, "palette2"), (3, 4, "palette4"), (3, 8, "palette8"),
    (4, 8, "greyalpha8"), (4, 16, "greyalpha16"),
    (6, 8, "rgba8"), (6, 16, "rgba16"),
]
# 16-bit values where rounding and "take the high byte" disagree, or sit next to a rounding edge.
EDGE16 = [0x00FF, 0xFF00, 0x0080, 0x0081, 0x7F80, 0x8080, 0xFFFF, 0x0000, 0x807F, 0x7FFF, 0x8000, 0x0101]


class Source:
    """The samples of one image, before any encoding: rows[y][x] is a tuple of raw samples."""

    def __init__(self, name, ctype, depth, width, height, palette_entries=0, alpha_entries=0, key=None,
                 key_highbits=0):
        self.name, self.ctype, self.depth, self.width, self.height = name, ctype, depth, width, height
        self.state = zlib.crc32(name.encode())  # a fixed seed per source
        top = (1 << depth) - 1
        self.palette = b""
        self.alpha = b""
        if ctype == 3:
            self.palette = bytes(self.rand(256) for _ in range(3 * palette_entries))
            # Alpha values include the extremes; entries past alpha_entries stay opaque.
            self.alpha = bytes(([0, 255, 128] + [self.rand(256) for _ in range(alpha_entries)])[:alpha_entries])
        channels = CHANNELS[ctype]
        limit = palette_entries if ctype == 3 else top + 1
        self.rows = [[tuple(self.rand(limit) for _ in range(channels)) for _ in range(width)] for _ in range(height)]
        if depth == 16:
            # Put the rounding edge values in, cycling through the channels.
            for i, v in enumerate(EDGE16):
                x, y = (i * 5) % width, (i * 3) % height
                px = list(self.rows[y][x])
                px[i % channels] = v
                self.rows[y][x] = tuple(px)
        self.key = None
        if key is not None:
            self.key = key
            # Some pixels are the key; at 16 bits others differ from it only in the low byte, and for
            # RGB others differ in one channel only: those must stay opaque.
            for i in range(0, width * height, 4):
                x, y = i % width, i // width
                self.rows[y][x] = key
            if ctype == 2:
                for i in range(1, width * height, 9):
                    x, y = i % width, i // width
                    px = list(key)
                    px[i % 3] = (px[i % 3] + 1) & top
                    self.rows[y][x] = tuple(px)
            if depth == 16:
                for i in range(2, width * height, 11):
                    x, y = i % width, i // width
                    self.rows[y][x] = tuple(k ^ 0x0001 if j == 0 else k for j, k in enumerate(key))
        # The key as stored in tRNS: extra high bits that a decoder must mask off (below 16 bits).
        self.key_highbits = key_highbits

    def rand(self, n):
        """Next value of a 32-bit LCG (Numerical Recipes), as 0..<n from its high bits."""
        self.state = (self.state * 1664525 + 1013904223) % 2**32
        return (self.state >> 8) % n

    def trns(self):
        if self.ctype == 3:
            return self.alpha if self.alpha else None
        if self.key is None:
            return None
        return b"".join(struct.pack(">H", k | self.key_highbits) for k in self.key)

    # Expected output --------------------------------------------------------------------------

    def expected(self, bits):
        """RGBA at 8 or 16 bits per sample, by the specification's rules (module docstring)."""
        top_out = (1 << bits) - 1

        def scale(v, depth):
            if depth == bits:
                return v
            if depth == 16:  # 16 -> 8
                return (v * 255 + 32767) // 65535
            return v * top_out // ((1 << depth) - 1)

        out = []
        for row in self.rows:
            for px in row:
                if self.ctype == 3:
                    i = px[0]
                    rgb = [scale(c, 8) for c in self.palette[3 * i:3 * i + 3]]
                    a = scale(self.alpha[i], 8) if i < len(self.alpha) else top_out
                    out += rgb + [a]
                    continue
                keyed = self.key is not None and px == self.key
                if self.ctype == 0:
                    g = scale(px[0], self.depth)
                    out += [g, g, g, 0 if keyed else top_out]
                elif self.ctype == 2:
                    out += [scale(c, self.depth) for c in px] + [0 if keyed else top_out]
                elif self.ctype == 4:
                    g = scale(px[0], self.depth)
                    out += [g, g, g, scale(px[1], self.depth)]
                else:
                    out += [scale(c, self.depth) for c in px]
        return out


# The hand encoder ------------------------------------------------------------------------------

def chunk(ctype, data):
    return struct.pack(">I", len(data)) + ctype + data + struct.pack(">I", zlib.crc32(ctype + data) & 0xFFFFFFFF)


def pack_row(pixels, depth):
    """Samples of one (pass) row packed as the specification says: MSB first, padded to a byte."""
    samples = [s for px in pixels for s in px]
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, nbits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        nbits += depth
        if nbits == 8:
            out.append(acc)
            acc, nbits = 0, 0
    if nbits:
        out.append(acc << (8 - nbits))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_rows(rows, bpp, first_type):
    """Each packed row prefixed by its filter type, type (first_type + row) % 5."""
    out = bytearray()
    prev = bytes(len(rows[0]))
    for r, row in enumerate(rows):
        ftype = (first_type + r) % 5
        out.append(ftype)
        for i, v in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            out.append((v - [0, a, b, (a + b) // 2, paeth(a, b, c)][ftype]) % 256)
        prev = row
    return bytes(out)


def passes(width, height, interlace):
    if not interlace:
        return [(0, 0, 0, 1, 1)]
    return [(n + 1, xs, ys, dx, dy) for n, (xs, ys, dx, dy) in enumerate(ADAM7)]


def hand_png(src, interlace, idat_split=None):
    bpp = max(1, CHANNELS[src.ctype] * src.depth // 8)
    data = bytearray()
    for number, xs, ys, dx, dy in passes(src.width, src.height, interlace):
        rows = [pack_row([src.rows[y][x] for x in range(xs, src.width, dx)], src.depth)
                for y in range(ys, src.height, dy)]
        if not rows or not rows[0]:
            continue  # an empty pass has no scanlines, not even filter bytes
        data += filter_rows(rows, bpp, first_type=number)
    z = zlib.compress(bytes(data), 9)
    out = SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", src.width, src.height, src.depth, src.ctype, 0, 0, interlace))
    if src.ctype == 3:
        out += chunk(b"PLTE", src.palette)
    if src.trns() is not None:
        out += chunk(b"tRNS", src.trns())
    step = idat_split or len(z)
    for i in range(0, len(z), step):
        out += chunk(b"IDAT", z[i:i + step])
    return out + chunk(b"IEND", b"")


# Pillow ----------------------------------------------------------------------------------------

def pillow_png(src):
    """The PNG Pillow writes for `src`, or None where Pillow cannot write that layout."""
    w, h, d = src.width, src.height, src.depth
    flat = [px for row in src.rows for px in row]
    options = {}
    if src.ctype == 0 and d < 16:
        mode = "1" if d == 1 else "L"
        # Pillow's "L" holds 8-bit values; its 1/2/4-bit packers keep the top bits, so give it the
        # exactly scaled values (v * 255 / (2^d - 1)), whose top d bits are v.
        im = Image.frombytes(mode if d != 1 else "L", (w, h), bytes(v[0] * 255 // ((1 << d) - 1) for v in flat))
        if d == 1:
            im = im.convert("1", dither=Image.Dither.NONE)
        elif d in (2, 4):
            options["bits"] = d
        if src.key is not None:
            options["transparency"] = src.key[0]
    elif src.ctype == 0 and d == 16:
        im = Image.frombytes("I;16", (w, h), b"".join(struct.pack("<H", v[0]) for v in flat))
        if src.key is not None:
            options["transparency"] = src.key[0]
    elif src.ctype == 3:
        im = Image.new("P", (w, h))
        im.putpalette(src.palette)
        im.putdata([v[0] for v in flat])
        if src.alpha:
            options["transparency"] = src.alpha
    elif d == 8 and src.ctype in (2, 4, 6):
        mode = {2: "RGB", 4: "LA", 6: "RGBA"}[src.ctype]
        im = Image.frombytes(mode, (w, h), bytes(s for px in flat for s in px))
        if src.key is not None:
            options["transparency"] = src.key
    else:
        return None
    f = io.BytesIO()
    im.save(f, "PNG", **options)
    return f.getvalue()


# Reading back (independent of Lockstep) --------------------------------------------------------

def read_chunks(png):
    assert png[:8] == SIG
    pos, chunks = 8, []
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos:pos + 4])
        ctype, body = png[pos + 4:pos + 8], png[pos + 8:pos + 8 + length]
        assert struct.unpack(">I", png[pos + 8 + length:pos + 12 + length])[0] == zlib.crc32(ctype + body) & 0xFFFFFFFF
        chunks.append((ctype, body))
        pos += 12 + length
    return chunks


def unfilter(data, rowbytes, nrows, bpp):
    rows, prev, pos = [], bytes(rowbytes), 0
    for _ in range(nrows):
        ftype, line = data[pos], bytearray(data[pos + 1:pos + 1 + rowbytes])
        pos += 1 + rowbytes
        for i in range(rowbytes):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + [0, a, b, (a + b) // 2, paeth(a, b, c)][ftype]) % 256
        rows.append(bytes(line))
        prev = line
    assert pos == len(data), "trailing image data"
    return rows


def unpack_row(row, width, channels, depth):
    n = width * channels
    if depth == 16:
        s = [struct.unpack(">H", row[2 * i:2 * i + 2])[0] for i in range(n)]
    elif depth == 8:
        s = list(row[:n])
    else:
        s = [(row[(i * depth) // 8] >> (8 - depth - (i * depth) % 8)) & ((1 << depth) - 1) for i in range(n)]
    return [tuple(s[i:i + channels]) for i in range(0, n, channels)]


def check_written_layout(png, src, interlace, who):
    """Fails unless `png` holds exactly `src` in the intended layout (non-interlaced files only)."""
    chunks = read_chunks(png)
    ihdr = struct.unpack(">IIBBBBB", chunks[0][1])
    want = (src.width, src.height, src.depth, src.ctype, 0, 0, interlace)
    if ihdr != want:
        sys.exit(f"{src.name} ({who}): IHDR is {ihdr}, intended {want}")
    got = {t: b for t, b in chunks if t in (b"PLTE", b"tRNS")}
    if src.ctype == 3 and got.get(b"PLTE") != src.palette:
        sys.exit(f"{src.name} ({who}): PLTE differs from the intended palette")
    if got.get(b"tRNS") != src.trns():
        sys.exit(f"{src.name} ({who}): tRNS is {got.get(b'tRNS')!r}, intended {src.trns()!r}")
    if interlace:
        return
    channels = CHANNELS[src.ctype]
    rowbytes = (src.width * channels * src.depth + 7) // 8
    data = zlib.decompress(b"".join(b for t, b in chunks if t == b"IDAT"))
    rows = unfilter(data, rowbytes, src.height, max(1, channels * src.depth // 8))
    for y, row in enumerate(rows):
        if unpack_row(row, src.width, channels, src.depth) != src.rows[y]:
            sys.exit(f"{src.name} ({who}): samples of row {y} differ from the source")


def check_with_pillow_decoder(png, src, name):
    """Decodes `png` with Pillow and compares its samples with the source (high byte at 16 bits)."""
    im = Image.open(io.BytesIO(png))
    im.load()
    got = list(im.get_flattened_data())
    flat = [px for row in src.rows for px in row]
    if src.ctype == 3:
        want = [px[0] for px in flat]
    elif src.ctype == 0 and src.depth == 16:
        want = [px[0] for px in flat]  # Pillow's "I;16" / "I" keep the exact 16-bit value
    elif src.ctype == 0:
        want = [px[0] * 255 // ((1 << src.depth) - 1) for px in flat]  # Pillow's "1" / "L"
    else:
        shift = 8 if src.depth == 16 else 0
        want = [tuple(s >> shift for s in px) for px in flat]
        if src.ctype == 4 and src.depth == 16:
            want = [(g, g, g, a) for g, a in want]  # Pillow reads 16-bit grey + alpha as RGBA
    if got != want:
        first = next(i for i, (g, w) in enumerate(zip(got, want)) if g != w) if len(got) == len(want) else -1
        sys.exit(f"{name}: Pillow decodes mode {im.mode} differently from the source at pixel {first}")


# Main ------------------------------------------------------------------------------------------

def main():
    if PIL.__version__ != PILLOW_VERSION:
        sys.exit(f"needs Pillow {PILLOW_VERSION}, found {PIL.__version__} (see the top of this file)")
    os.makedirs(OUT, exist_ok=True)
    for old in os.listdir(OUT):
        os.remove(os.path.join(OUT, old))

    manifest = []

    def emit(name, png, src, interlace, origin, group):
        if origin == "hand":
            check_written_layout(png, src, interlace, "hand encoder")
            check_with_pillow_decoder(png, src, name)
        else:
            check_written_layout(png, src, interlace, "Pillow")
        with open(os.path.join(OUT, name + ".png"), "wb") as f:
            f.write(png)
        with open(os.path.join(OUT, name + ".rgba8"), "wb") as f:
            f.write(bytes(src.expected(8)))
        has16 = src.depth == 16
        if has16:
            with open(os.path.join(OUT, name + ".rgba16"), "wb") as f:
                f.write(b"".join(struct.pack(">H", v) for v in src.expected(16)))
        manifest.append(f"{name} {src.width} {src.height} {src.ctype} {src.depth} {interlace} {origin} {group} "
                        f"{'yes' if has16 else 'no'}")

    def palette_size(depth, size):
        # Fewer entries than the depth allows (allowed), except at 1 bit; short tRNS tables.
        return {1: (2, 1), 2: (3, 2), 4: (11, 5), 8: (200, 37)}[depth] if size == "full" else {1: (2, 0), 2: (4, 0), 4: (16, 0), 8: (256, 0)}[depth]

    # Every layout at 33x7, plain and Adam7 from the hand encoder, plain from Pillow where it can.
    # 33 columns leave partial bytes at 1, 2 and 4 bits in every pass; all seven passes are non-empty.
    for ctype, depth, short in LAYOUTS:
        entries, alphas = palette_size(depth, "full") if ctype == 3 else (0, 0)
        src = Source(short, ctype, depth, 33, 7, entries, alphas)
        emit(f"{short}_33x7", hand_png(src, 0), src, 0, "hand", short)
        emit(f"{short}_33x7_adam7", hand_png(src, 1, idat_split=97), src, 1, "hand", short)
        png = pillow_png(src)
        if png is not None:
            emit(f"{short}_33x7_pillow", png, src, 0, "pillow", short)

    # Tiny images: 1x1 (Adam7 passes 2-7 empty) and 3x5 (pass 2 empty, one-pixel passes).
    for ctype, depth, short in LAYOUTS:
        entries, alphas = palette_size(depth, "bare") if ctype == 3 else (0, 0)
        for w, h in ((1, 1), (3, 5)):
            src = Source(f"{short}_{w}x{h}", ctype, depth, w, h, entries, alphas)
            group = f"{short}_{w}x{h}"
            emit(f"{group}", hand_png(src, 0), src, 0, "hand", group)
            emit(f"{group}_adam7", hand_png(src, 1), src, 1, "hand", group)

    # Colour keys at every grey depth and for RGB 8 and 16.
    keys = {(0, 1): (1,), (0, 2): (2,), (0, 4): (9,), (0, 8): (77,), (0, 16): (0x1234,),
            (2, 8): (200, 16, 99), (2, 16): (0xABCD, 0x0102, 0xFF00)}
    for (ctype, depth), key in keys.items():
        short = next(s for c, d, s in LAYOUTS if (c, d) == (ctype, depth))
        src = Source(f"{short}_key", ctype, depth, 33, 7, key=key)
        group = f"{short}_key"
        emit(f"{group}_33x7", hand_png(src, 0), src, 0, "hand", group)
        emit(f"{group}_33x7_adam7", hand_png(src, 1), src, 1, "hand", group)
        png = pillow_png(src)
        if png is not None:
            emit(f"{group}_33x7_pillow", png, src, 0, "pillow", group)

    # A 4-bit key stored with high bits set (0xFFF0 | 9): decoders must mask them off.
    src = Source("grey4_key", 0, 4, 33, 7, key=(9,), key_highbits=0xFFF0)
    emit("grey4_key_highbits_33x7", hand_png(src, 0), src, 0, "hand", "grey4_key")

    with open(os.path.join(OUT, "manifest.txt"), "w") as f:
        f.write("# Written by make_layout_fixtures.py; do not edit.\n")
        f.write("# name width height colorType bitDepth interlace origin group rgba16\n")
        f.write("\n".join(manifest) + "\n")
    total = sum(os.path.getsize(os.path.join(OUT, n)) for n in os.listdir(OUT))
    print(f"{len(manifest)} fixtures, {len(os.listdir(OUT))} files, {total} bytes in {OUT}")
    if total > 200_000:
        sys.exit("fixtures exceed 200 KB")


if __name__ == "__main__":
    main()
