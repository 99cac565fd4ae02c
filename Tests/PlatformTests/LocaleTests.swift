import Foundation
import LockstepCore
import LockstepRunner
@testable import Platform
import Testing

/// A domain that speaks only the `locale` vocabulary and `parse text=...`, to run real scenario text.
enum LocaleProbe: Domain {
    static let entry = DomainEntry(Self.self)
    enum Event: Sendable { case locale(LocaleID), parse(String) }
    static let name = "localeProbe"
    static let summary = "test"
    static let settings = SettingsReader<LocaleID> { s throws(ScenarioError) in try LocaleVocabulary.settings(&s) }
    static let events: [EventKind<Event>] = [
        LocaleVocabulary.eventKind { .locale($0) },
        EventKind("parse", "parse a number") { f throws(ScenarioError) in .parse(try f("text", .string, "the text")) },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .locale: LocaleVocabulary.kind
        case .parse: "parse"
        }
    }
    static func start(_ settings: LocaleID, _ world: inout World<LocaleProbe>) throws(ScenarioError) -> LocaleID { settings }
    static func reduce(_ state: inout LocaleID, _ event: Event, _ world: inout World<LocaleProbe>) {
        switch event {
        case .locale(let id):
            state = id
            world.emit(Record("locale").word("id", id.rawValue))
        case .parse(let text):
            do throws(NumberParseError) {
                let n = try LocaleNumberParser.parse(text, locale: state)
                world.emit(Record("locale.parsed").word("locale", state.rawValue).word("number", n.number.text))
            } catch {
                world.emit(Record("locale.refused").word("locale", state.rawValue).int("offset", error.scalarOffset))
            }
        }
    }
    static func write(_ state: LocaleID, to out: inout CanonicalWriter) { out.section("locale") { w in w.word("id", state.rawValue) } }
}

private func records(_ body: String) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain localeProbe\n" + body
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(LocaleProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("  locale") && !$0.hasSuffix("{") }.map { String($0.dropFirst(2)) }
}

private func error(_ body: String) -> String? {
    do { _ = try records(body); return nil } catch { return error.description }
}

private func n(_ s: String) -> NumberText { NumberText(s)! }

/// Parses, or returns the refusal's scalar offset as a negative-free marker.
private func parse(_ text: String, _ locale: LocaleID) -> String {
    do throws(NumberParseError) { return try LocaleNumberParser.parse(text, locale: locale).number.text }
    catch { return "error@\(error.scalarOffset)" }
}

/// Scalar values in hex, to compare exactly (String == is canonical equivalence).
private func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

@Suite struct LocaleTests {
    // MARK: Number text

    @Test func numberTextIsCanonical() {
        #expect(n("12.50").text == "12.5")
        #expect(n("007").text == "7")
        #expect(n("-0").text == "0" && !n("-0.000").isNegative)
        #expect(n("1.5e-7").text == "0.00000015")
        #expect(n("1.5e-07").text == "0.00000015")  // Double's description of 1.5e-7
        #expect(n("1.2345E3").text == "1234.5")
        #expect(n("-25e2").text == "-2500")
        #expect(n("100").text == "100")
        for bad in ["", "-", "+1", ".5", "1.", "1e", "1e+", "inf", "nan", "1,5", " 1", "1 ", "--1", "1e99999", "0x10"] {
            #expect(NumberText(bad) == nil, "\(bad)")
        }
        #expect(NumberText(String(repeating: "9", count: NumberText.maxDigits)) != nil)
        #expect(NumberText(String(repeating: "9", count: NumberText.maxDigits + 1)) == nil)
    }

