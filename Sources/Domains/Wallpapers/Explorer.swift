import LockstepCore
import Platform

/// Random walks through the app: cells scrolling in and out (some with bad geometry), the server
/// answering the newest request with a portrait, landscape, rotated, small or corrupt image, failures
/// and offline spells, memory warnings and background trips, the detail screen, the editor, saves
/// against every Photos answer, the catalogue and a screen change.
extension Wallpapers {
    static let explorerThumbs = (1...10).map { "https://cdn.example/thumb/\($0).jpg" }
    static let explorerFulls = ["https://cdn.example/nature/1.jpg", "https://cdn.example/space/1.jpg",
                                "https://cdn.example/space/2.jpg", "https://cdn.example/minimal/3.jpg"]
    static let explorerBodies = ["WPX1 2160x3840 exif=1", "WPX1 3840x2160 exif=1", "WPX1 3840x2160 exif=6", "WPX1 1080x1920 exif=9",
                                 "WPX1 48x96 pattern=checker:4", "WPX1 96x48 exif=8 pattern=gradient", "WPX1 64x64 pattern=solid:808080",
                                 "<html>Not Found</html>"]

    public static let explorer: Explorer? = Explorer(header: { rng in
        var lines: [String] = []
        if rng.chance(0.3) { lines.append("set displayScale \(rng.int(in: 2...3))") }
        if rng.chance(0.4) { lines.append("set cacheLimitBytes \([4_194_304, 8_388_608, 16_777_216][rng.int(below: 3)])") }
        return lines
    }, next: { rng, _ in
        func pick(_ a: [String]) -> String { a[rng.int(below: a.count)] }
        let gap = ["+0.05", "+0.1", "+0.3", "+1"][rng.int(below: 4)]
        let roll = rng.int(below: 100)
        let line: String
        switch roll {
        case 0 ..< 22:
            let w = rng.chance(0.04) ? "nan" : "\(rng.int(in: 60...200))"
            line = "cellAppear id=\(rng.int(in: 1...12)) url=\"\(pick(explorerThumbs))\" width=\(w)"
        case 22 ..< 36:
            line = "net respond id=latest tag=thumb status=\(rng.chance(0.9) ? 200 : 404) body=\"\(pick(explorerBodies))\""
        case 36 ..< 46: line = "cellDisappear id=\(rng.int(in: 1...12))"
        case 46 ..< 50: line = "cellURL id=\(rng.int(in: 1...12)) url=\"\(pick(explorerThumbs))\""
        case 50 ..< 53: line = "lifecycle memoryWarning"
        case 53 ..< 55: line = pick(["lifecycle inactive", "lifecycle background", "lifecycle foreground", "lifecycle active"])
        case 55 ..< 57: line = "net offline on=\(rng.chance(0.5))"
        case 57 ..< 59: line = "net fail id=latest kind=\(pick(["connectionLost", "timeout", "dnsFailure"]))"
        case 59 ..< 64: line = "detailOpen url=\"\(pick(explorerFulls))\""
        case 64 ..< 69: line = "net respond id=latest tag=full status=200 body=\"\(pick(explorerBodies))\""
        case 69 ..< 72: line = pick(["editorOpen", "detailClose"])
        case 72 ..< 78:
            let r = rng.chance(0.05) ? "nan" : "\(rng.int(in: 0...30))"
            line = "editorSlider radius=\(r) dim=\(Double(rng.int(in: 0...5)) / 10)"
        case 78 ..< 81: line = "editorExport"
        case 81 ..< 86: line = "save what=\(rng.chance(0.6) ? "original" : "edited")"
        case 86 ..< 90: line = "photos auth=\(pick(["authorized", "limited", "denied", "restricted"]))"
        case 90 ..< 93: line = "category id=\(pick(["nature", "space", "anime"]))"
        case 93 ..< 95:
            line = "net respond id=latest tag=catalog status=200 body=\"A https://cdn.example/thumb/1.jpg https://cdn.example/nature/1.jpg own\\nB https://cdn.example/thumb/2.jpg https://cdn.example/space/1.jpg -\""
        case 95 ..< 97: line = "search text=\"\(pick(["", "a", "B", "zz"]))\""
        case 97: line = "screen scale=\(rng.int(in: 2...3)) width=\(pick(["1290", "1920"])) height=\(pick(["2796", "1080"]))"
        case 98:
            // A whole Create-mode session on a 4K source: preview and export widths differ.
            return ["\(gap) detailOpen url=\"\(pick(explorerFulls))\"", "+0.1 net respond id=latest tag=full status=200 body=\"WPX1 2160x3840\"",
                    "+0.1 editorOpen", "+0.1 editorSlider radius=\(rng.int(in: 1...30))", "+0.1 editorExport"].joined(separator: "\n")
        default:
            // Saving the same wallpaper twice with access granted.
            return ["\(gap) photos auth=authorized", "+0.1 save what=original", "+0.1 save what=original", "+0.1 openPhotos"].joined(separator: "\n")
        }
        return "\(gap) \(line)"
    })
}
