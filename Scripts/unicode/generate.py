#!/usr/bin/env python3
"""Generate Lockstep's Unicode tables and their test vectors from one pinned Unicode version.

    python3 Scripts/unicode/generate.py        # from the repository root (or any folder)

writes
    Sources/Platform/Text/UnicodeTables.swift             the tables UnicodeNormalization and
                                                          SearchFolding look up (binary search)
    Tests/PlatformTests/Resources/unicode-vectors.txt     input, NFC, NFD and folded forms that
                                                          UnicodeTextTests compares against

Why pinned: Swift's String comparison and Foundation's folding use the toolchain's own Unicode
tables, so a compiler upgrade could change a trace. Lockstep's tables are data in the repository,
taken from exactly one Unicode version: the `unicodedata` module of the Python that runs this script.
The script refuses to run unless `unicodedata.unidata_version` is PINNED (CPython 3.11 ships 14.0.0).
Moving the pin is a deliberate change: run this with a Python whose unicodedata has the new version,
change PINNED, regenerate, review the diff of both files (goldens that fold or normalise text may
move too) and say so in the CHANGELOG. Standard library only; the output depends on nothing but the
Unicode data and the fixed seed below, so running it twice gives the same bytes.

Tables (all sorted by code point, all ranges inclusive):
  - canonical combining class, non-zero only, as ranges of one class;
  - canonical decompositions, one level, without Hangul syllables (those are algorithmic, in Swift);
  - primary composites: every code point with a two-code-point canonical decomposition whose NFC is
    itself, which leaves out the composition exclusions, singletons and non-starter decompositions;
  - full case folding, chr(cp).casefold() where it differs from chr(cp) (one to three scalars);
  - the marks that search folding strips: General_Category Mn and Me, not Mc;
  - General_Category letters (Lu Ll Lt Lm Lo), numbers (Nd Nl No) and marks (Mn Mc Me), as
    maximal ranges, for UnicodeProperties (isLetter, isNumber, isMark);
  - the lowercase mapping, chr(cp).lower() where it differs from chr(cp): the simple mapping of
    UnicodeData.txt plus SpecialCasing's one unconditional lowercase entry (U+0130 to i + U+0307);
    no context (Final_Sigma) and no locale rules, one to three scalars.

The folded form of a vector is NFC(casefold(strip(NFD(s)))): NFD, drop the Mn and Me scalars,
full case folding of each scalar, then NFC.
"""
import os
import random
import sys
import unicodedata

PINNED = "14.0.0"

if unicodedata.unidata_version != PINNED:
    sys.exit(f"generate.py: unicodedata is Unicode {unicodedata.unidata_version}, but the tables are "
             f"pinned to {PINNED}; run it with CPython 3.11, or move the pin deliberately (see the docstring)")

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SWIFT_OUT = os.path.join(ROOT, "Sources", "Platform", "Text", "UnicodeTables.swift")
VECTORS_OUT = os.path.join(ROOT, "Tests", "PlatformTests", "Resources", "unicode-vectors.txt")
COMMAND = "python3 Scripts/unicode/generate.py"
MAX_CP = 0x10FFFF
STRIPPED_CATEGORIES = ("Mn", "Me")
RANDOM_LINES = 2000


def scalars():
    """Every Unicode scalar value (no surrogates), ascending."""
    for cp in range(MAX_CP + 1):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        yield cp


def is_hangul_syllable(cp):
    return 0xAC00 <= cp <= 0xD7A3


# ---------------------------------------------------------------- the tables

def combining_class_ranges():
    """[(first, last, ccc)] for the non-zero classes, maximal runs of one class."""
    ranges = []
    for cp in scalars():
        ccc = unicodedata.combining(chr(cp))
        if ccc == 0:
            continue
        if ranges and ranges[-1][1] == cp - 1 and ranges[-1][2] == ccc:
            ranges[-1] = (ranges[-1][0], cp, ccc)
        else:
            ranges.append((cp, cp, ccc))
    return ranges


def canonical_decompositions():
    """[(cp, [parts])]: one level of canonical decomposition, Hangul syllables left out."""
    out = []
    for cp in scalars():
        d = unicodedata.decomposition(chr(cp))
        if not d or d.startswith("<"):
            continue
        assert not is_hangul_syllable(cp)
        parts = [int(p, 16) for p in d.split()]
        assert 1 <= len(parts) <= 2, (hex(cp), parts)
        out.append((cp, parts))
    return out


