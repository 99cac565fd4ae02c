import Foundation
import LockstepCore
import LockstepRunner
import LockstepTools
import Registry
import Testing

/// `lockstep report`: the page's content is read back as text (and, where Chromium is installed, as
/// a browser renders it); the summary file `check --artifacts` writes is read by its own parser.
@Suite struct ReportTests {
    /// One pencil segment on a 64×64 chalk canvas; `failing` moves the last two samples, so the
    /// trace and the rendered canvas both differ from the golden recorded from `passing`.
    static let passing = """
        lockstep 1
        domain chalk
        title "A pencil segment the report shows failing"
        seed 7
        set width 64
        set height 64

        0      size pt=10
        0      touch phase=began id=1 x=10 y=32 force=2.0 maxForce=4.0 altitude=1.2 azimuth=0.3 type=pencil
        +0.008 touch phase=moved id=1 x=24.5 y=32 force=2.0 maxForce=4.0 altitude=1.2 azimuth=0.3 type=pencil
        +0.008 touch phase=moved id=1 x=53.5 y=32 force=4.0 maxForce=4.0 altitude=1.2 azimuth=0.3 type=pencil
        +0.008 touch phase=ended id=1 x=53.5 y=32 force=4.0 maxForce=4.0 altitude=1.2 azimuth=0.3 type=pencil
        +0.1   render

        """
    static let failing = passing.replacingOccurrences(of: "x=53.5 y=32", with: "x=50.5 y=40")

    /// Two push-ups with `set plots true`: a passing scenario whose plot the report shows.
    static let plotted = """
        lockstep 1
        domain repCounter
        set plots true

        0   gen pushups reps=2 fps=30 period=2 top=170 bottom=80
        4.1 setEnd

        """

    /// A project with the failing chalk scenario `report-me`, the passing counter scenarios and a
    /// passing repCounter scenario with a plot.
    static func failingProject() throws -> TempProject {
        let p = try TempProject()
        try p.dir.write("Scenarios/chalk/report-me.scenario", passing)
        try p.dir.write("Scenarios/repCounter/plotted.scenario", plotted)
        let recorded = p.run(["record", "--all"])
        #expect(recorded.code == ExitCode.ok, "\(recorded.err)")
        try p.dir.write("Scenarios/chalk/report-me.scenario", failing)
        return p
    }

    func run(_ p: TempProject, _ args: [String]) -> (code: Int32, out: String, err: String) {
        let ctx = CommandContext(project: Project(root: p.root, domains: allDomains), environment: [:])
        let code = LockstepCommand.main(args, ctx)
        return (code, ctx.outText, ctx.errText)
    }

    @Test func aFailingChalkScenarioShowsItsThreeImagesDivergenceAndDiff() throws {
        let p = try ReportTests.failingProject()
        let out = p.root + "/report"
        let result = run(p, ["report", "--out", out])
        #expect(result.code == ExitCode.mismatch, "\(result.out)\(result.err)")
        #expect(result.out.hasSuffix("report \(out)/index.html: 1 failed, 3 passed\n"), "\(result.out)")
        let html = try p.dir.read("report/index.html")
        #expect(html.contains("<title>Lockstep report: 1 failed, 3 passed</title>"))
        #expect(html.contains("<span class=\"label fail\">FAIL</span> Scenarios/chalk/report-me.scenario</h2>"))
        #expect(html.contains("<h3>First divergence</h3>\n<pre class=\"report\">FAIL  Scenarios/chalk/report-me.scenario\n  first divergence at line 19"), "\(html)")
        #expect(html.contains("<h3>Full diff</h3>"))
        #expect(html.contains("<span class=\"del\">-   segment stroke=0 seg=1 dist=29.000000"), "the golden's segment, removed")
        #expect(html.contains("<span class=\"ins\">+   segment stroke=0 seg=1 dist=27.202942"), "the run's segment, added")
        // 64 px canvases are enlarged 5× (320 / 64) with nearest-neighbour scaling.
        #expect(html.contains("canvas1.png · 64×64 px, shown 5× (nearest neighbour)"))
        for kind in ["expected", "actual", "difference"] {
            let path = "runs/chalk/report-me/\(kind).canvas1.png"
            #expect(html.contains("<img src=\"\(path)\" width=\"320\" height=\"320\""), "\(kind)")
            #expect(try PNG.decode(FileIO.read(out + "/" + path)).width == 64, "\(kind) is a PNG in the report's folder")
        }
        #expect(!html.contains("<script"), "the page has no script")
        #expect(!html.contains("http://") && !html.contains("https://"), "and reaches for no network")
        #expect(html.contains("<details class=\"passed\"><summary>3 passed</summary>"))
        // The passing scenario's plot, at 1× (800 × 400), copied from its golden artifact.
        #expect(html.contains("<h2>Plots</h2>\n<section class=\"plots\">\n<h3>Scenarios/repCounter/plotted.scenario</h3>"))
        #expect(html.contains("<img src=\"runs/repCounter/plotted/actual.set1.plot.png\" width=\"800\" height=\"400\""))
        #expect(try FileIO.read(out + "/runs/repCounter/plotted/actual.set1.plot.png") == FileIO.read(p.root + "/Golden/repCounter/plotted.set1.plot.png"))
        // The same run gives the same page.
        #expect(run(p, ["report", "--out", out]).code == ExitCode.mismatch)
        #expect(try p.dir.read("report/index.html") == html)
    }

