import LockstepCore
import Platform

/// A bounding box in degrees, south/west/north/east, edges inclusive.
struct BBox: Hashable, Sendable {
    var south: Double
    var west: Double
    var north: Double
    var east: Double

    func contains(_ o: BBox) -> Bool { south <= o.south && west <= o.west && o.north <= north && o.east <= east }
    func intersects(_ o: BBox) -> Bool { !(o.north < south || o.south > north || o.east < west || o.west > east) }
    func contains(_ p: GeoPoint) -> Bool { south <= p.latitude && p.latitude <= north && west <= p.longitude && p.longitude <= east }

    static func around(_ points: [GeoPoint]) -> BBox {
        var b = BBox(south: .infinity, west: .infinity, north: -.infinity, east: -.infinity)
        for p in points {
            b.south = min(b.south, p.latitude); b.north = max(b.north, p.latitude)
            b.west = min(b.west, p.longitude); b.east = max(b.east, p.longitude)
        }
        return b
    }

    var text: String {
        [west, south, east, north].map { FixedDecimal.format($0, places: 6) }.joined(separator: ",")
    }
}

/// The camera: centre and span in degrees.
struct Camera: Hashable, Sendable {
    var latitude: Double
    var longitude: Double
    var spanLatitude: Double
    var spanLongitude: Double

    var viewport: BBox {
        BBox(south: latitude - spanLatitude / 2, west: longitude - spanLongitude / 2,
             north: latitude + spanLatitude / 2, east: longitude + spanLongitude / 2)
    }
}

enum MapMode: String, Sendable { case kerbs, gridCounts }

/// A kerb the phone holds: the four slim properties and its rounded coordinates.
struct Feature: Hashable, Sendable {
    var id: String
    var feeState: String
    var feeSource: String
    var hours: String?
    var points: [GeoPoint]
    var bbox: BBox
}

/// A fetch the phone has in flight.
struct PendingFetch: Hashable, Sendable {
    var ring: BBox
    var viewport: BBox
    var mode: MapMode
    var generation: GenerationToken
}

/// A car park with a live count (ParkAPI `parking_site`).
struct Site: Hashable, Sendable {
    var source: String
    var free: Int?
    var capacity: Int?
    var updatedAt: Instant?
}

/// `source_health`: each upstream source's last success and last error.
struct SourceHealth: Hashable, Sendable {
    var lastSuccess: Instant?
    var lastError: String?
    var lastErrorAt: Instant?
    var lastPoll: Instant?
}

public struct ParkingState: Sendable {
    var city: City
    var zone: Zone
    var holidays: [String]?
    var serverLimit: Int
    var guardSample: Int
    var disabledSources: [String]

    // Server: the staged import inputs and the published table.
    var boundary: [GeoPoint]?
    var ways: [OSMWay] = []
    var council: [CouncilRecord] = []
    var zones: [[GeoPoint]] = []
    var bays: [Bay] = []
    var rawRows: [KerbRow] = []
    var rows: [KerbRow] = []
    var carParks = 0
    var imports = 0
    var guardViolations = 0
    var sites: [String: Site] = [:]
    var health: [String: SourceHealth] = [:]

    // Phone.
    var life = AppLifecycle()
    var camera: Camera?
    var mode: MapMode = .kerbs
    var debounce = Debouncer("camera", quiet: .milliseconds(250))
    var fetches = TaskGeneration("fetch")
    var net = ScriptedTransport("gateway")
    var pending: [Int: PendingFetch] = [:]
    var fetchedRing: BBox?
    var fetchedMode: MapMode?
    var features: [String: Feature] = [:] {
        didSet { featureOrder = features.keys.sorted() }
    }
    /// The held ids in order (kept with `features`, so a redraw never sorts).
    var featureOrder: [String] = []
    var drawn: [String] = []
    var assignments = 0
    var cells: [GridCell] = []

    // Per-step facts for the invariants (left out of the digest).
    var assignedUnchanged = false
    var lastCameraAt: Instant?
    var fetchSentEarly = false
    var staleShownLive = false
    var unreadableShownFree = false
    var inferredSolid = false
    var longestClusterMetres = 0.0
    var fetchInsideRing = false
    var disabledShown = false
    var pipelineGuardViolations = 0
    var clusterNotASegment = false
    var closedParkingWays = 0
}

/// One circle of the zoomed-out layer.
struct GridCell: Hashable, Sendable {
    var row: Int
    var col: Int
    var count: Int
    var radiusPoints: Double
}