def primary_composites(decompositions):
    """[(first, second, composite)], sorted by (first, second)."""
    out = []
    for cp, parts in decompositions:
        if len(parts) == 2 and unicodedata.normalize("NFC", chr(cp)) == chr(cp):
            out.append((parts[0], parts[1], cp))
    out.sort()
    keys = [(a, b) for a, b, _ in out]
    assert len(set(keys)) == len(keys)
    return out


def case_foldings():
    """[(cp, [folded scalars])] where the full case folding differs from the scalar itself."""
    out = []
    for cp in scalars():
        folded = chr(cp).casefold()
        if folded != chr(cp):
            parts = [ord(c) for c in folded]
            assert 1 <= len(parts) <= 3, (hex(cp), parts)
            out.append((cp, parts))
    return out


def stripped_mark_ranges():
    """[(first, last)]: maximal runs of General_Category Mn or Me."""
    ranges = []
    for cp in scalars():
        if unicodedata.category(chr(cp)) not in STRIPPED_CATEGORIES:
            continue
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1] = (ranges[-1][0], cp)
        else:
            ranges.append((cp, cp))
    return ranges


LETTER_CATEGORIES = ("Lu", "Ll", "Lt", "Lm", "Lo")
NUMBER_CATEGORIES = ("Nd", "Nl", "No")
MARK_CATEGORIES = ("Mn", "Mc", "Me")


def category_ranges(categories):
    """[(first, last)]: maximal runs of scalars whose General_Category is one of `categories`."""
    ranges = []
    for cp in scalars():
        if unicodedata.category(chr(cp)) not in categories:
            continue
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1] = (ranges[-1][0], cp)
        else:
            ranges.append((cp, cp))
    return ranges


def lowercase_mappings():
    """[(cp, [lowercase scalars])] where the context-free lowercase mapping differs from the scalar.
    For one scalar alone, str.lower() is the simple mapping except where SpecialCasing.txt has an
    unconditional entry (only U+0130); Final_Sigma needs a preceding cased letter, so a lone capital
    sigma maps to U+03C3."""
    out = []
    for cp in scalars():
        lowered = chr(cp).lower()
        if lowered != chr(cp):
            parts = [ord(c) for c in lowered]
            assert 1 <= len(parts) <= 3, (hex(cp), parts)
            out.append((cp, parts))
    return out


def nfc_quick_limit(composites):
    """The largest n such that a string of scalars below n is its own NFC (and NFD check below it):
    each is a starter that is its own NFC, and none is the second of a composition pair."""
    smallest_second = min(b for _, b, _ in composites)
    n = 0
    while n < smallest_second and unicodedata.combining(chr(n)) == 0 \
            and unicodedata.normalize("NFC", chr(n)) == chr(n):
        n += 1
    return n


def nfd_quick_limit():
    """The largest n such that every scalar below n is a starter without a decomposition."""
    n = 0
    while unicodedata.combining(chr(n)) == 0 and unicodedata.normalize("NFD", chr(n)) == chr(n):
        n += 1
    return n


# ---------------------------------------------------------------- Swift output

def hex_literal(v):
    return f"0x{v:X}"


def swift_array(name, element_type, values, doc, per_line=8):
    lines = [f"    /// {line}" if line else "    ///" for line in doc]
    lines.append(f"    static let {name}: [{element_type}] = [")
    for i in range(0, len(values), per_line):
        lines.append("        " + ", ".join(hex_literal(v) for v in values[i:i + per_line]) + ",")
    lines.append("    ]")
    return "\n".join(lines)


def pack3(parts):
    """Up to three scalars in one UInt64, 21 bits each, first in the low bits, 0 for none."""
    v = 0
    for i, p in enumerate(parts):
        assert 0 < p <= MAX_CP
        v |= p << (21 * i)
    return v


def flat_ranges(ranges):
    flat = []
    for first, last in ranges:
        flat += [first, last]
    return flat


