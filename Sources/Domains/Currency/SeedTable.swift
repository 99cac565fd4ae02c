/// The bundled, dated seed table (checklist 5: "a first launch in Airplane Mode still converts").
/// GAP: the values are illustrative mid-market figures dated 2026-01-01, with EUR at the note's 0.92.
enum SeedTable {
    static let builtIn: [UInt8] = Array("""
    {"base":"USD","date":"2026-01-01","rates":{"BHD":"0.376","COP":"3950.5","EUR":"0.92","GBP":"0.79","INR":"83.2","JPY":"151.4","KRW":"1340","KWD":"0.307"}}
    """.utf8)
}
