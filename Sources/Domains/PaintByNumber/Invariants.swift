import LockstepCore

// MARK: - Invariants
//
// Checked by the engine after every step, each O(1) or O(the step's records): they read the
// step's own records (tap, haptic, lut, render, rejected, debug) and single bytes of the open
// page's fill state and LUT. The one rule about history (a fill adds exactly one region) reads
// `PaintState.audit`, which `rebuildLut` keeps and `write` leaves out, so no golden moved for it.
//
// | name                      | article's (or note's) reason                                        | fault it catches        |
// |---------------------------|---------------------------------------------------------------------|-------------------------|
// | tapFillsItsNumber         | a tap fills only a region of the active colour number, in it (L117) | (none)                  |
// | fillsOnlyRealRegions      | applyFill takes ids 1...regionCount; fill state is regionCount+1 bytes, byte 0 unused (L46-51) | (none) |
// | fillAddsExactlyOneRegion  | one tap writes one byte: a fill adds one region, never refills; a colour change fills none (L44-51) | (none) |
// | progressWithinRegionCount | progress (filled regions) never exceeds the region count (L44)      | (none)                  |
// | lutShowsTheFill           | the filled region's LUT texel is flag 255 with its fill colour (L93-99) | (none)              |
// | shaderReadsTheIdMap       | the shader must decode the CPU's ids: no colour space, nearest (L130-132) | srgbIdTexture, linearIdFilter |
// | generatedArtworkOpens     | generator and decoder quote one byte order: a generated artwork within limits opens (L134) | swappedByteOrder |
// | everyInputIsAnswered      | a refused or compiled-out input says so, never silence (L144)        | releaseDebugHookSilent  |
// | idMapDecodedOncePerOpen   | the id map is decoded once per page open, never re-scanned (L55)     | (none)                  |

