import Testing
import LockstepCore
import LockstepRunner
@testable import PaintByNumber

/// Known values of the byte contract from the domain note, worked out by hand:
/// 300 = 0x012C → R = 0x01, G = 0x2C; 65535 = 0xFFFF; swapped 0x2C,0x01 → 0x2C01 = 11265.
@Suite struct IdContractTests {
    @Test func encodeKnownIds() {
        let p = IdContract.encode(300)
        #expect(p.r == 0x01 && p.g == 0x2C && p.b == 0 && p.a == 255)
        let top = IdContract.encode(65535)
        #expect(top.r == 255 && top.g == 255 && top.b == 0 && top.a == 255)
        #expect(IdContract.decode(r: 0x01, g: 0x2C, b: 0) == 300)
    }

    @Test func outlineIsZeroWhateverRAndGCarry() {
        #expect(IdContract.decode(r: 0x12, g: 0x34, b: 255) == 0)
        #expect(IdContract.outline == (0, 0, 255, 255))
    }

    @Test func swappedOrderDecodesToAnUnrelatedId() {
        let p = IdContract.encode(300, swapped: true)
        #expect(p.r == 0x2C && p.g == 0x01)
        #expect(IdContract.decode(r: p.r, g: p.g, b: p.b) == 11265)
        #expect(IdContract.decode(r: 0x2C, g: 0x01, b: 0) == 11265)
    }

    @Test func everyIdRoundTripsThroughCPUAndShaderReadings() {
        for id in 0...IdContract.maxRegions {
            let p = IdContract.encode(UInt16(id))
            #expect(IdContract.decode(r: p.r, g: p.g, b: p.b) == UInt16(id))
            let s = IdContract.shaderId(r: Double(p.r) / 255, g: Double(p.g) / 255, b: Double(p.b) / 255)
            #expect(s == Double(id))
        }
    }

    /// The shader calls B > 0.5 an outline (bytes 128...255); the CPU only 255. That is why IdMap
    /// refuses any B other than 0 and 255.
    @Test func shaderAndCPUDisagreeOnMiddleBlueBytes() {
        #expect(IdContract.shaderId(r: 0, g: 3 / 255, b: 128 / 255) == nil)
        #expect(IdContract.shaderId(r: 0, g: 3 / 255, b: 127 / 255) == 3)
        #expect(IdContract.decode(r: 0, g: 3, b: 200) == 3)
    }
}
