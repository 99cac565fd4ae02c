import LockstepCore
import Platform
import Testing

@Suite struct CaptureVocabularyTests {
    @Test func decodesEveryLine() throws {
        let cases: [(String, CaptureSystemEvent)] = [
            ("0 camera permission answer=allow", .cameraPermissionAnswer(.allow)),
            ("0 camera permission settings=denied", .cameraPermissionSettings(.denied)),
            ("0 camera interruption began reason=videoDeviceNotAvailableDueToSystemPressure",
             .interruptionBegan(.videoDeviceNotAvailableDueToSystemPressure)),
            ("0 camera interruption ended", .interruptionEnded),
            ("0 camera mediaServicesReset", .mediaServicesReset),
            ("0 camera runtimeError", .runtimeError(.unknown)),
            ("0 camera runtimeError error=deviceWasDisconnected", .runtimeError(.deviceWasDisconnected)),
            ("0 camera frame camera=front pts=0.5 index=15", .frame(CameraFrame(position: .front, index: 15, ptsNanoseconds: 500_000_000))),
            ("0 camera frame camera=back pts=2s fixture=\"page 1\"",
             .frame(CameraFrame(position: .back, index: 0, ptsNanoseconds: 2_000_000_000, content: .fixture("page 1")))),
            ("0 photos auth=limited level=readWrite", .photosAuthorization(.limited, level: .readWrite)),
            ("0 photos auth=denied", .photosAuthorization(.denied, level: .addOnly)),
            ("0 thermal level=critical", .thermal(.critical)),
            ("0 storage free=104857600", .storage(freeBytes: 104_857_600)),
            ("0 vision result id=2 rectangles=none", .visionResult(VisionResultLine(id: VisionRequestID(2), result: .rectangles([])))),
            ("0 vision result id=3 error=\"request failed\"", .visionResult(VisionResultLine(id: VisionRequestID(3), result: .error("request failed")))),
            ("0 vision result id=4 text=\"\"", .visionResult(VisionResultLine(id: VisionRequestID(4), result: .text([])))),
            ("0 scanner availability supported=true available=false", .scanner(.availability(supported: true, available: false))),
            ("0 scanner didRemove ids=1,3", .scanner(.didRemove([RecognizedItemID(1), RecognizedItemID(3)]))),
            ("0 scanner didUpdate id=2 item=\"ean13:4006381333931\"", .scanner(.didUpdate(RecognizedItemID(2), .barcode(.ean13, payload: "4006381333931")))),
            ("0 documentCamera cancel", .documentCamera(.cancel)),
            ("0 documentCamera fail error=\"camera unavailable\"", .documentCamera(.fail(message: "camera unavailable"))),
            ("0 documentCamera finish pages=2 width=1000 height=1400",
             .documentCamera(.finish(pages: [DocumentPage(index: 0, widthPixels: 1000, heightPixels: 1400),
                                             DocumentPage(index: 1, widthPixels: 1000, heightPixels: 1400)]))),
        ]
        for (line, event) in cases {
            #expect(try CaptureLines.decode(line) == event, "\(line)")
        }
    }

