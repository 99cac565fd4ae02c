// Exponentials and logarithms. exp and exp2 are table-driven (2^(j/128) in double-double),
// which makes them correctly rounded in all but rare cases; the logarithms follow fdlibm's
// structure and coefficients with FreeBSD's extra-precise log2/log10 tails.

extension DetMath {
    private static let ln2Hi = 6.93147180369123816490e-01  // ln 2 with 32 significant bits
    private static let ln2Lo = 1.90821492927058770002e-10  // ln 2 - ln2Hi

    // MARK: Exponentials

    /// 2^(j/128) for j = 0..<128 as double-double pairs (high bits, low bits): high is the
    /// correctly rounded value and high + low is exact to about 2^-106. Computed with mpmath.
    private static let expTable: [UInt64] = [
        0x3FF0_0000_0000_0000, 0x0000_0000_0000_0000,
        0x3FF0_163D_A9FB_3335, 0x3C9B_6129_9AB8_CDB7,
        0x3FF0_2C9A_3E77_8061, 0xBC71_9083_535B_085D,
        0x3FF0_4315_E86E_7F85, 0xBC90_A31C_1977_C96E,
        0x3FF0_59B0_D315_8574, 0x3C8D_73E2_A475_B465,
        0x3FF0_706B_29DD_F6DE, 0xBC8C_91DF_E2B1_3C27,
        0x3FF0_8745_1875_9BC8, 0x3C61_86BE_4BB2_84FF,
        0x3FF0_9E3E_CAC6_F383, 0x3C91_4878_1831_6136,
        0x3FF0_B558_6CF9_890F, 0x3C98_A62E_4ADC_610B,
        0x3FF0_CC92_2B72_47F7, 0x3C90_1EDC_16E2_4F71,
        0x3FF0_E3EC_32D3_D1A2, 0x3C40_3A17_27C5_7B53,
        0x3FF0_FB66_AFFE_D31B, 0xBC6B_9BED_C44E_BD7B,
        0x3FF1_1301_D012_5B51, 0xBC96_C510_3944_9B3A,
        0x3FF1_2ABD_C06C_31CC, 0xBC51_B514_B36C_A5C7,
        0x3FF1_429A_AEA9_2DE0, 0xBC93_2FBF_9AF1_369E,
        0x3FF1_5A98_C8A5_8E51, 0x3C82_406A_B9EE_AB0A,
        0x3FF1_72B8_3C7D_517B, 0xBC81_9041_B9D7_8A76,
        0x3FF1_8AF9_388C_8DEA, 0xBC91_1023_D197_0F6C,
        0x3FF1_A35B_EB6F_CB75, 0x3C8E_5B4C_7B49_68E4,
        0x3FF1_BBE0_8404_5CD4, 0xBC99_5386_352E_F607,
        0x3FF1_D487_3168_B9AA, 0x3C9E_016E_00A2_643C,
        0x3FF1_ED50_22FC_D91D, 0xBC91_DF98_027B_B78C,
        0x3FF2_063B_8862_8CD6, 0x3C8D_C775_814A_8495,
        0x3FF2_1F49_917D_DC96, 0x3C82_A97E_9494_A5EE,
        0x3FF2_387A_6E75_6238, 0x3C99_B07E_B6C7_0573,
        0x3FF2_51CE_4FB2_A63F, 0x3C8A_C155_BEF4_F4A4,
        0x3FF2_6B45_65E2_7CDD, 0x3C82_BD33_9940_E9D9,
        0x3FF2_84DF_E1F5_6381, 0xBC9A_4C3A_8C3F_0D7E,
        0x3FF2_9E9D_F51F_DEE1, 0x3C86_12E8_AFAD_1255,
        0x3FF2_B87F_D0DA_D990, 0xBC41_0ADC_D638_1AA4,
        0x3FF2_D285_A6E4_030B, 0x3C90_0247_54DB_41D5,
        0x3FF2_ECAF_A93E_2F56, 0x3C71_CA0F_45D5_2383,
        0x3FF3_06FE_0A31_B715, 0x3C86_F46A_D231_82E4,
        0x3FF3_2170_FC4C_D831, 0x3C8A_9CE7_8E18_047C,
        0x3FF3_3C08_B264_16FF, 0x3C93_2721_8436_59A6,
        0x3FF3_56C5_5F92_9FF1, 0xBC8B_5CEE_5C4E_4628,
        0x3FF3_71A7_373A_A9CB, 0xBC96_3AEA_BF42_EAE2,
        0x3FF3_8CAE_6D05_D866, 0xBC9E_958D_3C99_04BD,
        0x3FF3_A7DB_34E5_9FF7, 0xBC75_E436_D661_F5E3,
        0x3FF3_C32D_C313_A8E5, 0xBC9E_FFF8_375D_29C3,
        0x3FF3_DEA6_4C12_3422, 0x3C8A_DA09_11F0_9EBC,
        0x3FF3_FA45_04AC_801C, 0xBC97_D023_F956_F9F3,
        0x3FF4_160A_21F7_2E2A, 0xBC5E_F369_1C30_9278,
        0x3FF4_31F5_D950_A897, 0xBC81_C7DD_E35F_7999,
        0x3FF4_4E08_6061_892D, 0x3C48_9B7A_04EF_80D0,
        0x3FF4_6A41_ED1D_0057, 0x3C9C_944B_D164_8A76,
        0x3FF4_86A2_B5C1_3CD0, 0x3C73_C1A3_B690_62F0,
        0x3FF4_A32A_F0D7_D3DE, 0x3C99_CB62_F3D1_BE56,
        0x3FF4_BFDA_D536_2A27, 0x3C7D_4397_AFEC_42E2,
        0x3FF4_DCB2_99FD_DD0D, 0x3C98_ECDB_BC6A_7833,
        0x3FF4_F9B2_769D_2CA7, 0xBC94_B309_D259_57E3,
        0x3FF5_16DA_A2CF_6642, 0xBC8F_7685_69BD_93EF,
        0x3FF5_342B_569D_4F82, 0xBC80_7ABE_1DB1_3CAD,
        0x3FF5_51A4_CA5D_920F, 0xBC8D_689C_EFED_E59B,
        0x3FF5_6F47_36B5_27DA, 0x3C99_BB2C_011D_93AD,
        0x3FF5_8D12_D497_C7FD, 0x3C82_95E1_5B9A_1DE8,
        0x3FF5_AB07_DD48_5429, 0x3C96_324C_0546_47AD,
        0x3FF5_C926_8A59_46B7, 0x3C3C_4B1B_8169_86A2,
        0x3FF5_E76F_15AD_2148, 0x3C9B_A6F9_3080_E65E,
        0x3FF6_05E1_B976_DC09, 0xBC93_E242_9B56_DE47,
        0x3FF6_247E_B03A_5585, 0xBC93_83C1_7E40_B497,
        0x3FF6_4346_34CC_C320, 0xBC8C_483C_759D_8933,
        0x3FF6_6238_8255_2225, 0xBC9B_B609_8759_1C34,
        0x3FF6_8155_D44C_A973, 0x3C60_38AE_44F7_3E65,
        0x3FF6_A09E_667F_3BCD, 0xBC9B_DD34_13B2_6456,
        0x3FF6_C012_750B_DABF, 0xBC72_8956_67FF_0B0D,
        0x3FF6_DFB2_3C65_1A2F, 0xBC6B_BE3A_683C_88AB,
        0x3FF6_FF7D_F951_9484, 0xBC88_3C0F_2586_0EF6,
        0x3FF7_1F75_E8EC_5F74, 0xBC81_6E47_8688_7A99,
        0x3FF7_3F9A_48A5_8174, 0xBC90_A8D9_6C65_D53C,
        0x3FF7_5FEB_5642_67C9, 0xBC90_2459_5731_6DD3,
        0x3FF7_8069_4FDE_5D3F, 0x3C98_66B8_0A02_162D,
        0x3FF7_A114_73EB_0187, 0xBC84_1577_EE04_992F,
        0x3FF7_C1ED_0130_C132, 0x3C9F_124C_D116_4DD6,
        0x3FF7_E2F3_36CF_4E62, 0x3C70_5D02_BA15_797E,
        0x3FF8_0427_543E_1A12, 0xBC92_7C86_626D_972B,
        0x3FF8_2589_994C_CE13, 0xBC9D_4C1D_D415_32D8,
        0x3FF8_471A_4623_C7AD, 0xBC88_D684_A341_CDFB,
        0x3FF8_68D9_9B44_92ED, 0xBC9F_C6F8_9BD4_F6BA,
        0x3FF8_8AC7_D98A_6699, 0x3C99_94C2_F37C_B53A,
        0x3FF8_ACE5_422A_A0DB, 0x3C96_E9F1_5686_4B27,
        0x3FF8_CF32_16B5_448C, 0xBC70_D55E_32E9_E3AA,
        0x3FF8_F1AE_9915_7736, 0x3C85_CC13_A2E3_976C,
        0x3FF9_145B_0B91_FFC6, 0xBC9D_D679_2E58_2524,
        0x3FF9_3737_B0CD_C5E5, 0xBC67_5FC7_81B5_7EBC,
        0x3FF9_5A44_CBC8_520F, 0xBC76_4B7C_96A5_F039,
        0x3FF9_7D82_9FDE_4E50, 0xBC9D_185B_7C1B_85D1,
        0x3FF9_A0F1_70CA_07BA, 0xBC91_73BD_91CE_E632,
        0x3FF9_C491_82A3_F090, 0x3C7C_7C46_B071_F2BE,
        0x3FF9_E863_19E3_2323, 0x3C78_24CA_78E6_4C6E,
        0x3FFA_0C66_7B5D_E565, 0xBC93_5949_5D1C_D533,
        0x3FFA_309B_EC4A_2D33, 0x3C96_305C_7DDC_36AB,
        0x3FFA_5503_B23E_255D, 0xBC9D_2F6E_DB8D_41E1,
        0x3FFA_799E_1330_B358, 0x3C9B_CB7E_CAC5_63C7,
        0x3FFA_9E6B_5579_FDBF, 0x3C90_FAC9_0EF7_FD31,
        0x3FFA_C36B_BFD3_F37A, 0xBC8F_9234_CAE7_6CD0,
        0x3FFA_E89F_995A_D3AD, 0x3C97_A1CD_345D_CC81,
        0x3FFB_0E07_298D_B666, 0xBC9B_DEF5_4C80_E425,
        0x3FFB_33A2_B84F_15FB, 0xBC62_805E_3084_D708,
        0x3FFB_5972_8DE5_593A, 0xBC9C_71DF_BBBA_6DE3,
        0x3FFB_7F76_F2FB_5E47, 0xBC75_584F_7E54_AC3B,
        0x3FFB_A5B0_30A1_064A, 0xBC9E_FCD3_0E54_292E,
        0x3FFB_CC1E_904B_C1D2, 0x3C82_3DD0_7A2D_9E84,
        0x3FFB_F2C2_5BD7_1E09, 0xBC9E_FDCA_3F6B_9C73,
        0x3FFC_199B_DD85_529C, 0x3C81_1065_8950_48DD,
        0x3FFC_40AB_5FFF_D07A, 0x3C9B_4537_E083_C60A,
        0x3FFC_67F1_2E57_D14B, 0x3C92_884D_FF48_3CAD,
        0x3FFC_8F6D_9406_E7B5, 0x3C71_ACBC_4880_5C44,
        0x3FFC_B720_DCEF_9069, 0x3C75_03CB_D1E9_49DB,
        0x3FFC_DF0B_555D_C3FA, 0xBC8D_D83B_5382_9D72,
        0x3FFD_072D_4A07_897C, 0xBC9C_BC37_4379_7A9C,
        0x3FFD_2F87_080D_89F2, 0xBC9D_487B_719D_8578,
        0x3FFD_5818_DCFB_A487, 0x3C82_ED02_D75B_3707,
        0x3FFD_80E3_16C9_8398, 0xBC91_1EC1_8BED_DFE8,
        0x3FFD_A9E6_03DB_3285, 0x3C9C_2300_696D_B532,
        0x3FFD_D321_F301_B460, 0x3C92_DA57_78F0_18C3,
        0x3FFD_FC97_337B_9B5F, 0xBC91_A5CD_4F18_4B5C,
        0x3FFE_2646_14F5_A129, 0xBC97_B627_817A_1496,
        0x3FFE_502E_E78B_3FF6, 0x3C83_9E89_80A9_CC8F,
        0x3FFE_7A51_FBC7_4C83, 0x3C92_D522_CA0C_8DE2,
        0x3FFE_A4AF_A2A4_90DA, 0xBC9E_9C23_179C_2893,
        0x3FFE_CF48_2D8E_67F1, 0xBC9C_93F3_B411_AD8C,
        0x3FFE_FA1B_EE61_5A27, 0x3C9D_C7F4_86A4_B6B0,
        0x3FFF_252B_376B_BA97, 0x3C93_A1A5_BF0D_8E43,
        0x3FFF_5076_5B6E_4540, 0x3C99_D3E1_2DD8_A18B,
        0x3FFF_7BFD_AD9C_BE14, 0xBC9D_BB12_D006_350A,
        0x3FFF_A7C1_819E_90D8, 0x3C87_4853_F3A5_931E,
        0x3FFF_D3C2_2B8F_71F1, 0x3C62_EB74_9665_79E7,
    ]