    /// Every line of Resources/locale-rounding.txt (Scripts/locale/rounding_vectors.py, Python's
    /// `decimal` with ROUND_HALF_EVEN / HALF_UP / HALF_DOWN) agrees with `NumberText.rounded`.
    @Test func roundingAgreesWithPythonDecimal() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/locale-rounding.txt")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        var checked = 0
        for (k, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let f = line.split(separator: "\t").map(String.init)
            try #require(f.count == 5, "line \(k + 1)")
            let x = try #require(NumberText(f[0]), "line \(k + 1): \(f[0])")
            let mode = try #require(RoundingMode(rawValue: f[1]))
            let count = try #require(Int(f[3]))
            let got = f[2] == "f" ? x.rounded(fractionDigits: count, mode) : x.rounded(significantDigits: count, mode)
            #expect(got.text == f[4], "line \(k + 1): \(f[0]) \(f[1]) \(f[2]) \(f[3])")
            checked += 1
        }
        #expect(checked == 4320)
    }

    /// Every line of Resources/locale-formats.txt (Scripts/locale/icu_formats.js: Node's ICU, an
    /// implementation independent of `LocaleTable`) agrees with `LocaleNumberFormat`: separators,
    /// grouping (es's minimum of 2), currency symbols, their position and spacing, the bidi marks and
    /// sign order in ar (ASCII and Arabic-Indic digits), in all 7 locales and 9 currencies.
    @Test func formatsAgreeWithICU() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/locale-formats.txt")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        var checked = 0
        for (k, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(f.count == 7, "line \(k + 1)")
            let locale = try #require(LocaleID(rawValue: f[0]), "line \(k + 1)")
            let native = f[1] == "1"
            let x = try #require(NumberText(f[5]), "line \(k + 1)")
            let got = f[2] == "decimal"
                ? LocaleNumberFormat.decimal(x, locale, .fractionDigits(try #require(Int(f[4]))), native: native)
                : LocaleNumberFormat.currency(x, code: f[3], locale, native: native)
            #expect(escaped(got) == f[6], "line \(k + 1): \(f[0]) native=\(f[1]) \(f[2]) \(f[3]) \(f[5])")
            checked += 1
        }
        #expect(checked == 864)
    }

    /// The fixture's spelling: every scalar above U+007E as \uXXXX (uppercase hex, at least 4 digits).
    private func escaped(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if u.value > 0x7E {
                let hex = String(u.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    @Test func tiesFollowTheMode() {
        let places = NumberPrecision.fractionDigits(0)
        #expect(LocaleNumberFormat.decimal(n("2.5"), .enUS, places) == "2")
        #expect(LocaleNumberFormat.decimal(n("3.5"), .enUS, places) == "4")
        #expect(LocaleNumberFormat.decimal(n("2.5"), .enUS, places, rounding: .halfUp) == "3")
        #expect(LocaleNumberFormat.decimal(n("-2.5"), .enUS, places, rounding: .halfUp) == "-3")
        #expect(LocaleNumberFormat.decimal(n("2.5"), .enUS, places, rounding: .halfDown) == "2")
        #expect(LocaleNumberFormat.decimal(n("2.51"), .enUS, places, rounding: .halfDown) == "3")
        #expect(LocaleNumberFormat.decimal(n("-0.0004"), .enUS, .fractionDigits(3)) == "0.000")
    }

    // MARK: Currency (the currency and adEarnings notes)

    @Test func usdHalfEvenToThreePlaces() {
        let three = NumberPrecision.fractionDigits(3)
        #expect(LocaleNumberFormat.currency(n("0.0005"), code: "USD", .enUS, precision: three) == "$0.000")
        #expect(LocaleNumberFormat.currency(n("0.0015"), code: "USD", .enUS, precision: three) == "$0.002")
        #expect(LocaleNumberFormat.currency(n("0.0025"), code: "USD", .enUS, precision: three) == "$0.002")
        // The 100 USD → EUR → USD round trip at 38 digits.
        #expect(LocaleNumberFormat.currency(n("99.999999999999999999999999999999999996"), code: "USD", .enUS,
                                            precision: three) == "$100.000")
        #expect(LocaleNumberFormat.currency(n("-5"), code: "USD", .enUS) == "-$5.00")
        // adEarnings: 6,500,000 micros, and perHour's 1.99…98 shown at USD's 2 places.
        #expect(LocaleNumberFormat.currency(n("6.5"), code: "USD", .enUS) == "$6.50")
        #expect(LocaleNumberFormat.currency(n("1.9999999999999999999999999999999999998"), code: "USD", .enUS) == "$2.00")
    }

    @Test func euroAcrossLocales() {
        let x = n("1234.5678"), three = NumberPrecision.fractionDigits(3)
        #expect(LocaleNumberFormat.currency(x, code: "EUR", .enUS, precision: three) == "€1,234.568")
        #expect(scalars(LocaleNumberFormat.currency(x, code: "EUR", .deDE, precision: three)) == scalars("1.234,568\u{00A0}€"))
        #expect(scalars(LocaleNumberFormat.currency(x, code: "EUR", .frFR, precision: three))
                == scalars("1\u{202F}234,568\u{00A0}€"))
        #expect(LocaleNumberFormat.currency(x, code: "EUR", .jaJP, precision: three) == "€1,234.568")
        #expect(scalars(LocaleNumberFormat.currency(x, code: "EUR", .ar, precision: three))
                == scalars("\u{200F}1,234.568\u{00A0}€"))
        #expect(scalars(LocaleNumberFormat.currency(n("1234.5"), code: "EUR", .deDE)) == scalars("1.234,50\u{00A0}€"))
        #expect(scalars(LocaleNumberFormat.currency(n("-1234.5"), code: "EUR", .deDE)) == scalars("-1.234,50\u{00A0}€"))
        #expect(scalars(LocaleNumberFormat.currency(n("1234.5"), code: "EUR", .es)) == scalars("1234,50\u{00A0}€"))
        #expect(scalars(LocaleNumberFormat.currency(n("12345.5"), code: "EUR", .es)) == scalars("12.345,50\u{00A0}€"))
    }

    @Test func yenAndThreeDigitCurrencies() {
        let x = n("1234.5678")
        #expect(LocaleNumberFormat.currency(x, code: "JPY", .enUS, precision: .fractionDigits(3)) == "¥1,234.568")
        #expect(scalars(LocaleNumberFormat.currency(x, code: "JPY", .jaJP)) == scalars("\u{FFE5}1,235"))
        #expect(LocaleNumberFormat.currency(n("-1234.5"), code: "JPY", .jaJP) == "-\u{FFE5}1,234")  // half-even tie
        #expect(Currency.named("JPY")?.fractionDigits == 0 && Currency.named("KWD")?.fractionDigits == 3)
        #expect(scalars(LocaleNumberFormat.currency(x, code: "KWD", .enUS)) == scalars("KWD\u{00A0}1,234.568"))
        #expect(scalars(LocaleNumberFormat.currency(x, code: "XYZ", .enUS)) == scalars("XYZ\u{00A0}1,234.57"))
        #expect(LocaleNumberFormat.currency(n("1234.5"), code: "GBP", .enUS) == "£1,234.50")
    }

    @Test func arabicMarksAndDigits() {
        #expect(scalars(LocaleNumberFormat.currency(n("-5"), code: "USD", .ar)) == scalars("\u{200F}\u{200E}-5.00\u{00A0}US$"))
        #expect(scalars(LocaleNumberFormat.decimal(n("-1234.5"), .ar, .significantDigits(6))) == scalars("\u{200E}-1,234.5"))
        #expect(scalars(LocaleNumberFormat.decimal(n("1234.5"), .ar, .fractionDigits(2), native: true))
                == scalars("\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066B}\u{0665}\u{0660}"))
        #expect(scalars(LocaleNumberFormat.decimal(n("-7"), .ar, .fractionDigits(0), native: true)) == scalars("\u{061C}-\u{0667}"))
        // A locale without native digits writes its default ones.
        #expect(LocaleNumberFormat.decimal(n("1234.5"), .enUS, .fractionDigits(1), native: true) == "1,234.5")
        #expect(LocaleTable.data(.ar).isRightToLeft && !LocaleTable.data(.frFR).isRightToLeft)
    }

    // MARK: Plain and significant digits (the units note)

    @Test func groupingAndMinimumGroupingDigits() {
        let p = NumberPrecision.fractionDigits(0)
        #expect(LocaleNumberFormat.decimal(n("1234"), .enUS, p) == "1,234")
        #expect(LocaleNumberFormat.decimal(n("123"), .enUS, p) == "123")
        #expect(LocaleNumberFormat.decimal(n("1234567"), .deDE, p) == "1.234.567")
        #expect(LocaleNumberFormat.decimal(n("1234"), .es, p) == "1234")
        #expect(LocaleNumberFormat.decimal(n("12345"), .es, p) == "12.345")
        #expect(LocaleNumberFormat.decimal(n("1234567"), .es, p) == "1.234.567")
        #expect(scalars(LocaleNumberFormat.decimal(n("1234567"), .frFR, p)) == scalars("1\u{202F}234\u{202F}567"))
        #expect(LocaleNumberFormat.decimal(n("1234567.5"), .enUSPOSIX, .fractionDigits(1)) == "1234567.5")
        #expect(scalars(LocaleNumberFormat.currency(n("1234.5"), code: "USD", .enUSPOSIX)) == scalars("$\u{00A0}1234.50"))
    }

    @Test func significantDigitMeasurements() {
        let six = NumberPrecision.significantDigits(6)
        #expect(LocaleNumberFormat.measurement(n("26.218757456454306"), symbol: "mi", .enUS) == "26.2188 mi")
        #expect(LocaleNumberFormat.measurement(n("26.218822622938596"), symbol: "mi", .enUS) == "26.2188 mi")
        #expect(LocaleNumberFormat.measurement(n("26.2187575"), symbol: "mi", .deDE) == "26,2188 mi")
        #expect(LocaleNumberFormat.measurement(n("49.999999999999986"), symbol: UnitSymbols.symbol("F")!, .enUS) == "50 °F")
        #expect(LocaleNumberFormat.measurement(n("12.0"), symbol: UnitSymbols.symbol("km/h")!, .enUS) == "12 km/h")
        #expect(LocaleNumberFormat.decimal(n("62.427962033560895"), .enUS, six) == "62.428")
        #expect(LocaleNumberFormat.decimal(n("8.046719999999999"), .enUS, six) == "8.04672")
        #expect(LocaleNumberFormat.decimal(n("0.333333333333333314829616256247390992939472198486328125"), .enUS, six) == "0.333333")
        #expect(LocaleNumberFormat.decimal(n("1.23e-5"), .enUS, six) == "0.0000123")
        #expect(LocaleNumberFormat.decimal(n("12300000"), .enUS, six) == "12,300,000")
        #expect(LocaleNumberFormat.decimal(n("1234567.89"), .enUS, six) == "1,234,570")
        #expect(LocaleNumberFormat.decimal(n("1.5e-7"), .enUS, six) == "0.00000015")
        #expect(LocaleNumberFormat.decimal(n("0"), .enUS, six) == "0")
        #expect(UnitSymbols.symbol("lb/ft3") == "lb/ft³" && UnitSymbols.symbol("furlong") == nil)
    }

    // MARK: Strict parsing

    @Test func parsesEachLocalesOwnNumbers() throws {
        #expect(parse("12,5", .deDE) == "12.5")
        #expect(parse("12,50", .deDE) == "12.5")
        #expect(try LocaleNumberParser.parse("12,50", locale: .deDE).typedFractionDigits == 2)
        #expect(parse("1.234,5", .deDE) == "1234.5")
        #expect(parse("12.50", .enUS) == "12.5")
        #expect(parse("-1,234,567.25", .enUS) == "-1234567.25")
        #expect(parse("12,", .deDE) == "12" && parse(",5", .deDE) == "0.5")
        #expect(parse("007", .enUS) == "7" && parse("-0", .enUS) == "0")
        #expect(parse("1\u{202F}234,5", .frFR) == "1234.5")
        #expect(parse("1\u{00A0}234,5", .frFR) == "1234.5")
        #expect(parse("1 234 567,5", .frFR) == "1234567.5")   // a plain space is read for U+202F
        #expect(parse("1,234.5", .jaJP) == "1234.5")
        #expect(parse("1234,5", .es) == "1234.5" && parse("1.234,5", .es) == "1234.5" && parse("12.345", .es) == "12345")
        #expect(parse("0.92", .enUSPOSIX) == "0.92")
        #expect(parse("1,234.5", .ar) == "1234.5")
        #expect(parse("\u{0661}\u{066C}\u{0662}\u{0663}\u{0664}\u{066B}\u{0665}", .ar) == "1234.5")
        #expect(try LocaleNumberParser.parse("\u{0665}", locale: .ar).numberingSystem == "arab")
        #expect(parse("\u{200F}\u{200E}-5", .ar) == "-5" && parse("\u{061C}-\u{0667}", .ar) == "-7")
    }

    @Test func refusesWithTheOffendingScalar() {
        // The lenient parse's partial reads, each refused where it goes wrong.
        #expect(parse("12abc", .enUS) == "error@2")
        #expect(parse("12.5.3", .enUS) == "error@4")
        #expect(parse("1e3", .enUS) == "error@1")
        #expect(parse(" 12", .enUS) == "error@0")
        #expect(parse("12 ", .enUS) == "error@2")
        #expect(parse("1,5", .enUS) == "error@1")          // a group of 1 digit
        #expect(parse("1234,567", .enUS) == "error@4")     // 4 digits before the first separator
        #expect(parse("1,23,456", .enUS) == "error@1")
        #expect(parse("1,,234", .enUS) == "error@2")
        #expect(parse("1,234.5,6", .enUS) == "error@7")    // grouping in the fraction
        #expect(parse("1,234,", .enUS) == "error@5")
        #expect(parse("1,234,.5", .enUS) == "error@6")
        #expect(parse(",234", .enUS) == "error@0")
        #expect(parse("--5", .enUS) == "error@1" && parse("+5", .enUS) == "error@0" && parse("5-", .enUS) == "error@1")
        #expect(parse("", .enUS) == "error@0" && parse("-", .enUS) == "error@1" && parse(".", .enUS) == "error@0")
        #expect(parse("abc", .enUS) == "error@0" && parse("NaN", .enUS) == "error@0")
        // API numbers read with the user's locale: "." groups in de_DE.
        #expect(parse("0.92", .deDE) == "error@1" && parse("12.5", .deDE) == "error@2")
        #expect(parse("0,92", .enUSPOSIX) == "error@1" && parse("1,234.5", .enUSPOSIX) == "error@1")
        #expect(parse("1.234,5", .frFR) == "error@1")
        #expect(parse(" 12", .frFR) == "error@0" && parse("12 ", .frFR) == "error@2")
        #expect(parse("1\u{0662}", .ar) == "error@1")       // mixed numbering systems
        #expect(parse("\u{200F}5", .enUS) == "error@0")     // bidi marks only in a right-to-left locale
        #expect(parse("١٬٢٣٤.5", .ar) == "error@5")           // latn separator in an arab number
        #expect(parse(String(repeating: "1", count: LocaleNumberParser.maxScalars + 1), .enUS) == "error@256")
        #expect(parse(String(repeating: "1", count: LocaleNumberParser.maxScalars), .enUS).count == 256)
    }

    /// The currency note's typeAsYouGo_deDE keystrokes, and a refusal in each remaining locale.
    @Test func keystrokesStayValidAndEveryLocaleRefuses() {
        #expect(["1", "12", "12,", "12,5", "12,50"].map { parse($0, .deDE) } == ["1", "12", "12", "12.5", "12.5"])
        #expect(parse("1.234,5", .jaJP) == "error@5" && parse("12abc", .jaJP) == "error@2")
        #expect(parse("12.5", .es) == "error@2" && parse("1,2,3", .es) == "error@3")
        #expect(parse("12a", .ar) == "error@2" && parse("1e3", .deDE) == "error@1" && parse("1e3", .frFR) == "error@1")
        #expect(parse(",", .enUS) == "error@0" && parse(",,", .deDE) == "error@1")
    }

    @Test func offsetsAreScalarsAndBytes() throws {
        do throws(NumberParseError) {
            _ = try LocaleNumberParser.parse("1\u{202F}234x", locale: .frFR)
            Issue.record("parsed")
        } catch {
            #expect(error.scalarOffset == 5 && error.byteOffset == 7)
            #expect(error.message.contains("'x'"), "\(error.message)")
            let located = error.scenarioError(textStart: ScenarioLocation(path: "t.scenario", line: 4, column: 10))
            #expect(located.description.hasPrefix("t.scenario:4:17: "), "\(located.description)")
        }
        do throws(NumberParseError) {
            _ = try LocaleNumberParser.parse("12.5.3", locale: .enUS)
        } catch {
            #expect(error.description == "at scalar 4 (byte 4): a second decimal separator '.' (U+002E)")
        }
    }

    // MARK: Vocabulary

    @Test func settingAndEventChangeTheLocale() throws {
        let lines = try records("set locale de_DE\n\n0 parse text=\"12,5\"\n1 locale set id=en_US\n2 parse text=\"12,5\"\n3 parse text=\"12.50\"\n")
        #expect(lines == [
            "locale.parsed locale=de_DE number=12.5",
            "locale id=en_US",
            "locale.refused locale=en_US offset=2",
            "locale.parsed locale=en_US number=12.5",
        ])
        #expect(try records("\n0 parse text=\"1,5\"\n") == ["locale.refused locale=en_US offset=1"])  // default en_US
        #expect(try records("set locale en_US_POSIX\n\n0 parse text=\"0.92\"\n") == ["locale.parsed locale=en_US_POSIX number=0.92"])
    }

    @Test func badLinesAreLocatedAndListTheIds() {
        let unknown = error("\n0 locale set id=de_AT\n")
        #expect(unknown?.hasPrefix("t.scenario:4:") == true && unknown?.contains("de_DE") == true, "\(unknown ?? "nil")")
        let setting = error("set locale xx\n\n0 parse text=\"1\"\n")
        #expect(setting?.hasPrefix("t.scenario:3:") == true && setting?.contains("fr_FR") == true, "\(setting ?? "nil")")
        #expect(error("\n0 locale\n")?.hasPrefix("t.scenario:4:") == true)
        #expect(error("\n0 locale set\n")?.hasPrefix("t.scenario:4:") == true)
        #expect(error("\n0 locale get id=de_DE\n")?.hasPrefix("t.scenario:4:") == true)
    }

    @Test func textReadsBackAsTheSameLocale() throws {
        for id in LocaleID.allCases {
            let line = try #require(LocaleVocabulary.text(of: id))
            #expect(try records("\n0 \(line)\n") == ["locale id=\(id.rawValue)"])
        }
        #expect(LocaleVocabulary.text(of: .frFR) == "locale set id=fr_FR")
    }

    @Test func tableIsPinned() {
        #expect(LocaleTable.cldrVersion == "46")
        #expect(LocaleID.allCases.map(\.rawValue) == ["en_US_POSIX", "en_US", "de_DE", "fr_FR", "ja_JP", "ar", "es"])
        #expect(LocaleTable.data(.frFR).numbering.groupingSeparator == "\u{202F}")
        #expect(LocaleTable.data(.es).minimumGroupingDigits == 2)
        #expect(LocaleTable.data(.ar).numbering.name == "latn" && LocaleTable.data(.ar).otherNumbering.map(\.name) == ["arab"])
        #expect(Currency.all.map(\.code) == Currency.all.map(\.code).sorted())
    }
}
