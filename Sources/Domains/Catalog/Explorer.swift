import LockstepCore

/// The catalogue's explorer. The header draws the OS (17.6, 18.0, 26.0) and sometimes a small
/// `limit.recents`. Step 0 sets up the build and the stored data (now and then a damaged or
/// wrongly typed value, a missing or stale snippet, an extra entry with a bad id) and launches.
/// Then, weights out of 100: searches 14 (titles, folded and accented spellings, spaces, a query
/// over the limit), filters 8, swipes 12, opens 16 (known and unknown ids), back 10, the code
/// sheet with copies and dismissals 12, sizing proposals 8 (nil, 0, 320, negative, NaN, with
/// heights), colour callbacks 6 (continuous runs, NaN), date picker styles 3, text size and
/// VoiceOver 3, and lifecycle 8 (background and foreground; a terminate, a build change and a
/// relaunch). A memory says whether the app runs, so relaunches follow terminations.
extension Catalog {
    struct WalkMemory: Sendable {
        var running = false
    }

    static let exploreIds = ["slider", "date-picker", "segmented-control", "color-picker", "web-view", "switch", "font-picker",
                             "photos-picker", "stepper", "a,b", "nope"]
    static let exploreQueries = ["sli", "SLIDER", "pícker", "pi\u{301}cker", "Web", "webview", " ", "date  picker", "", "o", "PICKER ", "Straße"]
    static let exploreFiles = ["Slider.UIKit", "Slider.SwiftUI", "DatePicker.UIKit", "WebView.SwiftUI", "ColorPicker.UIKit",
                               "PhotosPicker.SwiftUI", "Readme"]

    public static let explorer: Explorer? = Explorer(memory: WalkMemory(), header: { rng, _ in
        var h = ["set os \(["17.6", "18.0", "26.0"][rng.int(below: 3)])"]
        if rng.int(below: 5) == 0 { h.append("set limit.recents \(rng.int(in: 1...5))") }
        return h
    }, next: { rng, memory, step in
        func pick(_ a: [String]) -> String { a[rng.int(below: a.count)] }
        let gap = "+\(rng.int(in: 1...40) * 50)ms"
        if step == 0 || !memory.running {
            var lines: [String] = []
            if rng.int(below: 3) == 0 {
                lines.append(pick([
                    "defaults key=recentlyViewed value=\"[\\\"slider\\\",42]\"",
                    "defaults key=favorites value=\"7\"",
                    "defaults key=favorites value=\"\\\",,slider,,date-picker,\\\"\"",
                    "defaults key=recentlyViewed damaged=\"truncated\"",
                    "defaults key=favorites damaged=\"truncated\"",
                ]))
            }
            if rng.int(below: 3) == 0 {
                lines.append(pick([
                    "bundle name=\"Slider.SwiftUI.swift.txt\" remove=true",
                    "bundle name=\"WebView.UIKit.swift.txt\" text=\"WKWebView{}\"",
                    "register id=\"a,b\" title=\"Comma\" tags=\"UIKit\" uiKit=\"UIView{}\"",
                    "register id=slider title=\"Second Slider\" tags=\"Controls\" uiKit=\"UISlider{}\"",
                    "retitle id=slider title=\"Slider Control\"",
                    "unregister id=switch",
                    "unregister id=web-view",
                    "register id=stepper title=\"Stepper\" tags=\"UIKit,Controls\" uiKit=\"UIStepper{}\" at=0",
                ]))
            }
            lines.append("lifecycle launch")
            memory.running = true
            return lines.enumerated().map { ($0.offset == 0 ? gap : "+0") + " " + $0.element }.joined(separator: "\n")
        }
        let roll = rng.int(below: 100)
        let line: String
        switch roll {
        case 0..<14:
            line = rng.int(below: 20) == 0 ? "search query=\"\(String(repeating: "x", count: 300))\"" : "search query=\"\(pick(exploreQueries))\""
        case 14..<22: line = "filter tag=\(pick(["All", "UIKit", "Controls", "Views", "Pickers", "SwiftUI"]))"
        case 22..<34: line = "swipe id=\"\(pick(exploreIds))\""
        case 34..<50: line = "open id=\"\(pick(exploreIds))\""
        case 50..<60: line = "back"
        case 60..<72: line = pick(["viewCode", "viewCode", "dismissSheet", "copy file=\(pick(exploreFiles))", "copy file=\(pick(exploreFiles))"])
        case 72..<80:
            line = "propose" + pick(["", " width=0", " width=320", " width=320 height=600", " width=-1", " width=nan", " height=inf", " width=375"])
        case 80..<86:
            let c = "0.\(rng.int(in: 0...9)),0.\(rng.int(in: 0...9)),0.\(rng.int(in: 0...9)),1"
            line = pick(["colorPicked color=\(c) continuously=true", "colorPicked color=\(c)", "colorBinding color=\(c)",
                         "colorPicked color=nan,0,0,1 continuously=true", "colorPicked color=1.2,-0.1,0,1"])
        case 86..<89: line = "datePickerStyle style=\(pick(["compact", "inline", "wheels"]))"
        case 89..<92: line = pick(["a11y textSize=accessibilityLarge", "a11y textSize=large", "a11y voiceOver=true", "a11y voiceOver=false"])
        default:
            switch rng.int(below: 4) {
            case 0: line = "lifecycle background\n+1s lifecycle foreground\n+0 lifecycle active"
            case 1: line = "lifecycle active"
            default:
                memory.running = false
                line = "lifecycle terminate reason=\(pick(["user", "jetsam"]))"
            }
        }
        return gap + " " + line
    })
}
