import LockstepCore
import Platform
import Testing

/// `OSRelease` and `Device` (issue #10).
@Suite struct DeviceTests {
    @Test func osReleaseParses() {
        #expect(OSRelease.parse("17.4") == OSRelease(17, 4))
        #expect(OSRelease.parse("26.5") == OSRelease(26, 5))
        #expect(OSRelease.parse("18.2.1") == OSRelease(18, 2, 1))
        #expect(OSRelease.parse("17") == OSRelease(17, 0))
        #expect(OSRelease.parse("17.10") == OSRelease(17, 10))        // minor ten, not 17.1
        #expect(OSRelease.parse("18.2.0") == OSRelease(18, 2))        // a zero patch is no patch
        #expect(OSRelease.parse("17.04") == OSRelease(17, 4))
        for bad in ["", "x", "17.", ".5", "17..1", "100.0", "0.1", "017", "17.123", "17.2.100", "17.2.1.1",
                    "+17", "-17", "17.-1", " 17", "17 ", "17.4a", "1e1", "１７"] {
            #expect(OSRelease.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func osReleaseOrdersNumerically() {
        let r = { (s: String) in OSRelease.parse(s)! }
        // By component as numbers, not as text: 10 > 4, and a patch sorts after its minor.
        #expect(r("17.10") > r("17.4"))
        #expect(r("17.4") > r("17.3.1"))
        #expect(r("17.3.1") > r("17.3"))
        #expect(r("26.5") > r("18.2.1") && r("18.2.1") > r("18.2"))
        #expect(r("18.2") == r("18.2.0"))
        #expect(["17.10", "17.3.1", "26.5", "16.6", "17.4", "17.3"].map(r).sorted().map(\.description)
            == ["16.6", "17.3", "17.3.1", "17.4", "17.10", "26.5"])
    }

    @Test func osReleaseWritesAsBefore() {
        // Releases without a patch keep their old spelling (traces pin `os=17.0`, `os=18.2`).
        #expect(OSRelease(17, 0).description == "17.0")
        #expect(OSRelease.parse("17")!.description == "17.0")
        #expect(OSRelease(18, 2).description == "18.2")
        #expect(OSRelease(18, 2, 1).description == "18.2.1")
        #expect(OSRelease(17, 10).description == "17.10")
        #expect(OSRelease.audioApplication == OSRelease(17, 0) && OSRelease.echoCancelledInput == OSRelease(18, 2))
    }

    @Test func flagSetsListInDeclarationOrder() {
        var caps: FlagSet<Capability> = [.microphoneUsageDescription, .backgroundAudio]
        #expect(caps.description == "backgroundAudio,microphoneUsageDescription")
        #expect(caps == [.backgroundAudio, .microphoneUsageDescription])
        caps.remove(.backgroundAudio)
        #expect(caps.members == [.microphoneUsageDescription])
        caps.set(.microphoneUsageDescription, false)
        #expect(caps.isEmpty && caps.description == "none")
        #expect(FlagSet<Entitlement>.parse("timeSensitiveNotifications,appGroups") == [.appGroups, .timeSensitiveNotifications])
        #expect(FlagSet<Entitlement>.parse("none") == [])
        for bad in ["", "appGroups,", "appGroups,appGroups", "AppGroups", "push"] {
            #expect(FlagSet<Entitlement>.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func deviceRecordAndQueries() {
        let device = Device(os: OSRelease(18, 2, 1), capabilities: [.microphoneUsageDescription, .backgroundAudio])
        #expect(device.description == "os=18.2.1 idiom=phone supports=none capabilities=backgroundAudio,microphoneUsageDescription entitlements=none purchases=none build=release")
        #expect(device.record.description == "device " + device.description)
        #expect(device.isAvailable(.echoCancelledInput) && device.isAvailable(OSRelease(18, 2, 1)))
        #expect(!device.isAvailable(OSRelease(18, 3)))
        #expect(device.has(.backgroundAudio) && !device.has(.appGroups))
        let pad = Device(os: OSRelease(26, 5), idiom: .pad, entitlements: [.familyControls], build: .debug)
        #expect(pad.description == "os=26.5 idiom=pad supports=none capabilities=none entitlements=familyControls purchases=none build=debug")
        #expect(pad != Device(os: OSRelease(26, 5), idiom: .pad, entitlements: [.familyControls]))
        #expect(DeviceIdiom.allCases.map(\.rawValue) == ["phone", "pad", "mac", "watch", "vision"])
        #expect(BuildConfiguration.allCases.map(\.rawValue) == ["debug", "release"])
    }
}
