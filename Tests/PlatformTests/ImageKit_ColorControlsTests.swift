import Platform
import Testing

@Suite struct ColorControlsTests {
    @Test func iOS12BlackAndWhitePixels() throws {
        // saturation 0, contrast 1.2: out = (L − 0.5) · 1.2 + 0.5, i.e. 1.2 · L₂₅₅ − 25.5 in levels.
        let bw = try ColorControls(saturation: 0, contrast: 1.2)
        // Red: L = 0.2126 · 255 = 54.213 → 65.056 − 25.5 = 39.56 → 40.
        #expect(bw.apply(to: RGBA8(255, 0, 0)) == RGBA8.grey(40))
        // Green: 0.7152 · 255 = 182.376 → 218.85 − 25.5 = 193.35 → 193.
        #expect(bw.apply(to: RGBA8(0, 255, 0)) == RGBA8.grey(193))
        // Blue: 0.0722 · 255 = 18.411 → 22.09 − 25.5 < 0 → 0.
        #expect(bw.apply(to: RGBA8(0, 0, 255)) == RGBA8.grey(0))
        // White 306 − 25.5 = 280.5 → 255; black −25.5 → 0; grey 128 → 153.6 − 25.5 = 128.1 → 128.
        #expect(bw.apply(to: .white) == .white)
        #expect(bw.apply(to: .black) == .black)
        #expect(bw.apply(to: .grey(128)) == .grey(128))
        // Faint thermal print 204 (0.80) → 244.8 − 25.5 = 219.3 → 219; paper 242 → 264.9 → 255.
        #expect(bw.apply(to: .grey(204)) == .grey(219))
        #expect(bw.apply(to: .grey(242)) == .grey(255))
        // Alpha is untouched.
        #expect(bw.apply(to: RGBA8(255, 0, 0, 77)).a == 77)
    }

    @Test func iOS12EnhancedKeepsColourAndPushesContrast() throws {
        // saturation 1, contrast 1.2: each channel 1.2 · c − 25.5 (levels chosen off the .5 ties).
        // 201 → 215.7 → 216; 101 → 95.7 → 96; 51 → 35.7 → 36.
        let enhanced = try ColorControls(saturation: 1, contrast: 1.2)
        #expect(enhanced.apply(to: RGBA8(201, 101, 51)) == RGBA8(216, 96, 36))
    }

    @Test func iOS13BlackAndWhiteContrast() throws {
        // contrast 1.3: 1.3 · c − 38.25. Print 204 → 265.2 − 38.25 = 226.95 → 227 (0.89, the note's
        // value); paper 242 → 276.35 → 255 (0.95 → 1.085 → 1.0).
        let bw = try ColorControls(saturation: 0, contrast: 1.3)
        #expect(bw.apply(to: .grey(204)) == .grey(227))
        #expect(bw.apply(to: .grey(242)) == .grey(255))
    }

    @Test func brightnessIsAddedBeforeContrast() throws {
        // brightness 0.1 then contrast 2 on grey 102 (0.4): (0.4 + 0.1 − 0.5) · 2 + 0.5 = 0.5 →
        // 127.5 → 128. In the other order it would be (0.4 − 0.5) · 2 + 0.5 + 0.1 = 0.4 → 102.
        let controls = try ColorControls(brightness: 0.1, contrast: 2)
        #expect(controls.apply(to: .grey(102)) == .grey(128))
    }

    @Test func identityAndDescription() throws {
        let img = try ikScrambled(5, 5, seed: 2)
        #expect(try ColorControls().apply(to: img) == img)
        #expect(try ColorControls(saturation: 0, contrast: 1.3).description
                == "colorControls(saturation:0.00,brightness:0.00,contrast:1.30)")
    }

    @Test func outOfRangeControlsAreNamed() {
        #expect(throws: ImageKitError.colorControlOutOfRange(control: "contrast", value: 5, range: 0...4)) {
            try ColorControls(contrast: 5)
        }
        #expect(throws: ImageKitError.colorControlOutOfRange(control: "brightness", value: -1.5, range: -1...1)) {
            try ColorControls(brightness: -1.5)
        }
        #expect(throws: ImageKitError.self) { try ColorControls(saturation: .nan) }
    }
}

@Suite struct DimTests {
    @Test func subtractBrightnessIsTheArticlesDim() throws {
        // brightness −0.2: 128 (0.502) → 0.302 → 77.0 → 77; 255 → 0.8 → 204; 0 stays 0.
        // The note's "mid-grey 0.5 gives 0.3" in levels.
        let img = try ikGreys(3, 1, [128, 255, 0])
        #expect(ikPixels(try Dim.apply(img, dim: 0.2)) == [.grey(77), .grey(204), .grey(0)])
    }

    @Test func multiplyScalesInstead() throws {
        // × 0.8: 128 → 102.4 → 102; 255 → 204; 0 → 0.
        let img = try ikGreys(3, 1, [128, 255, 0])
        #expect(ikPixels(try Dim.apply(img, dim: 0.2, rule: .multiply)) == [.grey(102), .grey(204), .grey(0)])
    }

    @Test func zeroIsSkippedAndBadValuesRefused() throws {
        let img = try ikScrambled(4, 4, seed: 6)
        #expect(try Dim.apply(img, dim: 0) == img)
        #expect(try Dim.apply(img, dim: 0.5, rule: .multiply).rgba.enumerated().allSatisfy { i, v in i % 4 != 3 || v == img.rgba[i] })
        #expect(throws: ImageKitError.invalidDim(1.5)) { try Dim.apply(img, dim: 1.5) }
        #expect(throws: ImageKitError.self) { try Dim.apply(img, dim: .nan) }
    }
}
