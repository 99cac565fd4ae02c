/// The 15 presets in display order, plus entitlement filtering (spec items 8 and 11).
///
/// From the article: `g-std` E Standard, `g-dropd` Drop D, `b-std` Bass E Standard (exact MIDI),
/// and the names D Standard, D♯ Standard (free), Open G, Drop B.
/// PROPOSED definitions (`isProposal == true`): D Standard, D♯ Standard, Open G, Drop B for guitar;
/// D / D♯ Standard for bass (the note's proposals); and, to reach 15, Drop C, C Standard, Open D,
/// Open E, DADGAD (guitar) and Bass Drop D — common tunings, none duplicating another
/// (D♯ Standard is the "half-step down" tuning, so that name is not repeated).
enum TuningPresets {
    static let all: [TuningPreset] = [
        // Guitar
        .init(id: "g-std", name: "E Standard", instrument: .guitar, strings: [40, 45, 50, 55, 59, 64], isFree: true, isProposal: false),
        .init(id: "g-dropd", name: "Drop D", instrument: .guitar, strings: [38, 45, 50, 55, 59, 64], isFree: false, isProposal: false),
        .init(id: "g-dsharp-std", name: "D♯ Standard", instrument: .guitar, strings: [39, 44, 49, 54, 58, 63], isFree: true, isProposal: true),
        .init(id: "g-d-std", name: "D Standard", instrument: .guitar, strings: [38, 43, 48, 53, 57, 62], isFree: true, isProposal: true),
        .init(id: "g-dropc", name: "Drop C", instrument: .guitar, strings: [36, 43, 48, 53, 57, 62], isFree: false, isProposal: true),
        .init(id: "g-c-std", name: "C Standard", instrument: .guitar, strings: [36, 41, 46, 51, 55, 60], isFree: false, isProposal: true),
        .init(id: "g-dropb", name: "Drop B", instrument: .guitar, strings: [35, 42, 47, 52, 56, 61], isFree: false, isProposal: true),
        .init(id: "g-open-g", name: "Open G", instrument: .guitar, strings: [38, 43, 50, 55, 59, 62], isFree: false, isProposal: true),
        .init(id: "g-open-d", name: "Open D", instrument: .guitar, strings: [38, 45, 50, 54, 57, 62], isFree: false, isProposal: true),
        .init(id: "g-open-e", name: "Open E", instrument: .guitar, strings: [40, 47, 52, 56, 59, 64], isFree: false, isProposal: true),
        .init(id: "g-dadgad", name: "DADGAD", instrument: .guitar, strings: [38, 45, 50, 55, 57, 62], isFree: false, isProposal: true),
        // Bass
        .init(id: "b-std", name: "Bass E Standard", instrument: .bass, strings: [28, 33, 38, 43], isFree: true, isProposal: false),
        .init(id: "b-dsharp-std", name: "Bass D♯ Standard", instrument: .bass, strings: [27, 32, 37, 42], isFree: true, isProposal: true),
        .init(id: "b-d-std", name: "Bass D Standard", instrument: .bass, strings: [26, 31, 36, 41], isFree: true, isProposal: true),
        .init(id: "b-dropd", name: "Bass Drop D", instrument: .bass, strings: [26, 33, 38, 43], isFree: false, isProposal: true),
    ]

    /// The default preset (E Standard).
    static var standard: TuningPreset { all[0] }

    /// Preset with `id`, or nil for an unknown id (array scan: order-stable, no Dictionary).
    static func preset(id: String) -> TuningPreset? {
        all.first { $0.id == id }
    }

    /// Presets the user may pick: all with Premium, otherwise only the free ones (order kept).
    static func available(premium: Bool) -> [TuningPreset] {
        premium ? all : all.filter { $0.isFree }
    }
}
