/// JUnit XML for CI test reporters (`check --junit FILE`, `mutate --junit FILE`).
///
/// The de-facto schema every reporter reads: `<testsuites>` holding one `<testsuite>` per domain,
/// one `<testcase>` per scenario (or per fault), and a `<failure>` or `<error>` child whose
/// `message` attribute is the first line and whose text is the whole report. No `time` or
/// `timestamp`: the file is the same bytes for the same result, like everything else Lockstep
/// writes. Text is escaped for XML 1.0, and characters XML 1.0 cannot carry at all (control
/// characters other than tab, newline and carriage return) are written as `\u{XX}`, so any
/// scenario text makes a well-formed file.
public struct JUnitReport: Sendable {
    public enum Verdict: Sendable, Equatable {
        case passed
        /// The thing under test is wrong (a golden differs, a fault is uncaught).
        case failure(type: String, message: String, text: String)
        /// The test could not be run as asked (an invalid scenario).
        case error(type: String, message: String, text: String)
        case skipped(message: String)
    }

    public struct TestCase: Sendable {
        public var suite: String
        public var name: String
        public var file: String?
        public var verdict: Verdict

        public init(suite: String, name: String, file: String? = nil, verdict: Verdict) {
            self.suite = suite
            self.name = name
            self.file = file
            self.verdict = verdict
        }
    }

    public var name: String
    /// Each case's `classname` is this, a dot, and its suite (`lockstep.check.chalk`), the dotted
    /// form reporters group by.
    public var classPrefix: String
    public var cases: [TestCase]

    public init(name: String, classPrefix: String, cases: [TestCase]) {
        self.name = name
        self.classPrefix = classPrefix
        self.cases = cases
    }

    /// Suites in order of first appearance; cases in the order given.
    public var xml: String {
        var suites: [String] = []
        for c in cases where !suites.contains(c.suite) { suites.append(c.suite) }
        func counts(_ list: [TestCase]) -> String {
            var failures = 0, errors = 0, skipped = 0
            for c in list {
                switch c.verdict {
                case .passed: break
                case .failure: failures += 1
                case .error: errors += 1
                case .skipped: skipped += 1
                }
            }
            return "tests=\"\(list.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
        }
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuites name=\"\(JUnitReport.escape(name))\" \(counts(cases))>\n"
        for suite in suites {
            let members = cases.filter { $0.suite == suite }
            s += "  <testsuite name=\"\(JUnitReport.escape(suite))\" \(counts(members))>\n"
            for c in members {
                var open = "    <testcase classname=\"\(JUnitReport.escape(classPrefix + "." + suite))\" name=\"\(JUnitReport.escape(c.name))\""
                if let file = c.file { open += " file=\"\(JUnitReport.escape(file))\"" }
                switch c.verdict {
                case .passed:
                    s += open + "/>\n"
                case .failure(let type, let message, let text), .error(let type, let message, let text):
                    let tag = if case .failure = c.verdict { "failure" } else { "error" }
                    s += open + ">\n"
                    s += "      <\(tag) type=\"\(JUnitReport.escape(type))\" message=\"\(JUnitReport.escape(message))\">"
                    s += JUnitReport.escape(text) + "</\(tag)>\n"
                    s += "    </testcase>\n"
                case .skipped(let message):
                    s += open + ">\n      <skipped message=\"\(JUnitReport.escape(message))\"/>\n    </testcase>\n"
                }
            }
            s += "  </testsuite>\n"
        }
        s += "</testsuites>\n"
        return s
    }

    /// Escapes text for an XML 1.0 attribute or element.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                // XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
                    out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
