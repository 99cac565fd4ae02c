#!/usr/bin/env python3
"""Generate the DetMath reference tables with mpmath (dev-time only; CI never runs this).

    pip install mpmath
    python3 make_golden.py            # rewrites golden.txt and reference.txt next to this file
    python3 make_golden.py --unpin exp exp2   # also drop the pins of these functions (after a
                                              # deliberate change to them), to be re-pinned below
    DETMATH_PIN_GOLDEN=1 swift test --filter DetMathGolden   # fills in pins for new rows

golden.txt: one row per (function, input): the input bit pattern(s), the correctly rounded
result computed with mpmath at 320 bits, and the pinned DetMath result bits. Pins of rows
that already exist are kept verbatim; new rows get the placeholder "-" until pinned by the
Swift test above (which only ever fills placeholders, so a pin never moves silently).

reference.txt: random inputs for the Double functions with the exact result as a
double-double (hi = correctly rounded, lo = rounded remainder), so the tests can measure
DetMath's error in fractional ulps against an independent reference.

Everything is deterministic: fixed input lists plus random.Random with fixed seeds.
"""
import math
import os
import random
import struct
from fractions import Fraction

import mpmath

mpmath.mp.prec = 320
HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- exact rounding helpers

def to_fraction(v):
    """Exact rational value of an mpf."""
    man, exp = mpmath.mpf(v).man_exp
    return Fraction(man) * (Fraction(2) ** exp)


def round_binary(v, p, emin, emax):
    """Round the mpf v to nearest-even in a binary format with p-bit significands, subnormal
    exponent emin (weight of the least subnormal bit) and overflow at 2^emax. Returns a Python
    float (exact for binary32/binary64 values) or +-inf."""
    if mpmath.isinf(v):
        return math.copysign(math.inf, v)
    if v == 0:
        return 0.0
    sign = -1 if v < 0 else 1
    f = abs(to_fraction(v))
    e = f.numerator.bit_length() - f.denominator.bit_length()
    if Fraction(2) ** e > f:
        e -= 1
    q = max(e - (p - 1), emin)                  # weight of the last significand bit
    scaled = f / (Fraction(2) ** q)
    m = scaled.numerator // scaled.denominator
    rem = scaled - m
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and m % 2 == 1):
        m += 1
    r = Fraction(m) * (Fraction(2) ** q)
    if r >= Fraction(2) ** emax:
        return sign * math.inf
    return sign * float(r)


def rd(v):
    return round_binary(v, 53, -1074, 1024)


def rf(v):
    return round_binary(v, 24, -149, 128)


def dbits(x):
    return '%016X' % struct.unpack('>Q', struct.pack('>d', x))[0]


def fbits(x):
    return '%08X' % struct.unpack('>I', struct.pack('>f', x))[0]


def as_f32(x):
    return struct.unpack('>f', struct.pack('>f', x))[0]


# ---------------------------------------------------------------- the functions

M = mpmath.mpf
FUNCS = {
    'sin': lambda x: mpmath.sin(M(x)),
    'cos': lambda x: mpmath.cos(M(x)),
    'tan': lambda x: mpmath.tan(M(x)),
    'asin': lambda x: mpmath.asin(M(x)),
    'acos': lambda x: mpmath.acos(M(x)),
    'atan': lambda x: mpmath.atan(M(x)),
    'exp': lambda x: mpmath.exp(M(x)),
    'exp2': lambda x: mpmath.power(2, M(x)),
    'log': lambda x: mpmath.log(M(x)),
    'log2': lambda x: mpmath.log(M(x), 2),
    'log10': lambda x: mpmath.log10(M(x)),
    'sqrt': lambda x: mpmath.sqrt(M(x)),
    'atan2': lambda y, x: mpmath.atan2(M(y), M(x)),
    'pow': lambda x, y: mpmath.power(M(x), M(y)),
    'hypot': lambda x, y: mpmath.hypot(M(x), M(y)),
}

