#!/usr/bin/env python3
"""Generate the rounding vectors that LocaleTests checks NumberText.rounded against.

    python3 Scripts/locale/rounding_vectors.py     # from the repository root (or any folder)

writes Tests/PlatformTests/Resources/locale-rounding.txt, one case a line, tab-separated:

    input   mode   kind   n   expected

input is a decimal in the formatter's input syntax (plain or with an exponent); mode is halfEven,
halfUp (ties away from zero) or halfDown (ties toward zero); kind is `f` (round to n fraction
digits) or `s` (round to n significant digits); expected is the result as canonical text (no
exponent, no trailing fraction zeros, no "-0"). The values come from Python's `decimal` module
(ROUND_HALF_EVEN, ROUND_HALF_UP, ROUND_HALF_DOWN), an independent exact implementation. Standard
library only; a fixed seed, so running it twice gives the same bytes.
"""
import decimal
import os
import random

MODES = {"halfEven": decimal.ROUND_HALF_EVEN, "halfUp": decimal.ROUND_HALF_UP, "halfDown": decimal.ROUND_HALF_DOWN}


def canonical(d: decimal.Decimal) -> str:
    if d.is_zero():
        return "0"
    text = format(d, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def fixed(x: decimal.Decimal, places: int, mode) -> decimal.Decimal:
    with decimal.localcontext(decimal.Context(prec=1000, rounding=mode)):
        return x.quantize(decimal.Decimal(1).scaleb(-places))


def significant(x: decimal.Decimal, digits: int, mode) -> decimal.Decimal:
    with decimal.localcontext(decimal.Context(prec=digits, rounding=mode, Emax=10**6, Emin=-10**6)):
        return +x


def main() -> None:
    rng = random.Random(17)
    inputs = ["0.0005", "0.0015", "0.0025", "-0.0025", "0.0035", "2.5", "-2.5", "3.5", "0.5", "-0.5",
              "1234.5678", "99.9995", "999999.5", "-999.9995", "0.00049999", "100", "0", "1.5e-7",
              "1.2345e3", "-7.25e-2", "123.456", "0.333333333333333314829616256247390992939472198486328125",
              "26.218757456454306", "62.427962033560895", "8.046719999999999", "49.999999999999986",
              "1234567.89", "0.0000123", "12300000", "99.99999999999999999999999999999999999996"]
    for _ in range(150):
        digits = rng.randint(1, 24)
        mantissa = "".join(rng.choice("0123456789") for _ in range(digits)).lstrip("0") or "0"
        if rng.random() < 0.3:
            mantissa = mantissa[:-1] + "5" if len(mantissa) > 1 else "5"
        point = rng.randint(0, len(mantissa))
        text = mantissa[:point] + ("." + mantissa[point:] if point < len(mantissa) else "")
        text = text if not text.startswith(".") else "0" + text
        if rng.random() < 0.3:
            text = "-" + text
        if rng.random() < 0.15:
            text += "e" + str(rng.randint(-12, 12))
        inputs.append(text)
    lines = []
    for text in inputs:
        x = decimal.Decimal(text)
        for mode_name, mode in MODES.items():
            for places in (0, 1, 2, 3, 6):
                lines.append(f"{text}\t{mode_name}\tf\t{places}\t{canonical(fixed(x, places, mode))}")
            for digits in (1, 3, 6):
                lines.append(f"{text}\t{mode_name}\ts\t{digits}\t{canonical(significant(x, digits, mode))}")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = os.path.join(root, "Tests", "PlatformTests", "Resources", "locale-rounding.txt")
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("# input\tmode\tkind\tn\texpected   (Scripts/locale/rounding_vectors.py, Python decimal)\n")
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
