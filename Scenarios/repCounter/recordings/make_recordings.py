#!/usr/bin/env python3
"""Writes the frame recordings under this folder (run it from here; the outputs are committed).

An independent skeleton, not the Swift pose builder: shoulders, elbows and wrists are placed in the
1280x720 frame's pixel space so that the elbow angle is the wanted value, then written in Vision's
normalised coordinates (origin bottom-left) with 6 decimals, exactly as a device log would be:

    0.033333333 frame leftShoulder=0.586,0.583,0.9 ...

too-fast.frames     step inputs (raw 170/90/180 degrees) timed so that a rep counts at t = 1.0 s, the
                    next return above 150 degrees comes at 1.6 s (too fast) and the one after at
                    1.933 s counts (0.933 s after 1.0; it would not after 1.6).
pushups-noisy.frames  30 s of push-ups (2.5 s per rep, 170 -> 85 degrees) with seeded jitter,
                    low-confidence dropouts and a 12-frame occlusion, Python's own RNG (seed 5).
"""
import math
import random

W, H = 1280.0, 720.0


def arm(angle_deg, sign, drop):
    shoulder = (640 + sign * 110, 420 - drop)
    elbow = (shoulder[0] + sign * 90, shoulder[1] - 110)
    ux, uy = shoulder[0] - elbow[0], shoulder[1] - elbow[1]
    l = math.hypot(ux, uy)
    ux, uy = ux / l, uy / l
    a = math.radians(-angle_deg if sign < 0 else angle_deg)
    wrist = (elbow[0] + 130 * (ux * math.cos(a) - uy * math.sin(a)),
             elbow[1] + 130 * (ux * math.sin(a) + uy * math.cos(a)))
    return shoulder, elbow, wrist


def frame_line(t, angle, conf=0.9, rng=None, jitter=0.0, dropout=0.0, occluded=False):
    if occluded:
        return f"{t:.9f} frame"
    drop = max(0.0, 160 - angle) * 1.2
    joints = []
    for side, sign in (("left", 1), ("right", -1)):
        s, e, w = arm(angle, sign, drop)
        joints += [(side + "Shoulder", s), (side + "Elbow", e), (side + "Wrist", w)]
    joints.append(("nose", (640, 420 - drop + 70)))
    joints.append(("neck", (640, 420 - drop + 10)))
    parts = []
    for name, (x, y) in joints:
        c = conf
        if rng is not None:
            x += rng.uniform(-jitter, jitter)
            y += rng.uniform(-jitter, jitter)
            if rng.random() < dropout:
                c = 0.1
        parts.append(f"{name}={x / W:.6f},{y / H:.6f},{c:g}")
    return f"{t:.9f} frame " + " ".join(parts)


def too_fast():
    raw = [170.0] * 21 + [90.0] * 7 + [180.0] * 3 + [90.0] * 15 + [180.0] * 3 + [90.0] * 7 + [180.0] * 4 + [170.0] * 6
    with open("too-fast.frames", "w") as f:
        f.write("# Step inputs for the too-fast rep (see make_recordings.py).\n")
        for k, a in enumerate(raw):
            f.write(frame_line(k / 30.0, a) + "\n")


def noisy():
    rng = random.Random(5)
    with open("pushups-noisy.frames", "w") as f:
        f.write("# 30 s of noisy push-ups at 30 fps (see make_recordings.py).\n")
        for k in range(900):
            t = k / 30.0
            angle = 127.5 + 42.5 * math.cos(2 * math.pi * t / 2.5)
            f.write(frame_line(t, angle, rng=rng, jitter=4.0, dropout=0.03, occluded=400 <= k < 412) + "\n")


if __name__ == "__main__":
    too_fast()
    noisy()