    /// 2^(kd/128) · e^(r + rTail) for an integer-valued kd with |kd| ≤ 2^18 and
    /// |r| ≤ ln(2)/256 (plus rounding), with |rTail| ≪ ulp(r).
    ///
    /// Table-driven (Tang's method): 2^(j/128) comes from the table in double-double, e^r - 1
    /// from a degree-6 Taylor polynomial (truncation below 2^-72), so everything but the last
    /// addition is exact to about 2^-62 relative and the result is within about 0.502 ulp:
    /// correctly rounded except for results lying within 0.002 ulp of a rounding boundary.
    private static func expFromTable(_ kd: Double, _ r: Double, _ rTail: Double) -> Double {
        let (tHi, correction, e) = expTableParts(kd, r, rTail)
        if e > -1022 {
            if e <= 1023 { return (tHi + correction) * twoPower(e) }
            return scaleByPowerOfTwo(tHi + correction, e)
        }
        // Subnormal range. Rounding tHi + correction to 53 bits and then again to the subnormal
        // grid could be off by more than half an ulp, so work at scale 2^-1022: there a value
        // below 1 becomes subnormal, and adding 1 makes the hardware round at exactly the
        // subnormal ulp (2^-52 relative to 1) while the error terms are carried in `lo`.
        let scale = twoPower(e + 1022)          // e ≥ -1077, so this is a normal number
        let sHi = tHi * scale
        let sCorrection = correction * scale
        var y = sHi + sCorrection
        if y < 1.0 {
            var lo = (sHi - y) + sCorrection    // rounding error of y
            let hi = 1.0 + y
            lo = ((1.0 - hi) + y) + lo          // plus rounding error of hi
            y = (hi + lo) - 1.0                 // one rounding at the subnormal ulp; - 1 is exact
        }
        return y * twoPower(-1022)
    }