PI = math.pi
HARD_TRIG = 6381956970095103 * 2.0 ** 797     # the double closest to a multiple of pi/2
TRIG = [1.0, -1.0, 0.5, 1e-8, -3e-300, 5e-324, PI / 4, PI / 2, PI, -PI, 3 * PI / 2, 2 * PI,
        10.0, 100.0, -1000.5, 22.0, 355.0, 1e5, 1e6, -1.6e6, 1647099.3291652855, 2.0 ** 20 * PI,
        1e10, -1e15, 1e22, 2.0 ** 60, 1e100, -1e200, 1e300, HARD_TRIG, 1.7976931348623157e308]
UNIT = [0.0625, -0.1, 0.25, 0.3, 0.4999999999999999, 0.5, -0.5, 0.7, 0.9, 0.975, 0.98,
        -0.99999, 1.0 - 2.0 ** -53, 1.0, -1.0, 1e-9, 2.0 ** -27, 1e-300, 5e-324, 0.70710678118654757]
ATAN = [0.1, -0.3, 0.4375, 0.5, 0.6875, 1.0, -1.0, 1.1875, 1.5, 2.4375, 3.0, -10.0, 1e3, 1e10,
        2.0 ** 66, -1e300, 1e-9, 2.0 ** -28, 5e-324, 0.99999999, 1.7976931348623157e308]
EXP = [1.0, -1.0, 0.5, 1e-10, -1e-300, 0.34657359027997264, 0.6931471805599453, 2.0, 10.0, -10.0,
       100.0, -100.0, 700.0, 709.0, 709.782712893384, -708.3964185322641, -709.0, -720.5,
       -740.0, -745.0, -745.1332191019411, 710.0, 1e-5, 3.3]
EXP2 = [0.5, -0.5, 1.0, 3.0, 0.1, -0.1, 1e-10, 10.5, 52.25, 100.3, -100.3, 1023.0, 1023.999,
        1024.0, -1022.0, -1022.5, -1050.7, -1074.0, -1074.5, -1075.0, -1076.0, 0.7, 1e-300]
LOG = [0.5, 2.0, 10.0, 1e-10, 1e10, 1e300, 1.7976931348623157e308, 2.2250738585072014e-308,
       1e-310, 5e-324, 0.9999999999999999, 1.0000000000000002, 1.01, 0.99, 0.7071067811865476,
       1.4142135623730951, 3.0, 1000.0, 1e-5, 123456.789, 100.0, 0.1, 2.0 ** 100, 2.0 ** -1070]
SQRT = [2.0, 3.0, 0.5, 1e-300, 5e-324, 1e-310, 1.7976931348623157e308, 10.0, 0.1,
        1.0000000000000002, 0.9999999999999999, 4.0, 1e100, 123456789.0]
ATAN2 = [(1.0, 2.0), (1.0, -2.0), (-1.0, -2.0), (-1.0, 2.0), (3.0, 1e-10), (1e-10, 3.0),
         (1e-10, -3.0), (2.0, 2.0), (-5.0, 5.0), (1e300, 1e-300), (1e-300, 1e300),
         (5e-324, 1.0), (5e-324, 5e-324), (1e308, 1e308), (0.5, 0.8660254037844386),
         (7.720691753518974, -1.6368938721607833), (-1e-200, -3e-200), (123.0, -456.0)]
POW = [(2.0, 0.5), (2.0, 10.0), (2.0, -1074.0), (2.0, 1023.0), (10.0, 22.0), (10.0, -5.0),
       (-2.0, 3.0), (-2.0, -3.0), (-2.0, 4.0), (-3.0, 41.0), (0.5, 1075.0), (0.5, 1074.0),
       (1.0000000000000002, 1e15), (0.9999999999999999, 1e16), (0.9999998301753344, 3841004848.1532555),
       (1.5, 1700.0), (1.1, -7000.0), (3.0, 0.333), (1e-300, 1.01), (5e-324, 0.5), (5e-324, 0.25),
       (1e300, 1.02), (2.5, 2.5), (7.0, -0.75), (0.1, 0.1), (123.456, 78.9), (-0.5, -1075.0),
       (2.718281828459045, 709.7), (1.0000001, 7e9), (8.0, 1.0 / 3.0)]
