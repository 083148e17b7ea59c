#!/usr/bin/env bash
# Writes the media the example templates (examples/*.json) use, under DIR/examples/media/.
# DIR is the media root the examples are rendered against (`reel serve`'s media root, or
# `reel render --media DIR`): the examples name their sources `examples/media/...`.
#
#   scripts/example_media.sh DIR        (e.g. scripts/example_media.sh .  for ./examples/media)
#
# Everything is made here: pictures and sounds from ffmpeg's lavfi sources (no drawtext, no
# downloads), the captions file and the Lottie animation written as text. The output is
# deterministic (bit-exact flags, one encoder thread) and every file is under 1 MB.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 DIR   (writes DIR/examples/media/)" >&2
  exit 2
fi
out="$1/examples/media"
mkdir -p "$out"
command -v ffmpeg >/dev/null || { echo "$0: ffmpeg is required (scripts/deps.sh installs it)" >&2; exit 1; }

# -threads 1 and bitexact flags keep the bytes the same from run to run.
ff() { ffmpeg -v error -nostdin -y "$@"; }
vflags=(-c:v libx264 -preset veryfast -crf 30 -pix_fmt yuv420p -threads 1 -g 30
        -fflags +bitexact -flags:v +bitexact -map_metadata -1)
aflags=(-c:a aac -b:a 96k -flags:a +bitexact)

# --- Video clips -------------------------------------------------------------------------

# Landscape footage (960x540, 30 fps, 8 s) with a quiet tone, used by several examples.
ff -f lavfi -i "testsrc2=size=960x540:rate=30:duration=8" \
   -f lavfi -i "sine=frequency=330:sample_rate=48000:duration=8,volume=0.15" \
   "${vflags[@]}" "${aflags[@]}" -shortest "$out/footage.mp4"

# A vertical clip (720x1280, 30 fps, 8 s) for the 9:16 example: SMPTE bars turned on their side,
# with a moving test pattern in the middle.
ff -f lavfi -i "smptehdbars=size=1280x720:rate=30:duration=8" \
   -f lavfi -i "testsrc2=size=480x480:rate=30:duration=8" \
   -filter_complex "[0:v]transpose=1[bg];[bg][1:v]overlay=x='120+60*sin(2*PI*t/4)':y=400[v]" \
   -map "[v]" "${vflags[@]}" "$out/clip-vertical.mp4"

# A moving gradient background (640x360, 30 fps, 8 s; smooth, so it scales up well), for the green-screen example.
ff -f lavfi -i "gradients=size=640x360:rate=30:duration=8:speed=0.02:seed=7:c0=0x1d3557:c1=0x457b9d:c2=0x2a9d8f:c3=0x6a4c93:nb_colors=4" \
   "${vflags[@]}" "$out/background.mp4"

# A green-screen clip (1280x720, 30 fps, 8 s): a "presenter" (a blue body and a round head,
# holding a grey test card) swaying on a #00B140 screen, the key colour Reel expects by default.
ff -f lavfi -i "color=c=0x00B140:size=1280x720:rate=30:duration=8" \
   -f lavfi -i "color=c=0x2A4D9B:size=320x420:rate=30:duration=8" \
   -f lavfi -i "color=c=0xF0C8A0:size=180x180:rate=30:duration=8" \
   -f lavfi -i "testsrc2=size=200x150:rate=30:duration=8" \
   -filter_complex "\
[2:v]trim=end_frame=1,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(hypot(X-89.5,Y-89.5),88),255,0)',loop=loop=-1:size=1[head];\
[3:v]hue=s=0[card];\
[0:v][1:v]overlay=x='480+50*sin(2*PI*t/4)':y=300[a];\
[a][head]overlay=x='550+50*sin(2*PI*t/4)':y=120[b];\
[b][card]overlay=x='540+50*sin(2*PI*t/4)':y=420:shortest=1,format=yuv420p[v]" \
   -map "[v]" "${vflags[@]}" "$out/greenscreen.mp4"

# Before and after (960x540, 30 fps, 4 s each): the same footage, flat and grey, then graded.
ff -f lavfi -i "testsrc2=size=960x540:rate=30:duration=4" \
   -vf "hue=s=0,eq=contrast=0.7:brightness=-0.05" "${vflags[@]}" "$out/before.mp4"
ff -f lavfi -i "testsrc2=size=960x540:rate=30:duration=4" \
   -vf "eq=contrast=1.15:saturation=1.5" "${vflags[@]}" "$out/after.mp4"

# --- Stills ------------------------------------------------------------------------------