    @Test func aCheckArtifactsFolderIsReadAndItsPicturesCopied() throws {
        let p = try ReportTests.failingProject()
        let artifacts = p.root + "/artifacts"
        #expect(run(p, ["check", "--artifacts", artifacts]).code == ExitCode.mismatch)
        let summary = try #require(try ArtifactsSummary.read(directory: artifacts))
        #expect(summary.entries.map(\.label) == ["FAIL", "ok", "ok", "ok"])
        #expect(summary.entries.first?.scenario == "Scenarios/chalk/report-me.scenario")

        let out = p.root + "/from-folder"
        let result = run(p, ["report", artifacts, "--out", out])
        #expect(result.code == ExitCode.mismatch, "\(result.out)\(result.err)")
        let html = try p.dir.read("from-folder/index.html")
        #expect(html.contains("read from \(artifacts)/summary.txt"))
        // The page links only files inside its own folder.
        for kind in ["expected", "actual", "difference"] {
            #expect(FileIO.exists(out + "/runs/chalk/report-me/\(kind).canvas1.png"))
        }
        // Beside the replayed report, only the source line differs, and the passing scenario's plot
        // is missing: a check --artifacts folder holds failures only.
        #expect(!html.contains("plotted/actual.set1.plot.png"))
        _ = run(p, ["report", "--out", p.root + "/replayed"])
        let replayed = try p.dir.read("replayed/index.html")
        #expect(replayed.contains("plotted/actual.set1.plot.png"))
        #expect(replayed.contains("replayed 4 scenarios"))
        // --filter selects what to replay; a folder is read whole.
        #expect(run(p, ["report", artifacts, "--out", out, "--filter", "x"]).code == ExitCode.badInput)
    }

    @Test func usageAndAllPassing() throws {
        let p = try TempProject()
        #expect(p.run(["record", "--all"]).code == ExitCode.ok)
        let missing = run(p, ["report"])
        #expect(missing.code == ExitCode.badInput)
        #expect(missing.err.contains("--out DIR is required"), "\(missing.err)")
        let ok = run(p, ["report", "--out", p.root + "/r"])
        #expect(ok.code == ExitCode.ok, "\(ok.out)\(ok.err)")
        let html = try p.dir.read("r/index.html")
        #expect(html.contains("<span class=\"pass\">all passed</span>, 2 passed (2 scenarios)"))
        #expect(!html.contains("<h2>Failed</h2>"))
        let empty = run(p, ["report", "nothing-here", "--out", p.root + "/r"])
        #expect(empty.code == ExitCode.badInput, "\(empty.out)\(empty.err)")
    }

