#!/usr/bin/env python3
"""Writes the example recordings in this folder, imitating the recorders in Recorders/ byte for byte
in layout (one JSON object per line, header first). Seeded and deterministic: run it from this folder
and the outputs are the committed files. No Lockstep code is used.

pencil-stroke.jsonl   TouchRecorder: a Pencil stroke sampled at 240 Hz and delivered at 120 Hz (two
                      coalesced samples per touchesMoved, the second equal to the event's touch), one
                      predicted sample after each delivery, a stationary sample, then a finger tap
                      and an indirect-pointer click.
pushups.jsonl         PoseRecorder: 4 push-ups at 30 fps, all 19 joints, times as integer ns from a
                      CMTime with timescale 600 (value * 1e9 // timescale), a frame with no person.
pushups.csv           The same push-ups as a CSV joint series (arms, nose and neck only), the
                      occluded frame written as empty cells.
pills-morning.jsonl   SessionRecorder in a pill-reminder app: background, lock, the 08:00 delivery,
                      Taken on the locked Lock Screen, foreground, an unlock stamped 3 ms before it
                      (out of order), an audio record (no pill event for it), notifications off.
mic-session.jsonl     SessionRecorder in a live-mic app: a call interrupts, ends with shouldResume,
                      headphones plugged and pulled (raw route reasons and port types), CarPlay (a
                      port with no word), a media-services loss and reset, background/foreground.
"""
import json
import math
import random


def dump(obj):
    # Compact, keys in the recorder's order, as the recorders write them.
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


class Raw(float):
    """A number written with exactly the given text (the recorder's own formatting)."""

    def __new__(cls, text):
        o = float.__new__(cls, float(text))
        o.text = text
        return o

    def __repr__(self):
        return self.text



def write(path, header, records):
    with open(path, "w") as f:
        f.write(dump(header) + "\n")
        for r in records:
            f.write(encode(r) + "\n")


def encode(value):
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(encode(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k) + ":" + encode(v) for k, v in value.items()) + "}"
    raise TypeError(value)


def seconds(ns):
    """Decimal seconds text with 9 digits, as the recorders write `t`."""
    return Raw(f"{ns // 1_000_000_000}.{ns % 1_000_000_000:09d}")


def header(kind, device, os, zone, app, start, title):
    return {"format": "lockstep-recording", "version": 1, "kind": kind, "device": device, "os": os,
            "zone": zone, "app": app, "start": start, "title": title}


# ---------------------------------------------------------------- touch

def pencil():
    rng = random.Random(24)
    recs = []
    period = 1_000_000_000 // 240  # 4166666 ns between Pencil samples (the recorder rounds once)
    n = 24
    base = 500_000_000
    max_force = Raw("4.166666666666667")

    def sample(k):
        x = 40 + 160 * k / (n - 1)
        y = 120 + 30 * math.sin(math.pi * k / (n - 1))
        force = 0.5 + 2.5 * math.sin(math.pi * k / (n - 1)) + rng.uniform(-0.05, 0.05)
        return x, y, max(0.0, force)

    def touch(t, phase, k, coalesced=False, predicted=False):
        x, y, f = sample(k)
        r = {"t": seconds(t), "type": "touch", "id": 1, "phase": phase, "touchType": "pencil",
             "x": Raw(f"{x:.4f}"), "y": Raw(f"{y:.4f}"), "force": Raw(f"{f:.6f}"), "maxForce": max_force,
             "altitude": Raw(f"{0.9 + 0.2 * k / (n - 1):.6f}"), "azimuth": Raw("0.785398")}
        if coalesced:
            r["coalesced"] = True
        if predicted:
            r["predicted"] = True
        return r

    recs.append(touch(base, "began", 0))
    k = 1
    while k < n - 1:
        for j in (k, k + 1):
            if j < n - 1:
                recs.append(touch(base + j * period, "moved", j, coalesced=True))
        recs.append(touch(base + (k + 2) * period, "moved", min(k + 2, n - 1), predicted=True))
        k += 2
    recs.append(touch(base + (n - 1) * period + 1_000_000, "stationary", n - 1))
    recs.append(touch(base + (n - 1) * period + 2_000_000, "ended", n - 1))
    # A finger tap: UIKit reports the finger's altitude as pi/2 and force 0 without 3D Touch.
    t0 = 1_250_000_000
    for dt, phase in ((0, "began"), (33_000_000, "ended")):
        recs.append({"t": seconds(t0 + dt), "type": "touch", "id": 2, "phase": phase, "touchType": "direct",
                     "x": Raw("64.5"), "y": Raw("200.25"), "force": Raw("0"), "maxForce": Raw("0"),
                     "altitude": Raw("1.5707963267948966"), "azimuth": Raw("0")})
    recs.append({"t": seconds(1_400_000_000), "type": "touch", "id": 3, "phase": "began", "touchType": "indirectPointer",
                 "x": Raw("10"), "y": Raw("10")})
    write("pencil-stroke.jsonl",
          header("touch", "iPad13,4", "iPadOS 17.4", "Europe/Berlin", "2.1 (301)", "2026-03-14T09:00:00.25Z",
                 "Recorded Pencil stroke and a finger tap"),
          recs)