    /// The same value as an unevaluated (hi + lo)·2^e with hi = 2^(j/128) from the table and
    /// |lo| < 0.003·hi, accurate to about 2^-62 relative (for the hyperbolic functions).
    static func expTableParts(_ kd: Double, _ r: Double, _ rTail: Double) -> (hi: Double, lo: Double, e: Int) {
        let k = Int(kd)
        let j = k & 127
        let e = k >> 7                          // floor(k / 128)
        let tHi = Double(bitPattern: expTable[2 * j])
        let tLo = Double(bitPattern: expTable[2 * j + 1])
        let r2 = r * r
        let poly = r2 * (0.5 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120 + r * (1.0 / 720)))))
        let p = r + (poly + rTail)              // e^(r + rTail) - 1
        return (tHi, tLo + tHi * p, e)          // result = (tHi + correction) · 2^e
    }

    /// Splits x (|x| < 746) as x = kd·ln(2)/128 + r + rTail with integral kd, |r| ≤ ln(2)/256.
    static func expReduce(_ x: Double) -> (kd: Double, r: Double, rTail: Double) {
        // ln2Hi/128 has 32 significant bits and |kd| < 2^18, so kd·ln2Hi/128 and (by
        // Sterbenz) the subtraction from x are exact.
        let invLn2N = 184.6649652337873         // 128/ln 2
        let kd = roundedToNearestInteger(x * invLn2N)
        let rHi = x - kd * (ln2Hi * 0x1p-7)
        let rLo = kd * (ln2Lo * 0x1p-7)
        let r = rHi - rLo
        let rTail = (rHi - r) - rLo             // what the subtraction rounded away
        return (kd, r, rTail)
    }

    /// e raised to `x`, nearly always correctly rounded (error below 0.51 ulp).
    ///
    /// `exp(±0) = 1`, `exp(+∞) = +∞`, `exp(-∞) = +0`; overflows to +∞ for
    /// x > 709.782712893383973096 and underflows (through the subnormals, rounded once) to +0
    /// below -745.13321910194110842.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x > 709.782712893383973096 { return .infinity }
        if x < -745.13321910194110842 { return 0 }
        if x.magnitude < 0x1p-54 { return 1.0 + x }  // also keeps subnormal x out of r²
        let (kd, r, rTail) = expReduce(x)
        return expFromTable(kd, r, rTail)
    }

    /// 2 raised to `x`, nearly always correctly rounded (error below 0.51 ulp); exact for
    /// integer `x` in range.
    ///
    /// `exp2(±0) = 1`, `exp2(+∞) = +∞`, `exp2(-∞) = +0`; overflows to +∞ for x ≥ 1024 and
    /// underflows to +0 for x ≤ -1075.
    public static func exp2(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x >= 1024 { return .infinity }
        if x <= -1075 { return 0 }              // 2^-1075 is a tie that rounds to even, i.e. 0
        if x.magnitude < 0x1p-54 { return 1.0 + x }
        // x = kd/128 + f exactly (|f| ≤ 1/256), then r + rTail = f·ln 2 in double-double.
        let kd = roundedToNearestInteger(x * 128)
        let f = x - kd * 0x1p-7
        let ln2 = 6.93147180559945286227e-01    // ln 2 rounded to nearest
        let ln2Tail = 2.319046813846299558e-17  // ln 2 - ln2
        let product = exactProduct(f, ln2)
        return expFromTable(kd, product.high, product.low + f * ln2Tail)
    }

    // MARK: Logarithms

    /// Shared reduction of the logarithms: x = 2^k · (1 + f) with √2/2 ≤ 1 + f < √2, and the
    /// pieces of log(1 + f) = f - hfsq + s·(hfsq + R) where s = f/(2 + f), hfsq = f²/2 and R is
    /// fdlibm's minimax polynomial in s². Returns `special` for inputs with a fixed answer.
    private static func logReduce(_ x: Double)
        -> (special: Double?, k: Int, f: Double, hfsq: Double, tail: Double)
    {
        let lg1 = 6.666666666666735130e-01
        let lg2 = 3.999999999940941908e-01
        let lg3 = 2.857142874366239149e-01
        let lg4 = 2.222219843214978396e-01
        let lg5 = 1.818357216161805012e-01
        let lg6 = 1.531383769920937332e-01
        let lg7 = 1.479819860511658591e-01

        var bits = x.bitPattern
        var hx = UInt32(truncatingIfNeeded: bits >> 32)
        var k = 0
        if hx < 0x0010_0000 || hx >> 31 == 1 {  // x < 2^-1022, negative, -0 or NaN
            if x.isNaN { return (.nan, 0, 0, 0, 0) }
            if x == 0 { return (-.infinity, 0, 0, 0, 0) }
            if x < 0 { return (.nan, 0, 0, 0, 0) }
            k -= 54                             // subnormal: scale into the normal range
            bits = (x * 0x1p54).bitPattern
            hx = UInt32(truncatingIfNeeded: bits >> 32)
        } else if hx >= 0x7FF0_0000 {
            return (x.isNaN ? .nan : x, 0, 0, 0, 0)  // +∞ (or NaN)
        } else if x == 1 {
            return (0, 0, 0, 0, 0)              // exactly +0, never -0
        }
        // Shift the significand's range from [1, 2) to [√2/2, √2) by borrowing from k.
        hx &+= 0x3FF0_0000 - 0x3FE6_A09E
        k += Int(hx >> 20) - 0x3FF
        hx = (hx & 0x000F_FFFF) + 0x3FE6_A09E
        let m = Double(bitPattern: UInt64(hx) << 32 | (bits & 0xFFFF_FFFF))
        let f = m - 1.0
        let hfsq = 0.5 * f * f
        let s = f / (2.0 + f)
        let z = s * s
        let w = z * z
        let t1 = w * (lg2 + w * (lg4 + w * lg6))
        let t2 = z * (lg1 + w * (lg3 + w * (lg5 + w * lg7)))
        let r = t2 + t1
        return (nil, k, f, hfsq, s * (hfsq + r))
    }

    /// The natural logarithm of `x`, faithfully rounded.
    ///
    /// `log(±0) = -∞`, `log(1) = +0`, `log(+∞) = +∞`, NaN for x < 0 (including -∞) and NaN.
    /// Subnormal inputs are handled exactly.
    public static func log(_ x: Double) -> Double {
        let p = logReduce(x)
        if let special = p.special { return special }
        let dk = Double(p.k)
        return p.tail + dk * ln2Lo - p.hfsq + p.f + dk * ln2Hi
    }

    /// The base-2 logarithm of `x`, faithfully rounded; exact for powers of two.
    ///
    /// Special values as for `log`.
    public static func log2(_ x: Double) -> Double {
        let p = logReduce(x)
        if let special = p.special { return special }
        let ivln2hi = 1.44269504072144627571e+00  // 1/ln 2 with 33 significant bits
        let ivln2lo = 1.67517131648865118353e-10  // 1/ln 2 - ivln2hi
        // log(1+f) = hi + lo with hi having 21 significant bits, so hi·ivln2hi is exact.
        let hi = clearingLowWord(p.f - p.hfsq)
        let lo = (p.f - hi) - p.hfsq + p.tail
        var valHi = hi * ivln2hi
        var valLo = (lo + hi) * ivln2lo + lo * ivln2hi
        // Add k with an exact two-sum so the rounding of k + valHi is not lost.
        let y = Double(p.k)
        let w = y + valHi
        valLo += (y - w) + valHi
        valHi = w
        return valLo + valHi
    }

    /// The base-10 logarithm of `x`, faithfully rounded.
    ///
    /// Special values as for `log`.
    public static func log10(_ x: Double) -> Double {
        let p = logReduce(x)
        if let special = p.special { return special }
        let ivln10hi = 4.34294481878168880939e-01   // 1/ln 10 with 33 significant bits
        let ivln10lo = 2.50829467116452752298e-11   // 1/ln 10 - ivln10hi
        let log10_2hi = 3.01029995663611771306e-01  // log10(2) with 33 significant bits
        let log10_2lo = 3.69423907715893078616e-13  // log10(2) - log10_2hi
        let hi = clearingLowWord(p.f - p.hfsq)
        let lo = (p.f - hi) - p.hfsq + p.tail
        let dk = Double(p.k)
        var valHi = hi * ivln10hi
        let y2 = dk * log10_2hi
        var valLo = dk * log10_2lo + (lo + hi) * ivln10lo + lo * ivln10hi
        let w = y2 + valHi
        valLo += (y2 - w) + valHi
        valHi = w
        return valLo + valHi
    }
}
