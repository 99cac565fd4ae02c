import LockstepCore
import Platform

/// "Open in Maps": iOS 26 builds the map item from a `CLLocation` and an `MKAddress`; earlier
/// systems from an `MKPlacemark`, whose initialiser iOS 26 deprecates.
enum Maps {
    /// `MKMapItem(location:address:)` and the placemark initialiser's deprecation.
    static let ios26 = OSRelease(26, 0)

    static func open(_ t: Temple, _ s: DarshanState, _ world: inout World<Darshan>) {
        let modern = s.device.isAvailable(ios26) && !world.isOn(.deprecatedMapKit)
        var r = Record("maps.open").word("temple", t.id).word("initializer", modern ? "location+address" : "placemark")
            .string("name", t.name)
        if modern {
            r = r.string("fullAddress", "\(t.name), \(t.city)").string("shortAddress", t.city)
        }
        r = r.fixed("lat", t.latitude, 6).fixed("lon", t.longitude, 6)
        if !modern && s.device.isAvailable(ios26) { r = r.string("warning", "MKMapItem(placemark:) is deprecated in iOS 26") }
        world.emit(r.word("os", s.device.os.description))
    }
}
