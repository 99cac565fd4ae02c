#!/usr/bin/env python3
"""Generates Tests/LockstepTests/Resources/decimal/cases.txt, the DecimalNumber fixture.

Every expected value comes from Python's own `decimal` module, not from the Swift code:
  context prec=38, Emax=164, Emin=-91 (so Etiny = -128: nothing finer than 1e-128 is kept,
  like Foundation's exponent floor), traps on Overflow, DivisionByZero, InvalidOperation.
  Foundation's rounding modes map to: plain=ROUND_HALF_UP, down=ROUND_FLOOR, up=ROUND_CEILING,
  bankers=ROUND_HALF_EVEN. The + - * / cases use plain (Foundation's operators).
  round: NSDecimalRound(x, scale, mode) = x unchanged if it has at most `scale` fraction digits,
  else x.quantize(1e-scale, mode).

Line format (fields separated by one space; canonical decimals, see DecimalText.swift):
  add A B RESULT          RESULT is a canonical decimal, `overflow` or `divisionByZero`
  sub A B RESULT
  mul A B RESULT
  div A B RESULT
  round A SCALE MODE RESULT
  parse TEXT RESULT       RESULT is the canonical text, or `error` (TEXT never holds a space)

Deterministic: a fixed seed. Run from the repository root:
  python3 Scripts/decimal/make_cases.py > Tests/LockstepTests/Resources/decimal/cases.txt
"""
import decimal
import random
import re
from decimal import Decimal

MODES = {
    "plain": decimal.ROUND_HALF_UP,
    "down": decimal.ROUND_FLOOR,
    "up": decimal.ROUND_CEILING,
    "bankers": decimal.ROUND_HALF_EVEN,
}


def context(rounding=decimal.ROUND_HALF_UP):
    return decimal.Context(prec=38, rounding=rounding, Emax=164, Emin=-91, capitals=1, clamp=0,
                           traps=[decimal.Overflow, decimal.DivisionByZero, decimal.InvalidOperation])