    @Test func anInvalidScenarioAndAMissingGoldenHaveTheirOwnSections() throws {
        let p = try TempProject()
        #expect(p.run(["record", "--all"]).code == ExitCode.ok)
        try p.dir.write("Scenarios/counter/broken.scenario", "lockstep 1\ndomain counter\n\n0 add n=oops\n")
        try p.dir.write("Scenarios/counter/unrecorded.scenario", "lockstep 1\ndomain counter\n\n0 add n=1\n")
        let result = run(p, ["report", "--out", p.root + "/r"])
        #expect(result.code == ExitCode.badInput, "an invalid scenario is exit 2, as in check: \(result.out)\(result.err)")
        let html = try p.dir.read("r/index.html")
        #expect(html.contains("<span class=\"label fail\">ERROR</span> Scenarios/counter/broken.scenario</h2>"))
        #expect(html.contains("Scenarios/counter/broken.scenario:4:"), "the error's line and column: \(html)")
        #expect(html.contains("<span class=\"label fail\">MISSING</span> Scenarios/counter/unrecorded.scenario</h2>"))
        #expect(html.contains("no golden: the whole trace is new"))
        #expect(html.contains("<span class=\"ins\">+ 1 0.000000000 add"), "the new trace shown as added")
    }

    @Test func summaryFileErrorsNameLineAndColumn() throws {
        let dir = try TempDirectory()
        try dir.write("summary.txt", "lockstep-artifacts 1\nok Scenarios/a.scenario\nPASS Scenarios/b.scenario\n")
        #expect(throws: FileIO.Failure.self) { try ArtifactsSummary.read(directory: dir.path) }
        do { _ = try ArtifactsSummary.read(directory: dir.path) } catch {
            #expect(error.message == "3:1: expected 'ok|FAIL|MISSING|ERROR SCENARIO', found 'PASS Scenarios/b.scenario'")
        }
        try dir.write("summary.txt", "lockstep-artifacts 1\nFAIL ../outside.scenario\n")
        do { _ = try ArtifactsSummary.read(directory: dir.path); Issue.record("a path out of the folder was read") } catch {
            #expect(error.message.hasPrefix("2:6: a scenario path under Scenarios/"), "\(error.message)")
        }
        try dir.write("summary.txt", "junit\n")
        do { _ = try ArtifactsSummary.read(directory: dir.path); Issue.record("a foreign file was read") } catch {
            #expect(error.message.hasPrefix("1:1: expected 'lockstep-artifacts 1'"))
        }
        let round = ArtifactsSummary(entries: [.init(label: "ok", scenario: "Scenarios/x y.scenario")])
        try dir.write("summary.txt", round.text)
        #expect(try ArtifactsSummary.read(directory: dir.path) == round)
    }

    @Test func pastTheSectionLimitFailuresAreListedAndTheLimitNamed() {
        let n = ReportPage.maxFailureSections + 3
        let entries = (1...n).map { ReportPage.Entry(scenario: "Scenarios/x/s\($0).scenario", label: "FAIL", report: "FAIL  s\($0)") }
        let html = ReportPage(title: "T", entries: entries, source: "test").html
        #expect(html.contains("<li><a href=\"#f\(n - 3)\">FAIL Scenarios/x/s\(n - 3).scenario</a>"))
        #expect(html.contains("<li>FAIL Scenarios/x/s\(n).scenario"), "listed, without a link")
        #expect(!html.contains("id=\"f\(n - 2)\""), "and without a section")
        #expect(html.contains("3 more failures are listed above without a section (the limit ReportPage.maxFailureSections=\(n - 3))"))
    }

    @Test func textAndPathsAreEscaped() {
        var entry = ReportPage.Entry(scenario: "Scenarios/x/a <b>&\"c\".scenario", label: "FAIL", report: "<script>")
        entry.plots = [("p.plot.png", ReportPage.Picture(path: "runs/x/a b#1/actual.p.plot.png", widthPixels: 8, heightPixels: 8))]
        let html = ReportPage(title: "T", entries: [entry], source: "test").html
        #expect(html.contains("Scenarios/x/a &lt;b&gt;&amp;\"c\".scenario"))
        #expect(html.contains("<pre class=\"report\">&lt;script&gt;</pre>"))
        #expect(html.contains("src=\"runs/x/a%20b%231/actual.p.plot.png\""))
        #expect(!html.contains("<script"))
    }

    @Test func zoomIsAnIntegerUpToEight() {
        func z(_ w: Int, _ h: Int) -> Int { ReportPage.zoom(.init(path: "", widthPixels: w, heightPixels: h)) }
        #expect(z(64, 64) == 5)
        #expect(z(3, 2) == 8)
        #expect(z(320, 10) == 1)
        #expect(z(800, 400) == 1)
        #expect(z(100, 150) == 2)
    }