def write_swift(ccc, decomps, composites, folds, marks, nfc_limit, nfd_limit, letters, numbers, all_marks, lowers):
    ccc_flat = []
    for first, last, c in ccc:
        ccc_flat += [first << 8 | c, last]
    marks_flat = []
    for first, last in marks:
        marks_flat += [first, last]
    body = [
        "// GENERATED by Scripts/unicode/generate.py from Unicode " + PINNED + " (Python's unicodedata).",
        "// Do not edit: regenerate with `" + COMMAND + "` from the repository root.",
        "// The pin, the derivation of each table and how to move the version: the script's docstring",
        "// and docs/platform.md, \"Unicode: normalisation and search folding\".",
        "",
        "/// Lockstep's own Unicode data, so normalisation and folding never depend on the toolchain's.",
        "/// Every table is sorted by code point and searched by binary search (UnicodeLookup).",
        "public enum UnicodeTables {",
        "    /// The Unicode version every table below was taken from.",
        f"    public static let version = \"{PINNED}\"",
        "",
        "    /// Scalars below this value are starters that are their own NFC, and none of them is the",
        "    /// second half of a composition pair, so text made only of them is already NFC.",
        f"    static let nfcQuickCheckBelow: UInt32 = {hex_literal(nfc_limit)}",
        "",
        "    /// Scalars below this value are starters without a decomposition: text made only of them is",
        "    /// already NFD.",
        f"    static let nfdQuickCheckBelow: UInt32 = {hex_literal(nfd_limit)}",
        "",
        swift_array("combiningClassRanges", "UInt32", ccc_flat, [
            f"Canonical combining classes other than 0, {len(ccc)} ranges as pairs of words:",
            "`first << 8 | class`, then `last` (inclusive). A scalar in no range has class 0.",
        ], per_line=8),
        "",
        swift_array("decompositionKeys", "UInt32", [cp for cp, _ in decomps], [
            f"The {len(decomps)} scalars with a canonical decomposition (Hangul syllables are computed);",
            "`decompositionValues` holds each one's mapping at the same index.",
        ], per_line=10),
        "",
        swift_array("decompositionValues", "UInt64", [pack3(p) for _, p in decomps], [
            "One level of canonical decomposition of `decompositionKeys[i]`: one or two scalars, 21",
            "bits each, the first in the low bits, 0 where there is no second.",
        ], per_line=6),
        "",
        swift_array("compositionKeys", "UInt64", [a << 21 | b for a, b, _ in composites], [
            f"The {len(composites)} canonical composition pairs, `first << 21 | second`, ascending;",
            "`compositionValues` holds the primary composite at the same index. Derived as the scalars",
            "with a two-scalar canonical decomposition whose NFC is themselves, so composition",
            "exclusions, singletons and non-starter decompositions are not here.",
        ], per_line=6),
        "",
        swift_array("compositionValues", "UInt32", [c for _, _, c in composites], [
            "The primary composite of `compositionKeys[i]`.",
        ], per_line=10),
        "",
        swift_array("caseFoldingKeys", "UInt32", [cp for cp, _ in folds], [
            f"The {len(folds)} scalars whose full case folding is not themselves; `caseFoldingValues`",
            "holds each one's folding at the same index.",
        ], per_line=10),
        "",
        swift_array("caseFoldingValues", "UInt64", [pack3(p) for _, p in folds], [
            "Full case folding (CaseFolding.txt statuses C and F) of `caseFoldingKeys[i]`: one to",
            "three scalars, 21 bits each, the first in the low bits, 0 for none.",
        ], per_line=6),
        "",
        swift_array("strippedMarkRanges", "UInt32", marks_flat, [
            f"General_Category Mn and Me, {len(marks)} ranges as pairs `first`, `last` (inclusive): the",
            "marks search folding drops after NFD. Mc (spacing marks) are kept: in Indic scripts they",
            "are vowel signs that change the word, not accents on it.",
        ], per_line=8),
        "",
        swift_array("letterRanges", "UInt32", flat_ranges(letters), [
            f"General_Category L* (Lu Ll Lt Lm Lo), {len(letters)} ranges as pairs `first`, `last`",
            "(inclusive): UnicodeProperties.isLetter.",
        ], per_line=8),
        "",
        swift_array("numberRanges", "UInt32", flat_ranges(numbers), [
            f"General_Category N* (Nd Nl No), {len(numbers)} ranges as pairs `first`, `last` (inclusive):",
            "UnicodeProperties.isNumber.",
        ], per_line=8),
        "",
        swift_array("markRanges", "UInt32", flat_ranges(all_marks), [
            f"General_Category M* (Mn Mc Me), {len(all_marks)} ranges as pairs `first`, `last`",
            "(inclusive): UnicodeProperties.isMark.",
        ], per_line=8),
        "",
        swift_array("lowercaseKeys", "UInt32", [cp for cp, _ in lowers], [
            f"The {len(lowers)} scalars whose lowercase mapping is not themselves; `lowercaseValues`",
            "holds each one's mapping at the same index.",
        ], per_line=10),
        "",
        swift_array("lowercaseValues", "UInt64", [pack3(p) for _, p in lowers], [
            "The context-free lowercase mapping of `lowercaseKeys[i]` (UnicodeData.txt's simple",
            "mapping, and SpecialCasing.txt's unconditional U+0130 → U+0069 U+0307): one to three",
            "scalars, 21 bits each, the first in the low bits, 0 for none.",
        ], per_line=6),
        "}",
        "",
    ]
    os.makedirs(os.path.dirname(SWIFT_OUT), exist_ok=True)
    with open(SWIFT_OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(body))


