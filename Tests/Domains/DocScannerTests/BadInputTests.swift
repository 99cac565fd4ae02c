import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import DocScanner

/// Bad scenario lines are errors at their line and column; bad runtime input is a record.
@Suite struct BadInputTests {
    @Test func generatedPhotoNeedsItsSize() {
        #expect(scannerError("0 photoPicked width=40\n") == "t.scenario:3:3: a generated photo needs width= and height=")
    }

    @Test func pageCornersMustBeFractions() {
        let e = scannerError("0 scanContent page=0,0,1.5,0,1,1,0,1\n")
        #expect(e == "t.scenario:3:20: page corners must be fractions in 0...1", "\(e ?? "nil")")
    }

    @Test func unknownOrientationNameIsRefused() {
        let e = scannerError("0 photoPicked width=4 height=4 orientation=sideways\n")
        #expect(e?.hasPrefix("t.scenario:3:44: unknown orientation 'sideways'") == true, "\(e ?? "nil")")
    }

    @Test func orientationAndRawValueConflict() {
        let e = scannerError("0 photoPicked width=4 height=4 orientation=left orientationRaw=2\n")
        #expect(e?.hasPrefix("t.scenario:3:") == true && e?.contains("give orientation= or orientationRaw=, not both") == true, "\(e ?? "nil")")
    }

    @Test func oversizePhotoIsAnErrorAtItsValue() {
        let e = scannerError("0 photoPicked width=5000 height=4\n")
        #expect(e == "t.scenario:3:21: width=5000 is out of range 1...4096", "\(e ?? "nil")")
    }

    @Test func visionCornerOutsideTheUnitSquareIsAnError() {
        let e = scannerError("0 vision result id=1 rectangles=0.1,0.9,0.9,0.9,0.1,0.1,0.9,1.2,0.8\n")
        #expect(e?.contains("rectangle 1: corner br=0.9,1.2 is outside 0...1") == true, "\(e ?? "nil")")
    }

    @Test func osBelowTheDeploymentTargetIsRefused() {
        let e = scannerError("set os 11.4\n0 tapScan\n")
        #expect(e?.contains("os 11.4 is below the app's minimum, 12.0") == true, "\(e ?? "nil")")
    }

    /// A page over 16,777,216 pixels in all (4096 × 4097 cannot be asked; 4096 × 4096 is the
    /// limit exactly), so the too-large record comes from a file fixture in the golden; here the
    /// limit check itself.
    @Test func pixelLimitNamesTheLimit() {
        #expect(Pixels.checkSize(4_096, 4_096) == nil)
        guard case .tooLarge(4_096, 4_097)? = Pixels.checkSize(4_096, 4_097) else { Issue.record("4096x4097 accepted"); return }
        guard case .emptyImage(0, 3)? = Pixels.checkSize(0, 3) else { Issue.record("0x3 accepted"); return }
    }

    @Test func declarationsMeetTheContract() {
        #expect(DocScanner.entry.problems.isEmpty, "\(DocScanner.entry.problems)")
    }
}
