import AnimatedSvg
import LockstepCore
import LockstepRunner
import Testing

func animatedSvgRecords(_ body: String) throws(ScenarioError) -> [String] { try InlineScenario.records(AnimatedSvg.self, body) }
func animatedSvgError(_ body: String) -> String? { InlineScenario.error(AnimatedSvg.self, body) }

/// Bad scenario lines are line:column errors; bad documents are records, never a crash.
@Suite struct AnimatedSvgInputTests {
    @Test func loadNeedsExactlyOneSource() {
        #expect(animatedSvgError("0 load\n") == "t.scenario:3:3: load needs svg=FILE or text=\"…\"")
        let both = animatedSvgError("0 load svg=x.svg text=\"<svg/>\"\n")
        #expect(both?.hasPrefix("t.scenario:3:") == true)
    }

    @Test func fieldRangesAreLocated() {
        #expect(animatedSvgError("0 load text=\"<svg/>\" fps=0\n")?.contains("fps=0 is out of range 1...240") == true)
        #expect(animatedSvgError("0 seek t=4000\n")?.contains("t=4000 is out of range") == true)
        #expect(animatedSvgError("0 inspect frame=-1\n")?.contains("frame=-1") == true)
    }

    @Test func badThemeAndColorMapAreRejectionsNotLoads() throws {
        let r = try animatedSvgRecords("0 load text=\"<svg/>\" currentColor=chartreuseish\n+0 load text=\"<svg/>\" colorMap=\"#f00>nope\"\n")
        #expect(r.contains { $0.contains("rejected input=load reason=currentColor") })
        #expect(r.contains { $0.contains("rejected input=load reason=colorMap") })
        #expect(!r.contains { $0.hasPrefix("load ") })
    }

    /// A malformed document is one located `xmlMalformed` record and a picture in the error state;
    /// the controller then refuses to act on nothing.
    @Test func malformedXMLIsARecord() throws {
        let r = try animatedSvgRecords("0 load text=\"<svg>\\n  <g></svg>\"\n+0 play\n")
        #expect(r.contains("diag kind=error code=xmlMalformed at=2:6 detail=\"end tag </svg> does not match <g> opened at 2:3\""))
        #expect(r.contains("picture state=error frames=0"))
        #expect(r.contains("rejected input=play reason=nothingLoaded"))
    }

    /// ColorMapper replaces a written paint exactly; currentColor goes through the theme first.
    @Test func themeAndColorMapper() throws {
        let svg = "<svg><rect id='a' fill='currentColor'><animate attributeName='fill' from='currentColor' to='#ff0000' dur='1s' fill='freeze'/></rect></svg>"
        let r = try animatedSvgRecords("0 load text=\"\(svg)\" fps=2 currentColor=\"#0000ff\" colorMap=\"#ff0000>#00ff00\"\n+0 inspect frame=0 svg=false\n+0 inspect frame=2 svg=false\n")
        #expect(r.contains("value element=rect#a attribute=fill text=\"#0000ff\""))
        #expect(r.contains("value element=rect#a attribute=fill text=\"#00ff00\""))
    }

    /// The same document loaded twice gets two loader ids, so its images decode once per load.
    @Test func reloadDecodesAgain() throws {
        let svg = "<svg><image width='2' height='2' href='data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'/></svg>"
        let r = try animatedSvgRecords("0 load text=\"\(svg)\"\n+0 load text=\"\(svg)\"\n+0 stats\n")
        #expect(r.contains { $0.hasPrefix("stats decodes=2 ") })
    }
}
