/// An unsigned integer of any width, for the exact intermediate results of `DecimalNumber`
/// arithmetic before they are rounded to 38 digits.
///
/// A stored coefficient always fits in `UInt128` (it is below 10^38), but a product has up to 76
/// digits, a sum of operands 300 decimal places apart up to ~330, and a quotient is computed with
/// one guard digit beyond 38. Little-endian 64-bit limbs, no zero limb at the top (zero is `[]`).
/// Schoolbook algorithms throughout: the operands are a few limbs, and readable beats fast here.
struct DecimalMagnitude: Equatable, Comparable, Sendable {
    private(set) var limbs: [UInt64]

    static let zero = DecimalMagnitude(limbs: [])

    private init(limbs: [UInt64]) {
        self.limbs = limbs
        trim()
    }

    init(_ value: UInt128) {
        self.init(limbs: [UInt64(truncatingIfNeeded: value), UInt64(truncatingIfNeeded: value >> 64)])
    }

    var isZero: Bool { limbs.isEmpty }

    private mutating func trim() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }

    /// The value as `UInt128`, or nil when it is wider.
    var uint128: UInt128? {
        switch limbs.count {
        case 0: return 0
        case 1: return UInt128(limbs[0])
        case 2: return UInt128(limbs[1]) << 64 | UInt128(limbs[0])
        default: return nil
        }
    }

    static func < (a: DecimalMagnitude, b: DecimalMagnitude) -> Bool {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        var i = a.limbs.count - 1
        while i >= 0 {
            if a.limbs[i] != b.limbs[i] { return a.limbs[i] < b.limbs[i] }
            i -= 1
        }
        return false
    }

    static func + (a: DecimalMagnitude, b: DecimalMagnitude) -> DecimalMagnitude {
        var out: [UInt64] = []
        out.reserveCapacity(max(a.limbs.count, b.limbs.count) + 1)
        var carry: UInt64 = 0
        for i in 0..<max(a.limbs.count, b.limbs.count) {
            let x = i < a.limbs.count ? a.limbs[i] : 0
            let y = i < b.limbs.count ? b.limbs[i] : 0
            let (s1, o1) = x.addingReportingOverflow(y)
            let (s2, o2) = s1.addingReportingOverflow(carry)
            out.append(s2)
            carry = (o1 ? 1 : 0) + (o2 ? 1 : 0)
        }
        if carry != 0 { out.append(carry) }
        return DecimalMagnitude(limbs: out)
    }

    /// `a − b`; the callers only ever subtract the smaller magnitude from the larger.
    static func - (a: DecimalMagnitude, b: DecimalMagnitude) -> DecimalMagnitude {
        precondition(!(a < b), "DecimalMagnitude subtraction would go negative")
        var out = a.limbs
        var borrow: UInt64 = 0
        for i in 0..<out.count {
            let y = i < b.limbs.count ? b.limbs[i] : 0
            let (d1, o1) = out[i].subtractingReportingOverflow(y)
            let (d2, o2) = d1.subtractingReportingOverflow(borrow)
            out[i] = d2
            borrow = (o1 ? 1 : 0) + (o2 ? 1 : 0)
        }
        return DecimalMagnitude(limbs: out)
    }

    static func * (a: DecimalMagnitude, b: DecimalMagnitude) -> DecimalMagnitude {
        if a.isZero || b.isZero { return .zero }
        var out = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for i in 0..<a.limbs.count {
            var carry: UInt64 = 0
            for j in 0..<b.limbs.count {
                let product = a.limbs[i].multipliedFullWidth(by: b.limbs[j])
                let (s1, o1) = product.low.addingReportingOverflow(out[i + j])
                let (s2, o2) = s1.addingReportingOverflow(carry)
                out[i + j] = s2
                // high ≤ 2^64 − 2, so adding two carries cannot overflow.
                carry = product.high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
            }
            out[i + b.limbs.count] = carry
        }
        return DecimalMagnitude(limbs: out)
    }

    func multiplied(bySmall factor: UInt64) -> DecimalMagnitude {
        var out: [UInt64] = []
        out.reserveCapacity(limbs.count + 1)
        var carry: UInt64 = 0
        for limb in limbs {
            let product = limb.multipliedFullWidth(by: factor)
            let (sum, overflow) = product.low.addingReportingOverflow(carry)
            out.append(sum)
            carry = product.high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { out.append(carry) }
        return DecimalMagnitude(limbs: out)
    }

    /// `self · 10^power`, power ≥ 0.
    func multiplied(byPowerOfTen power: Int) -> DecimalMagnitude {
        var result = self
        var left = power
        while left >= 19 {
            result = result.multiplied(bySmall: 10_000_000_000_000_000_000)
            left -= 19
        }
        if left > 0 { result = result.multiplied(bySmall: DecimalMagnitude.smallPowersOfTen[left]) }
        return result
    }

    /// Quotient and remainder of division by a nonzero 64-bit divisor.
    func divided(bySmall divisor: UInt64) -> (quotient: DecimalMagnitude, remainder: UInt64) {
        precondition(divisor != 0)
        var out = [UInt64](repeating: 0, count: limbs.count)
        var remainder: UInt64 = 0
        var i = limbs.count - 1
        while i >= 0 {
            let (q, r) = divisor.dividingFullWidth((remainder, limbs[i]))
            out[i] = q
            remainder = r
            i -= 1
        }
        return (DecimalMagnitude(limbs: out), remainder)
    }

    /// Quotient and remainder of division by a nonzero magnitude: binary long division, one bit at
    /// a time (the dividends here are at most a few hundred bits).
    func divided(by divisor: DecimalMagnitude) -> (quotient: DecimalMagnitude, remainder: DecimalMagnitude) {
        precondition(!divisor.isZero)
        if self < divisor { return (.zero, self) }
        var quotient = [UInt64](repeating: 0, count: limbs.count)
        var remainder = DecimalMagnitude.zero
        var bit = limbs.count * 64 - 1
        while bit >= 0 {
            remainder = remainder.shiftedLeftOne(carryingIn: (limbs[bit / 64] >> UInt64(bit % 64)) & 1)
            if !(remainder < divisor) {
                remainder = remainder - divisor
                quotient[bit / 64] |= 1 << UInt64(bit % 64)
            }
            bit -= 1
        }
        return (DecimalMagnitude(limbs: quotient), remainder)
    }

    private func shiftedLeftOne(carryingIn low: UInt64) -> DecimalMagnitude {
        var out: [UInt64] = []
        out.reserveCapacity(limbs.count + 1)
        var carry = low
        for limb in limbs {
            out.append(limb << 1 | carry)
            carry = limb >> 63
        }
        if carry != 0 { out.append(carry) }
        return DecimalMagnitude(limbs: out)
    }

    /// The number of decimal digits (0 for zero).
    var decimalDigitCount: Int {
        var rest = self
        var count = 0
        while rest.limbs.count > 1 {
            rest = rest.divided(bySmall: 10_000_000_000_000_000_000).quotient
            count += 19
        }
        guard let top = rest.limbs.first else { return count }
        var value = top
        while value > 0 {
            value /= 10
            count += 1
        }
        return count
    }

    static let smallPowersOfTen: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...19 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()
}
