#!/usr/bin/env python3
"""Frames of a Lottie file as rlottie-python draws them (its own build of rlottie, 0.2, not the
Debian library Reel links): the oracle of Reel's Lottie tests.

    lottie_oracle.py animation.json WIDTH HEIGHT OUT_PREFIX FRAME [FRAME …]
writes OUT_PREFIX-FRAME.rgb for each frame: the frame composited over black (its premultiplied
colour), 8-bit RGB, WIDTH×HEIGHT; prints the animation's frame rate and total frames as JSON.
"""
import json
import sys

from rlottie_python import LottieAnimation


def main():
    path, width, height, prefix = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    anim = LottieAnimation.from_file(path)
    for n in sys.argv[5:]:
        bgra = anim.lottie_animation_render(frame_num=int(n), width=width, height=height)
        rgb = bytearray(width * height * 3)
        rgb[0::3] = bgra[2::4]
        rgb[1::3] = bgra[1::4]
        rgb[2::3] = bgra[0::4]
        with open(f"{prefix}-{n}.rgb", "wb") as f:
            f.write(rgb)
    json.dump({"frameRate": anim.lottie_animation_get_framerate(), "totalFrames": anim.lottie_animation_get_totalframe()}, sys.stdout)


if __name__ == "__main__":
    main()