# Four photos for the slideshow (1280x720 JPEG).
ff -f lavfi -i "mandelbrot=size=1280x720:rate=1:start_x=-0.743643887:start_y=0.131825904:start_scale=0.02:maxiter=160" \
   -frames:v 1 -q:v 6 "$out/photo-1.jpg"
ff -f lavfi -i "gradients=size=1280x720:rate=1:seed=3:c0=0xff7e5f:c1=0xfeb47b:c2=0x6a3093:nb_colors=3" \
   -frames:v 1 -q:v 6 "$out/photo-2.jpg"
ff -f lavfi -i "mandelbrot=size=1280x720:rate=1:start_x=-0.1011:start_y=0.9563:start_scale=0.05:maxiter=160:inner=period" \
   -frames:v 1 -q:v 6 "$out/photo-3.jpg"
ff -f lavfi -i "testsrc2=size=1280x720:rate=1" -vf "hue=h=200:s=1.3" -frames:v 1 -q:v 6 "$out/photo-4.jpg"

# A podcast cover (800x800 JPEG).
ff -f lavfi -i "mandelbrot=size=800x800:rate=1:start_x=-0.75:start_y=0.0:start_scale=3:maxiter=128:outer=normalized_iteration_count" \
   -frames:v 1 -q:v 5 "$out/cover.jpg"

# A logo with alpha (512x512 PNG): an orange ring around a teal disc, transparent elsewhere.
ff -f lavfi -i "color=c=black:size=512x512:rate=1" -frames:v 1 -vf "format=rgba,geq=\
r='if(lt(hypot(X-255.5,Y-255.5),170),20,255)':\
g='if(lt(hypot(X-255.5,Y-255.5),170),184,140)':\
b='if(lt(hypot(X-255.5,Y-255.5),170),166,40)':\
a='if(lt(hypot(X-255.5,Y-255.5),150),255,if(between(hypot(X-255.5,Y-255.5),190,250),255,0))'" \
   "$out/logo.png"

# --- Sound -------------------------------------------------------------------------------

# Voice-like (8 s, mono AAC): a buzzy 130 Hz voice with a wandering pitch, cut into syllables
# (about 4 a second) and phrases with pauses.
ff -f lavfi -i "aevalsrc=exprs='\
(0.5*sin(2*PI*(130*t+6*sin(2*PI*0.9*t)))+0.3*sin(4*PI*(130*t+6*sin(2*PI*0.9*t)))+0.15*sin(6*PI*(130*t+6*sin(2*PI*0.9*t))))\
*pow(abs(sin(2*PI*2.1*t)),0.6)*gt(sin(2*PI*0.33*t+0.8),-0.5)*0.8':sample_rate=48000:duration=8" \
   -af "lowpass=f=3000" -ac 1 "${aflags[@]}" "$out/voice.m4a"

# Music-like (12 s, stereo AAC): an A minor pad with a slow swell and a soft kick every half second.
ff -f lavfi -i "aevalsrc=exprs='\
0.12*(sin(2*PI*220*t)+sin(2*PI*261.63*t)+sin(2*PI*329.63*t))*(0.7+0.3*sin(2*PI*0.25*t))\
+0.5*sin(2*PI*55*t)*exp(-12*mod(t,0.5))|\
0.12*(sin(2*PI*220.5*t)+sin(2*PI*262*t)+sin(2*PI*330*t))*(0.7+0.3*sin(2*PI*0.25*t+1))\
+0.5*sin(2*PI*55*t)*exp(-12*mod(t,0.5))':sample_rate=48000:duration=12" \
   "${aflags[@]}" "$out/music.m4a"

# A tick (0.15 s, mono WAV) for the countdown.
ff -f lavfi -i "aevalsrc=exprs='0.8*sin(2*PI*1200*t)*exp(-40*t)':sample_rate=48000:duration=0.15" \
   -c:a pcm_s16le -fflags +bitexact -flags:a +bitexact -map_metadata -1 "$out/tick.wav"

# --- Text files --------------------------------------------------------------------------

# Captions for the vertical example (WebVTT; cue times are timeline times).
cat > "$out/captions.vtt" <<'VTT'
WEBVTT

00:00:00.300 --> 00:00:01.800
Three tips for better clips

00:00:01.900 --> 00:00:03.400
One: shoot vertical for social

00:00:03.500 --> 00:00:04.900
Two: keep captions big and boxed

00:00:05.000 --> 00:00:06.000
Three: end on a strong frame
VTT

