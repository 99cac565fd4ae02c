import LockstepCore
import Platform
import Testing

private func text(_ write: (inout CanonicalWriter) -> Void) -> String {
    var w = CanonicalWriter()
    write(&w)
    return w.text
}

/// The canonical state lines of the capture models (what a domain's state digest covers), and the
/// limits not exercised elsewhere.
@Suite struct CaptureStateTests {
    @Test func servicesWriteTheirState() {
        var cam = DocumentCamera(isSupported: true)
        var p = CapturePermissions(camera: .authorized)
        _ = cam.present(&p)
        _ = cam.complete(.cancel)
        #expect(text(cam.write) == "documentCamera {\n  supported=true\n  presented=none\n  presentations=1\n  secondCompletions=0\n  lastEnded=1:cancel\n}\n")

        var v = VisionRequests()
        _ = v.perform(.recognizeText(TextRecognitionParameters()), image: "p", atNanoseconds: 0)
        #expect(text(v.write) == """
            vision {
              nextId=2
              pending count=1 {
                vision.request id=1 kind=recognizeText level=accurate languageCorrection=true image="p"
              }
              completed=0
              duplicates=0
            }

            """)

        var s = DataScanner(isSupported: true, isAvailable: true)
        _ = s.startScanning()
        _ = s.handle(.didAdd([.barcode(.ean8, payload: "1234")]))
        #expect(text(s.write) == """
            scanner {
              supported=true
              available=true
              scanning=true
              nextItemId=2
              items count=1 {
                item id=1 kind=barcode symbology=ean8 payload="1234"
              }
            }

            """)
    }

    @Test func writerConditionsAndLibraryWriteTheirState() {
        var w = MovieWriter(settings: MovieWriterSettings(hasAudioTrack: false))
        _ = w.startSession(atNanoseconds: 0)
        _ = w.append(.videoFrame(0, clock: CameraFrameClock(framesPerSecond: 30)!))
        _ = w.finish()
        #expect(text(w.write) == """
            writer {
              status=completed
              audioTrack=false
              start=0.000000000s
              frames=1
              audioBuffers=0
              finishCalls=1
              failure=none
              writer.finished start=0.000000000s end=0.033333333s duration=0.033333333s frames=1 audioBuffers=0 audio=false bitrate=10000000 bytes=41667
            }

            """)
        var c = DeviceConditions(thermal: .fair, freeBytes: 1)
        _ = c.setThermal(.nominal)
        #expect(text(c.write) == "conditions {\n  thermal=nominal\n  freeBytes=1\n  thermalChanges=1\n}\n")
        var lib = PhotoLibrary()
        _ = lib.save(.originalFile(byteCount: 3, digest: 9), filename: "w.jpg", permissions: CapturePermissions(photosAddOnly: .authorized))
        #expect(text(lib.write) == "photos count=1 {\n  asset id=1 filename=\"w.jpg\" kind=originalFile bytes=3 digest=#0000000000000009\n}\n")
    }

    @Test func visionForgetsOldCompletionsExplicitly() {
        var v = VisionRequests()
        for i in 1 ... VisionRequests.completedMemory + 1 {
            _ = v.perform(.recognizeText(TextRecognitionParameters()), image: "p", atNanoseconds: 0)
            _ = v.complete(VisionResultLine(id: VisionRequestID(i), result: .text([])), atNanoseconds: 0)
        }
        #expect(v.complete(VisionResultLine(id: VisionRequestID(1), result: .text([])), atNanoseconds: 0).record.description
            == "rejected input=vision.result reason=forgotten id=1 limit=completedMemory value=1024")
        #expect(v.complete(VisionResultLine(id: VisionRequestID(2), result: .text([])), atNanoseconds: 0)
            == .duplicate(VisionRequestID(2), first: "text", second: "text"))
    }

    @Test func sessionOutputLimit() {
        var s = makeCaptureSession()
        for _ in 0 ..< MultiCamSession.maxOutputs { _ = s.addOutput(connections: .none) }
        #expect(s.addOutput(connections: .none).record.description == "rejected input=session reason=limit limit=maxOutputs value=8")
    }
}
