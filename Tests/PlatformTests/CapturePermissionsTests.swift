import LockstepCore
import Platform
import Testing

@Suite struct CapturePermissionsTests {
    @Test func cameraPromptsOnceThenAnswersAtOnce() {
        var p = CapturePermissions()
        #expect(p.requestCameraAccess() == .prompting)
        #expect(p.cameraPromptShowing)
        // A second request while the prompt is up joins it: still one prompt.
        #expect(p.requestCameraAccess() == .alreadyPrompting)
        #expect(p.cameraPrompts == 1)
        let answered = p.answerCameraPrompt(.allow)
        #expect(answered == .answered(.allow, status: .authorized))
        #expect(answered.record.description == "camera.permission answer=allow status=authorized granted=true")
        #expect(!p.cameraPromptShowing)
        // Decided: later requests answer at once, no new prompt.
        let again = p.requestCameraAccess()
        #expect(again == .answered(.authorized))
        #expect(again.record.description == "camera.permission-request result=answered status=authorized granted=true")
        #expect(p.cameraPrompts == 1)
    }

    @Test func deniedCameraNeverPromptsAgain() {
        var p = CapturePermissions()
        _ = p.requestCameraAccess()
        #expect(p.answerCameraPrompt(.deny) == .answered(.deny, status: .denied))
        #expect(p.requestCameraAccess() == .answered(.denied))
        #expect(p.requestCameraAccess().record.description == "camera.permission-request result=answered status=denied granted=false")
        #expect(p.cameraPrompts == 1)
    }

    @Test func restrictedAnswersAtOnceWithoutPrompt() {
        var p = CapturePermissions(camera: .restricted)
        #expect(p.requestCameraAccess() == .answered(.restricted))
        #expect(p.cameraPrompts == 0)
    }

    @Test func answerWithoutPromptIsRefused() {
        var p = CapturePermissions()
        let outcome = p.answerCameraPrompt(.allow)
        #expect(outcome == .noPromptShowing(.allow, status: .notDetermined))
        #expect(outcome.record.description == "rejected input=camera.permission reason=noPromptShowing answer=allow status=notDetermined")
        #expect(p.camera == .notDetermined)
    }

    @Test func settingsRevocationAndGrantAreReported() {
        var p = CapturePermissions(camera: .authorized)
        let revoked = p.setCameraInSettings(.denied)
        #expect(revoked.revoked && !revoked.granted)
        #expect(revoked.record.description == "permission.settings permission=camera from=authorized to=denied revoked=true granted=false")
        let granted = p.setCameraInSettings(.authorized)
        #expect(granted.granted && !granted.revoked)
        // A reset of privacy settings makes the prompt possible again.
        _ = p.setCameraInSettings(.notDetermined)
        #expect(p.requestCameraAccess() == .prompting)
        #expect(p.cameraPrompts == 1)
    }

    @Test func settingsLinkOnlyAfterADenial() {
        // Every camera state, with its outcome.
        let expected: [(CameraAuthorizationStatus, String)] = [
            (.notDetermined, "rejected input=settingsLink reason=notAskedYet permission=camera"),
            (.restricted, "rejected input=settingsLink reason=restricted permission=camera"),
            (.denied, "settings.link permission=camera url=\"app-settings:\""),
            (.authorized, "rejected input=settingsLink reason=alreadyAllowed permission=camera"),
        ]
        for (status, record) in expected {
            let p = CapturePermissions(camera: status)
            #expect(p.settingsLink(for: .camera).record.description == record)
            #expect(p.settingsLink(for: .camera).isOffered == (status == .denied))
        }
        let photos: [(PhotosAuthorizationStatus, SettingsLinkOutcome)] = [
            (.notDetermined, .refused(permission: "photos.addOnly", reason: .notAskedYet)),
            (.restricted, .refused(permission: "photos.addOnly", reason: .restricted)),
            (.denied, .offered(permission: "photos.addOnly")),
            (.authorized, .refused(permission: "photos.addOnly", reason: .alreadyAllowed)),
            (.limited, .refused(permission: "photos.addOnly", reason: .limitedSelection)),
        ]
        for (status, outcome) in photos {
            #expect(CapturePermissions(photosAddOnly: status).settingsLink(for: .photos(.addOnly)) == outcome)
        }
    }

    @Test func photosPromptIsAnsweredByTheAuthLine() {
        var p = CapturePermissions()
        let request = p.requestPhotosAccess(.addOnly)
        #expect(request == .prompting(.addOnly))
        #expect(request.record.description == "photos.permission-request level=addOnly result=prompting")
        // The other level waits for the one photos alert.
        #expect(p.requestPhotosAccess(.readWrite) == .alreadyPrompting(.readWrite, showing: .addOnly))
        // restricted cannot be tapped: refused, the prompt stays.
        let notAnswer = p.applyPhotosLine(.restricted, level: .addOnly)
        #expect(notAnswer.record.description == "rejected input=photos.auth reason=notAnAnswer level=addOnly status=restricted")
        #expect(p.photosPromptShowing == .addOnly)
        let answer = p.applyPhotosLine(.authorized, level: .addOnly)
        #expect(answer.record.description == "photos.permission level=addOnly answer=authorized canAdd=true")
        #expect(p.photosAddOnly == .authorized && p.photosReadWrite == .notDetermined)
        #expect(p.requestPhotosAccess(.addOnly) == .answered(.addOnly, .authorized))
        #expect(p.photosPrompts == 1)
    }