# ---------------------------------------------------------------- vectors

def folded(s):
    nfd = unicodedata.normalize("NFD", s)
    kept = "".join(c for c in nfd if unicodedata.category(c) not in STRIPPED_CATEGORIES)
    return unicodedata.normalize("NFC", kept.casefold())


def hexes(s):
    return " ".join(f"{ord(c):04X}" for c in s)


def pool(*ranges):
    out = []
    for r in ranges:
        if isinstance(r, tuple):
            out += [cp for cp in range(r[0], r[1] + 1) if unicodedata.category(chr(cp)) != "Cn"]
        else:
            out.append(r)
    return out


POOLS = {
    "latin": pool((0x41, 0x5A), (0x61, 0x7A), (0xC0, 0xFF), (0x100, 0x17F), (0x180, 0x24F), 0x1E9E, 0x130, 0x131),
    "marks": pool((0x300, 0x36F), 0x1DC0, 0x1DC4, 0x1DCE, 0x20D0, 0x20DD, 0x20E3, 0x302A, 0x302E, 0x3099, 0x309A,
                  0x0591, 0x05B0, 0x05BF, 0x093C, 0x094D, 0x0951, 0x0F71, 0x0F72, 0x0F74, 0x0F80, 0x1AB0, 0xFE20),
    "hangulL": pool((0x1100, 0x1112)),
    "hangulV": pool((0x1161, 0x1175)),
    "hangulT": pool((0x11A8, 0x11C2)),
    "hangulS": pool((0xAC00, 0xD7A3)),
    "greek": pool((0x370, 0x3FF), (0x1F00, 0x1FFF)),
    "cyrillic": pool((0x400, 0x4FF)),
    "vietnamese": pool((0x1EA0, 0x1EF9), 0x1AF, 0x1B0, 0x1A0, 0x1A1, 0x102, 0x103, 0x110, 0x111),
    "cjk": pool((0x4E00, 0x4E80), (0x3041, 0x3096), (0x30A1, 0x30FA), (0xF900, 0xF920), (0x2F800, 0x2F810)),
    "other": pool(0x915, 0x93E, 0x940, 0x958, 0x95F, 0xB47, 0xB3E, 0xB56, 0xB57, 0xBC6, 0xBBE, 0xFB01, 0xFB03,
                  0x212B, 0x2126, 0x212A, 0x1D15E, 0x1D165, 0x1D16E, 0x10400, 0x10428, 0x13A0, 0xAB70, 0x149,
                  0x1F0, 0x3C2, 0x345, 0x20, 0x2D, 0x1F600, 0x1F3FB, 0x200D, 0xFF21, 0x2460),
}
EDGE_CASES = [
    "\u0344", "\u0F73", "\u1E9B\u0323", "\u212B", "\u0958", "A\u030A", "\u00C5", "\u0958\u093C",
    "\u0915\u093C", "\u1100\u1161\u11AB", "\uD55C", "\uAC00\u11A8", "\u1100\u1161\u0301\u11A8",
    "e\u0301\u0323", "e\u0323\u0301", "\u0041\u0328\u0301\u0328", "\u0F71\u0F72\u0F74", "Stra\u00DFe",
    "\uFB01", "p\u00EDcker", "pi\u0301cker", "\u0130stanbul", "\u03A3\u03BF\u03C6\u03AF\u03B1\u03C2",
    "\u1FB3\u0345", "\u0301a", "\u0301", "\u0301\u0300", "\u0B47\u0B3E", "\u0B47\u0300\u0B3E",
    "\u304B\u3099", "\u1D15F\u1D165", "\U0001D15E", "Date Picker", "\u1EC7", "\u0065\u0302\u0323",
]


