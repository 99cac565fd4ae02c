/// Which files under `Golden/` belong to a scenario, for `check`'s unreferenced report and `prune`.
///
/// `Scenarios/<d>/<name>.scenario` owns `Golden/<d>/<name>.golden`, its artifacts
/// `Golden/<d>/<name>.<artifact>` (`fill.canvas.png` beside `fill.golden`) and the `.pending` of
/// each. Temporary files of an interrupted `record` (`NAME.<pid>.tmp`) are not counted here: `check`
/// reports them and `record` removes them.
public enum GoldenInventory {
    /// A file under `Golden/` that no scenario owns, and the scenario it would belong to.
    public struct Unreferenced: Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var scenario: String
        public var description: String { "unreferenced \(path): no scenario \(scenario)" }
    }

    static let goldenSuffix = ".golden"

    /// The scenario name (among `stems`, the scenarios of the file's folder without `.scenario`) that
    /// owns the file `name`: `X.golden` and `X.golden.pending` belong to `X` only; any other file (an
    /// artifact or its `.pending`) to the longest stem `S` it starts `S.` with, so `fill.canvas.png`
    /// belongs to `fill` and `fill.big.canvas.png` to `fill.big` when both scenarios exist.
    public static func owner(ofFile name: String, stems: Set<String>) -> String? {
        let base = name.hasSuffix(PendingGolden.suffix) ? String(name.dropLast(PendingGolden.suffix.count)) : name
        if base.hasSuffix(goldenSuffix) {
            let stem = String(base.dropLast(goldenSuffix.count))
            return stems.contains(stem) ? stem : nil
        }
        var best: String? = nil
        for stem in stems.sorted() where base.hasPrefix(stem + ".") && stem.count > (best?.count ?? -1) { best = stem }
        return best
    }

    /// The scenario a file would belong to, for the message: `X.golden` → `X`, `X.a.png` → `X`.
    static func impliedStem(_ name: String) -> String {
        let base = name.hasSuffix(PendingGolden.suffix) ? String(name.dropLast(PendingGolden.suffix.count)) : name
        if base.hasSuffix(goldenSuffix) { return String(base.dropLast(goldenSuffix.count)) }
        return String(base.prefix { $0 != "." })
    }

    /// Scenario names (without `.scenario`) in each folder under `Scenarios/`, keyed by the folder
    /// relative to `Scenarios/` (`counter`, `chalk/documents`).
    static func scenarioStems(_ project: Project) -> [String: Set<String>] {
        var stems: [String: Set<String>] = [:]
        for scenario in project.allScenarios() {
            let relative = String(scenario.dropFirst(Project.scenariosFolder.count + 1).dropLast(".scenario".count))
            let folder = FileIO.parentDirectory(relative)
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            stems[folder == "." ? "" : folder, default: []].insert(name)
        }
        return stems
    }

    /// Every file under `Golden/` that belongs to no scenario, in sorted path order.
    public static func unreferenced(_ project: Project) -> [Unreferenced] {
        guard FileIO.isDirectory(project.goldenDirectory) else { return [] }
        let stems = scenarioStems(project)
        var result: [Unreferenced] = []
        for disk in FileIO.walk(project.goldenDirectory, suffix: "") {
            let display = project.displayPath(forDisk: disk)
            guard display.hasPrefix(Project.goldenFolder + "/") else { continue }
            let relative = String(display.dropFirst(Project.goldenFolder.count + 1))
            let parent = FileIO.parentDirectory(relative)
            let folder = parent == "." ? "" : parent
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if Project.temporaryFilePID(name) != nil { continue }
            if owner(ofFile: name, stems: stems[folder] ?? []) != nil { continue }
            let scenario = Project.scenariosFolder + "/" + (folder.isEmpty ? "" : folder + "/") + impliedStem(name) + ".scenario"
            result.append(Unreferenced(path: display, scenario: scenario))
        }
        return result
    }
}