def canonical(d):
    """No exponent, no trailing fraction zeros, zero (and -0) as 0."""
    if d.is_zero():
        return "0"
    text = format(d.normalize(context()), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def representable(text):
    """The operand texts must themselves be exact DecimalNumber values."""
    d = Decimal(text)
    if d.is_zero():
        return True
    t = d.normalize(decimal.Context(prec=1000, Emax=10**6, Emin=-10**6))
    sign, digits, exp = t.as_tuple()
    return len(digits) <= 38 and exp >= -128 and exp + len(digits) - 1 <= 164


rng = random.Random(17)


def digits(n):
    first = str(rng.randint(1, 9))
    return first + "".join(str(rng.randint(0, 9)) for _ in range(n - 1))


def number(kind):
    """A random operand text of one of several shapes."""
    neg = rng.random() < 0.3
    if kind == "money":
        whole = str(rng.randint(0, 99999))
        places = rng.randint(0, 6)
        text = whole + ("." + "".join(str(rng.randint(0, 9)) for _ in range(places)) if places else "")
    elif kind == "long":
        n = rng.randint(20, 38)
        point = rng.randint(1, n)
        s = digits(n)
        text = s[:point] + ("." + s[point:] if point < n else "")
    elif kind == "tiny":
        n = rng.randint(1, 38)
        zeros = rng.randint(80, 128 - n)
        text = "0." + "0" * zeros + digits(n)
    elif kind == "huge":
        n = rng.randint(1, 38)
        text = digits(n) + "0" * rng.randint(100, 165 - n)
    else:  # small integers and simple fractions
        text = str(rng.randint(0, 1000)) + rng.choice(["", ".5", ".25", ".1", ".05", ".005"])
    if text.startswith("-") or Decimal(text).is_zero():
        neg = False
    return ("-" if neg else "") + text


KINDS = ["money", "money", "long", "simple", "tiny", "huge"]


def pick():
    while True:
        t = number(rng.choice(KINDS))
        if representable(t):
            return canonical(Decimal(t))


def binary(op, a, b):
    ctx = context()
    try:
        x, y = Decimal(a), Decimal(b)
        if op == "add":
            r = ctx.add(x, y)
        elif op == "sub":
            r = ctx.subtract(x, y)
        elif op == "mul":
            r = ctx.multiply(x, y)
        else:
            if y.is_zero():
                return "divisionByZero"
            r = ctx.divide(x, y)
        return canonical(r)
    except decimal.Overflow:
        return "overflow"
    except decimal.DivisionByZero:
        return "divisionByZero"


def nsround(a, scale, mode):
    x = Decimal(a)
    if x.is_zero():
        return "0"
    exp = x.normalize(context()).as_tuple().exponent
    if -exp <= scale:
        return canonical(x)
    q = x.quantize(Decimal(1).scaleb(-scale), rounding=MODES[mode],
                   context=decimal.Context(prec=400, Emax=10**6, Emin=-10**6))
    return canonical(q)


lines = []
# Hand-picked cases first (known values quoted in the domain notes, ties, limits).
fixed_binary = [
    ("add", "0.1", "0.2"), ("div", "1", "0.92"), ("mul", "100", "0.92"), ("div", "1", "3"),
    ("div", "2", "3"), ("div", "-2", "3"), ("div", "12", "21600"), ("mul", "6.5", "1000000"),
    ("add", "99999999999999999999999999999999999999", "1"),
    ("add", "99999999999999999999999999999999999999", "0.5"),
    ("add", "99999999999999999999999999999999999999", "0.49"),
    ("sub", "1", "0.00000000000000000000000000000000000001"),
    ("sub", "1", "0.000000000000000000000000000000000000001"),
    ("add", "1" + "0" * 164, "1"), ("mul", "1" + "0" * 100, "1" + "0" * 64),
    ("mul", "1" + "0" * 100, "1" + "0" * 65), ("div", "1" + "0" * 164, "0.1"),
    ("mul", "0." + "0" * 99 + "1", "0." + "0" * 27 + "1"),
    ("mul", "0." + "0" * 99 + "5", "0." + "0" * 27 + "1"),
    ("mul", "0." + "0" * 99 + "4", "0." + "0" * 27 + "1"),
    ("div", "1", "0"), ("div", "0", "0"), ("div", "0", "5"), ("sub", "5", "5"), ("add", "-0.5", "0.5"),
]
for op, a, b in fixed_binary:
    lines.append(f"{op} {canonical(Decimal(a))} {canonical(Decimal(b))} {binary(op, canonical(Decimal(a)), canonical(Decimal(b)))}")
# 100 USD -> EUR -> USD at 0.92, as amount * (b / a).
rate_back = binary("div", "1", "0.92")
eur = binary("mul", "100", "0.92")
lines.append(f"mul {eur} {rate_back} {binary('mul', eur, rate_back)}")

for op in ["add", "sub", "mul", "div"]:
    for _ in range(70):
        a, b = pick(), pick()
        lines.append(f"{op} {a} {b} {binary(op, a, b)}")

fixed_round = ["0.0005", "0.0015", "0.0025", "-0.0005", "-0.0015", "-0.0025", "1.25", "1.35", "-1.25",
               "-1.21", "1.2", "-1.29", "0.00049", "2.5", "-2.5", "99.9995", "-99.9995", "1234.5678"]
for a in fixed_round:
    for mode in MODES:
        lines.append(f"round {canonical(Decimal(a))} 3 {mode} {nsround(a, 3, mode)}")
        lines.append(f"round {canonical(Decimal(a))} 1 {mode} {nsround(a, 1, mode)}")
for mode in MODES:
    for _ in range(40):
        a = pick()
        scale = rng.choice([0, 1, 2, 3, 6, 10, 20, -1, -2])
        lines.append(f"round {a} {scale} {mode} {nsround(a, scale, mode)}")

valid = re.compile(r"-?[0-9]+(\.[0-9]+)?\Z")
parse_texts = ["0.92", "1.50", "-0", "-0.000", "007", "100", "0.0005", "12.50", "-12.340", "0", "000.000",
               "0.92abc", "0,92", " 0.92", "0.92 ", "1e3", "NaN", "inf", "-", ".5", "1.", "+1", "1..2",
               "1.2.3", "--5", "12,50", "abc", "-.5", "0x10",
               "1" + "0" * 164, "9" * 38 + "0" * 127, "0." + "0" * 127 + "1",
               "12345678901234567890123456789012345678", "1234567890123456789012345678901234567.80",
               "1" + "0" * 165, "0." + "0" * 128 + "1", "123456789012345678901234567890123456789",
               "1.23456789012345678901234567890123456789"]
for _ in range(40):
    t = number(rng.choice(KINDS))
    if representable(t):
        # Sprinkle non-canonical spellings: leading and trailing zeros.
        if "." in t and rng.random() < 0.5:
            t += "0" * rng.randint(1, 3)
        if rng.random() < 0.3:
            t = ("-" if t.startswith("-") else "") + "00" + t.lstrip("-")
        parse_texts.append(t)
for t in parse_texts:
    if valid.match(t) and representable(t):
        result = canonical(Decimal(t))
    else:
        result = "error"
    shown = t.replace(" ", "\\s")
    lines.append(f"parse {shown} {result}")

print("# DecimalNumber cases, generated by Scripts/decimal/make_cases.py with Python's decimal")
print("# (prec=38, Emax=164, Emin=-91, plain=HALF_UP down=FLOOR up=CEILING bankers=HALF_EVEN).")
print("# In parse lines, \\s stands for a space.")
for line in lines:
    print(line)