# A Lottie animation (512x512, 30 fps, 60 frames = 2 s): a gold five-point star spinning and
# pulsing inside a white ring that breathes the other way.
cat > "$out/burst.json" <<'LOTTIE'
{
  "v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 512, "h": 512, "nm": "burst", "ddd": 0, "assets": [],
  "layers": [
    {
      "ddd": 0, "ind": 1, "ty": 4, "nm": "star", "sr": 1, "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0,
      "ks": {
        "o": { "a": 0, "k": 100 },
        "r": { "a": 1, "k": [
          { "t": 0, "s": [0], "i": { "x": [0.5], "y": [1] }, "o": { "x": [0.5], "y": [0] } },
          { "t": 60, "s": [360] } ] },
        "p": { "a": 0, "k": [256, 256, 0] },
        "a": { "a": 0, "k": [0, 0, 0] },
        "s": { "a": 1, "k": [
          { "t": 0, "s": [60, 60, 100], "i": { "x": [0.5, 0.5, 0.5], "y": [1, 1, 1] }, "o": { "x": [0.5, 0.5, 0.5], "y": [0, 0, 0] } },
          { "t": 30, "s": [100, 100, 100], "i": { "x": [0.5, 0.5, 0.5], "y": [1, 1, 1] }, "o": { "x": [0.5, 0.5, 0.5], "y": [0, 0, 0] } },
          { "t": 60, "s": [60, 60, 100] } ] }
      },
      "shapes": [
        { "ty": "gr", "nm": "star group", "it": [
          { "ty": "sr", "nm": "star", "sy": 1, "d": 1, "pt": { "a": 0, "k": 5 }, "p": { "a": 0, "k": [0, 0] },
            "r": { "a": 0, "k": 0 }, "ir": { "a": 0, "k": 70 }, "is": { "a": 0, "k": 0 },
            "or": { "a": 0, "k": 160 }, "os": { "a": 0, "k": 0 } },
          { "ty": "fl", "nm": "fill", "c": { "a": 0, "k": [1, 0.78, 0.18, 1] }, "o": { "a": 0, "k": 100 }, "r": 1 },
          { "ty": "tr", "p": { "a": 0, "k": [0, 0] }, "a": { "a": 0, "k": [0, 0] }, "s": { "a": 0, "k": [100, 100] },
            "r": { "a": 0, "k": 0 }, "o": { "a": 0, "k": 100 } }
        ] }
      ]
    },
    {
      "ddd": 0, "ind": 2, "ty": 4, "nm": "ring", "sr": 1, "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0,
      "ks": {
        "o": { "a": 0, "k": 100 },
        "r": { "a": 0, "k": 0 },
        "p": { "a": 0, "k": [256, 256, 0] },
        "a": { "a": 0, "k": [0, 0, 0] },
        "s": { "a": 1, "k": [
          { "t": 0, "s": [100, 100, 100], "i": { "x": [0.5, 0.5, 0.5], "y": [1, 1, 1] }, "o": { "x": [0.5, 0.5, 0.5], "y": [0, 0, 0] } },
          { "t": 30, "s": [80, 80, 100], "i": { "x": [0.5, 0.5, 0.5], "y": [1, 1, 1] }, "o": { "x": [0.5, 0.5, 0.5], "y": [0, 0, 0] } },
          { "t": 60, "s": [100, 100, 100] } ] }
      },
      "shapes": [
        { "ty": "gr", "nm": "ring group", "it": [
          { "ty": "el", "nm": "circle", "d": 1, "p": { "a": 0, "k": [0, 0] }, "s": { "a": 0, "k": [440, 440] } },
          { "ty": "st", "nm": "stroke", "c": { "a": 0, "k": [1, 1, 1, 1] }, "o": { "a": 0, "k": 100 },
            "w": { "a": 0, "k": 18 }, "lc": 2, "lj": 2 },
          { "ty": "tr", "p": { "a": 0, "k": [0, 0] }, "a": { "a": 0, "k": [0, 0] }, "s": { "a": 0, "k": [100, 100] },
            "r": { "a": 0, "k": 0 }, "o": { "a": 0, "k": 100 } }
        ] }
      ]
    }
  ]
}
LOTTIE

# Every file must stay small enough to ship with the examples.
for f in "$out"/*; do
  size=$(stat -c %s "$f")
  if [ "$size" -ge 1048576 ]; then
    echo "$0: $f is $size bytes, over 1 MB" >&2
    exit 1
  fi
done
echo "wrote $(ls "$out" | wc -l) files to $out"