HYPOT = [(3.0, 4.0), (1.0, 1.0), (1e300, 1e300), (1e-300, 1e-300), (5e-324, 5e-324), (1.0, 1e-20),
         (-2.0, 3.0), (1.7976931348623157e308, 1.7976931348623157e308), (0.1, 0.2), (1e200, 1e-200)]

DOUBLE_INPUTS = {
    'sin': TRIG, 'cos': TRIG, 'tan': TRIG, 'asin': UNIT, 'acos': UNIT, 'atan': ATAN,
    'exp': EXP, 'exp2': EXP2, 'log': LOG, 'log2': LOG, 'log10': LOG, 'sqrt': SQRT,
    'atan2': ATAN2, 'pow': POW, 'hypot': HYPOT,
}


def float_inputs(name, values):
    """Float rows: the same inputs where they fit in binary32, plus Float-range extremes."""
    extra = {
        'sin': [3.4028235e38, 1e-45, 25000.0, 1.0e20, 4.7123890],
        'cos': [3.4028235e38, 1e-45, 25000.0, 1.0e20, 4.7123890],
        'tan': [3.4028235e38, 1e-45, 25000.0, 1.0e20, 1.5707963],
        'exp': [88.72, 88.7228, -87.3, -103.97, -104.0, 20.5],
        'exp2': [127.5, 128.0, -126.0, -149.0, -149.5, -150.0],
        'log': [1e-45, 1e-40, 3.4028235e38], 'log2': [1e-45, 1e-40, 3.4028235e38],
        'log10': [1e-45, 1e-40, 3.4028235e38, 1.7729064],
        'sqrt': [1e-45, 3.4028235e38], 'asin': [0.99999994], 'acos': [0.99999994],
        'atan': [3.4028235e38, 1e-45],
        'atan2': [(1e-45, 1.0), (3.4028235e38, 1e-45)],
        'pow': [(2.0, 127.0), (2.0, -149.0), (0.5, 150.0), (1.0000001, 1e9), (-3.0, 21.0)],
        'hypot': [(3.4028235e38, 3.4028235e38), (1e-45, 1e-45)],
    }[name]
    out = []
    for v in list(values) + extra:
        t = v if isinstance(v, tuple) else (v,)
        if any(abs(a) > 3.4028234663852886e38 for a in t):
            continue
        c = tuple(as_f32(a) for a in t)
        if 0.0 in c:
            continue                              # zeros (and their signs) are special-value tests
        if c not in out:
            out.append(c)
    return out


def exact(name, args):
    v = FUNCS[name](*args)
    if isinstance(v, mpmath.mpc):
        return None
    return v


def load_pins(path):
    pins = {}
    if not os.path.exists(path):
        return pins
    with open(path) as f:
        for line in f:
            line = line.split('#')[0].split()
            if not line:
                continue
            pins[tuple(line[:-1])] = line[-1]       # (name, inputs..., correctly rounded)
    return pins


def golden_rows():
    rows = []
    for name, values in DOUBLE_INPUTS.items():
        for v in values:
            args = v if isinstance(v, tuple) else (v,)
            r = exact(name, args)
            if r is None:
                continue
            key = (name,) + tuple(dbits(a) for a in args)
            rows.append((key, dbits(rd(r)), ', '.join(repr(a) for a in args)))
        for args in float_inputs(name, values):
            r = exact(name, args)
            if r is None:
                continue
            key = (name + 'f',) + tuple(fbits(a) for a in args)
            rows.append((key, fbits(rf(r)), ', '.join(repr(a) for a in args)))
    return rows


