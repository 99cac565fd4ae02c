import Platform
import Testing

@Suite struct EnhanceChainTests {
    @Test func chainsPerModeAndOS() {
        // The scanner note's table.
        #expect(EnhanceChain.scanner(mode: .original, osMajor: 17).description == "identity")
        #expect(EnhanceChain.scanner(mode: .original, osMajor: 12).description == "identity")
        #expect(EnhanceChain.scanner(mode: .enhanced, osMajor: 13).description == "documentEnhancer(amount:1.00)")
        #expect(EnhanceChain.scanner(mode: .blackAndWhite, osMajor: 17).description
                == "documentEnhancer(amount:1.00)>colorControls(saturation:0.00,brightness:0.00,contrast:1.30)")
        #expect(EnhanceChain.scanner(mode: .enhanced, osMajor: 12).description
                == "colorControls(saturation:1.00,brightness:0.00,contrast:1.20)")
        #expect(EnhanceChain.scanner(mode: .blackAndWhite, osMajor: 12).description
                == "colorControls(saturation:0.00,brightness:0.00,contrast:1.20)")
        #expect(ScanMode.blackAndWhite.rawValue == "bw")
    }

    @Test func originalIsNeverBakedIn() throws {
        // Switching back to Original reproduces the original pixel digest exactly: the chain runs on
        // the kept original each time and returns it untouched for .original.
        let page = try ikScrambled(20, 20, seed: 5, opaque: true)
        let bw = try EnhanceChain.scanner(mode: .blackAndWhite, osMajor: 17).apply(to: page)
        #expect(bw.digest != page.digest)
        #expect(try EnhanceChain.scanner(mode: .original, osMajor: 17).apply(to: page).digest == page.digest)
    }

    @Test func blackAndWhiteKeepsFaintPrintWhereAThresholdLosesIt() throws {
        // A thermal receipt: ink 204 (0.80) on paper 242 (0.95).
        let receipt = try ikGreys(2, 1, [204, 242])
        // iOS 12 B&W: 219 vs 255 — still two levels of grey apart.
        let ios12 = try EnhanceChain.scanner(mode: .blackAndWhite, osMajor: 12).apply(to: receipt)
        #expect(ikPixels(ios12) == [.grey(219), .grey(255)])
        // The fault: a hard threshold at 0.5 turns both white and the print is gone.
        let thresholded = try HardThreshold.apply(receipt, threshold: 0.5)
        #expect(ikPixels(thresholded) == [.white, .white])
        // A dark pixel still goes black.
        #expect(ikPixels(try HardThreshold.apply(try ikGreys(1, 1, [100]), threshold: 0.5)) == [.black])
        #expect(throws: ImageKitError.invalidThreshold(2)) { try HardThreshold.apply(receipt, threshold: 2) }
    }

    @Test func simEnhancerStretchesPercentiles() throws {
        // Half the pixels 50, half 200: the 1st percentile is 50, the 99th is 200.
        // amount 1: 50 → 0, 200 → 255. amount 0.5: 50 → 25, 200 → 200 + 0.5 · 55 = 227.5 → 228.
        let img = try ikGreys(4, 1, [50, 200, 50, 200])
        #expect(ikPixels(try SimDocumentEnhancer.apply(img, amount: 1)) == [.grey(0), .grey(255), .grey(0), .grey(255)])
        #expect(ikPixels(try SimDocumentEnhancer.apply(img, amount: 0.5)) == [.grey(25), .grey(228), .grey(25), .grey(228)])
        // A flat page is left alone; amount 0 changes nothing.
        let flat = try ikGreys(3, 1, [120, 120, 120])
        #expect(try SimDocumentEnhancer.apply(flat, amount: 1) == flat)
        #expect(try SimDocumentEnhancer.apply(img, amount: 0) == img)
        #expect(throws: ImageKitError.invalidEnhancerAmount(1.5)) { try SimDocumentEnhancer.apply(img, amount: 1.5) }
        #expect(SimDocumentEnhancer.version == "sim enhancer v1")
    }
}