extension PaintByNumber {
    public static let invariants: [Invariant<PaintByNumber>] = [
        Invariant("tapFillsItsNumber",
                  "tapping the wrong number fills nothing: a tap fills only an unfilled region whose colour number is the active one, and with that colour (fill byte = active + 1)") { state, outputs in
            guard let page = state.page else { return nil }
            for r in outputs where r.name == "tap" && r.word("result") == "filled" {
                guard let id = r.int("picked"), id >= 1, id < page.fills.count, id <= page.meta.regionCount else { continue }
                let number = Int(page.meta.colorIndex[id - 1]), byte = Int(page.fills[id])
                if number != state.active || byte != state.active + 1 {
                    return "a tap filled region \(id) (colour number \(number)) with byte \(byte) while colour \(state.active) is active"
                }
            }
            return nil
        },
        Invariant("fillsOnlyRealRegions",
                  "applyFill refuses id 0 and ids past the last region: a filled region is one of 1...regionCount, and the fill state stays regionCount+1 bytes with byte 0 (id 0, never a region) unset") { state, outputs in
            guard let page = state.page else { return nil }
            let n = page.meta.regionCount
            if page.fills.count != n + 1 { return "the fill state has \(page.fills.count) bytes for \(n) regions" }
            if page.fills[0] != 0 { return "byte 0 of the fill state is \(page.fills[0]); id 0 is never a region" }
            for r in outputs where r.name == "haptic" {
                if let id = r.int("region"), id < 1 || id > n { return "region \(id) was filled; this artwork has regions 1...\(n)" }
            }
            return nil
        },
        Invariant("fillAddsExactlyOneRegion",
                  "a fill writes one byte of an unfilled region: each successful tap or debug fill adds exactly one filled region (no refill, no recolour, no second region), and changing the colour fills none") { state, outputs in
            for r in outputs where r.name == "lut" {
                let reason = r.word("reason") ?? ""
                let before = state.audit.progressBefore, now = state.audit.progress
                if (reason == "fill" || reason == "debug") && now != before + 1 {
                    return "a \(reason) took progress from \(before) to \(now) filled regions, expected \(before + 1)"
                }
                if reason == "colour" && now != before {
                    return "selecting a colour took progress from \(before) to \(now) filled regions"
                }
            }
            return nil
        },
        Invariant("progressWithinRegionCount",
                  "progress counts filled regions, one byte each, so it never exceeds the region count (and the LUT has one texel per region plus texel 0)") { state, outputs in
            guard let page = state.page else { return nil }
            let n = page.meta.regionCount
            if state.audit.progress > n { return "progress is \(state.audit.progress) filled regions of \(n)" }
            if page.lut.count != (n + 1) * 4 { return "the LUT has \(page.lut.count / 4) texels for \(n) regions" }
            for r in outputs where r.name == "lut" {
                if let filled = r.int("filled"), filled > n { return "the LUT flags \(filled) texels filled of \(n) regions" }
            }
            return nil
        },
        Invariant("lutShowsTheFill",
                  "the shader colours a region from its LUT texel: once a region is filled its texel is flag 255 with the palette colour of its fill byte, in the same step as the haptic") { state, outputs in
            guard let page = state.page else { return nil }
            for r in outputs where r.name == "haptic" {
                guard let id = r.int("region"), id >= 1, id < page.fills.count, (id + 1) * 4 <= page.lut.count else { continue }
                let byte = Int(page.fills[id])
                guard byte >= 1, byte <= page.meta.palette.count else { return "region \(id) was filled but its fill byte is \(byte)" }
                let c = page.meta.palette[byte - 1], p = id * 4
                let texel = (page.lut[p], page.lut[p + 1], page.lut[p + 2], page.lut[p + 3])
                if texel != (c.r, c.g, c.b, RenderLut.flagFilled) {
                    return "region \(id) is filled with colour \(byte - 1) (\(c.hex)) but its LUT texel is \(Hex.lower(bytes: [texel.0, texel.1, texel.2, texel.3]))"
                }
            }
            return nil
        },
        Invariant("shaderReadsTheIdMap",
                  "ids are two bytes of an integer, not colours: the id texture is read with no colour space and nearest sampling, so every rendered pixel decodes the id the CPU map holds under it (idMismatches 0)") { _, outputs in
            for r in outputs where r.name == "render" {
                if let m = r.int("idMismatches"), m != 0 {
                    return "render \(r.int("n") ?? 0): \(m) pixels decode another id than the id map holds"
                }
            }
            return nil
        },
        Invariant("generatedArtworkOpens",
                  "the asset generator and the decoder quote one byte order (id = R << 8 | G), so an artwork the generator makes within the limits always decodes to ids its metadata knows and opens") { _, outputs in
            for r in outputs where r.name == "rejected" && r.word("input") == "generate" && r.word("reason") != "over-limits" {
                return "a generated artwork was refused (\(r.word("reason") ?? "?")): \(r.text("detail"))"
            }
            return nil
        },
        Invariant("everyInputIsAnswered",
                  "silence is a bug: every input writes a record, its effect or why it was refused; a debug command in a release build says it was ignored instead of silently doing nothing") { state, outputs in
            // The start step reduces no input and may be silent.
            outputs.isEmpty && state.audit.inputs > 0 ? "the input of this step wrote no record" : nil
        },
        Invariant("idMapDecodedOncePerOpen",
                  "the id map is decoded once when a page opens; a fill only writes a byte and rebuilds the LUT, the id texture is never re-scanned (idDecodes = pagesOpened)") { state, _ in
            state.idDecodes == state.pagesOpened ? nil : "\(state.idDecodes) id map decodes for \(state.pagesOpened) page opens"
        },
    ]
}

extension Record {
    /// The value of field `key`, for invariants that read the step's records.
    func field(_ key: String) -> Value? { fields.first(where: { $0.key == key })?.value }
    func int(_ key: String) -> Int? {
        if case .int(let v)? = field(key) { return Int(v) }
        return nil
    }
    func word(_ key: String) -> String? {
        if case .word(let w)? = field(key) { return w }
        return nil
    }
    func text(_ key: String) -> String { field(key)?.text ?? "?" }
}
