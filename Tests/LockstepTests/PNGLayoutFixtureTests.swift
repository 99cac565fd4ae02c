import Testing
@testable import LockstepCore

/// Every PNG layout, from Pillow and from the hand encoder in make_layout_fixtures.py, against the
/// RGBA that script computed from the source samples.
@Suite struct PNGLayoutFixtureTests {
    typealias L = PNGLayoutTestSupport

    @Test(arguments: L.fixtures)
    func decodesToExpectedRGBA8(_ fixture: L.Fixture) throws {
        let image = try PNG.decode(try fixture.png())
        #expect(image.width == fixture.width && image.height == fixture.height)
        let difference = L.firstDifference(image.rgba, try fixture.expectedRGBA8(), width: fixture.width)
        #expect(difference == nil, "\(fixture.name): \(difference ?? "")")
    }

    @Test(arguments: L.fixtures)
    func decodes16ToExpectedRGBA16(_ fixture: L.Fixture) throws {
        let image = try PNG.decode16(try fixture.png())
        #expect(image.width == fixture.width && image.height == fixture.height)
        let difference = L.firstDifference(image.rgba, try fixture.expectedRGBA16(), width: fixture.width)
        #expect(difference == nil, "\(fixture.name): \(difference ?? "")")
        // The documented link between the two: narrowing decode16's samples gives decode's.
        let narrowed = image.rgba.map { PNGSampleScaling.eightBit($0, bitDepth: 16) }
        #expect(narrowed == (try PNG.decode(try fixture.png())).rgba, "\(fixture.name)")
    }

    @Test(arguments: L.fixtures)
    func fileHasTheLayoutTheManifestNames(_ fixture: L.Fixture) throws {
        // IHDR data starts at byte 16: width, height (4 bytes each), depth, colour type, compression,
        // filter, interlace.
        let png = try fixture.png()
        #expect(Array(png[16..<29]) == L.ihdr(width: fixture.width, height: fixture.height, depth: fixture.bitDepth,
                                                colorType: fixture.colorType, interlace: fixture.interlace))
    }

    @Test func manifestCoversEveryLayoutInterlacedAndNot() {
        let layouts = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8),
                       (4, 8), (4, 16), (6, 8), (6, 16)]
        #expect(L.fixtures.count > 100, "manifest missing or unreadable")
        for (colorType, depth) in layouts {
            for interlace in [0, 1] {
                let matching = L.fixtures.filter { $0.colorType == colorType && $0.bitDepth == depth && $0.interlace == interlace }
                // 33x7, 3x5 and 1x1 of each.
                #expect(matching.count >= 3, "colour type \(colorType) at \(depth) bits, interlace \(interlace)")
            }
        }
        // Pillow wrote all it can: every layout but 16-bit RGB, grey + alpha and RGBA.
        let pillow = Set(L.fixtures.filter { $0.origin == "pillow" }.map { "\($0.colorType)/\($0.bitDepth)" })
        #expect(pillow == ["0/1", "0/2", "0/4", "0/8", "0/16", "2/8", "3/1", "3/2", "3/4", "3/8", "4/8", "6/8"])
    }

    @Test func sameSourceDecodesIdenticallyWhateverTheEncoderOrInterlacing() throws {
        // Groups: the same samples written plain and Adam7 by the hand encoder, plain by Pillow.
        var groups: [String] = []
        for fixture in L.fixtures where !groups.contains(fixture.group) { groups.append(fixture.group) }
        var compared = 0
        for group in groups {
            let members = L.fixtures.filter { $0.group == group }
            let first = try PNG.decode16(try members[0].png())
            for member in members.dropFirst() {
                let other = try PNG.decode16(try member.png())
                let difference = L.firstDifference(other.rgba, first.rgba, width: first.width)
                #expect(difference == nil, "\(member.name) vs \(members[0].name): \(difference ?? "")")
                compared += 1
            }
        }
        #expect(groups.count > 40 && compared > 70)
        #expect(L.fixtures.contains { $0.interlace == 1 && $0.group == "rgba16" })
    }

    @Test func keyedFixturesReallyHaveTransparentAndNearMissPixels() throws {
        // Guards the fixtures themselves: a key fixture where nothing matched, or everything did,
        // would pass without testing the key.
        for fixture in L.fixtures where fixture.group.hasSuffix("_key") {
            let alpha = try fixture.expectedRGBA8().enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
            #expect(alpha.contains(0) && alpha.contains(255), "\(fixture.name)")
        }
        // grey16_key: pixel 2 is the key 0x1234 with its low bit flipped, 0x1235: same 8-bit value
        // (4661 * 255 + 32767) / 65535 = 18 as the key's (4660 * 255 + 32767) / 65535 = 18, yet opaque.
        let key16 = try #require(L.fixtures.first { $0.name == "grey16_key_33x7" })
        let image = try PNG.decode(try key16.png())
        #expect(image.pixel(x: 0, y: 0) == (18, 18, 18, 0))
        #expect(image.pixel(x: 2, y: 0) == (18, 18, 18, 255))
        #expect(try PNG.decode16(try key16.png()).pixel(x: 2, y: 0) == (0x1235, 0x1235, 0x1235, 65_535))
    }
}
