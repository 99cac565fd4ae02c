/// The three materials. The article's point is that a material is numbers, not code: every kind
/// runs through the same baker and the same deposition rule with the constants below.
public enum BrushKind: String, CaseIterable, Sendable, Comparable {
    case chalk, pencil, ink

    public static func < (a: BrushKind, b: BrushKind) -> Bool { a.rawValue < b.rawValue }

    /// The constants of this material.
    public var brush: Brush {
        switch self {
        case .chalk: Brush.chalk
        case .pencil: Brush.pencil
        case .ink: Brush.ink
        }
    }
}

/// The constants of one material. All are dimensionless factors (applied to the stroke's canvas
/// diameter or to an alpha), so none of them lives in screen space and none needs `* scale`.
///
/// The article names the fields but gives no values (GAP); these were chosen by looking at the
/// rasterised artifacts: chalk is grainy, dry at speed and broad when tilted; pencil is thin, faint
/// and toothy; ink is smooth (tooth 0: coverage is used as is) and barely reacts to tilt.
public struct Brush: Sendable, Equatable {
    /// Stamp spacing as a fraction of the stroke's diameter.
    public var spacing: Float
    /// Position jitter per axis as a fraction of the stroke's base diameter.
    public var jitter: Float
    /// Base stamp alpha.
    public var alpha: Float
    /// How much full speed fades alpha (0 = not at all, 1 = to zero).
    public var speedFade: Float
    /// How much full speed thins the stamp.
    public var speedThin: Float
    /// Extra elongation of the quad along the azimuth at full tilt (elong = 1 + tilt · this).
    public var tiltElongation: Float
    /// Extra breadth at full tilt.
    public var tiltBroaden: Float
    /// Alpha multiplier at full tilt (1 = tilt does not change alpha).
    public var tiltAlpha: Float
    /// Mix between plain coverage (0) and thresholded deposit (1) in the deposition rule.
    public var tooth: Float
    /// Width of the smoothstep threshold band in the deposition rule.
    public var toothSoftness: Float
    /// Pressure used for finger touches, which report no usable force (GAP: the article is silent).
    public var fingerPressure: Float

    public static let chalk = Brush(spacing: 0.12, jitter: 0.16, alpha: 0.75, speedFade: 0.5, speedThin: 0.25,
                                    tiltElongation: 2.0, tiltBroaden: 1.2, tiltAlpha: 0.6, tooth: 0.97,
                                    toothSoftness: 0.2, fingerPressure: 0.5)
    public static let pencil = Brush(spacing: 0.08, jitter: 0.05, alpha: 0.35, speedFade: 0.2, speedThin: 0.1,
                                     tiltElongation: 1.0, tiltBroaden: 0.8, tiltAlpha: 0.5, tooth: 0.7,
                                     toothSoftness: 0.15, fingerPressure: 0.5)
    public static let ink = Brush(spacing: 0.05, jitter: 0, alpha: 0.9, speedFade: 0.1, speedThin: 0.3,
                                  tiltElongation: 0.3, tiltBroaden: 0.2, tiltAlpha: 0.9, tooth: 0,
                                  toothSoftness: 0.2, fingerPressure: 0.6)
}

/// Constants with a declared space (the article's audit: every constant says which space it is in).
public enum ChalkConstants {
    /// Stamps whose on-screen diameter is at most this are skipped. SCREEN points: compare with
    /// `size * scale`, never with the canvas size alone.
    public static let minStampScreenDiameter: Float = 0.4
    /// Stamps at most this faint are skipped. Dimensionless alpha.
    public static let minStampAlpha: Float = 0.004
    /// Hard cap on stamps per segment, so a teleporting touch cannot explode.
    public static let maxStampsPerSegment = 4000
    /// Full speed is reached at this many pen DIAMETERS per segment (zoom-invariant).
    public static let fullSpeedDiameters: Float = 2.9
    /// The historical full speed in absolute canvas points (the zoom bug; fault `fixedFullSpeed26`).
    public static let legacyFullSpeedPoints: Float = 26
    /// Floor of the speed denominator, in canvas units.
    public static let minSpeedDenominator: Float = 0.001
    /// Minimum step as a fraction of the diameter, and absolute floor in canvas units.
    public static let minStepDiameters: Float = 0.02
    public static let minStepCanvas: Float = 0.00005
    /// Number of stamp shapes in the atlas.
    public static let atlasCount = 8
    /// Accepted screen brush diameters, in SCREEN points.
    public static let screenSizeRange: ClosedRange<Double> = 0.05...500
    /// The brush-size floor, in SCREEN points: a smaller pen is raised to it (with a record). GAP:
    /// the article names the floor, not its value; 0.5 pt keeps a full-pressure stamp (0.5 × 1.14)
    /// above the 0.4 pt skip threshold. Converted with `/ zoom` when a stroke begins, never compared
    /// with a canvas size (fault `sizeFloorInCanvasUnits`).
    public static let minScreenSize: Float = 0.5
    /// The jitter filter, in SCREEN points: a moved sample closer than this to the stroke's last
    /// point is dropped (with a record) as touch noise. GAP: the value is not given; half a point.
    /// Compared with the on-screen distance (canvas distance × zoom), never with the canvas
    /// distance alone (fault `jitterFilterInCanvasUnits`: at 800× every move is dropped).
    public static let minMoveScreenDistance: Float = 0.5
    /// Accepted zoom (canvas → screen factor).
    public static let scaleRange: ClosedRange<Double> = 0.01...10_000
    /// Canvas coordinates beyond this magnitude are rejected (keeps segment lengths finite in Float).
    public static let maxCanvasCoordinate: Float = 10_000_000
    /// Points per stroke and strokes per page (bounds on memory and on replay time).
    public static let maxPointsPerStroke = 100_000
    public static let maxStrokesPerPage = 20_000
    public static let maxPages = 100
    public static let maxLayer = 1_000
    /// Pending instances in the encoder before a frame is committed early.
    public static let maxPendingInstances = 4_000_000
}