    @Test func photosLineWithoutPromptIsASettingsChange() {
        var p = CapturePermissions(photosAddOnly: .limited)
        let change = p.applyPhotosLine(.denied, level: .addOnly)
        #expect(change.record.description == "permission.settings permission=photos.addOnly from=limited to=denied revoked=true granted=false")
        #expect(!p.canAddPhotos)
        // readWrite access also allows adding.
        _ = p.applyPhotosLine(.limited, level: .readWrite)
        #expect(p.canAddPhotos)
    }

    @Test func rawCodesAreApples() {
        #expect(CameraAuthorizationStatus.allCases.map(\.rawCode) == [0, 1, 2, 3])
        #expect(PhotosAuthorizationStatus.allCases.map(\.rawCode) == [0, 1, 2, 3, 4])
        #expect(PhotosAccessLevel.allCases.map(\.rawCode) == [1, 2])
    }

    @Test func stateIsCanonical() {
        var p = CapturePermissions()
        _ = p.requestCameraAccess()
        var w = CanonicalWriter()
        p.write(to: &w)
        #expect(w.text == """
            permissions {
              camera=notDetermined
              cameraPromptShowing=true
              cameraPrompts=1
              photosAddOnly=notDetermined
              photosReadWrite=notDetermined
              photosPromptShowing=none
              photosPrompts=0
            }

            """)
    }
}

@Suite struct CapturePhotoLibraryTests {
    let allowed = CapturePermissions(photosAddOnly: .authorized)

    @Test func savesWithAddOnlyAndIncreasingIDs() {
        var lib = PhotoLibrary()
        let a = lib.save(.originalFile(byteCount: 1_234, digest: 0xABCD), filename: "1.jpg", permissions: allowed)
        #expect(a.record.description == "photos.saved id=1 filename=\"1.jpg\" kind=originalFile bytes=1234 digest=#000000000000abcd")
        let b = lib.save(.renderedImage(widthPixels: 1290, heightPixels: 2796, digest: 7), filename: "edit.png", permissions: allowed)
        #expect(b.asset?.id == PhotoAssetID(2))
        #expect(b.record.description == "photos.saved id=2 filename=\"edit.png\" kind=renderedImage width=1290 height=2796 digest=#0000000000000007")
        // limited also proceeds (the seed's check).
        #expect(lib.save(.originalFile(byteCount: 1, digest: 1), filename: "x", permissions: CapturePermissions(photosAddOnly: .limited)).asset != nil)
    }

    @Test func deniedAndUndeterminedAreRefused() {
        var lib = PhotoLibrary()
        let denied = lib.save(.originalFile(byteCount: 1, digest: 1), filename: "a", permissions: CapturePermissions(photosAddOnly: .denied))
        #expect(denied.record.description == "rejected input=photos.save reason=denied addOnly=denied readWrite=notDetermined")
        let never = lib.save(.originalFile(byteCount: 1, digest: 1), filename: "a", permissions: CapturePermissions())
        #expect(never == .refused(.notAskedYet, addOnly: .notDetermined, readWrite: .notDetermined))
        let restricted = lib.save(.originalFile(byteCount: 1, digest: 1), filename: "a", permissions: CapturePermissions(photosAddOnly: .restricted))
        #expect(restricted == .refused(.denied, addOnly: .restricted, readWrite: .notDetermined))
        #expect(lib.save(.originalFile(byteCount: 1, digest: 1), filename: "a/b", permissions: allowed)
            == .refused(.invalidFilename, addOnly: .authorized, readWrite: .notDetermined))
        #expect(lib.assets.isEmpty)
    }

    @Test func collisionHookDecides() {
        var lib = PhotoLibrary()
        _ = lib.save(.originalFile(byteCount: 1, digest: 1), filename: "1.jpg", permissions: allowed)
        // Default: Photos keeps both.
        #expect(lib.save(.originalFile(byteCount: 2, digest: 2), filename: "1.jpg", permissions: allowed).asset?.filename == "1.jpg")
        // Skip.
        let skipped = lib.save(.originalFile(byteCount: 3, digest: 3), filename: "1.jpg", permissions: allowed) { _ in .skip }
        #expect(skipped.record.description == "photos.skipped reason=duplicateName existing=1 filename=\"1.jpg\"")
        // Rename, asked again while the new name is taken: 1.jpg → 1-2.jpg (free).
        var asked: [String] = []
        let renamed = lib.save(.originalFile(byteCount: 4, digest: 4), filename: "1.jpg", permissions: allowed) { existing in
            asked.append(existing.filename)
            return .rename("1-\(asked.count + 1).jpg")
        }
        #expect(asked == ["1.jpg"])
        #expect(renamed.record.description == "photos.saved id=3 filename=\"1-2.jpg\" kind=originalFile bytes=4 digest=#0000000000000004 renamedFrom=\"1.jpg\"")
        // A policy that renames to a taken name for ever gives up after maxCollisionRounds.
        let stuck = lib.save(.originalFile(byteCount: 5, digest: 5), filename: "1.jpg", permissions: allowed) { _ in .rename("1.jpg") }
        #expect(stuck.record.description == "rejected input=photos.save reason=collisionUnresolved filename=\"1.jpg\" limit=maxCollisionRounds value=8")
        #expect(lib.assets.count == 3)
    }
}
