import Testing
import LockstepCore
import LockstepRunner
import Registry

/// The lists that must agree when a domain is added (docs/writing-a-domain.md has the checklist),
/// and the contract every registered domain's declarations must meet. Each failure says which list
/// is missing what.
@Suite struct RegistryTests {
    static let root = GoldenTests.root
    /// Domains that live in `Tests/Fixtures` (no folder of their own under `Sources/Domains`).
    static let fixtures = ["noop", "counter", "alarm", "canvas", "cloudNotes", "countdownWidget"]

    /// `let domains: [String] = [...]` in Package.swift, read as text (the manifest is not importable).
    static func packageDomains() throws -> [String] {
        let text = String(decoding: try FileIO.read(root + "/Package.swift"), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("let domains: [String] = [") },
                                "Package.swift has no 'let domains: [String] = [...]' line")
        let inside = line.drop { $0 != "[" }.dropFirst().drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }
        return inside.split(separator: ",").map { String($0.filter { $0 != " " && $0 != "\"" }) }
    }

    static func lowerFirst(_ s: String) -> String { s.prefix(1).lowercased() + s.dropFirst() }
    static func upperFirst(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    static func folders(_ path: String) -> Set<String> {
        Set(FileIO.list(root + "/" + path).filter { FileIO.isDirectory(root + "/" + path + "/" + $0) })
    }

    @Test("Package.swift, the registry, Sources/Domains, Tests/Domains, Scenarios and Golden agree")
    func listsAgree() throws {
        let package = Set(try RegistryTests.packageDomains())
        let registry = Set(allDomains.map(\.name)).subtracting(RegistryTests.fixtures)
        let registryTargets = Set(registry.map(RegistryTests.upperFirst))
        let sources = RegistryTests.folders("Sources/Domains")
        let tests = Set(RegistryTests.folders("Tests/Domains").compactMap { $0.hasSuffix("Tests") ? String($0.dropLast(5)) : nil })
        let scenarios = Set(RegistryTests.folders("Scenarios").map(RegistryTests.upperFirst))
            .subtracting(RegistryTests.fixtures.map(RegistryTests.upperFirst))
        let goldens = Set(RegistryTests.folders("Golden").map(RegistryTests.upperFirst))
            .subtracting(RegistryTests.fixtures.map(RegistryTests.upperFirst))
        let lists: [(String, Set<String>)] = [
            ("Package.swift's domains list", package), ("Sources/Registry/Registry.swift", registryTargets),
            ("Sources/Domains/", sources), ("Tests/Domains/ (<Name>Tests)", tests), ("Scenarios/ (lowerCamel)", scenarios),
            ("Golden/ (lowerCamel)", goldens),
        ]
        let all = lists.reduce(Set<String>()) { $0.union($1.1) }
        for (name, members) in lists {
            let absent = all.subtracting(members).sorted()
            #expect(absent.isEmpty, "\(name) is missing: \(absent.joined(separator: ", ")) (present elsewhere)")
        }
        // Fixture domains are registered and have scenarios and goldens too.
        for f in RegistryTests.fixtures {
            #expect(allDomains.contains { $0.name == f }, "fixture \(f) is not in the registry")
            #expect(FileIO.isDirectory(RegistryTests.root + "/Scenarios/" + f), "fixture \(f) has no Scenarios/\(f)/")
            #expect(FileIO.isDirectory(RegistryTests.root + "/Golden/" + f), "fixture \(f) has no Golden/\(f)/")
        }
        // Scenario names are lowerCamelCase: the registry's names, exactly.
        for name in allDomains.map(\.name) {
            #expect(name == RegistryTests.lowerFirst(name), "domain name \(name) is not lowerCamelCase")
        }
    }

    @Test("every registered domain's declarations meet the contract (reserved kinds, kind(of:), declarations that read first)")
    func declarationsMeetTheContract() {
        for entry in allDomains {
            #expect(entry.problems.isEmpty, "\(entry.problems.joined(separator: "\n"))")
        }
        let names = allDomains.map(\.name)
        #expect(Set(names).count == names.count, "two domains share a name")
    }

    /// Issue #14: every app domain states at least three of its article's rules as invariants and
    /// can be explored (the fixtures exercise the machinery and need not).
    @Test("every app domain has at least three invariants and an explorer")
    func domainsCanBeExplored() {
        for entry in allDomains where !RegistryTests.fixtures.contains(entry.name) {
            #expect(entry.invariants.count >= 3, "\(entry.name) declares \(entry.invariants.count) invariants; at least 3 (docs/writing-a-domain.md, section 16)")
            #expect(entry.explorer != nil, "\(entry.name) has no explorer (docs/writing-a-domain.md, section 16)")
        }
    }

    @Test("every declared event kind, setting and generator is used by some scenario with a golden")
    func vocabularyIsCovered() {
        let coverage = VocabularyCoverage.measure(GoldenTests.project)
        #expect(coverage.unreadable.isEmpty, "unreadable scenarios: \(coverage.unreadable)")
        #expect(coverage.missing.isEmpty, "not used by any scenario with a golden: \(coverage.missing.map(\.description).joined(separator: ", "))")
        #expect(coverage.declared.count > 100)
    }
}
