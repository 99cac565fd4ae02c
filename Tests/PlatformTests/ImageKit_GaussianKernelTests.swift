import Platform
import Testing

@Suite struct GaussianKernelTests {
    @Test func weightsSumToExactlyTwoToTheSixteen() throws {
        for radius in [0.0, 0.01, 0.1, 1.0 / 3, 0.5, 1, 2.5, 4, 7.3, 20, 59.53, 120, 200] {
            let k = try GaussianKernel(radiusPixels: radius)
            #expect(k.weights.reduce(0, +) == 65_536, "radius \(radius)")
            #expect(k.weights == k.weights.reversed(), "symmetric, radius \(radius)")
            #expect(k.weights.count == 2 * k.halfWidth + 1)
            // Non-increasing away from the centre.
            for i in k.halfWidth..<(k.weights.count - 1) { #expect(k.weights[i] >= k.weights[i + 1], "radius \(radius)") }
        }
    }

    @Test func sigmaIsTheRadiusAndTheCutIsThreeSigma() throws {
        // halfWidth = ⌈3σ⌉: 4 → 12, 0.5 → ⌈1.5⌉ = 2, 1 → 3, 20 → 60, 0 → 0.
        for (radius, half) in [(4.0, 12), (0.5, 2), (1, 3), (20, 60), (0, 0), (59.53, 179)] {
            let k = try GaussianKernel(radiusPixels: radius)
            #expect(k.sigmaPixels == radius)
            #expect(k.halfWidth == half, "radius \(radius)")
        }
    }

    @Test func smallKernelsWorkedByHand() throws {
        // σ = 1/3, halfWidth 1: g(1) = e^(−4.5) = 0.011109; total 1.022218; scaled 64111.57 and
        // 712.22. Floors 64111 + 2 · 712 = 65535: one unit missing, odd, so it goes to the centre.
        #expect(try GaussianKernel(radiusPixels: 1.0 / 3).weights == [712, 64_112, 712])
        // σ = 0.5: scaled 51548.70, 6976.36, 17.29. Floors sum to 65534; the two missing units go
        // to the pair with the larger fraction, ±1 (0.36 > 0.29).
        #expect(try GaussianKernel(radiusPixels: 0.5).weights == [17, 6977, 51_548, 6977, 17])
        // σ = 1: scaled 26152.16, 15862.09, 3539.31, 290.52. Two missing units, fractions .09, .31,
        // .52: the outer pair ±3 gets them.
        #expect(try GaussianKernel(radiusPixels: 1).weights == [291, 3539, 15_862, 26_152, 15_862, 3539, 291])
    }

    @Test func radiusLimitsAreNamed() {
        #expect(throws: ImageKitError.invalidBlurRadius(-1)) { try GaussianKernel(radiusPixels: -1) }
        #expect(throws: ImageKitError.self) { try GaussianKernel(radiusPixels: .nan) }
        #expect(throws: ImageKitError.invalidBlurRadius(.infinity)) { try GaussianKernel(radiusPixels: .infinity) }
        #expect(throws: ImageKitError.blurRadiusTooLarge(radiusPixels: 200.5, maxRadiusPixels: 200)) {
            try GaussianKernel(radiusPixels: 200.5)
        }
        #expect(ImageKitError.blurRadiusTooLarge(radiusPixels: 200.5, maxRadiusPixels: 200).description
                == "blur radius 200.500 pixels exceeds the limit of 200 pixels")
    }
}
