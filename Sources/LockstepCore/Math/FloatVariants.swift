// Float overloads. Each widens its argument to Double exactly, runs the Double algorithm
// (error below one Double ulp, i.e. about 2^-29 Float ulps) and rounds once to Float. The result
// is therefore within one Float ulp of the exact value, and correctly rounded except when the
// exact value lies within about 2^-29 ulps of a rounding boundary. Special values, overflow and
// underflow follow from the Double versions plus the final conversion (which rounds Float
// subnormals correctly and sends values beyond Float's range to ±∞).

extension DetMath {
    /// Float sine; see `sin(_: Double)`.
    public static func sin(_ x: Float) -> Float { Float(sin(Double(x))) }
    /// Float cosine; see `cos(_: Double)`.
    public static func cos(_ x: Float) -> Float { Float(cos(Double(x))) }
    /// Float tangent; see `tan(_: Double)`.
    public static func tan(_ x: Float) -> Float { Float(tan(Double(x))) }
    /// Float arcsine; see `asin(_: Double)`.
    public static func asin(_ x: Float) -> Float { Float(asin(Double(x))) }
    /// Float arccosine; see `acos(_: Double)`.
    public static func acos(_ x: Float) -> Float { Float(acos(Double(x))) }
    /// Float arctangent; see `atan(_: Double)`.
    public static func atan(_ x: Float) -> Float { Float(atan(Double(x))) }
    /// Float two-argument arctangent; see `atan2(_:_:)` for Double.
    public static func atan2(_ y: Float, _ x: Float) -> Float { Float(atan2(Double(y), Double(x))) }
    /// Float e^x; see `exp(_: Double)`. Overflows to +∞ above about 88.72.
    public static func exp(_ x: Float) -> Float { Float(exp(Double(x))) }
    /// Float 2^x; see `exp2(_: Double)`.
    public static func exp2(_ x: Float) -> Float { Float(exp2(Double(x))) }
    /// Float natural logarithm; see `log(_: Double)`.
    public static func log(_ x: Float) -> Float { Float(log(Double(x))) }
    /// Float base-2 logarithm; see `log2(_: Double)`.
    public static func log2(_ x: Float) -> Float { Float(log2(Double(x))) }
    /// Float base-10 logarithm; see `log10(_: Double)`.
    public static func log10(_ x: Float) -> Float { Float(log10(Double(x))) }
    /// Float x^y; see `pow(_:_:)` for Double. The special cases are the same.
    public static func pow(_ x: Float, _ y: Float) -> Float { Float(pow(Double(x), Double(y))) }
    /// Float √(x² + y²); see `hypot(_:_:)` for Double. Exact in Double, so correctly rounded.
    public static func hypot(_ x: Float, _ y: Float) -> Float {
        // Float inputs square exactly in Double (48 bits), so the sum has one rounding and the
        // square root a second one far below Float precision.
        Float(hypot(Double(x), Double(y)))
    }
    /// Float square root, correctly rounded (the Double root of a Float rounds to the same value).
    public static func sqrt(_ x: Float) -> Float { Float(sqrt(Double(x))) }
}

extension DetMath {
    /// Float e^x - 1; see `expm1(_: Double)`.
    public static func expm1(_ x: Float) -> Float { Float(expm1(Double(x))) }
    /// Float log(1 + x); see `log1p(_: Double)`.
    public static func log1p(_ x: Float) -> Float { Float(log1p(Double(x))) }
    /// Float hyperbolic sine; see `sinh(_: Double)`.
    public static func sinh(_ x: Float) -> Float { Float(sinh(Double(x))) }
    /// Float hyperbolic cosine; see `cosh(_: Double)`.
    public static func cosh(_ x: Float) -> Float { Float(cosh(Double(x))) }
    /// Float hyperbolic tangent; see `tanh(_: Double)`.
    public static func tanh(_ x: Float) -> Float { Float(tanh(Double(x))) }
}