# ---------------------------------------------------------------- pose

W, H = 1280.0, 720.0
JOINTS = ["nose", "leftEye", "rightEye", "leftEar", "rightEar", "neck", "leftShoulder", "rightShoulder",
          "leftElbow", "rightElbow", "leftWrist", "rightWrist", "root", "leftHip", "rightHip", "leftKnee",
          "rightKnee", "leftAnkle", "rightAnkle"]


def arm(angle_deg, sign, drop):
    shoulder = (640 + sign * 110, 420 - drop)
    elbow = (shoulder[0] + sign * 90, shoulder[1] - 110)
    ux, uy = shoulder[0] - elbow[0], shoulder[1] - elbow[1]
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    a = math.radians(-angle_deg if sign < 0 else angle_deg)
    wrist = (elbow[0] + 130 * (ux * math.cos(a) - uy * math.sin(a)),
             elbow[1] + 130 * (ux * math.sin(a) + uy * math.cos(a)))
    return shoulder, elbow, wrist


def body(angle):
    """Pixel positions of the 19 joints for an elbow angle (a push-up seen from the front)."""
    drop = max(0.0, 160 - angle) * 1.2
    p = {}
    for side, sign in (("left", 1), ("right", -1)):
        s, e, w = arm(angle, sign, drop)
        p[side + "Shoulder"], p[side + "Elbow"], p[side + "Wrist"] = s, e, w
        p[side + "Eye"] = (640 + sign * 14, 420 - drop + 82)
        p[side + "Ear"] = (640 + sign * 30, 420 - drop + 76)
        p[side + "Hip"] = (640 + sign * 60, 300 - drop * 0.5)
        p[side + "Knee"] = (640 + sign * 62, 200)
        p[side + "Ankle"] = (640 + sign * 64, 100)
    p["nose"] = (640, 420 - drop + 70)
    p["neck"] = (640, 420 - drop + 10)
    p["root"] = (640, 300 - drop * 0.5)
    return p


def pose_frames():
    rng = random.Random(3)
    frames = []
    timescale = 600
    for k in range(240):  # 8 s at 30 fps: CMTime value 20 per frame at timescale 600
        value = 20 * k
        ns = value * 1_000_000_000 // timescale
        t = k / 30.0
        angle = 127.5 + 42.5 * math.cos(2 * math.pi * t / 2.0)
        if k == 100:
            frames.append((ns, None))
            continue
        joints = {}
        for name, (x, y) in body(angle).items():
            c = 0.9 if "Ankle" not in name else 0.3
            x += rng.uniform(-2, 2)
            y += rng.uniform(-2, 2)
            joints[name] = (f"{x / W:.6f}", f"{y / H:.6f}", f"{c:g}")
        frames.append((ns, joints))
    return frames


def pushups_jsonl(frames):
    recs = []
    for ns, joints in frames:
        j = {} if joints is None else {n: [Raw(v) for v in joints[n]] for n in JOINTS}
        recs.append({"tNs": ns, "type": "pose", "joints": j, "observations": 0 if joints is None else 1})
    write("pushups.jsonl",
          header("pose", "iPhone15,2", "iOS 17.4", "America/New_York", "3.0 (12)", "2026-05-02T12:00:00Z",
                 "Recorded push-ups, 19 joints at 30 fps"),
          recs)


