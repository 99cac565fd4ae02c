import LockstepCore
import Platform

/// The article's rules as invariants checked after every step.
extension DocScanner {
    public static let invariants: [Invariant<DocScanner>] = [
        Invariant("oneSharedContext", "one shared CIContext for the process: creating one per image is the most common Core Image mistake (failure 4)") { s, _ in
            s.ciContextsCreated <= 1 ? nil : "\(s.ciContextsCreated) CIContexts created"
        },
        Invariant("originalNeverChanges", "keep the original: a mode switch never replaces the stored page's pixels (failure 5)") { s, outputs in
            guard outputs.contains(where: { $0.name == "page.mode" }) else { return nil }
            for (i, p) in s.pages.enumerated() where p.original.digest != p.originalDigest {
                return "page \(i + 1) original changed from #\(Hex.lower(p.originalDigest)) to #\(p.original.digestHex)"
            }
            return nil
        },
        Invariant("flattenedOnce", "document-camera pages are already flat; a fallback page is perspective-corrected once (failure 1)") { s, _ in
            for (i, p) in s.pages.enumerated() where p.corrections > (p.origin == .documentCamera ? 0 : 1) {
                return "page \(i + 1) from \(p.origin.rawValue) corrected \(p.corrections) times"
            }
            return nil
        },
        Invariant("fallbackPagesConfirmed", "detected corners are adjustable before flattening: every fallback page went through the adjust step (failure 2)") { s, _ in
            guard let i = s.pages.firstIndex(where: { !$0.confirmedByUser }) else { return nil }
            return "page \(i + 1) was made without the corner-adjust step"
        },
        Invariant("recordCountsItsFiles", "record.json's pageCount is the number of page files written, never silently fewer (failure 13)") { s, _ in
            for (i, scan) in s.library.enumerated() where scan.writtenPageFiles != scan.pageCount {
                return "scan \(i + 1) claims \(scan.pageCount) pages, \(scan.writtenPageFiles) files written"
            }
            return nil
        },
        Invariant("oneCompletionPerFlatten", "a flatten in flight always has its Vision request in flight: nothing waits for a completion that already came (failure 14)") { s, _ in
            guard case .detecting(let d) = s.flow, !s.vision.pending.contains(where: { $0.id == d.requestID }) else { return nil }
            return "detecting request \(d.requestID.rawValue), which is no longer pending"
        },
        Invariant("bwKeepsFaintPrint", "Black & White isn't thresholding: a page with print keeps at least two levels (failure 3)") { _, outputs in
            for r in outputs where r.name == "page.render" && r.word("mode") == "bw" {
                if let levels = r.integer("levels"), let original = r.integer("originalLevels"), original >= 2, levels < 2 {
                    return "B&W render of page \(r.integer("page") ?? 0) has \(levels) level, the original \(original)"
                }
            }
            return nil
        },
        Invariant("oldOSStillEnhances", "iOS 12 takes the string-keyed filters: Enhanced and B&W are never silently the identity there (failure 10)") { s, outputs in
            guard s.device.os.major < 13 else { return nil }
            for r in outputs where r.name == "page.render" && r.word("mode") != "original" && r.text("chain") == "identity" {
                return "page \(r.integer("page") ?? 0) in \(r.word("mode") ?? "?") rendered with no filter on iOS \(s.device.os)"
            }
            return nil
        },
        Invariant("sharePNGData", "share items are the PNG data, not UIImages re-compressed as JPEG (failure 7)") { _, outputs in
            for r in outputs where r.name == "share.item" && r.word("kind") != "png" { return "page \(r.integer("page") ?? 0) shared as \(r.word("kind") ?? "?")" }
            return nil
        },
        Invariant("neverCrashes", "the iPad share sheet without a source view is refused, never presented (failure 6)") { _, outputs in
            outputs.contains(where: { $0.name == "app.crashed" }) ? "the app crashed" : nil
        },
        Invariant("deniedOffersSettings", "a denied camera links to Settings (checklist 1, failure 8)") { _, outputs in
            guard outputs.contains(where: { $0.name == "permission.denied" && $0.word("camera") == "denied" }) else { return nil }
            return outputs.contains(where: { $0.name == "settings.link" }) ? nil : "camera denied with no Settings link"
        },
        Invariant("printNeedsPrinting", "print returns when isPrintingAvailable is false (failure 9)") { s, outputs in
            !s.printingAvailable && outputs.contains(where: { $0.name == "print.job" }) ? "a print job with printing unavailable" : nil
        },
        Invariant("cornersScaleWithoutFlip", "Vision's bottom-left points scale to Core Image pixels with no y flip (failure 11)") { s, outputs in
            guard outputs.contains(where: { $0.name == "detection" }), let d = s.lastDetection else { return nil }
            let expected = d.normalized[0].imagePoint(widthPixels: d.widthPixels, heightPixels: d.heightPixels)
            let got = d.pixel.topLeft
            return (got.x - expected.x).magnitude < 1e-6 && (got.y - expected.y).magnitude < 1e-6 ? nil
                : "top-left \(d.normalized[0]) at row-space \(got), expected \(expected)"
        },
        Invariant("orientationCaseForCase", "UIImage.Orientation maps to EXIF case for case, never by raw value (failure 12)") { s, outputs in
            guard outputs.contains(where: { $0.name == "photo" }), let o = s.lastOrientation, o.exif != o.uikit.exif else { return nil }
            return "UIKit \(o.uikit) (raw \(o.uikit.rawValue)) used EXIF \(o.exif.exifValue), expected \(o.uikit.exif.exifValue)"
        },
        Invariant("noNetwork", "documents never leave the phone: no request is ever made (checklist 9)") { _, outputs in
            outputs.first(where: { $0.name.hasPrefix("net.") || $0.name == "request.sent" }).map { "network output \($0.name)" }
        },
    ]
}

extension Record {
    /// The value of `key` when it is a word.
    func word(_ key: String) -> String? {
        guard let f = fields.first(where: { $0.key == key }), case .word(let w) = f.value else { return nil }
        return w
    }

    /// The value of `key` when it is a quoted string.
    func text(_ key: String) -> String? {
        guard let f = fields.first(where: { $0.key == key }), case .string(let s) = f.value else { return nil }
        return s
    }

    /// The value of `key` when it is an integer.
    func integer(_ key: String) -> Int? {
        guard let f = fields.first(where: { $0.key == key }), case .int(let v) = f.value else { return nil }
        return Int(v)
    }
}
