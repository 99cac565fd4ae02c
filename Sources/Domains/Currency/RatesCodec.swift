import LockstepCore
import Platform

/// The three JSON shapes the app reads: the API body `{"base":"USD","rates":{"EUR":"0.92"}}`,
/// the cache file (the same plus `"fetchedAt":<Unix seconds>`) and the bundled seed (the same
/// plus `"date":"2026-01-01"`). Rates are machine data, read in `en_US_POSIX` with the strict
/// parser; the cache is written canonically (sorted keys, rates as strings).
enum RatesCodec {
    /// Why a body or file was refused as a whole (the table in memory is then kept).
    struct Failure: Error, Hashable, Sendable {
        var reason: String
        var detail: String
    }

    /// A decoded body: the good entries, and the codes whose rate was refused (each recorded).
    struct Decoded: Hashable, Sendable {
        var base: String
        var rates: [String: DecimalNumber]
        var badRates: [(code: String, why: String)]
        static func == (a: Decoded, b: Decoded) -> Bool { a.base == b.base && a.rates == b.rates }
        func hash(into h: inout Hasher) { h.combine(base); h.combine(rates) }
    }

    struct Options {
        /// `en_US_POSIX`, or (fault apiInUserLocale) the user's locale.
        var locale: LocaleID
        /// Fault numberRatesThrow: decoding `[String: String]` throws on a JSON number.
        var numbersThrow: Bool
        /// Fault prefixLenientRates: `Decimal(string:)` reads a prefix ("0,92" → 0, "0.92abc" → 0.92).
        var prefixLenient: Bool
    }

    /// At most this many rates in one table (the real list has ~160): a bound, named when hit.
    static let maxRates = 512

    static func decode(_ bytes: [UInt8], _ o: Options) -> Result<Decoded, Failure> {
        let doc: JSONValue
        do { doc = try JSONDocument.parse(bytes) } catch {
            return .failure(Failure(reason: "notJSON", detail: error.description))
        }
        guard doc.object != nil else { return .failure(Failure(reason: "notAnObject", detail: doc.typeName)) }
        guard let base = doc["base"]?.string else { return .failure(Failure(reason: "missingBase", detail: "no string 'base'")) }
        guard base.utf8.count == 3, base.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            return .failure(Failure(reason: "badBase", detail: base))
        }
        guard let members = doc["rates"]?.object else { return .failure(Failure(reason: "missingRates", detail: "no object 'rates'")) }
        guard !members.isEmpty else { return .failure(Failure(reason: "emptyRates", detail: "'rates' is empty")) }
        guard members.count <= maxRates else {
            return .failure(Failure(reason: "tooManyRates", detail: "\(members.count) rates; the limit is \(maxRates)"))
        }
        var rates: [String: DecimalNumber] = [:]
        var bad: [(code: String, why: String)] = []
        for (code, value) in members {
            let text: String
            if let s = value.string {
                text = s
            } else if let n = value.numberText {
                if o.numbersThrow {
                    return .failure(Failure(reason: "typeMismatch", detail: "\(code): expected a string, found a number"))
                }
                text = n  // GAP: a number token's own text, never via Double
            } else {
                bad.append((code, "not a string"))
                continue
            }
            switch rate(text, o) {
            case .success(let r): rates[code] = r
            case .failure(let f): bad.append((code, f.detail))
            }
        }
        guard !rates.isEmpty else { return .failure(Failure(reason: "noGoodRates", detail: "every rate was refused")) }
        return .success(Decoded(base: base, rates: rates, badRates: bad.sorted { $0.code < $1.code }))
    }

    /// One rate: a whole-string plain decimal, > 0.
    static func rate(_ text: String, _ o: Options) -> Result<DecimalNumber, Failure> {
        if o.prefixLenient { return .success(lenientPrefix(text)) }
        let parsed: ParsedNumber
        do { parsed = try LocaleNumberParser.parse(text, locale: o.locale) } catch {
            return .failure(Failure(reason: "badRate", detail: error.message))
        }
        guard let r = try? DecimalNumber(parsing: parsed.number.text) else {
            return .failure(Failure(reason: "badRate", detail: "more than 38 digits or out of range"))
        }
        guard r > .zero else { return .failure(Failure(reason: "badRate", detail: "rate must be > 0")) }
        return .success(r)
    }

    /// Foundation's `Decimal(string:)`: the longest leading `digits[.digits]`, 0 when none.
    static func lenientPrefix(_ text: String) -> DecimalNumber {
        var out: [UInt8] = []
        var sawDot = false
        for b in text.utf8 {
            if b >= 48 && b <= 57 { out.append(b) } else if b == 46, !sawDot { sawDot = true; out.append(b) } else { break }
        }
        if out.last == 46 { out.removeLast() }
        if out.isEmpty { return .zero }
        return (try? DecimalNumber.parse(out)) ?? .zero
    }

    /// The cache file's canonical bytes.
    static func encodeCache(_ t: RateTable) -> [UInt8] {
        let rates = t.sortedCodes.map { ($0, JSONValue.string(t.rates[$0]!.canonicalText)) }
        var members: [(String, JSONValue)] = [("base", .string(t.base)), ("rates", .object(rates))]
        if let at = t.fetchedAt { members.append(("fetchedAt", .integer(at.secondsSinceEpochFloor))) }
        return JSONDocument.bytes(.object(members))
    }

    /// A cache file or a seed: the API shape plus `fetchedAt` (cache) or `date` (seed).
    static func decodeStored(_ bytes: [UInt8], source: RateTable.Source) -> Result<RateTable, Failure> {
        let posix = Options(locale: .enUSPOSIX, numbersThrow: false, prefixLenient: false)
        let decoded: Decoded
        switch decode(bytes, posix) {
        case .success(let d): decoded = d
        case .failure(let f): return .failure(f)
        }
        guard decoded.badRates.isEmpty else {
            return .failure(Failure(reason: "badRate", detail: decoded.badRates.map { $0.code }.joined(separator: ",")))
        }
        let doc = (try? JSONDocument.parse(bytes)) ?? .null
        var table = RateTable(base: decoded.base, rates: decoded.rates, fetchedAt: nil, seedDate: nil, source: source)
        switch source {
        case .cache, .network:
            guard let s = doc["fetchedAt"]?.int64, Instant.supportedRange.contains(s &* 1_000_000_000 / 1_000_000_000),
                  abs(s) < 7_258_118_400 else {
                return .failure(Failure(reason: "missingFetchedAt", detail: "no whole-second 'fetchedAt'"))
            }
            table.fetchedAt = Instant(secondsSinceEpoch: s)
        case .seed:
            guard let d = doc["date"]?.string, d.utf8.count == 10 else {
                return .failure(Failure(reason: "missingDate", detail: "a seed needs 'date' as YYYY-MM-DD"))
            }
            table.seedDate = d
        }
        return .success(table)
    }
}
