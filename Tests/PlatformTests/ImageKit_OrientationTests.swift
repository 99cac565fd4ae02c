import Platform
import Testing

/// The stored 2 × 3 image (W 2, H 3) the hand-worked cases start from, one letter per pixel:
///
///     a b
///     c d
///     e f
private let a = RGBA8.grey(10), b = RGBA8.grey(20), c = RGBA8.grey(30)
private let d = RGBA8.grey(40), e = RGBA8.grey(50), f = RGBA8.grey(60)

@Suite struct OrientationTests {
    let stored: RGBA8Image

    init() throws { stored = try ikImage(2, 3, [a, b, c, d, e, f]) }

    @Test func eachExifTransformOnTwoByThree() throws {
        // Worked by hand from the EXIF rule "where do the stored first row and first column go":
        let cases: [(ExifOrientation, Int, Int, [RGBA8])] = [
            (.up, 2, 3, [a, b, c, d, e, f]),
            (.upMirrored, 2, 3, [b, a, d, c, f, e]),     // 2: mirror left–right
            (.down, 2, 3, [f, e, d, c, b, a]),           // 3: rotate 180°
            (.downMirrored, 2, 3, [e, f, c, d, a, b]),   // 4: mirror top–bottom
            (.leftMirrored, 3, 2, [a, c, e, b, d, f]),   // 5: transpose, a stays top-left
            (.right, 3, 2, [e, c, a, f, d, b]),          // 6: 90° clockwise, left column becomes top row
            (.rightMirrored, 3, 2, [f, d, b, e, c, a]),  // 7: transverse, a goes bottom-right
            (.left, 3, 2, [b, d, f, a, c, e]),           // 8: 90° counter-clockwise, right column becomes top row
        ]
        for (orientation, w, h, expected) in cases {
            let upright = stored.oriented(orientation)
            #expect(upright.width == w && upright.height == h, "\(orientation)")
            #expect(ikPixels(upright) == expected, "\(orientation)")
        }
    }

    @Test func fiveToEightSwapSides() {
        for o in ExifOrientation.allCases {
            #expect(o.swapsWidthAndHeight == (o.exifValue >= 5))
            let size = o.uprightSize(widthPixels: 4032, heightPixels: 3024)
            #expect(size == (o.exifValue >= 5 ? (3024, 4032) : (4032, 3024)))
        }
    }

    @Test func inverseTransformsRestoreTheStoredImage() throws {
        // Rotations undo each other (6 then 8, 3 twice); mirrors are their own inverses (2, 4, 5, 7).
        let img = try ikScrambled(5, 3, seed: 4)
        #expect(img.oriented(.right).oriented(.left) == img)
        #expect(img.oriented(.down).oriented(.down) == img)
        for o in [ExifOrientation.upMirrored, .downMirrored, .leftMirrored, .rightMirrored] {
            #expect(img.oriented(o).oriented(o) == img, "\(o)")
        }
    }

    @Test func exifValuesOutsideOneToEightAreTheCallersChoice() {
        #expect(ExifOrientation(exif: 0) == nil)
        #expect(ExifOrientation(exif: 9) == nil)
        #expect(ExifOrientation(exif: -1) == nil)
        #expect(ExifOrientation(exif: 6) == .right)
        // The wallpapers note's choice, written by the caller: unknown means 1.
        #expect((ExifOrientation(exif: 42) ?? .up) == .up)
    }

    @Test func uiKitToExifTable() {
        // The scanner note's table: up 0→1, down 1→3, left 2→8, right 3→6, upMirrored 4→2,
        // downMirrored 5→4, leftMirrored 6→5, rightMirrored 7→7.
        let table: [(Int, Int)] = [(0, 1), (1, 3), (2, 8), (3, 6), (4, 2), (5, 4), (6, 5), (7, 7)]
        for (uiKit, exif) in table {
            #expect(UIImageOrientationValue(rawValue: uiKit)?.exif.exifValue == exif)
            #expect(UIImageOrientationValue(exif: ExifOrientation(exif: exif)!).rawValue == uiKit)
        }
        // Known value: orientation right (3) is EXIF 6.
        #expect(UIImageOrientationValue.right.rawValue == 3 && UIImageOrientationValue.right.exif == .right
                && UIImageOrientationValue.right.exif.exifValue == 6)
    }

    @Test func convertingByRawValueIsTheFault() {
        // "Orientation via raw value": UIKit's right is 3, and EXIF 3 is *down*, a 180° turn instead of 90°.
        #expect(ExifOrientation(rawValue: UIImageOrientationValue.right.rawValue) == .down)
        let wrong = UIImageOrientationValue.allCases.filter { ExifOrientation(rawValue: $0.rawValue) != $0.exif }
        #expect(wrong.count == 7)  // only rightMirrored (7 → 7) happens to survive; up (0) has no EXIF 0
    }
}
