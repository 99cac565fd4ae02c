import Fixtures
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LockstepCore
import LockstepRunner
@testable import LockstepTools
import Testing

/// `mutate`'s printed matrix stays within 100 columns however many scenarios a domain has, its
/// JUnit report is one case per fault, and threads do not change the report.
@Suite struct MutateReportTests {
    /// A domain report with `n` scenarios named `long-scenario-name-NN`, two faults; the first caught
    /// by scenarios 1 and n, the second by none.
    static func report(scenarios n: Int) -> MutateMatrix.DomainReport {
        let names = (1...n).map { "Scenarios/counter/long-scenario-name-\($0 < 10 ? "0" : "")\($0).scenario" }
        func cells(_ caught: Set<Int>) -> [MutateMatrix.Cell] {
            names.enumerated().map { MutateMatrix.Cell(scenario: $1, verdict: caught.contains($0 + 1) ? .caught : .missed, detail: []) }
        }
        return MutateMatrix.DomainReport(domain: "counter", scenarios: names, rows: [
            MutateMatrix.Row(fault: "offByOne", summary: "adds one", cells: cells([1, n])),
            MutateMatrix.Row(fault: "sharedDice", summary: "same dice", cells: cells([])),
        ], skipped: [])
    }

    @Test(arguments: [1, 3, 9, 24, 70, 150])
    func everyMatrixLineFitsOneHundredColumns(_ n: Int) {
        let lines = MutateCommand.render(MutateMatrix.Report(domains: [Self.report(scenarios: n)], unassigned: []))
        for line in lines where !line.hasPrefix("UNCAUGHT") {
            #expect(line.count <= MutateCommand.maxColumns, "\(n) scenarios: \(line.count) columns: \(line)")
        }
        // Whatever the form, the first fault's catchers can be read off it.
        let text = lines.joined(separator: "\n")
        if n <= 3 {
            #expect(text.contains("  offByOne    caught"))
        } else if n <= 70 {
            #expect(text.contains("  cells: x caught"))
            #expect(lines.contains("  offByOne    x" + String(repeating: ".", count: n - 2) + "x"), "\(text)")
            #expect(text.contains(" 1 long-scenario-name-01,"))
        } else {
            #expect(lines.contains("  offByOne: caught by 1 \(n)"), "\(text)")
            #expect(lines.contains("  sharedDice: caught by none"))
        }
    }

    @Test func numberedColumnsStackTensOverUnits() {
        let lines = MutateCommand.matrix(Self.report(scenarios: 12), Self.report(scenarios: 12).scenarios.map {
            MutateMatrix.shortName($0, domain: "counter")
        })
        let header = lines.drop { !$0.hasPrefix("  cells:") }.dropFirst()
        #expect(Array(header.prefix(2)) == ["                       111", "  fault       123456789012"])
    }

    @Test func junitHasOneCasePerFaultAndFailsTheUncaught() throws {
        let report = MutateMatrix.Report(domains: [Self.report(scenarios: 4)], unassigned: [])
        let xml = MutateCommand.junit(report).xml
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(xml)")
        #expect(xml.contains("<testsuites name=\"lockstep mutate\" tests=\"2\" failures=\"1\""))
        #expect(xml.contains("<testcase classname=\"lockstep.mutate.counter\" name=\"offByOne\"/>"))
        #expect(xml.contains("name=\"sharedDice\">\n      <failure type=\"UNCAUGHT\" message=\"no golden of counter changes when sharedDice is on (same dice)\">"))
    }

    @Test func threadsDoNotChangeTheReport() throws {
        let p = try TemporaryProject()
        defer { p.remove() }
        try p.write("Scenarios/counter/adds.scenario", MutateTests.adds)
        try p.write("Scenarios/counter/rolls.scenario", MutateTests.twoRolls)
        try p.record("Scenarios/counter/adds.scenario")
        try p.record("Scenarios/counter/rolls.scenario")
        let serial = p.mutate(["--jobs", "1"])
        let parallel = p.mutate(["--jobs", "4"])
        #expect(serial.code == ExitCode.ok)
        #expect(parallel.out == serial.out)
        let junit = p.root + "/mutate.xml"
        #expect(p.mutate(["--junit", junit]).code == ExitCode.ok)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("tests=\"2\" failures=\"0\""))
    }
}
