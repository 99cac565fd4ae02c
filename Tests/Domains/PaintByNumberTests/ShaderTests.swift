import Testing
import LockstepCore
import LockstepRunner
@testable import PaintByNumber

@Suite struct ShaderTests {
    /// One highlighted texel (id 1, target red) and one filled (id 2, blue) and one unfilled (id 3).
    let lut: [UInt8] = [255, 255, 255, 254, 255, 0, 0, 253, 0, 0, 255, 255, 10, 20, 30, 254]
    func channels(_ id: UInt16) -> (Double, Double, Double) {
        let p = IdContract.encode(id)
        return (Double(p.r) / 255, Double(p.g) / 255, Double(p.b) / 255)
    }
    func close(_ a: Double, _ b: Double, _ tol: Double = 1e-12) -> Bool { abs(a - b) <= tol }

    /// Checker cells of 22: floor(x/22) + floor(y/22), mod 2 (the note's listed pixels).
    @Test func checkerAtListedPixels() {
        let u = ShaderUniforms(showEdge: true, hlMode: 1, timeSeconds: 0)
        let a = ShaderReference.shade(channels(1), x: 0, y: 0, lut: lut, uniforms: u)
        #expect(a.r == 0.87 && a.g == 0.87 && a.b == 0.90 && a.kind == .highlight)
        let b = ShaderReference.shade(channels(1), x: 22, y: 0, lut: lut, uniforms: u)
        #expect(b.r == 0.73 && b.g == 0.73 && b.b == 0.78)
        let c = ShaderReference.shade(channels(1), x: 22, y: 22, lut: lut, uniforms: u)
        #expect(c.r == 0.87 && c.b == 0.90)
    }

    /// pulse = 0.5 + 0.5 sin(4t): t = 0 → 0.5 (factor 0.15); t = π/8 → 1 (0.30); t = 3π/8 → 0.
    @Test func pulseFactors() {
        #expect(close(ShaderReference.pulseFactor(timeSeconds: 0), 0.15))
        #expect(close(ShaderReference.pulseFactor(timeSeconds: Double.pi / 8), 0.30))
        #expect(close(ShaderReference.pulseFactor(timeSeconds: 3 * Double.pi / 8), 0))
    }

    /// L.rgb = (1,0,0), t = π/8: mix((0.90,0.90,0.92), (1,0,0), 0.30) = (0.93, 0.63, 0.644).
    @Test func pulseTintExample() {
        let u = ShaderUniforms(showEdge: true, hlMode: 2, timeSeconds: Double.pi / 8)
        let s = ShaderReference.shade(channels(1), x: 5, y: 5, lut: lut, uniforms: u)
        #expect(close(s.r, 0.93) && close(s.g, 0.63) && close(s.b, 0.644))
        // Quantised: 0.93·255 = 237.15 → 237; 0.63·255 = 160.65 → 161; 0.644·255 = 164.22 → 164.
        #expect([s.r, s.g, s.b].map(ShaderReference.quantise) == [237, 161, 164])
    }

    @Test func flagDecodeAndFixedColours() {
        let u = ShaderUniforms(showEdge: true, hlMode: 0, timeSeconds: 0)
        let hl = ShaderReference.shade(channels(1), x: 0.5, y: 0.5, lut: lut, uniforms: u)
        #expect(hl.kind == .highlight && hl.r == 0.80 && hl.b == 0.83)
        let filled = ShaderReference.shade(channels(2), x: 0.5, y: 0.5, lut: lut, uniforms: u)
        #expect(filled.kind == .filled && filled.r == 0 && filled.b == 1)
        let unfilled = ShaderReference.shade(channels(3), x: 0.5, y: 0.5, lut: lut, uniforms: u)
        #expect(unfilled.kind == .unfilled && unfilled.r == 10.0 / 255 && unfilled.g == 20.0 / 255)
        let background = ShaderReference.shade(channels(0), x: 0.5, y: 0.5, lut: lut, uniforms: u)
        #expect(background.kind == .background && background.r == 1 && background.g == 1)
        let o = (0.0, 0.0, 1.0)
        let edge = ShaderReference.shade(o, x: 0.5, y: 0.5, lut: lut, uniforms: u)
        #expect(edge.kind == .outline && edge.r == 0.11 && edge.b == 0.12)
        let noEdge = ShaderReference.shade(o, x: 0.5, y: 0.5, lut: lut, uniforms: ShaderUniforms(showEdge: false))
        #expect(noEdge.r == 1 && noEdge.g == 1 && noEdge.b == 1)
        // Quantised fixed colours: 0.11·255 = 28.05 → 28; 0.12·255 = 30.6 → 31; 0.83·255 = 211.65 → 212.
        #expect(ShaderReference.quantise(0.11) == 28 && ShaderReference.quantise(0.12) == 31 && ShaderReference.quantise(0.83) == 212)
    }

    /// IEC 61966-2-1: sRGB 0.5 → linear 0.214041; 0.04045 → 0.04045/12.92 = 0.0031308.
    @Test func srgbCurve() {
        #expect(abs(ShaderReference.srgbToLinear(0.5) - 0.214041) < 1e-6)
        #expect(abs(ShaderReference.srgbToLinear(0.04045) - 0.0031308) < 1e-7)
        #expect(ShaderReference.srgbToLinear(1) == 1 && ShaderReference.srgbToLinear(0) == 0)
    }

    /// Two texels, id 2 then an outline: nearest returns each exactly; linear at x = 0.875 (a 4×
    /// render's pixel; u = x − 0.5 = 0.375 of the way to the outline) mixes 62.5 % of id 2 with the outline: B = 0.375 (not an outline), G·255 =
    /// 1.25 → id 1, which exists in neither texel.
    @Test func linearFilteringInventsIds() {
        let tex: [UInt8] = [0, 2, 0, 255, 0, 0, 255, 255]
        let n = ShaderReference.sample(tex, width: 2, height: 1, x: 0.875, y: 0.5, filter: .nearest, colorSpace: .none)
        #expect(IdContract.shaderId(r: n.0, g: n.1, b: n.2) == 2)
        let l = ShaderReference.sample(tex, width: 2, height: 1, x: 0.875, y: 0.5, filter: .linear, colorSpace: .none)
        #expect(close(l.2, 0.375))
        #expect(IdContract.shaderId(r: l.0, g: l.1, b: l.2) == 1)
        // At texel centres linear filtering is exact.
        let c = ShaderReference.sample(tex, width: 2, height: 1, x: 0.5, y: 0.5, filter: .linear, colorSpace: .none)
        #expect(IdContract.shaderId(r: c.0, g: c.1, b: c.2) == 2)
    }

    /// id 300 (R 1, G 44) through the sRGB curve: G 44/255 → 0.02519 → round(6.42) = 6; R 1/255 →
    /// 0.000304 → 0: the shader reads id 6.
    @Test func srgbTextureGarblesIds() {
        let p = IdContract.encode(300)
        let tex = [p.r, p.g, p.b, p.a]
        let s = ShaderReference.sample(tex, width: 1, height: 1, x: 0.5, y: 0.5, filter: .nearest, colorSpace: .sRGB)
        #expect(IdContract.shaderId(r: s.0, g: s.1, b: s.2) == 6)
    }
}
