#!/usr/bin/env python3
"""Writes the small id-map PNG fixtures and metadata files of the paintByNumber scenarios.

Independent of the Swift code on purpose: PNGs are built with zlib + struct, ids are encoded with
the contract written out here again (R = id >> 8, G = id & 255, B = 255 outline, A = 255), so the
scenarios check the Swift decoder against a second implementation. Run from this directory.
"""
import struct
import zlib

OUT = (0, 0, 255, 255)


def px(i, swapped=False):
    hi, lo = i >> 8, i & 255
    return (lo, hi, 0, 255) if swapped else (hi, lo, 0, 255)


def png(path, rows, extra_chunks=()):
    h, w = len(rows), len(rows[0])

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in rows)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    for kind, body in extra_chunks:
        data += chunk(kind, body)
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(data)


def meta(path, palette, regions):
    lines = ["numbrush-meta 1", "palette " + " ".join(palette)]
    for k in range(0, len(regions), 16):
        lines.append("regions " + " ".join(str(c) for c in regions[k:k + 16]))
    open(path, "w").write("\n".join(lines) + "\n")


# basic: 8x8, region 1 left (colour 0), 2 top right (colour 1), 3 bottom right (colour 0).
def basic_rows():
    rows = []
    for y in range(8):
        row = []
        for x in range(8):
            if x < 3:
                row.append(px(1))
            elif x == 3 or y == 3:
                row.append(OUT)
            else:
                row.append(px(2) if y < 3 else px(3))
        rows.append(row)
    return rows


png("basic.png", basic_rows())
png("basic-srgb-tagged.png", basic_rows(), [(b"sRGB", b"\x00"), (b"gAMA", struct.pack(">I", 45455))])
meta("basic.meta", ["e53935", "1e88e5"], [0, 1, 0])
meta("basic-two-regions.meta", ["e53935", "1e88e5"], [0, 1])
meta("basic-256-colours.meta", ["%02x%02x%02x" % (k, 255 - k, 128) for k in range(256)], [0, 1, 0])
meta("basic-colour-out-of-palette.meta", ["e53935", "1e88e5"], [0, 5, 0])
bad = basic_rows()
bad[5][6] = (0, 3, 200, 255)
png("bad-b200.png", bad)
bad = basic_rows()
bad[0][0] = (0, 1, 0, 128)
png("bad-alpha.png", bad)


# intent: 64x64. Region 1 (colour 1) everywhere; region 2 (colour 0) a 5x5 square at 10..14 with a
# one-pixel outline ring; regions 3 and 4 (colour 0) 5x5 squares at x 36..40 and 48..52, y 36..40,
# each ringed, symmetric about x = 44 (a tie); region 5 (colour 2) a 20x6 bar at x 4..23, y 50..55.
def intent_rows():
    rows = [[px(1) for _ in range(64)] for _ in range(64)]

    def square(x0, y0, x1, y1, rid):
        for y in range(y0 - 1, y1 + 2):
            for x in range(x0 - 1, x1 + 2):
                inside = x0 <= x <= x1 and y0 <= y <= y1
                rows[y][x] = px(rid) if inside else OUT

    square(10, 10, 14, 14, 2)
    square(36, 36, 40, 40, 3)
    square(48, 36, 52, 40, 4)
    square(4, 50, 23, 55, 5)
    return rows


png("intent.png", intent_rows())
meta("intent.meta", ["ef6c00", "43a047", "8e24aa"], [1, 0, 0, 0, 2])


# order: 16x8, ids 1 (x 0..6), outline column 7, id 256 (x 8..15); "order-swapped" is what the
# article's early generator wrote (R = low byte): the same picture decodes as 256 left, 1 right.
def order_rows(swapped):
    return [[px(1, swapped) if x < 7 else (OUT if x == 7 else px(256, swapped)) for x in range(16)] for _ in range(8)]


png("order.png", order_rows(False))
png("order-swapped.png", order_rows(True))
meta("order.meta", ["d81b60", "00897b"], [0] + [0] * 254 + [1])


# wheel: 48x48, a disc cut into eight wedges (outlines on the axes and diagonals) on a background of
# id 0 with B = 0, for the render scenarios (shader modes).
def wheel_rows():
    rows = []
    for y in range(48):
        row = []
        for x in range(48):
            dx, dy = x - 23.5, y - 23.5
            r2 = dx * dx + dy * dy
            if r2 > 22 * 22:
                row.append(px(0))            # background (id 0, B = 0)
            elif r2 > 21 * 21:
                row.append(OUT)
            else:
                # wedge by quadrant and slope (no trig)
                if abs(dy) <= 0.5 or abs(dx) <= 0.5 or abs(abs(dx) - abs(dy)) <= 0.5:
                    row.append(OUT)
                else:
                    quadrant = (0 if dx > 0 else 1) + (0 if dy < 0 else 2)
                    row.append(px(1 + quadrant * 2 + (1 if abs(dy) > abs(dx) else 0)))
        rows.append(row)
    return rows


png("wheel.png", wheel_rows())
meta("wheel.meta", ["e53935", "fdd835", "1e88e5"], [0, 1, 2, 0, 1, 2, 0, 1])