def pushups_csv(frames):
    names = ["nose", "neck", "leftShoulder", "leftElbow", "leftWrist", "rightShoulder", "rightElbow", "rightWrist"]
    with open("pushups.csv", "w") as f:
        f.write("# " + dump(header("pose", "iPhone15,2", "iOS 17.4", "America/New_York", "3.0 (12)",
                                   "2026-05-02T12:00:00Z", "Recorded push-ups as a CSV joint series")) + "\n")
        f.write("# Exported from the same session as pushups.jsonl: arms, nose and neck only.\n")
        f.write(",".join(["tNs"] + [f"{n}.{a}" for n in names for a in "xyc"]) + "\n")
        for ns, joints in frames:
            cells = [str(ns)]
            for n in names:
                cells += ["", "", ""] if joints is None else list(joints[n])
            f.write(",".join(cells) + "\n")


# ---------------------------------------------------------------- session

def pills():
    s = 1_000_000_000
    recs = [
        {"t": seconds(0), "type": "lifecycle", "event": "background"},
        {"t": seconds(5 * s), "type": "device", "event": "lock"},
        # 07:00Z is 08:00 in London (BST): the reminder is delivered; the simulation makes its own.
        {"t": seconds(600 * s), "type": "notification", "event": "willPresent", "id": "dose.ins.0800"},
        {"t": seconds(780 * s + 250_000_000), "type": "notification", "event": "response", "id": "dose.ins.0800", "action": "TAKEN"},
        {"t": seconds(1504 * s + 500_000_000), "type": "lifecycle", "event": "foreground"},
        # Stamped on another thread 3 ms before the record above but queued after it: clamped to it.
        {"t": seconds(1504 * s + 497_000_000), "type": "device", "event": "unlock"},
        # Headphones: pillReminders has no audio event, so the import drops it (and says so).
        {"t": seconds(1504 * s + 800_000_000), "type": "audio", "event": "routeChange", "raw": 1, "output": "Headphones"},
        {"t": seconds(1505 * s), "type": "lifecycle", "event": "active"},
        {"t": seconds(1800 * s), "type": "notification", "event": "authorization", "status": "denied"},
        {"t": seconds(1900 * s), "type": "lifecycle", "event": "background"},
    ]
    write("pills-morning.jsonl",
          header("session", "iPhone14,5", "iOS 17.5", "Europe/London", "1.4 (88)", "2026-04-20T06:50:00Z",
                 "Recorded morning: Taken on the locked Lock Screen, then notifications off"),
          recs)


def mic():
    s = 1_000_000_000
    recs = [
        {"t": seconds(2 * s), "type": "audio", "event": "interruption", "raw": 1},
        {"t": seconds(9 * s + 125_000_000), "type": "audio", "event": "interruption", "raw": 0, "options": 1},
        {"t": seconds(12 * s), "type": "audio", "event": "routeChange", "raw": 1, "output": "Headphones"},
        {"t": seconds(15 * s), "type": "audio", "event": "routeChange", "raw": 2, "output": "Speaker"},
        {"t": seconds(18 * s), "type": "audio", "event": "routeChange", "raw": 1, "output": "CarAudio"},
        {"t": seconds(20 * s), "type": "notification", "event": "response", "id": "chat.42", "action": "com.apple.UNNotificationDefaultActionIdentifier"},
        {"t": seconds(21 * s), "type": "audio", "event": "mediaServicesLost"},
        {"t": seconds(21 * s + 1_000_000), "type": "audio", "event": "mediaServicesReset"},
        {"t": seconds(25 * s), "type": "lifecycle", "event": "background"},
        {"t": seconds(30 * s), "type": "lifecycle", "event": "foreground"},
        {"t": seconds(30 * s + 10_000_000), "type": "lifecycle", "event": "active"},
    ]
    write("mic-session.jsonl",
          header("session", "iPhone16,1", "iOS 17.2", "Asia/Tokyo", "5.0 (7)", "2026-02-10T03:00:00Z",
                 "Recorded mic session: a call, headphones, CarPlay, a media-services reset"),
          recs)


if __name__ == "__main__":
    pencil()
    frames = pose_frames()
    pushups_jsonl(frames)
    pushups_csv(frames)
    pills()
    mic()