def write_golden(unpin=()):
    path = os.path.join(HERE, 'golden.txt')
    pins = {k: v for k, v in load_pins(path).items() if k[0] not in unpin}
    with open(path, 'w') as f:
        f.write('# DetMath golden values, generated by make_golden.py (mpmath at 320 bits).\n')
        f.write('# function input-bits... correctly-rounded-bits pinned-DetMath-bits  # decimal inputs\n')
        f.write('# Names ending in f are the Float overloads (32-bit patterns). "-" = not yet pinned.\n')
        for key, cr, comment in golden_rows():
            pin = pins.get(key + (cr,), '-')
            f.write('%s %s %s  # %s\n' % (' '.join(key), cr, pin, comment))


# ---------------------------------------------------------------- random reference set

def random_inputs(name, rng, n):
    def lu(lo, hi):
        return rng.choice([-1.0, 1.0]) * (1 + rng.random()) * 2.0 ** rng.randrange(lo, hi)
    out = []
    for _ in range(n):
        if name in ('sin', 'cos', 'tan'):
            x = rng.choice([rng.uniform(-10, 10), rng.uniform(-1e6, 1e6), lu(-30, 1023)])
        elif name in ('asin', 'acos'):
            x = rng.choice([rng.uniform(-1, 1), math.copysign(1 - abs(lu(-53, -1)), rng.random() - 0.5)])
        elif name == 'atan':
            x = rng.choice([rng.uniform(-5, 5), lu(-40, 80)])
        elif name == 'exp':
            x = rng.choice([rng.uniform(-745, 709.7), rng.uniform(-2, 2)])
        elif name == 'exp2':
            x = rng.choice([rng.uniform(-1074, 1023.9), rng.uniform(-2, 2)])
        elif name in ('log', 'log2', 'log10'):
            x = rng.choice([abs(lu(-1074, 1023)), rng.uniform(0.5, 2), 1 + lu(-50, -4)])
        elif name == 'sqrt':
            x = abs(lu(-1074, 1023))
        elif name == 'atan2':
            x = rng.choice([(rng.uniform(-10, 10), rng.uniform(-10, 10)), (lu(-60, 60), lu(-60, 60))])
        elif name == 'hypot':
            x = rng.choice([(rng.uniform(-10, 10), rng.uniform(-10, 10)), (lu(-1000, 1000), lu(-1000, 1000))])
        else:  # pow
            b = abs(lu(-30, 30))
            lim = 1070 / max(abs(math.log2(b)), 1e-3)
            x = rng.choice([(b, rng.uniform(-lim, lim)), (rng.uniform(0, 10), rng.uniform(-10, 10)),
                            (-abs(lu(-8, 8)), float(rng.randrange(-60, 61)))])
        out.append(x if isinstance(x, tuple) else (x,))
    return out


def write_reference(per_function=300):
    path = os.path.join(HERE, 'reference.txt')
    with open(path, 'w') as f:
        f.write('# DetMath accuracy reference, generated by make_golden.py (mpmath at 320 bits).\n')
        f.write('# function input-bits... hi lo: exact result = hi + lo, hi correctly rounded.\n')
        for i, name in enumerate(DOUBLE_INPUTS):
            rng = random.Random(1000 + i)
            for args in random_inputs(name, rng, per_function):
                r = exact(name, args)
                if r is None:
                    continue
                hi = rd(r)
                if math.isinf(hi) or hi == 0:
                    continue
                lo = rd(r - M(hi))
                f.write('%s %s %s %s\n' % (name, ' '.join(dbits(a) for a in args), dbits(hi), dbits(lo)))


if __name__ == '__main__':
    import sys
    args = sys.argv[1:]
    write_golden(unpin=set(args[1:]) if args[:1] == ['--unpin'] else ())
    write_reference()