    @Test func decodesObservationsAndItems() throws {
        let rect = try CaptureLines.decode("0 vision result id=1 rectangles=0.1,0.9,0.9,0.9,0.1,0.1,0.9,0.1,0.8,0,1,1,1,0,0,1,0,0.5")
        guard case .visionResult(let v) = rect, case .rectangles(let obs) = v.result else { Issue.record("not rectangles"); return }
        #expect(obs.map(\.record.description) == [
            "rectangle tl=0.1000,0.9000 tr=0.9000,0.9000 bl=0.1000,0.1000 br=0.9000,0.1000 confidence=0.800",
            "rectangle tl=0.0000,1.0000 tr=1.0000,1.0000 bl=0.0000,0.0000 br=1.0000,0.0000 confidence=0.500",
        ])
        let text = try CaptureLines.decode("0 vision result id=2 text=\"TOTAL 12.50\\nThank you\" confidence=0.9,0.6")
        guard case .visionResult(let t) = text, case .text(let lines) = t.result else { Issue.record("not text"); return }
        #expect(lines.map(\.record.description) == ["textLine text=\"TOTAL 12.50\" confidence=0.900", "textLine text=\"Thank you\" confidence=0.600"])
        let items = try CaptureLines.decode("0 scanner didAdd items=\"ean13:4006381333931;ean13;text:Aspirin 500 mg;dataMatrix:01:23\"")
        #expect(items == .scanner(.didAdd([.barcode(.ean13, payload: "4006381333931"), .barcode(.ean13, payload: nil), .text("Aspirin 500 mg"),
                                           .barcode(.dataMatrix, payload: "01:23")])))
    }

    @Test func badLinesAreLocatedErrors() {
        // Columns are 1-based bytes: in "0 thermal level=hot" the value starts at column 17.
        let cases: [(String, String)] = [
            ("0 thermal level=hot", "t.scenario:1:17: unknown level 'hot'; expected one of: nominal, fair, serious, critical"),
            ("0 thermal", "t.scenario:1:3: missing field 'level' for 'thermal'"),
            ("0 storage free=-1", "t.scenario:1:16: free=-1 is out of range 0...9223372036854775807"),
            ("0 storage free=1.5", "t.scenario:1:16: expected a whole number that fits in 64 bits, found '1.5'"),
            ("0 photos auth=granted", "t.scenario:1:15: unknown auth 'granted'; expected one of: notDetermined, restricted, denied, authorized, limited"),
            ("0 photos auth=denied level=all", "t.scenario:1:28: unknown level 'all'; expected one of: addOnly, readWrite"),
            ("0 camera permission answer=maybe", "t.scenario:1:28: unknown answer 'maybe'; expected one of: allow, deny"),
            ("0 camera permission", "t.scenario:1:3: 'camera permission' needs answer=allow|deny or settings=STATUS"),
            ("0 camera permission answer=allow settings=denied",
             "t.scenario:1:43: write answer= (the prompt) or settings= (the Settings app), not both"),
            ("0 camera interruption", "t.scenario:1:3: expected 'camera interruption began reason=WORD' or 'camera interruption ended'"),
            ("0 camera interruption began",
             "t.scenario:1:3: missing field 'reason' for 'camera interruption began' (one of: videoDeviceNotAvailableInBackground, audioDeviceInUseByAnotherClient, videoDeviceInUseByAnotherClient, videoDeviceNotAvailableWithMultipleForegroundApps, videoDeviceNotAvailableDueToSystemPressure)"),
            ("0 camera interruption ended reason=videoDeviceInUseByAnotherClient",
             "t.scenario:1:29: 'reason' does not apply to 'camera interruption ended'"),
            ("0 camera mediaServicesReset began", "t.scenario:1:29: 'began' does not apply to 'camera mediaServicesReset'"),
            ("0 camera explode",
             "t.scenario:1:10: unknown event 'explode'; expected one of: permission, interruption, mediaServicesReset, runtimeError, frame"),
            ("0 camera runtimeError error=boom",
             "t.scenario:1:29: unknown error 'boom'; expected one of: sessionHardwareCostOverage, deviceWasDisconnected, unknown"),
            ("0 camera frame pts=1", "t.scenario:1:3: missing field 'camera' for 'camera frame' (back or front)"),
            ("0 camera frame camera=back", "t.scenario:1:3: missing field 'pts' for 'camera frame'"),
            ("0 camera frame camera=side pts=1", "t.scenario:1:23: unknown camera 'side'; expected one of: back, front"),
            ("0 camera frame camera=back pts=1 pattern=colorBars fixture=a", "t.scenario:1:60: a frame shows a pattern= or a fixture=, not both"),
            ("0 camera frame camera=back pts=1 index=-1", "t.scenario:1:40: index=-1 is out of range 0...1000000000"),
            ("0 camera frame camera=back pts=1 answer=allow", "t.scenario:1:34: 'answer' does not apply to 'camera frame'"),
            ("0 vision result id=1", "t.scenario:1:3: 'vision result' needs one of rectangles=, text= or error="),
            ("0 vision result id=1 rectangles=0.1,0.9,0.9,0.9,0.1,0.1,0.9,0.1",
             "t.scenario:1:33: rectangles needs 9 numbers per rectangle (tlx,tly,trx,try,blx,bly,brx,bry,confidence), found 8"),
            ("0 vision result id=1 rectangles=0.1,0.9,0.9,0.9,0.1,0.1,0.9,1.2,0.5", "t.scenario:1:33: rectangle 1: corner br=0.9,1.2 is outside 0...1"),
            ("0 vision result id=1 rectangles=0.1,0.9,0.9,0.9,0.1,0.1,0.9,0.1,1.5", "t.scenario:1:33: rectangle 1: confidence 1.5 is outside 0...1"),
            ("0 vision result id=1 text=\"a\\nb\" confidence=0.5", "t.scenario:1:45: 1 confidences for 2 text lines; give one per line"),
            ("0 vision result id=1 rectangles=none error=x", "t.scenario:1:44: a result has one of rectangles=, text= and error=, not several"),
            ("0 vision result id=1 error=x confidence=1", "t.scenario:1:30: 'confidence' applies to text= results only (a rectangle carries its own)"),
            ("0 vision result id=-1 error=x", "t.scenario:1:20: id=-1 is out of range 0...1000000000"),
            ("0 vision result id=1 error=\"\"", "t.scenario:1:28: error= needs a text (an empty one says nothing)"),
            ("0 scanner didAdd items=\"ean99:1\"",
             "t.scenario:1:24: item 1: unknown item kind 'ean99'; expected text or one of: ean13, ean8, upce, code128, code39, dataMatrix, qr, pdf417, aztec, other"),
            ("0 scanner didAdd items=\"ean13:1;text:\"", "t.scenario:1:24: item 2: 'text:' needs the recognised text after the colon"),
            ("0 scanner didAdd items=\"\"", "t.scenario:1:24: items is empty; a didAdd adds at least one item"),
            ("0 scanner didRemove ids=0", "t.scenario:1:25: ids must be whole numbers from 1, found '0'"),
            ("0 scanner availability supported=true", "t.scenario:1:3: 'scanner availability' needs supported= and available="),
            ("0 scanner didUpdate id=1", "t.scenario:1:3: missing field 'item' for 'scanner didUpdate'"),
            ("0 documentCamera finish", "t.scenario:1:3: missing field 'pages' for 'documentCamera finish' (1...100)"),
            ("0 documentCamera finish pages=101", "t.scenario:1:31: pages=101 is out of range 1...100"),
            ("0 documentCamera cancel pages=1", "t.scenario:1:25: 'pages' does not apply to 'documentCamera cancel'"),
            ("0 documentCamera fail", "t.scenario:1:3: missing field 'error' for 'documentCamera fail'"),
            ("0 lidar on=true", "t.scenario:1:3: unknown event kind 'lidar'; this domain accepts: camera, documentCamera, photos, scanner, storage, thermal, vision"),
        ]
        for (line, message) in cases {
            #expect(CaptureLines.error(line) == message, "\(line)")
        }
    }

    @Test func framesGeneratorTimesAreExact() throws {
        let frames = try CaptureLines.generate("gen cameraFrames camera=back fps=30 seconds=0.1")
        #expect(frames.map(\.offset.nanoseconds) == [0, 33_333_333, 66_666_666])
        #expect(frames.map(\.event) == (0 ..< 3).map {
            .frame(CameraFrame(position: .back, index: Int64($0), ptsNanoseconds: [0, 33_333_333, 66_666_666][$0]))
        })
        // A continuation line: frames 60... at 30 fps, offsets from the line, PTS on the stream clock.
        let next = try CaptureLines.generate("gen cameraFrames camera=front fps=30 seconds=0.1 first=60 fixture=\"selfie\"")
        #expect(next.map(\.offset.nanoseconds) == [0, 33_333_333, 66_666_666])
        #expect(next.first?.event == .frame(CameraFrame(position: .front, index: 60, ptsNanoseconds: 2_000_000_000, content: .fixture("selfie"))))
        // 120 fps over 10 minutes: 72,000 frames, the last at ⌊71,999·10⁹/120⌋ ns.
        let long = try CaptureLines.generate("gen cameraFrames camera=back fps=120 seconds=600 pattern=checkerboard")
        #expect(long.count == 72_000)
        #expect(long.last?.offset.nanoseconds == 599_991_666_666)
    }

    @Test func framesGeneratorErrors() {
        let cases: [(String, String)] = [
            ("gen cameraFrames fps=30 seconds=2", "t.scenario:1:3: missing field 'camera' for generator 'cameraFrames'"),
            ("gen cameraFrames camera=back fps=30 seconds=2 pattern=grid",
             "t.scenario:1:57: unknown pattern 'grid'; expected one of: colorBars, checkerboard, grayRamp, black, white"),
            ("gen cameraFrames camera=back fps=300 seconds=2", "t.scenario:1:36: fps=300 is out of range 1...240"),
            ("gen cameraFrames camera=back fps=240 seconds=3601",
             "t.scenario:1:48: 864240 frames from one line is over the limit of 864000 (one hour at 240 fps); split the span"),
            ("gen cameraFrames camera=back fps=30 seconds=2 pattern=black fixture=x", "t.scenario:1:71: a frame shows a pattern= or a fixture=, not both"),
            ("gen cameraFrames camera=back fps=30 seconds=0", "t.scenario:1:47: seconds=0 is out of range 0.000000001s...86400.000000000s"),
        ]
        for (line, message) in cases {
            #expect(CaptureLines.generateError(line) == message, "\(line)")
        }
    }

    @Test func textReadsBackAsTheSameEvent() throws {
        let obs = RectangleObservation(topLeft: point(x: 0.1, y: 0.9), topRight: point(x: 0.9, y: 0.9),
                                       bottomLeft: point(x: 0.1, y: 0.1), bottomRight: point(x: 0.9, y: 0.1), confidence: 0.8)!
        let events: [CaptureSystemEvent] = [
            .cameraPermissionAnswer(.deny), .cameraPermissionSettings(.restricted), .interruptionBegan(.audioDeviceInUseByAnotherClient),
            .interruptionEnded, .mediaServicesReset, .runtimeError(.sessionHardwareCostOverage),
            .frame(CameraFrame(position: .back, index: 7, ptsNanoseconds: 233_333_333, content: .pattern(.grayRamp))),
            .frame(CameraFrame(position: .front, index: 0, ptsNanoseconds: 0, content: .fixture("a b"))),
            .photosAuthorization(.restricted, level: .readWrite), .thermal(.fair), .storage(freeBytes: 0),
            .visionResult(VisionResultLine(id: VisionRequestID(1), result: .rectangles([obs, obs]))),
            .visionResult(VisionResultLine(id: VisionRequestID(2), result: .rectangles([]))),
            .visionResult(VisionResultLine(id: VisionRequestID(3), result: .text([RecognizedTextLine(text: "a", confidence: 0.25)!,
                                                                                     RecognizedTextLine(text: "", confidence: 1)!]))),
            .visionResult(VisionResultLine(id: VisionRequestID(4), result: .error("x"))),
            .scanner(.availability(supported: false, available: true)),
            .scanner(.didAdd([.barcode(.qr, payload: "https://x"), .barcode(.upce, payload: nil), .text("hi")])),
            .scanner(.didRemove([RecognizedItemID(2)])), .scanner(.didUpdate(RecognizedItemID(1), .text("t"))),
            .documentCamera(.finish(pages: [DocumentPage(index: 0, widthPixels: 10, heightPixels: 20)])),
            .documentCamera(.cancel), .documentCamera(.fail(message: "boom boom")),
        ]
        for e in events {
            let text = try #require(CaptureVocabulary.text(of: e), "\(e)")
            #expect(try CaptureLines.decode("0 " + text) == e, "\(text)")
            #expect(CaptureVocabulary.kinds.contains(CaptureVocabulary.kind(of: e)))
        }
        #expect(CaptureVocabulary.text(of: .frame(CameraFrame(position: .back, index: 0, ptsNanoseconds: 1_000_000_000)))
            == "camera frame camera=back pts=1s index=0 pattern=colorBars")
        // No line form: a value the vocabulary cannot write back.
        #expect(CaptureVocabulary.text(of: .scanner(.didAdd([.text("a;b")]))) == nil)
        #expect(CaptureVocabulary.text(of: .visionResult(VisionResultLine(id: VisionRequestID(1), result: .text([RecognizedTextLine(text: "", confidence: 1)!])))) == nil)
        #expect(CaptureVocabulary.text(of: .storage(freeBytes: -1)) == nil)
    }

    @Test func subsetsAndProfileSetting() throws {
        let kinds = CaptureVocabulary.eventKinds(only: ["thermal", "storage"]) { $0 }
        #expect(kinds.map(\.spec.kind) == ["thermal", "storage"])
        #expect(CaptureVocabulary.eventKinds { $0 }.allSatisfy { $0.declarationProblem == nil })
        #expect(CaptureVocabulary.deviceProfile.type == .word(choices: ["iPhoneXS", "iPhone15Pro", "iPhone8", "simulator"]))
        let line = try CaptureLines.lex("0 set iPhone15Pro")
        #expect(try CaptureVocabulary.deviceProfile.read(line, 0).name == "iPhone15Pro")
        let bad = try CaptureLines.lex("0 set iPhone99")
        #expect(throws: ScenarioError(path: "t.scenario", line: 1, column: 7,
                                      message: "unknown device profile 'iPhone99'; expected one of: iPhoneXS, iPhone15Pro, iPhone8, simulator")) {
            try CaptureVocabulary.deviceProfile.read(bad, 0)
        }
    }
}
