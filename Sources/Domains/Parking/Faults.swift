import LockstepCore

/// The article's failure modes (the note's list 1–13) and the rules the article states whose
/// breach a user would see, each switched back on by name and each caught by a golden through
/// what is stored (rows, the guard) or what the map and sheets show.
public enum ParkingFault: String, DomainFault {
    case degreeBuffer
    case centrelineClearance
    case arterialsIncluded
    case accessCaseSensitive
    case greyAsComplement
    case inferredLooksConfirmed
    case closedWaysAsLines
    case deprecatedTagsIgnored
    case noAsAbsence
    case drawCap400
    case reassignEveryCamera
    case noGridPartition
    case zigzagPolyline
    case staleShownAsCurrent
    case indigoZerosShown
    case linearCircles
    case unreadableHoursFree
    case bareFreeTrusted
    case fatPayload
    case unorderedLimit
    case drawWholeRing
    case fetchEveryCamera
    case noRingSkip

    public var summary: String {
        switch self {
        case .degreeBuffer: "clearance is a 0.00025° buffer: 20.9 m east–west, so kerbs 21–25 m from a paid kerb go out free (failure 1)"
        case .centrelineClearance: "the centreline is tested instead of the 3 m kerb line, which can sit closer to a paid kerb (failure 2)"
        case .arterialsIncluded: "no highway whitelist: arterials and service roads come out likely free (failure 3)"
        case .accessCaseSensitive: "access is compared without lower(): access=Private streets come out free (the query's lower(coalesce))"
        case .greyAsComplement: "Madrid's grey bands stored as municipal_paid_complement: the overlap test fails next to blue bands (failure 4)"
        case .inferredLooksConfirmed: "the inferred layer is mint and solid, read as the same free as confirmed green (failure 5)"
        case .closedWaysAsLines: "no closed_ways_are_polygons: closed amenity=parking ways land in the lines layer and are dropped (failure 6)"
        case .deprecatedTagsIgnored: "the normaliser reads only the current scheme: parking:lane/condition kerbs vanish (failure 7)"
        case .noAsAbsence: "parking:S=no read as an absence, so parking:both applies to that side (failure 7)"
        case .drawCap400: "at most 400 kerbs drawn: the screen's edges look like no parking (failure 8)"
        case .reassignEveryCamera: "the drawn array is reassigned on every camera change, so SwiftUI diffs every overlay (failure 9)"
        case .noGridPartition: "bays clustered without the 300 m grid: nameless bays chain into very long lines (failure 10)"
        case .zigzagPolyline: "a cluster is drawn as a polyline through its bays, zig-zagging across the street (failure 10)"
        case .staleShownAsCurrent: "a count older than 15 minutes is shown as current (failure 11)"
        case .indigoZerosShown: "Indigo's zero-occupancy feed is shown as live counts (failure 11)"
        case .linearCircles: "grid circles sized linearly: nearly every circle at the maximum (failure 12)"
        case .unreadableHoursFree: "unparseable charging hours are treated as free (failure 13)"
        case .bareFreeTrusted: "a FREE row with no known provenance is shown as city-published free (the claim function's rule)"
        case .fatPayload: "the payload carries name, zone, capacity and source and unrounded coordinates (575 KB instead of 359 KB)"
        case .unorderedLimit: "the 1,500 limit truncates by id, not nearest first, so it can eat the screen's centre"
        case .drawWholeRing: "every fetched kerb is drawn, not only those meeting the viewport (about 60% more lines)"
        case .fetchEveryCamera: "a request per camera change, without the 250 ms settle"
        case .noRingSkip: "a request after every settle, even while the viewport stays inside the fetched ring"
        }
    }
}
