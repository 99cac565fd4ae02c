import Testing
@testable import LockstepCore

/// The scaling rules of `PNGSampleScaling`, with values worked out by hand.
@Suite struct PNGSampleScalingTests {
    @Test func sixteenToEightKnownValues() throws {
        // (v * 255 + 32767) / 65535, by hand:
        //   0      ->         0 + 32767 =     32767 -> 0
        //   128    ->     32640 + 32767 =     65407 -> 0   (65407 < 65535)
        //   129    ->     32895 + 32767 =     65662 -> 1   (65662 - 65535 = 127)
        //   255    ->     65025 + 32767 =     97792 -> 1   (high byte 0x00 = 0)
        //   385    ->     98175 + 32767 =    130942 -> 1   (2 * 65535 = 131070 > 130942)
        //   386    ->     98430 + 32767 =    131197 -> 2
        //   32767  ->   8355585 + 32767 =   8388352 -> 127 (127 * 65535 = 8322945, remainder 65407)
        //   32768  ->   8355840 + 32767 =   8388607 -> 128 (128 * 65535 = 8388480, remainder 127)
        //   32896  ->   8388480 + 32767 =   8421247 -> 128 (0x8080 = 128 * 257: exactly 128)
        //   65280  ->  16646400 + 32767 =  16679167 -> 254 (254 * 65535 = 16645890, remainder 33277;
        //                                                   the high byte 0xFF would say 255)
        //   65535  ->  16711425 + 32767 =  16744192 -> 255 (remainder 32767)
        let cases: [(UInt16, UInt8)] = [(0, 0), (128, 0), (129, 1), (255, 1), (385, 1), (386, 2), (32_767, 127),
                                        (32_768, 128), (32_896, 128), (65_280, 254), (65_535, 255)]
        for (sixteen, eight) in cases {
            #expect(PNGSampleScaling.eightBit(sixteen, bitDepth: 16) == eight, "\(sixteen)")
        }
        // The two documented examples where the high byte differs.
        #expect(UInt8(65_280 >> 8) == 255 && UInt8(255 >> 8) == 0)
    }

    @Test func sixteenToEightIsRoundToNearestOfVOver257() throws {
        // 65535 / 255 = 257, so the rule is v / 257 rounded; (2v + 257) / 514 rounds half up, and no v
        // is exactly half-way since 257 is odd.
        var differsFromHighByte = 0
        for v in 0...65_535 {
            let rule = PNGSampleScaling.eightBit(UInt16(v), bitDepth: 16)
            #expect(Int(rule) == (2 * v + 257) / 514)
            if Int(rule) != v >> 8 { differsFromHighByte += 1 }
        }
        // Every 8-bit value widened by 257 comes back unchanged.
        for k in 0...255 {
            #expect(PNGSampleScaling.eightBit(UInt16(k) * 257, bitDepth: 16) == UInt8(k))
            #expect(PNGSampleScaling.sixteenBit(UInt16(k), bitDepth: 8) == UInt16(k) * 257)
        }
        #expect(differsFromHighByte > 0)
    }

    @Test func lowDepthsScaleExactly() throws {
        // 1 bit: x255; 2 bits: x85 (0, 85, 170, 255); 4 bits: x17 (0, 17, ..., 255).
        func eight(_ values: ClosedRange<Int>, _ depth: Int) -> [UInt8] {
            values.map { PNGSampleScaling.eightBit(UInt16($0), bitDepth: depth) }
        }
        let times17: [UInt8] = (0...15).map { (v: Int) -> UInt8 in UInt8(v * 17) }
        let identity: [UInt8] = (0...255).map { (v: Int) -> UInt8 in UInt8(v) }
        #expect(eight(0...1, 1) == [0, 255])
        #expect(eight(0...3, 2) == [0, 85, 170, 255])
        #expect(eight(0...15, 4) == times17)
        #expect(eight(0...255, 8) == identity)
        // 16 bits: 65535 / 3 = 21845 per 2-bit step, 65535 / 15 = 4369 per 4-bit step.
        let sixteen: [UInt16] = (0...3).map { PNGSampleScaling.sixteenBit(UInt16($0), bitDepth: 2) }
        #expect(sixteen == [0, 21_845, 43_690, 65_535])
        #expect(PNGSampleScaling.sixteenBit(1, bitDepth: 1) == 65_535)
        #expect(PNGSampleScaling.sixteenBit(9, bitDepth: 4) == 39_321)
        #expect(PNGSampleScaling.sixteenBit(0xAB, bitDepth: 8) == 0xABAB)
        #expect(PNGSampleScaling.sixteenBit(0x1234, bitDepth: 16) == 0x1234)
    }

    @Test func decodeAppliesTheRuleToSixteenBitFiles() throws {
        // 3x1 grey16 with samples 0xFF00, 0x00FF, 0x8080: 254, 1, 128 (not the high bytes 255, 0, 128).
        let png = PNGLayoutTestSupport.png(PNGLayoutTestSupport.ihdr(width: 3, height: 1, depth: 16, colorType: 0),
                                           scanlines: [0, 0xFF, 0x00, 0x00, 0xFF, 0x80, 0x80])
        #expect(try PNG.decode(png).rgba == [254, 254, 254, 255, 1, 1, 1, 255, 128, 128, 128, 255])
        #expect(try PNG.decode16(png).rgba == [65_280, 65_280, 65_280, 65_535, 255, 255, 255, 65_535, 32_896, 32_896, 32_896, 65_535])
    }
}