def random_string(rng):
    kinds = list(POOLS)
    out = []
    for _ in range(rng.randint(1, 6)):
        kind = rng.choice(kinds)
        if kind == "hangulL" and rng.random() < 0.7:
            out += [rng.choice(POOLS["hangulL"]), rng.choice(POOLS["hangulV"])]
            if rng.random() < 0.5:
                out.append(rng.choice(POOLS["hangulT"]))
            continue
        out.append(rng.choice(POOLS[kind]))
        # Marks after a base, several and in random order, to exercise canonical ordering.
        if kind != "marks" and rng.random() < 0.35:
            marks = [rng.choice(POOLS["marks"]) for _ in range(rng.randint(1, 4))]
            rng.shuffle(marks)
            out += marks
    return "".join(chr(c) for c in out)


def coverage_strings(ccc, decomps, composites, folds, marks):
    """Every code point the tables name, ten to a line in code point order (so neighbours also
    interact: marks after decomposable letters, jamo after jamo)."""
    cps = set()
    for first, last, _ in ccc:
        cps.update(range(first, last + 1))
    for cp, parts in decomps:
        cps.add(cp)
        cps.update(parts)
    for a, b, c in composites:
        cps.update((a, b, c))
    for cp, _ in folds:
        cps.add(cp)
    for first, last in marks:
        cps.update(range(first, last + 1))
    ordered = sorted(cps)
    return ["".join(chr(c) for c in ordered[i:i + 10]) for i in range(0, len(ordered), 10)]


def write_vectors(coverage):
    rng = random.Random(15)
    inputs = list(EDGE_CASES) + [random_string(rng) for _ in range(RANDOM_LINES)] + coverage
    lines = [
        f"# GENERATED by Scripts/unicode/generate.py from Unicode {PINNED} (Python's unicodedata); do not edit.",
        "# input<TAB>nfc<TAB>nfd<TAB>folded, each a sequence of hex scalars separated by spaces (empty: none).",
        "# folded = NFC(full case folding(drop General_Category Mn and Me(NFD(input)))).",
        f"# Edge cases, then {RANDOM_LINES} random strings (random.Random(15)), then every code point the tables name.",
    ]
    for s in inputs:
        nfc = unicodedata.normalize("NFC", s)
        nfd = unicodedata.normalize("NFD", s)
        lines.append("\t".join([hexes(s), hexes(nfc), hexes(nfd), hexes(folded(s))]))
    os.makedirs(os.path.dirname(VECTORS_OUT), exist_ok=True)
    with open(VECTORS_OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    return len(inputs)


def main():
    ccc = combining_class_ranges()
    decomps = canonical_decompositions()
    composites = primary_composites(decomps)
    folds = case_foldings()
    marks = stripped_mark_ranges()
    nfc_limit = nfc_quick_limit(composites)
    nfd_limit = nfd_quick_limit()
    letters = category_ranges(LETTER_CATEGORIES)
    numbers = category_ranges(NUMBER_CATEGORIES)
    all_marks = category_ranges(MARK_CATEGORIES)
    lowers = lowercase_mappings()
    write_swift(ccc, decomps, composites, folds, marks, nfc_limit, nfd_limit, letters, numbers, all_marks, lowers)
    count = write_vectors(coverage_strings(ccc, decomps, composites, folds, marks))
    print(f"Unicode {PINNED}: {len(ccc)} combining-class ranges, {len(decomps)} decompositions, "
          f"{len(composites)} composition pairs, {len(folds)} case foldings, {len(marks)} stripped-mark ranges, "
          f"{len(letters)} letter, {len(numbers)} number and {len(all_marks)} mark ranges, {len(lowers)} lowercase mappings; "
          f"NFC quick check below U+{nfc_limit:04X}, NFD below U+{nfd_limit:04X}")
    print(f"wrote {os.path.relpath(SWIFT_OUT, ROOT)} ({os.path.getsize(SWIFT_OUT)} bytes) and "
          f"{os.path.relpath(VECTORS_OUT, ROOT)} ({count} lines, {os.path.getsize(VECTORS_OUT)} bytes)")


if __name__ == "__main__":
    main()
