import LockstepCore
@testable import AnimatedSvg
import Testing

/// Loads `body` (wrapped in an `<svg>` root unless it is one) and reads frames, for the worked
/// examples of docs/animated-svg.md. Times are exact: a requested time must be a frame time.
struct SvgFixture {
    let result: LoadResult

    init(wrap: Bool = true, _ body: String, fps: Int = 100, faults: Loader.LoadFaults = .init()) {
        let text = body.hasPrefix("<svg") || !wrap ? body : "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">" + body + "</svg>"
        var options = Loader.Options(fps: fps)
        options.faults = faults
        result = Loader.load(Array(text.utf8), options)
    }

    var grid: FrameGrid { result.grid! }

    /// The frame at exactly `seconds`.
    func frame(at seconds: Double) -> Int? {
        let ns = Int64((seconds * 1e9).rounded())
        let g = grid
        guard g.frameCount > 1 else { return ns == 0 ? 0 : nil }
        // t_i = i·D/M, so i = ns·M/D when that is whole.
        let (i, r) = (ns * g.denominator).quotientAndRemainder(dividingBy: max(g.periodNanoseconds, 1))
        guard r == 0, i < g.frameCount else { return nil }
        return Int(i)
    }

    /// The attribute as frame `seconds` writes it (`nil`: absent).
    func value(_ id: String, _ attribute: String, at seconds: Double) -> String?? {
        guard let i = frame(at: seconds) else { return .none }
        var diagnostics: [Diagnostic] = []
        guard let doc = result.document(frame: i, diagnostics: &diagnostics) else { return .none }
        guard let e = doc.elements.first(where: { $0.value("id") == id && !$0.removed }) else { return .none }
        return .some(e.value(attribute))
    }

    var codes: [String] { result.diagnostics.map(\.code) }
    var located: [String] { result.diagnostics.map { "\($0.kind.rawValue) \($0.code) \($0.at)" } }
}

/// `#expect` that the frame at each time writes the expected text (`nil` = absent).
func expectValues(_ f: SvgFixture, _ id: String, _ attribute: String, _ rows: [(Double, String?)],
                  sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for (t, expected) in rows {
        guard case .some(let got) = f.value(id, attribute, at: t) else {
            Issue.record("no frame at \(t) s (grid \(f.grid.mode) D=\(f.grid.periodNanoseconds) N=\(f.grid.frameCount)); diagnostics \(f.located)", sourceLocation: sourceLocation)
            continue
        }
        #expect(got == expected, "\(id).\(attribute) at \(t) s; diagnostics \(f.located)", sourceLocation: sourceLocation)
    }
}