    // MARK: in a real browser

    @Test(.enabled(if: Chromium.path != nil || Chromium.required, Chromium.absentMessage))
    func headlessChromiumRendersThePageWithItsImages() throws {
        let browser = try #require(Chromium.path, "CI=true but no Chromium on PATH: .ci/run installs Debian's chromium package")
        let p = try ReportTests.failingProject()
        let out = p.root + "/report"
        _ = run(p, ["report", "--out", out])
        // A copy with a probe script: the report itself has none. On load it lists every image with
        // its decoded size, which --dump-dom then prints with the rest of the page's text.
        let html = try p.dir.read("report/index.html")
        try p.dir.write("report/probe.html", html.replacingOccurrences(of: "</body>", with: Chromium.probeScript + "</body>"))
        let dom = try Chromium.run(browser, ["--dump-dom", "file://\(out)/probe.html"], profile: p.root + "/profile")
        #expect(dom.contains("images 4/4 loaded"), "\(dom.suffix(2000))")
        #expect(dom.contains("loaded runs/repCounter/plotted/actual.set1.plot.png 800x400"))
        for kind in ["expected", "actual", "difference"] {
            #expect(dom.contains("loaded runs/chalk/report-me/\(kind).canvas1.png 64x64"), "\(kind)")
        }
        #expect(dom.contains("First divergence") && dom.contains("Full diff") && dom.contains("Scenarios/chalk/report-me.scenario"))

        let shot = out + "/screenshot.png"
        _ = try Chromium.run(browser, ["--window-size=1280,1400", "--screenshot=\(shot)", "file://\(out)/index.html"],
                             profile: p.root + "/profile")
        let image = try PNG.decode(FileIO.read(shot, maxBytes: 64 << 20))
        #expect(image.width == 1280 && image.height == 1400)
        // The difference picture's changed pixels are pure red: a broken image would show none.
        var red = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y) == (255, 0, 0, 255) { red += 1 } }
        #expect(red > 5_000, "red pixels of the difference image on screen: \(red)")
        if let keep = ProcessInfo.processInfo.environment["LOCKSTEP_SCREENSHOT"] {
            try FileIO.writeAtomically(FileIO.read(shot, maxBytes: 64 << 20), to: keep)
        }
    }
}

/// Headless Chromium, found on PATH (`chromium`, `chromium-browser`, `google-chrome`) or named by
/// `LOCKSTEP_CHROMIUM`. Absent, the browser test is skipped with `absentMessage`; under `CI=true`
/// it runs and fails instead, because `.ci/run` installs it.
enum Chromium {
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["LOCKSTEP_CHROMIUM"], !named.isEmpty { return FileIO.exists(named) ? named : nil }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"
    static let absentMessage: Comment = "skipped: no headless Chromium (chromium on PATH or LOCKSTEP_CHROMIUM); apt-get install chromium, as .ci/run does"

    static let probeScript = """
        <script>
        window.addEventListener('load', function () {
          var images = document.images, loaded = 0, lines = [];
          for (var i = 0; i < images.length; i++) {
            var im = images[i], ok = im.complete && im.naturalWidth > 0;
            if (ok) loaded++;
            lines.push((ok ? 'loaded ' : 'broken ') + im.getAttribute('src') + ' ' + im.naturalWidth + 'x' + im.naturalHeight);
          }
          var pre = document.createElement('pre');
          pre.textContent = 'images ' + loaded + '/' + images.length + ' loaded\\n' + lines.join('\\n');
          document.body.appendChild(pre);
        });
        </script>

        """

    /// Runs the browser headless on a file page; returns what it printed (the DOM for --dump-dom).
    static func run(_ browser: String, _ arguments: [String], profile: String) throws -> String {
        // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        let result = try ProcessRunner.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                            "--no-first-run", "--user-data-dir=\(profile)", "--virtual-time-budget=5000"] + arguments,
                                           timeoutSeconds: 120, maxOutputBytes: 16 << 20)
        #expect(result.exitCode == 0, "chromium \(result.statusText(timeoutSeconds: 120)): \(result.outputText.suffix(2000))")
        return result.outputText
    }
}
