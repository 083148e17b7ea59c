#!/usr/bin/env python3
"""Reel against the ffmpeg CLI on docs/PERFORMANCE.md's benchmark timeline (Python 3 standard library only).

    python3 bench/bench.py            # or: make bench

1. Builds Reel in release with its own scratch path (.build-bench) and uses that binary.
2. Generates the media once into bench/work/ with the ffmpeg CLI: four 10 s 1280x720 30 fps H.264
   clips at ~6 Mb/s with temporal noise (camera-like) and their own AAC audio, a 40 s music bed and a
   6 s voice-over. A stamp file records the generation recipe; a changed recipe regenerates.
3. Writes the Reel job specs and builds the equivalent ffmpeg -filter_complex commands for the
   workloads, plus a "floor" for the mp4 ones (the same decode and encode work with no compositing):
     cuts         the four clips trimmed to [2 s, 7 s), hard cuts (20 s out), mp4 (H.264 + AAC);
     transitions  the same with three 1 s dissolves (17 s out), mp4;
     text         the transitions timeline with three animated titles (fade+pop, typewriter+slideIn,
                  spin+fade; CJK, box, stroke, shadow) and a captions track with a highlighted word,
                  against the same render without them ("reel-plain", in the ffmpeg column);
     compositing  the transitions timeline with five layers over it for its 17 s (issue 37): a green-screen
                  720p video chroma-keyed (similarity 0.3, smoothness 0.1, no spill, as ffmpeg's chromakey
                  has none), a 512x288 image blended multiply, a 384x216 image under an ellipse mask
                  feathered 20 px, and two moving shapes (a rectangle, a circle); against the ffmpeg
                  graph of chromakey + overlay, crop + blend (multiply, in RGB) + overlay, geq + gblur +
                  alphamerge + overlay, and colour sources (geq for the circle's alpha) overlaid at
                  moving places; and against Reel's transitions render ("reel-w2"), for the cost per layer;
     loudness     the transitions timeline with output.audio.loudness (-14 LUFS, -1 dBTP; issue 39),
                  against Reel's transitions render ("reel-w2"): what the measuring passes cost;
   all with the clips' own audio, music at 0.3 ducked to 0.1 around a voice-over placed at 3 s; and,
   only when BENCH_WORKLOADS names them (VP9 makes them slow: 4-5 min a webm render here):
     webm         the cuts timeline as webm, VP9 (crf 32, good deadline, cpu-used 5, row-mt) + Opus
                  128 kb/s, the same explicit settings on both sides; no floor;
     gif          the cuts timeline (its pictures; gif has no audio) as a 480x270 15 fps GIF. Reel's
                  per-scene libimagequant palettes against ffmpeg's usual recipe (one palettegen
                  palette for the whole file, paletteuse's sierra2_4a dithering) and, as a third
                  tool, ffmpeg's per-frame palettes (palettegen stats_mode=single, paletteuse new=1);
                  no floor. After the timings each GIF's size and PSNR are reported (see gif_quality);
     hdr          the transitions timeline from four 1080p HLG clips (HEVC Main 10, BT.2020) with a title,
                  into 1080p SDR H.264: Reel's zimg conversion and tone mapping against ffmpeg's zscale
                  (zimg too) + tonemap (mobius) per clip and drawtext; no floor.
     hdr-hlg      the same timeline kept HDR: into 1080p HLG HEVC Main 10 (output.color "hlg", x265
                  veryfast CRF 23 on both sides; the title placed at HDR reference white by Reel,
                  drawn as it is by ffmpeg's drawtext); no floor.
4. Runs every command once as a warm-up and checks with ffprobe that the outputs of a workload have
   the same frame count (the timeline's, at 15 fps for gif) and the same duration within one frame,
   failing loudly otherwise. Then alternates the tools BENCH_RUNS times (default 5), rotating their
   order each round, and measures wall time, CPU time (user + sys) and peak RSS of each run
   (os.wait4's rusage: the process and nothing else).
5. Prints the table (medians, peak RSS, Reel/ffmpeg and Reel/floor ratios), the targets and, for gif,
   the sizes and PSNR, and saves everything to bench/work/results.json.

Environment: BENCH_RUNS (default 5), BENCH_WARMUP (default 1; 0 skips the warm-up round but the
outputs of the first measured round are still checked before the table), BENCH_STRICT=1 (exit 2
when a target is missed), BENCH_SKIP_BUILD=1 (use the existing .build-bench binary),
BENCH_WORKLOADS (comma-separated subset of cuts,transitions,text,compositing,webm,gif,hdr,hdr-hlg,passthrough,http,batch,preview,lottie, or "all";
default cuts,transitions,text,compositing,http,batch,preview,lottie; lottie is bench/lottie_bench.py: a 1080p Lottie overlay's CPU a
frame against decoding a 1080p H.264 frame; preview is bench/preview_bench.py: a four-layer 720p timeline scrubbed
30 times through POST /v1/preview, the first preview of a 1080p long-GOP source, the memory of 20 open contexts; batch is bench/batch_bench.py: 200 titled clips as one batch against the ffmpeg CLI
two at a time, and another key's job meanwhile; http is the HTTP section, bench/http_bench.py: Reel's GET /v1/jobs/{id} against a
Hummingbird 2 anchor, and status polls while two renders run; passthrough is bench/passthrough_bench.py:
smart rendering of eight cuts of four 60 s 1080p clips against the ffmpeg CLI's re-encode and -c copy,
with its own media, frame checks and table; "all" includes it).

Not part of the test suite: nothing under Tests/ or scripts/test.sh runs it.
"""

import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "bench", "work")
OUT = os.path.join(WORK, "out")
LOGS = os.path.join(WORK, "logs")
SCRATCH = os.environ.get("BENCH_SCRATCH", ".build-bench")

W, H, FPS = 1280, 720, 30
CLIP_SECONDS = 10
TRIM_START, TRIM_DURATION = 2, 5
VO_START, VO_SECONDS = 3, 6
MUSIC_SECONDS = 40
MUSIC_VOLUME = 0.3
DUCK_LEVEL = 1 / 3            # Reel's duckLevel multiplies the item's volume: 0.3 -> 0.1
DUCK_ATTACK, DUCK_RELEASE = 0.2, 0.4   # Reel's DuckingEnvelope ramps
DISSOLVE = 1

# The output settings every tool uses (Reel's defaults for these spelled out on the ffmpeg side:
# a keyframe every 2 s, BT.709 tags for HD).
ENCODE_ARGS = [
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-g", str(2 * FPS), "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2",
    "-movflags", "+faststart",
]

# webm: Reel's VP9 and Opus settings (OutputEncoders.vp9Options: preset veryfast = deadline good,
# cpu-used 5; row-mt 1; crf with no target bitrate; a keyframe every 2 s) spelled out on both sides.
WEBM_CRF = 32
WEBM_REEL_OUTPUT = {
    "format": "webm", "width": W, "height": H, "frameRate": FPS,
    "video": {"codec": "vp9", "crf": WEBM_CRF, "preset": "veryfast"},
    "audio": {"codec": "opus", "bitrate": 128000, "sampleRate": 48000, "channels": 2},
}
WEBM_ENCODE_ARGS = [
    "-c:v", "libvpx-vp9", "-crf", str(WEBM_CRF), "-b:v", "0", "-deadline", "good", "-cpu-used", "5",
    "-row-mt", "1", "-g", str(2 * FPS), "-pix_fmt", "yuv420p",
    "-c:a", "libopus", "-b:a", "128k", "-ar", "48000", "-ac", "2",
]

# gif: the cuts timeline's pictures, smaller and at GIF's usual rate (Reel's default 15 fps).
GIF_W, GIF_H, GIF_FPS = 480, 270, 15
GIF_REEL_OUTPUT = {"format": "gif", "width": GIF_W, "height": GIF_H, "frameRate": GIF_FPS}
# The quality reference: the same timeline, size and rate rendered by Reel losslessly (x264 CRF 0,
# 4:2:0 like every Reel picture); not timed.
GIF_REFERENCE_OUTPUT = {"format": "mp4", "width": GIF_W, "height": GIF_H, "frameRate": GIF_FPS,
                        "video": {"codec": "h264", "crf": 0, "preset": "veryfast"}}
# ffmpeg's two palette recipes after the scaled graph. "ffmpeg" is the usual high-quality one (one
# palette for the whole file from every frame's pixels, error-diffusion dithering); "ffmpeg-pf" gives
# every frame its own palette, the nearest ffmpeg has to Reel's palette per scene. Defaults spelled out.
GIF_PALETTE_GLOBAL = ("split[s0][s1];[s0]palettegen=max_colors=256:stats_mode=full[p];"
                      "[s1][p]paletteuse=dither=sierra2_4a")
GIF_PALETTE_PER_FRAME = ("split[s0][s1];[s0]palettegen=max_colors=256:stats_mode=single[p];"
                         "[s1][p]paletteuse=dither=sierra2_4a:new=1")

# hdr: the transitions timeline from four 1080p HLG clips (HEVC Main 10, BT.2020, as phones record)
# with a title, into SDR H.264 at 1080p; ffmpeg tone maps each clip with zscale (zimg, as Reel) and
# its tonemap filter, draws the title with drawtext.
HDR_W, HDR_H = 1920, 1080
HDR_TAGS = ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-color_range", "tv"]
HDR_VIDEO_ARGS = ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", f"log-level=error:keyint={2 * FPS}",
                  "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1", *HDR_TAGS]
HDR_TONEMAP = ("zscale=t=linear:npl=203,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=mobius:desat=0,"
               "zscale=t=bt709:m=bt709:r=tv,format=yuv420p")
HDR_TITLE = {"type": "text", "text": "The End", "start": 12, "duration": 5,
             "font": {"family": "DejaVu Sans", "size": 96, "weight": "bold", "color": "#FFD700"}}
HDR_DRAWTEXT = ("drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='The End':fontsize=96:"
                "fontcolor=#FFD700:x=(w-tw)/2:y=(h-th)/2:enable='between(t,12,17)'")
# hdr-hlg: the same timeline into HLG HEVC Main 10; the clips need no conversion, so ffmpeg's graph
# is the transitions graph at 10 bits with the title, encoded as Reel encodes HEVC.
HLG_REEL_OUTPUT = {"format": "mp4", "width": HDR_W, "height": HDR_H, "frameRate": FPS, "color": "hlg",
                   "video": {"codec": "hevc", "crf": 23, "preset": "veryfast"},
                   "audio": {"codec": "aac", "bitrate": 128000, "sampleRate": 48000, "channels": 2}, "optimizeForNetwork": True}
HLG_ENCODE_ARGS = ["-c:v", "libx265", "-preset", "veryfast", "-crf", "23", "-profile:v", "main10", "-pix_fmt", "yuv420p10le",
                   "-g", str(2 * FPS), "-x265-params", "log-level=error:scenecut=0:open-gop=0", "-tag:v", "hvc1", *HDR_TAGS,
                   "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2", "-movflags", "+faststart"]

ALL_WORKLOADS = ("cuts", "transitions", "text", "compositing", "loudness", "webm", "gif", "hdr", "hdr-hlg")
DEFAULT_WORKLOADS = ("cuts", "transitions", "text", "compositing", "loudness")

# compositing: five layers over the transitions timeline, each as Reel's spec and ffmpeg's filters
# draw it (places in output pixels; ffmpeg's overlay takes top-left corners, Reel centres).
COMP_LAYERS = 5
COMP_GREEN = "0x00B140"
def comp_media():
    """The layers' media, by name: the ffmpeg arguments that make each."""
    return {
        "green.mp4": ["-f", "lavfi", "-i", f"color=c={COMP_GREEN}:s={W}x{H}:r={FPS}", "-f", "lavfi", "-i", f"testsrc2=s=480x360:r={FPS}",
                      "-filter_complex", f"[0][1]overlay=x='mod(t*80,800)':y=180,format=yuv420p,{NOISE}", "-t", "17",
                      "-c:v", "libx264", "-preset", "fast", "-b:v", "6M", "-maxrate", "6M", "-bufsize", "12M", "-g", str(2 * FPS),
                      "-pix_fmt", "yuv420p", "-an", "-f", "mp4"],
        "logo.png": ["-f", "lavfi", "-i", "testsrc2=s=512x288", "-frames:v", "1", "-f", "image2"],
        "photo.png": ["-f", "lavfi", "-i", "mandelbrot=s=384x216", "-frames:v", "1", "-f", "image2"],
    }


def compositing_overlays():
    """The compositing workload's five layers in Reel's spec."""
    return [
        {"type": "video", "src": "green.mp4", "start": 0, "muted": True, "frame": {"x": 0.5, "y": 0.5, "width": 1, "height": 1},
         "chromaKey": {"color": "#00B140", "similarity": 0.3, "smoothness": 0.1, "spill": 0}},
        {"type": "image", "src": "logo.png", "start": 0, "blend": "multiply",
         "frame": {"x": "960px", "y": "216px", "width": "512px", "height": "288px"}},
        {"type": "image", "src": "photo.png", "start": 0, "frame": {"x": "256px", "y": "548px", "width": "384px", "height": "216px"},
         "mask": {"shape": {"shape": "ellipse", "frame": {"x": 0.5, "y": 0.5, "width": 1, "height": 1}}, "feather": 20}},
        {"type": "shape", "start": 0, "shape": "rect", "fill": "#FF3366", "frame": {"x": "200px", "y": "120px", "width": "200px", "height": "120px"},
         "keyframes": [{"time": 0, "x": "200px"}, {"time": 17, "x": "1050px"}]},
        {"type": "shape", "start": 0, "shape": "ellipse", "fill": "#3366FF", "frame": {"x": "980px", "y": "380px", "width": "160px"},
         "keyframes": [{"time": 0, "y": "380px"}, {"time": 17, "y": "720px"}]},
    ]


def compositing_filters():
    """The same five layers as ffmpeg filters after the joined pictures ([vt] -> [v]); inputs 6-8 are
    green.mp4, logo.png and photo.png (the images looped)."""
    return ";".join([
        "null[b0]",
        f"[6:v]chromakey=color={COMP_GREEN}:similarity=0.3:blend=0.1,format=yuva420p[k]",
        "[b0][k]overlay=eof_action=pass[b1]",
        "[b1]split[s1][s2]",
        "[s1]crop=512:288:704:72,format=gbrp[c]",
        "[7:v]format=gbrp[l]",
        "[c][l]blend=all_mode=multiply:shortest=1,format=yuv420p[bl]",
        "[s2][bl]overlay=704:72[b2]",
        "[8:v]format=yuva420p[p0]",
        f"color=black:s=384x216:r={FPS},format=gray,geq=lum='255*lte(pow((X-191.5)/192\,2)+pow((Y-107.5)/108\,2)\,1)',gblur=sigma=10[m]",
        "[p0][m]alphamerge[pm]",
        "[b2][pm]overlay=64:440:shortest=1[b3]",
        f"color=c=0xFF3366:s=200x120:r={FPS}[r]",
        "[b3][r]overlay=x='100+50*t':y=60:shortest=1[b4]",
        f"color=c=0x3366FF:s=160x160:r={FPS},format=yuva420p,geq=lum='p(X,Y)':cb='p(X,Y)':cr='p(X,Y)':"
        "a='255*lte(pow((X-79.5)/80\,2)+pow((Y-79.5)/80\,2)\,1)'[e]",
        "[b4][e]overlay=x=900:y='300+20*t':shortest=1",
    ])


def generate_compositing_media():
    """green.mp4, logo.png and photo.png, once (their own stamp: the shared clips are not remade)."""
    stamp_path = os.path.join(WORK, "compositing.stamp")
    media = comp_media()
    stamp = json.dumps(media, sort_keys=True)
    if all(os.path.exists(os.path.join(WORK, f)) for f in media) and os.path.exists(stamp_path) \
            and open(stamp_path).read() == stamp:
        return
    for name, args in media.items():
        tmp = os.path.join(WORK, ".tmp-" + name)
        run_quiet(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + args + [tmp], f"generating {name}")
        os.replace(tmp, os.path.join(WORK, name))
        log(f"  {name}")
    with open(stamp_path, "w") as f:
        f.write(stamp)


def text_overlays():
    """The text workload's overlays: three animated titles (a CJK and Latin title with a box that
    fades and pops, a lower third that slides in with a typewriter, a stroked and shadowed title
    that spins in 3D) and a captions track over the whole timeline with the spoken word highlighted.
    The captions file (a cue every 2 s, half with WebVTT word timestamps) is written next to the spec."""
    total = timeline_seconds(True)
    lines = ["WEBVTT", ""]
    for k in range(int(total // 2)):
        a, b = 2 * k, 2 * k + 1.8
        stamp = lambda t: f"00:{int(t) // 60:02d}:{t % 60:06.3f}"
        words = f"Cue {k + 1} <{stamp(a + 0.6)}>with <{stamp(a + 1.0)}>timed words" if k % 2 else f"Caption number {k + 1} shares its time"
        lines += [f"{stamp(a)} --> {stamp(b)}", words, ""]
    with open(os.path.join(WORK, "captions.vtt"), "w") as f:
        f.write("\n".join(lines))
    return [
        {"type": "text", "text": "海边 · Beach day", "start": 1, "duration": 5,
         "font": {"family": "Noto Sans CJK SC", "size": 64, "weight": "bold"},
         "box": {"color": "#00000080", "padding": 16, "radius": 12},
         "position": {"x": 0.5, "y": 0.2}, "animations": ["fade", "pop"]},
        {"type": "text", "text": "Reel — a lower third\nthat types itself", "start": 4, "duration": 8, "align": "left",
         "font": {"family": "DejaVu Sans", "size": 40}, "position": {"x": 0.3, "y": 0.7},
         "animations": ["typewriter", {"type": "slideIn", "direction": "right"}]},
        {"type": "text", "text": "The End", "start": 12, "duration": 5,
         "font": {"size": 96, "weight": "bold", "color": "#FFD700"}, "stroke": {"color": "#000000", "width": 4},
         "shadow": {"color": "#000000A0", "x": 6, "y": 6, "blur": 8}, "animations": ["spin", "fade"]},
        {"type": "captions", "src": "captions.vtt", "start": 0, "highlight": {"color": "#FFD700"}},
    ]

# Media recipe. Changing anything here changes the stamp and regenerates the media.
CLIP_SOURCES = [
    f"testsrc2=size={W}x{H}:rate={FPS}",
    f"mandelbrot=size={W}x{H}:rate={FPS}",
    f"life=size={W}x{H}:rate={FPS}:mold=10:ratio=0.5:life_color=#50C878:death_color=#402010:seed=7",
    f"gradients=size={W}x{H}:rate={FPS}:speed=0.03:seed=11",
]
CLIP_TONES = [220, 277, 330, 392]
NOISE = "noise=alls=20:allf=t"
CLIP_VIDEO_ARGS = ["-c:v", "libx264", "-preset", "fast", "-b:v", "6M", "-maxrate", "6M", "-bufsize", "12M",
                   "-g", str(2 * FPS), "-pix_fmt", "yuv420p",
                   "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
MUSIC_EXPR = ("0.25*sin(2*PI*110*t)*(0.6+0.4*sin(2*PI*0.5*t))+0.08*sin(2*PI*440*t)"
              "|0.25*sin(2*PI*165*t)*(0.6+0.4*cos(2*PI*0.5*t))+0.08*sin(2*PI*554*t)")
VO_EXPR = "0.3*sin(2*PI*300*t)*(0.5+0.5*sin(2*PI*3*t))"
RECIPE_VERSION = 1


def log(msg):
    print(msg, flush=True)


def fail(msg):
    print(f"\nBENCHMARK FAILED: {msg}", file=sys.stderr, flush=True)
    sys.exit(1)


def run_quiet(cmd, what):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        fail(f"{what} failed (exit {r.returncode}):\n  {' '.join(cmd)}\n{r.stdout[-4000:]}")
    return r.stdout


# --------------------------------------------------------------------------------------------- build

def build_reel():
    if os.environ.get("BENCH_SKIP_BUILD") != "1":
        log(f"building reel (release, --scratch-path {SCRATCH}) ...")
        t0 = time.monotonic()
        r = subprocess.run(["swift", "build", "-c", "release", "--product", "reel", "--scratch-path", SCRATCH], cwd=ROOT)
        if r.returncode != 0:
            fail("swift build failed")
        log(f"  built in {time.monotonic() - t0:.0f} s")
    bin_dir = subprocess.run(["swift", "build", "-c", "release", "--scratch-path", SCRATCH, "--show-bin-path"],
                             cwd=ROOT, stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    reel = os.path.join(bin_dir, "reel")
    if not os.access(reel, os.X_OK):
        fail(f"no reel binary at {reel}")
    return reel


# --------------------------------------------------------------------------------------------- media

def media_files():
    return ([f"clip{i + 1}.mp4" for i in range(len(CLIP_SOURCES))] + [f"hdr{i + 1}.mp4" for i in range(len(CLIP_SOURCES))]
            + ["bed.m4a", "vo.m4a"])


def recipe_stamp():
    return json.dumps({"v": RECIPE_VERSION, "clips": CLIP_SOURCES, "tones": CLIP_TONES, "noise": NOISE,
                       "video": CLIP_VIDEO_ARGS, "hdr": HDR_VIDEO_ARGS, "music": MUSIC_EXPR, "vo": VO_EXPR,
                       "seconds": [CLIP_SECONDS, MUSIC_SECONDS, VO_SECONDS]}, sort_keys=True)


def generate_media():
    os.makedirs(WORK, exist_ok=True)
    stamp_path = os.path.join(WORK, "media.stamp")
    stamp = recipe_stamp()
    have = all(os.path.exists(os.path.join(WORK, f)) for f in media_files())
    if have and os.path.exists(stamp_path) and open(stamp_path).read() == stamp:
        log("media: reusing bench/work (recipe unchanged)")
        return
    log("media: generating once into bench/work (a minute or two) ...")
    ff = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"]

    def make(name, args):
        tmp = os.path.join(WORK, ".tmp-" + name)
        run_quiet(ff + args + [tmp], f"generating {name}")
        os.replace(tmp, os.path.join(WORK, name))
        log(f"  {name}")

    # The SDR clips, and the same pictures at 1080p with their numbers taken as HLG signal values.
    kinds = [("clip", lambda src: f"{src},format=yuv420p,{NOISE}", CLIP_VIDEO_ARGS),
             ("hdr", lambda src: f"{src.replace(f'{W}x{H}', f'{HDR_W}x{HDR_H}')},format=yuv420p10le", HDR_VIDEO_ARGS)]
    for prefix, picture, video_args in kinds:
        for i, (src, tone) in enumerate(zip(CLIP_SOURCES, CLIP_TONES)):
            make(f"{prefix}{i + 1}.mp4", [
                "-f", "lavfi", "-i", picture(src),
                "-f", "lavfi", "-i", f"sine=frequency={tone}:sample_rate=48000,pan=stereo|c0=c0|c1=0.8*c0",
                "-t", str(CLIP_SECONDS), *video_args,
                "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2", "-movflags", "+faststart", "-f", "mp4"])
    make("bed.m4a", ["-f", "lavfi", "-i", f"aevalsrc={MUSIC_EXPR}:s=44100:d={MUSIC_SECONDS}",
                     "-c:a", "aac", "-b:a", "192k", "-f", "ipod"])
    make("vo.m4a", ["-f", "lavfi", "-i", f"aevalsrc={VO_EXPR}:s=44100:d={VO_SECONDS}:c=mono",
                    "-c:a", "aac", "-b:a", "96k", "-f", "ipod"])
    with open(stamp_path, "w") as f:
        f.write(stamp)


def probe(path):
    out = run_quiet(["ffprobe", "-v", "error", "-count_packets", "-show_entries",
                     "stream=codec_type,codec_name,nb_read_packets,duration,width,height,r_frame_rate,sample_rate,"
                     "channels,bit_rate:stream_tags=DURATION:format=duration,bit_rate", "-of", "json", path], f"ffprobe {path}")
    return json.loads(out)


def describe_media():
    rows = []
    for name in media_files():
        p = probe(os.path.join(WORK, name))
        fmt = p["format"]
        parts = [f"{float(fmt['duration']):.2f} s", f"{int(fmt.get('bit_rate', 0)) / 1e6:.2f} Mb/s"]
        for s in p["streams"]:
            if s["codec_type"] == "video":
                parts.append(f"video {s['width']}x{s['height']} {s['r_frame_rate']} {s['nb_read_packets']} frames")
            elif s["codec_type"] == "audio":
                parts.append(f"audio {s['sample_rate']} Hz {s['channels']} ch")
        rows.append((name, ", ".join(parts)))
    return rows


# ------------------------------------------------------------------------------------------ workloads

def reel_spec(transitions, output=None, clip="clip"):
    """The timeline's job spec; `output` replaces the mp4 output (the webm and gif workloads);
    `clip` names the clips (`hdr`: the HLG ones)."""
    clips = [{"src": f"{clip}{i + 1}.mp4", "sourceRange": {"start": TRIM_START, "duration": TRIM_DURATION}}
             for i in range(len(CLIP_SOURCES))]
    timeline = {"videos": clips}
    if transitions:
        timeline["transitions"] = [{"type": "dissolve", "duration": DISSOLVE}] * (len(clips) - 1)
    timeline["voiceOvers"] = [{"src": "vo.m4a", "start": VO_START}]
    timeline["music"] = [{"src": "bed.m4a", "volume": MUSIC_VOLUME, "duckUnder": "voiceOvers",
                          "duckLevel": float(f"{DUCK_LEVEL:.10f}")}]
    return {
        "version": 1,
        "output": output or {
            "format": "mp4", "width": W, "height": H, "frameRate": FPS,
            "video": {"codec": "h264", "crf": 23, "preset": "veryfast"},
            "audio": {"codec": "aac", "bitrate": 128000, "sampleRate": 48000, "channels": 2},
            "optimizeForNetwork": True,
        },
        "timeline": timeline,
    }


def timeline_seconds(transitions):
    n = len(CLIP_SOURCES)
    return n * TRIM_DURATION - (n - 1) * DISSOLVE if transitions else n * TRIM_DURATION


def clip_inputs(clip="clip"):
    """Each clip is opened once with an input seek and duration (ffmpeg's fast, frame-accurate trim:
    decode from the keyframe before 2 s, drop what precedes it, stop at 7 s), as Reel seeks."""
    args = []
    for i in range(len(CLIP_SOURCES)):
        args += ["-ss", str(TRIM_START), "-t", str(TRIM_DURATION), "-i", os.path.join(WORK, f"{clip}{i + 1}.mp4")]
    return args


AFMT = "aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo"


def duck_expr():
    """Reel's ducking as a time-based volume ramp: 1 until start-0.2, linear down to the level at the
    voice-over's start, held until its end, linear back up over 0.4 s; times in timeline seconds."""
    L = f"{DUCK_LEVEL:.10f}"
    a0, a1 = VO_START - DUCK_ATTACK, VO_START
    r0, r1 = VO_START + VO_SECONDS, VO_START + VO_SECONDS + DUCK_RELEASE
    return (f"{MUSIC_VOLUME}*if(lt(t,{a0}),1,if(lt(t,{a1}),1+(t-{a0})/{DUCK_ATTACK}*({L}-1),"
            f"if(lt(t,{r0}),{L},if(lt(t,{r1}),{L}+(t-{r0})/{DUCK_RELEASE}*(1-{L}),1))))")


def ffmpeg_graph(transitions, clip_filter="", title=""):
    """`clip_filter` runs on each clip's pictures after its trim (the hdr workload's tone mapping);
    `title` on the joined pictures."""
    n = len(CLIP_SOURCES)
    total = timeline_seconds(transitions)
    g = []
    for i in range(n):
        g.append(f"[{i}:v]trim=duration={TRIM_DURATION},setpts=PTS-STARTPTS{',' + clip_filter if clip_filter else ''}[v{i}]")
        g.append(f"[{i}:a]atrim=duration={TRIM_DURATION},asetpts=PTS-STARTPTS,{AFMT}[a{i}]")
    if transitions:
        prev_v, prev_a = "v0", "a0"
        for i in range(1, n):
            offset = i * (TRIM_DURATION - DISSOLVE)
            vout = ("vt" if title else "v") if i == n - 1 else f"xv{i}"
            aout = "ca" if i == n - 1 else f"xa{i}"
            g.append(f"[{prev_v}][v{i}]xfade=transition=fade:duration={DISSOLVE}:offset={offset}[{vout}]")
            g.append(f"[{prev_a}][a{i}]acrossfade=d={DISSOLVE}:c1=qsin:c2=qsin[{aout}]")
            prev_v, prev_a = vout, aout
    else:
        g.append("".join(f"[v{i}][a{i}]" for i in range(n)) + f"concat=n={n}:v=1:a=1[{'vt' if title else 'v'}][ca]")
    if title:
        g.append(f"[vt]{title}[v]")
    g.append(f"[{n}:a]atrim=duration={total},asetpts=PTS-STARTPTS,{AFMT},volume='{duck_expr()}':eval=frame[m]")
    g.append(f"[{n + 1}:a]aformat=sample_fmts=fltp:sample_rates=48000,pan=stereo|c0=c0|c1=c0,"
             f"adelay={VO_START * 1000}:all=1[vo]")
    g.append("[ca][m][vo]amix=inputs=3:duration=first:normalize=0[a]")
    return ";".join(g)


def floor_graph(transitions):
    """The same decode and encode work without compositing: the four trims back to back. For the
    transitions workload the 1 s that a dissolve overlaps is still decoded but dropped (trim) from
    clips 2-4, so the floor encodes the same 17 s as the workload."""
    n = len(CLIP_SOURCES)
    if not transitions:
        return "".join(f"[{i}:v][{i}:a]" for i in range(n)) + f"concat=n={n}:v=1:a=1[v][a]"
    g = []
    for i in range(1, n):
        g.append(f"[{i}:v]trim=start={DISSOLVE},setpts=PTS-STARTPTS[v{i}]")
        g.append(f"[{i}:a]atrim=start={DISSOLVE},asetpts=PTS-STARTPTS[a{i}]")
    g.append("[0:v][0:a]" + "".join(f"[v{i}][a{i}]" for i in range(1, n)) + f"concat=n={n}:v=1:a=1[v][a]")
    return ";".join(g)


def ffmpeg_cmd(graph, extra_inputs, out, encode_args=ENCODE_ARGS, clip="clip"):
    return (["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + clip_inputs(clip) + extra_inputs
            + ["-filter_complex", graph, "-map", "[v]", "-map", "[a]"] + encode_args + [out])


def gif_graph(tail, scale=f"scale={GIF_W}:{GIF_H}"):
    """The cuts timeline's pictures for a GIF: each trimmed clip at 15 fps (every other frame, the
    ones Reel shows) scaled to 480x270 (swscale's bicubic, Reel's filter too), concatenated, then
    `tail` (a palette recipe, or a plain format for the quality references)."""
    n = len(CLIP_SOURCES)
    g = [f"[{i}:v]trim=duration={TRIM_DURATION},setpts=PTS-STARTPTS,fps={GIF_FPS},{scale}[v{i}]"
         for i in range(n)]
    g.append("".join(f"[v{i}]" for i in range(n)) + f"concat=n={n}:v=1:a=0,{tail}[v]")
    return ";".join(g)


def ffmpeg_gif_cmd(tail, out):
    return (["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + clip_inputs()
            + ["-filter_complex", gif_graph(tail), "-map", "[v]", "-f", "gif", out])


def write_spec(name, spec):
    path = os.path.join(WORK, f"{name}.json")
    with open(path, "w") as f:
        json.dump(spec, f, indent=2)
        f.write("\n")
    return path


def selected_workloads():
    wanted = os.environ.get("BENCH_WORKLOADS", "").strip()
    if not wanted:
        return list(DEFAULT_WORKLOADS)
    if wanted == "all":
        return list(ALL_WORKLOADS)
    # "http", "passthrough", "batch", "preview" and "lottie" are sections of their own, not workloads of this table (see main).
    names = [n.strip() for n in wanted.split(",") if n.strip() and n.strip() not in ("http", "passthrough", "batch", "preview", "lottie")]
    unknown = [n for n in names if n not in ALL_WORKLOADS]
    if unknown:
        fail(f"BENCH_WORKLOADS: unknown workload(s) {', '.join(unknown)} (known: {', '.join(ALL_WORKLOADS)}, or all)")
    return [n for n in ALL_WORKLOADS if n in names]


def workloads(reel):
    """Each workload: its tools (in the order of the table), their commands and outputs, the
    timeline's length and the output's frame rate, and whether the outputs carry audio."""
    os.makedirs(OUT, exist_ok=True)
    music = ["-i", os.path.join(WORK, "bed.m4a"), "-i", os.path.join(WORK, "vo.m4a")]
    result = []
    for name in selected_workloads():
        if name in ("cuts", "transitions"):
            transitions = name == "transitions"
            spec_path = write_spec(name, reel_spec(transitions))
            outs = {t: os.path.join(OUT, f"{name}-{t}.mp4") for t in ("reel", "ffmpeg", "floor")}
            commands = {
                "reel": [reel, "render", spec_path, "-o", outs["reel"]],
                "ffmpeg": ffmpeg_cmd(ffmpeg_graph(transitions), music, outs["ffmpeg"]),
                "floor": ffmpeg_cmd(floor_graph(transitions), [], outs["floor"]),
            }
            result.append({"name": name, "seconds": timeline_seconds(transitions), "fps": FPS, "audio": True,
                           "tools": ["reel", "ffmpeg", "floor"], "commands": commands, "outputs": outs})
        elif name == "text":
            # The transitions timeline with three titles and captions, against itself without them.
            spec = reel_spec(True)
            spec["timeline"]["overlays"] = text_overlays()
            spec_path = write_spec(name, spec)
            plain_path = write_spec("text-plain", reel_spec(True))
            outs = {t: os.path.join(OUT, f"{name}-{t}.mp4") for t in ("reel", "reel-plain")}
            commands = {
                "reel": [reel, "render", spec_path, "-o", outs["reel"]],
                "reel-plain": [reel, "render", plain_path, "-o", outs["reel-plain"]],
            }
            result.append({"name": name, "seconds": timeline_seconds(True), "fps": FPS, "audio": True,
                           "tools": ["reel", "reel-plain"], "commands": commands, "outputs": outs})
        elif name == "compositing":
            # The transitions timeline with five layers; Reel's plain transitions render prices a layer.
            generate_compositing_media()
            spec = reel_spec(True)
            spec["timeline"]["overlays"] = compositing_overlays()
            spec_path = write_spec(name, spec)
            w2_path = write_spec("compositing-w2", reel_spec(True))
            outs = {t: os.path.join(OUT, f"{name}-{t}.mp4") for t in ("reel", "ffmpeg", "reel-w2")}
            layers = ["-t", str(timeline_seconds(True)), "-i", os.path.join(WORK, "green.mp4"),
                      "-loop", "1", "-framerate", str(FPS), "-i", os.path.join(WORK, "logo.png"),
                      "-loop", "1", "-framerate", str(FPS), "-i", os.path.join(WORK, "photo.png")]
            commands = {
                "reel": [reel, "render", spec_path, "-o", outs["reel"]],
                "ffmpeg": ffmpeg_cmd(ffmpeg_graph(True, title=compositing_filters()), music + layers, outs["ffmpeg"]),
                "reel-w2": [reel, "render", w2_path, "-o", outs["reel-w2"]],
            }
            result.append({"name": name, "seconds": timeline_seconds(True), "fps": FPS, "audio": True,
                           "tools": ["reel", "ffmpeg", "reel-w2"], "commands": commands, "outputs": outs})
        elif name == "loudness":
            # W2 (the transitions timeline) brought to -14 LUFS under -1 dBTP, against W2 itself.
            spec = reel_spec(True)
            spec["output"].setdefault("audio", {})["loudness"] = {"target": "streaming", "truePeak": -1}
            spec_path = write_spec(name, spec)
            w2_path = write_spec("loudness-w2", reel_spec(True))
            outs = {t: os.path.join(OUT, f"{name}-{t}.mp4") for t in ("reel", "reel-w2")}
            commands = {
                "reel": [reel, "render", spec_path, "-o", outs["reel"]],
                "reel-w2": [reel, "render", w2_path, "-o", outs["reel-w2"]],
            }
            result.append({"name": name, "seconds": timeline_seconds(True), "fps": FPS, "audio": True,
                           "tools": ["reel", "reel-w2"], "commands": commands, "outputs": outs})
        elif name == "webm":
            spec_path = write_spec(name, reel_spec(False, WEBM_REEL_OUTPUT))
            outs = {t: os.path.join(OUT, f"{name}-{t}.webm") for t in ("reel", "ffmpeg")}
            commands = {
                "reel": [reel, "render", spec_path, "-o", outs["reel"]],
                "ffmpeg": ffmpeg_cmd(ffmpeg_graph(False), music, outs["ffmpeg"], WEBM_ENCODE_ARGS),
            }
            result.append({"name": name, "seconds": timeline_seconds(False), "fps": FPS, "audio": True,
                           "tools": ["reel", "ffmpeg"], "commands": commands, "outputs": outs})
        elif name == "gif":
            spec_path = write_spec(name, reel_spec(False, GIF_REEL_OUTPUT))
            outs = {t: os.path.join(OUT, f"{name}-{t}.gif") for t in ("reel", "ffmpeg", "ffmpeg-pf")}
            commands = {
                "reel": [reel, "render", spec_path, "-o", outs["reel"]],
                "ffmpeg": ffmpeg_gif_cmd(GIF_PALETTE_GLOBAL, outs["ffmpeg"]),
                "ffmpeg-pf": ffmpeg_gif_cmd(GIF_PALETTE_PER_FRAME, outs["ffmpeg-pf"]),
            }
            reference_spec = write_spec("gif-reference", reel_spec(False, GIF_REFERENCE_OUTPUT))
            result.append({"name": name, "seconds": timeline_seconds(False), "fps": GIF_FPS, "audio": False,
                           "tools": ["reel", "ffmpeg", "ffmpeg-pf"], "commands": commands, "outputs": outs,
                           "reference": {"reel": [reel, "render", reference_spec, "-o",
                                                  os.path.join(OUT, "gif-reference.mp4")],
                                         "path": os.path.join(OUT, "gif-reference.mp4")}})
        elif name == "hdr":
            spec = reel_spec(True, clip="hdr")
            spec["output"].update({"width": HDR_W, "height": HDR_H})
            spec["timeline"]["overlays"] = [HDR_TITLE]
            spec_path = write_spec(name, spec)
            outs = {t: os.path.join(OUT, f"{name}-{t}.mp4") for t in ("reel", "ffmpeg")}
            commands = {
                "reel": [reel, "render", spec_path, "-o", outs["reel"]],
                "ffmpeg": ffmpeg_cmd(ffmpeg_graph(True, HDR_TONEMAP, HDR_DRAWTEXT), music, outs["ffmpeg"], clip="hdr"),
            }
            result.append({"name": name, "seconds": timeline_seconds(True), "fps": FPS, "audio": True,
                           "tools": ["reel", "ffmpeg"], "commands": commands, "outputs": outs})
        elif name == "hdr-hlg":
            spec = reel_spec(True, HLG_REEL_OUTPUT, clip="hdr")
            spec["timeline"]["overlays"] = [HDR_TITLE]
            spec_path = write_spec(name, spec)
            outs = {t: os.path.join(OUT, f"{name}-{t}.mp4") for t in ("reel", "ffmpeg")}
            commands = {
                "reel": [reel, "render", spec_path, "-o", outs["reel"]],
                "ffmpeg": ffmpeg_cmd(ffmpeg_graph(True, "format=yuv420p10le", HDR_DRAWTEXT), music, outs["ffmpeg"],
                                     HLG_ENCODE_ARGS, clip="hdr"),
            }
            result.append({"name": name, "seconds": timeline_seconds(True), "fps": FPS, "audio": True,
                           "tools": ["reel", "ffmpeg"], "commands": commands, "outputs": outs})
    return result


# -------------------------------------------------------------------------------------------- measure

def busy_cpu_seconds():
    """CPU seconds the whole machine has spent busy since boot (/proc/stat, all CPUs)."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return 0.0
    # user nice system idle iowait irq softirq steal ...: everything but idle and iowait
    busy = sum(fields[:8]) - fields[3] - fields[4]
    return busy / os.sysconf("SC_CLK_TCK")


def measure(cmd, log_path):
    """Runs cmd; returns wall seconds, CPU seconds (user + sys) and peak RSS in KiB of that process,
    and `others`: CPU seconds the rest of the machine used meanwhile (noise from a shared machine)."""
    with open(log_path, "w") as logf:
        busy0 = busy_cpu_seconds()
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=logf, stderr=subprocess.STDOUT)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        busy = busy_cpu_seconds() - busy0
        p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        with open(log_path) as f:
            tail = f.read()[-4000:]
        fail(f"command failed (exit {p.returncode}):\n  {' '.join(cmd)}\n{tail}")
    cpu = ru.ru_utime + ru.ru_stime
    return {"wall": wall, "cpu": cpu, "user": ru.ru_utime, "sys": ru.ru_stime, "rss_kib": ru.ru_maxrss,
            "others": max(0.0, busy - cpu)}


def stream_duration(s, path):
    """A stream's duration in seconds: ffprobe's, else the Matroska/WebM DURATION tag (webm streams
    carry no duration of their own)."""
    if s.get("duration") not in (None, "N/A"):
        return float(s["duration"])
    tag = s.get("tags", {}).get("DURATION")
    if tag:
        h, m, sec = tag.split(":")
        return int(h) * 3600 + int(m) * 60 + float(sec)
    fail(f"no duration for the {s['codec_type']} stream of {path}")


def check_outputs(w):
    """The tools of a workload must agree on frame count and duration (within one frame of the
    output's rate), equal to the timeline's."""
    frame = 1 / w["fps"]
    expected_frames = w["seconds"] * w["fps"]
    facts = {}
    for tool, path in w["outputs"].items():
        p = probe(path)
        v = [s for s in p["streams"] if s["codec_type"] == "video"]
        a = [s for s in p["streams"] if s["codec_type"] == "audio"]
        if len(v) != 1 or len(a) != (1 if w["audio"] else 0):
            fail(f"{w['name']}/{tool}: expected one video and {'one' if w['audio'] else 'no'} audio stream in {path}, "
                 f"got {p['streams']}")
        facts[tool] = {"frames": int(v[0]["nb_read_packets"]), "video": stream_duration(v[0], path),
                       "format": float(p["format"]["duration"]), "bytes": os.path.getsize(path),
                       "codecs": [s.get("codec_name") for s in p["streams"]]}
        if w["audio"]:
            facts[tool]["audio"] = stream_duration(a[0], path)
    keys = ("video", "audio", "format") if w["audio"] else ("video", "format")
    problems = []
    for tool, f in facts.items():
        if f["frames"] != expected_frames:
            problems.append(f"{tool} has {f['frames']} frames, the timeline has {expected_frames}")
        for key in keys:
            if abs(f[key] - w["seconds"]) > frame + 1e-6:
                problems.append(f"{tool} {key} duration {f[key]:.4f} s is not {w['seconds']} s within one frame")
    ref = facts["reel"]
    for tool in w["tools"][1:]:
        for key in keys:
            if abs(facts[tool][key] - ref[key]) > frame + 1e-6:
                problems.append(f"{key} duration: reel {ref[key]:.4f} s vs {tool} {facts[tool][key]:.4f} s")
        if facts[tool]["frames"] != ref["frames"]:
            problems.append(f"frames: reel {ref['frames']} vs {tool} {facts[tool]['frames']}")
        if facts[tool]["codecs"] != ref["codecs"]:
            problems.append(f"codecs: reel {ref['codecs']} vs {tool} {facts[tool]['codecs']}")
    if problems:
        fail(f"{w['name']}: the outputs do not match, so the timings would not be comparable:\n  "
             + "\n  ".join(problems) + f"\n  probes: {json.dumps(facts)}")
    log(f"  check {w['name']}: " + ", ".join(
        f"{t} {f['frames']} frames {f['format']:.3f} s {f['bytes'] / 1e6:.1f} MB" for t, f in facts.items()))
    return facts


# --------------------------------------------------------------------------------------- gif quality

def sum_squared_differences(a, b):
    """Sum of (a[i] - b[i])² over two equally long byte strings, at C speed with the standard library:
    a's bytes each plus 256 and b's bytes are laid out as 16-bit lanes of two big integers, whose
    difference (no lane borrows, every lane is 1..511) holds v = a[i] - b[i] + 256 per lane; with
    l = v's low byte and h = v's high bit, d² is (256 - l)² when h = 0 and l² = (256 - l)² + 512 l - 65536
    when h = 1, so the total is Σ(256 - l)² + 512 Σ h·l - 65536 Σ h, each sum over bytes."""
    n = len(a)
    x = bytearray(2 * n)
    x[0::2] = a
    x[1::2] = b"\x01" * n
    y = bytearray(2 * n)
    y[0::2] = b
    v = (int.from_bytes(x, "little") - int.from_bytes(y, "little")).to_bytes(2 * n, "little")
    low, high = v[0::2], v[1::2]
    squares = (sum(low.translate(_SQ_BYTE[0])) + 256 * sum(low.translate(_SQ_BYTE[1]))
               + 65536 * sum(low.translate(_SQ_BYTE[2])))
    high_low = (int.from_bytes(low, "little") & int.from_bytes(high.translate(_HIGH_MASK), "little")).to_bytes(n, "little")
    return squares + 512 * sum(high_low) - 65536 * sum(high)


_SQ = [(256 - l) ** 2 for l in range(256)]
_SQ_BYTE = [bytes((q >> (8 * k)) & 255 for q in _SQ) for k in range(3)]
_HIGH_MASK = bytes([0, 255] + [0] * 254)


def rgb_decoder(path):
    """ffmpeg decoding a file to packed RGB (its default conversion), every frame as it is stored."""
    return ["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-fps_mode", "passthrough",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]


def psnr(sse, samples):
    return math.inf if sse == 0 else 10 * math.log10(255 * 255 * samples / sse)


# The third quality reference: the source pictures converted to RGB with full chroma interpolation
# while being scaled (chroma straight from the source's 640x360 to 480x270), no 4:2:0 step at the
# small size: what the clips look like at 480x270 before any tool's pipeline.
SOURCE_RGB_SCALE = f"scale={GIF_W}:{GIF_H}:flags=bicubic+accurate_rnd+full_chroma_int+full_chroma_inp,format=gbrp"


def gif_quality(w):
    """Each GIF's size and its PSNR (RGB, all frames) against three lossless pictures of the same
    timeline at the GIF's size and rate:
      reel-lossless    Reel's CRF 0 render (decoded with ffmpeg's default conversion to rgb24): the
                       4:2:0 pictures Reel's GIF quantises, so Reel's own palette error;
      ffmpeg-lossless  ffmpeg's GIF graph up to the palette (what palettegen/paletteuse receive: the
                       scale filter converts straight to bgra), so ffmpeg's own palette error;
      source-rgb       the sources scaled in RGB with full chroma (SOURCE_RGB_SCALE), neither
                       pipeline's, so the error a viewer sees against the clips themselves.
    The references are compared with each other too. Computed here from raw frames, not by ffmpeg."""
    log(f"gif quality: rendering the lossless reference, then decoding {len(w['tools']) + 3} streams ...")
    run_quiet(w["reference"]["reel"], "the lossless gif reference render")
    frame_bytes = GIF_W * GIF_H * 3

    def graph_to_rgb(graph):
        return (["ffmpeg", "-nostdin", "-v", "error"] + clip_inputs()
                + ["-filter_complex", graph, "-map", "[v]", "-fps_mode", "passthrough",
                   "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])

    refs = ("reel-lossless", "ffmpeg-lossless", "source-rgb")
    streams = {"reel-lossless": rgb_decoder(w["reference"]["path"]),
               "ffmpeg-lossless": graph_to_rgb(gif_graph("format=bgra")),
               "source-rgb": graph_to_rgb(gif_graph("null", scale=SOURCE_RGB_SCALE))}
    for t in w["tools"]:
        streams[t] = rgb_decoder(w["outputs"][t])
    pairs = [(t, r) for r in refs for t in w["tools"]]
    pairs += [("ffmpeg-lossless", "reel-lossless"), ("reel-lossless", "source-rgb"), ("ffmpeg-lossless", "source-rgb")]
    procs = {k: subprocess.Popen(c, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE) for k, c in streams.items()}
    sse = {p: 0 for p in pairs}
    worst = {p: math.inf for p in pairs}
    frames = 0
    t0 = time.monotonic()
    try:
        while True:
            got = {k: p.stdout.read(frame_bytes) for k, p in procs.items()}
            lengths = {k: len(v) for k, v in got.items()}
            if all(n == 0 for n in lengths.values()):
                break
            if any(n != frame_bytes for n in lengths.values()):
                fail(f"gif quality: the decoded streams end at different frames (frame {frames}: bytes {lengths})")
            for pair in pairs:
                e = sum_squared_differences(got[pair[0]], got[pair[1]])
                sse[pair] += e
                worst[pair] = min(worst[pair], psnr(e, frame_bytes))
            frames += 1
    finally:
        for k, p in procs.items():
            p.stdout.close()
            if p.wait() != 0:
                fail(f"gif quality: decoding {k} failed (exit {p.returncode}): {' '.join(streams[k])}")
    expected = w["seconds"] * w["fps"]
    if frames != expected:
        fail(f"gif quality: {frames} frames decoded, the timeline has {expected}")
    log(f"  compared {frames} frames in {time.monotonic() - t0:.0f} s")
    return {"frames": frames,
            "bytes": {t: os.path.getsize(w["outputs"][t]) for t in w["tools"]},
            "psnr": {f"{a} vs {b}": {"all": psnr(sse[(a, b)], frames * frame_bytes), "worst_frame": worst[(a, b)]}
                     for a, b in pairs}}


def machine():
    model = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "unknown"
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1048576:.1f} GiB"
    except OSError:
        pass
    ffv = subprocess.run(["ffmpeg", "-version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
    return {"cpus": os.cpu_count(), "model": model, "memory": mem, "kernel": platform.release(),
            "ffmpeg": ffv, "load_before": os.getloadavg()}


def main():
    runs = int(os.environ.get("BENCH_RUNS", "5"))
    warmup = int(os.environ.get("BENCH_WARMUP", "1"))
    strict = os.environ.get("BENCH_STRICT") == "1"
    for tool in ("ffmpeg", "ffprobe", "swift"):
        if shutil.which(tool) is None:
            fail(f"{tool} is not on PATH (scripts/deps.sh installs ffmpeg)")
    reel = build_reel()
    # The passthrough workload has media of its own; the shared clips are made only when needed.
    media = []
    if selected_workloads():
        generate_media()
        media = describe_media()
    for name, desc in media:
        log(f"  {name}: {desc}")
    ws = workloads(reel)
    os.makedirs(LOGS, exist_ok=True)
    wanted = os.environ.get("BENCH_WORKLOADS")
    http = not wanted or wanted.strip() == "all" or "http" in [n.strip() for n in wanted.split(",")]
    passthrough = bool(wanted) and (wanted.strip() == "all" or "passthrough" in [n.strip() for n in wanted.split(",")])
    batch = not wanted or wanted.strip() == "all" or "batch" in [n.strip() for n in wanted.split(",")]
    preview = not wanted or wanted.strip() == "all" or "preview" in [n.strip() for n in wanted.split(",")]
    lottie = not wanted or wanted.strip() == "all" or "lottie" in [n.strip() for n in wanted.split(",")]
    pt_misses = []
    if passthrough:
        import passthrough_bench
        r = passthrough_bench.run(reel)
        pt_misses = [f"{t['target']} ({t['value']})" for t in r["targets"] if not t["met"]]
        log("")
    if batch:
        import batch_bench
        r = batch_bench.run(reel)
        pt_misses += [f"{t['target']} ({t['value']})" for t in r["targets"] if not t["met"]]
        log("")
    if preview:
        import preview_bench
        r = preview_bench.run(reel)
        pt_misses += [f"{t['target']} ({t['value']})" for t in r["targets"] if not t["met"]]
        log("")
    if lottie:
        import lottie_bench
        r = lottie_bench.run(reel)
        pt_misses += [f"{t['target']} ({t['value']})" for t in r["targets"] if not t["met"]]
        log("")
    if not ws:
        if strict and pt_misses:
            print("targets missed: " + "; ".join(pt_misses), file=sys.stderr)
            sys.exit(2)
        if http:
            import http_bench
            r = http_bench.run(reel)
            if strict and not all(t["met"] for t in r["targets"]):
                sys.exit(2)
        return
    info = machine()
    log(f"machine: {info['cpus']} CPUs, {info['model']}, {info['memory']}, load {info['load_before']}")

    samples = {w["name"]: {t: [] for t in w["tools"]} for w in ws}
    facts = {}
    if warmup:
        log("warm-up round (not counted), then the output checks ...")
        for w in ws:
            for t in w["tools"]:
                measure(w["commands"][t], os.path.join(LOGS, f"{w['name']}-{t}-warmup.log"))
            facts[w["name"]] = check_outputs(w)
    for r in range(runs):
        for w in ws:
            k = len(w["tools"])
            order = w["tools"][r % k:] + w["tools"][:r % k]      # rotate, so no tool always runs first or last
            for t in order:
                m = measure(w["commands"][t], os.path.join(LOGS, f"{w['name']}-{t}-{r}.log"))
                samples[w["name"]][t].append(m)
                log(f"  round {r + 1}/{runs} {w['name']:<11} {t:<9} wall {m['wall']:6.2f} s  "
                    f"cpu {m['cpu']:6.2f} s  rss {m['rss_kib'] / 1024:6.1f} MiB  "
                    f"(others used {m['others']:5.1f} CPU s meanwhile)")
        if not facts:
            for w in ws:
                facts[w["name"]] = check_outputs(w)
    quality = {w["name"]: gif_quality(w) for w in ws if "reference" in w}

    results = {"machine": info, "runs": runs, "media": media, "load_after": os.getloadavg(), "workloads": {}}
    misses = list(pt_misses)
    lines = []
    hdr = (f"{'workload':<12} {'tool':<9} {'wall s':>7} {'best s':>7} {'cpu s':>7} {'rss MiB':>8} {'MB out':>7}   "
           f"{'wall/ffmpeg':>11} {'cpu/ffmpeg':>10} {'wall/floor':>10} {'cpu/floor':>9}")
    lines.append(hdr)
    lines.append("-" * len(hdr))
    for w in ws:
        s = samples[w["name"]]
        tools = w["tools"]
        med = {t: {"wall": statistics.median(m["wall"] for m in s[t]),
                   "cpu": statistics.median(m["cpu"] for m in s[t]),
                   "best_wall": min(m["wall"] for m in s[t]),
                   "rss_mib": max(m["rss_kib"] for m in s[t]) / 1024} for t in tools}
        results["workloads"][w["name"]] = {
            "seconds": w["seconds"], "fps": w["fps"], "median": med, "samples": s, "outputs": facts[w["name"]],
            "commands": {t: w["commands"][t] for t in tools}}
        if w["name"] in quality:
            results["workloads"][w["name"]]["quality"] = quality[w["name"]]
        # The text workload compares Reel with itself without the text (its "ffmpeg" column).
        base = med["ffmpeg"] if "ffmpeg" in med else med[tools[-1]]
        for t in tools:
            m = med[t]
            ratios = f"{m['wall'] / base['wall']:11.2f} {m['cpu'] / base['cpu']:10.2f} "
            if "floor" in med:
                ratios += f"{m['wall'] / med['floor']['wall']:10.2f} {m['cpu'] / med['floor']['cpu']:9.2f}"
            else:
                ratios += f"{'-':>10} {'-':>9}"
            lines.append(f"{w['name']:<12} {t:<9} {m['wall']:7.2f} {m['best_wall']:7.2f} {m['cpu']:7.2f} "
                         f"{m['rss_mib']:8.1f} {facts[w['name']][t]['bytes'] / 1e6:7.1f}   {ratios}")
        # Paired ratios: Reel over each other tool within each round (runs seconds apart), then the
        # median; steadier than a ratio of medians when the machine's speed drifts between rounds.
        paired = {o: statistics.median(r["wall"] / x["wall"] for r, x in zip(s["reel"], s[o])) for o in tools[1:]}
        results["workloads"][w["name"]]["paired_wall_ratio"] = paired
        reel_m = med["reel"]
        targets = []
        if "floor" in med:      # docs/PERFORMANCE.md's targets are on the mp4 workloads
            targets = [
                (f"{w['name']}: Reel wall < ffmpeg wall", reel_m["wall"] < med["ffmpeg"]["wall"],
                 f"{reel_m['wall'] / med['ffmpeg']['wall']:.2f}x"),
                (f"{w['name']}: Reel peak RSS < 300 MiB", reel_m["rss_mib"] < 300, f"{reel_m['rss_mib']:.0f} MiB"),
                (f"{w['name']}: Reel wall within 15 % of the floor", reel_m["wall"] <= 1.15 * med["floor"]["wall"],
                 f"{reel_m['wall'] / med['floor']['wall']:.2f}x"),
            ]
        if w["name"] in ("hdr", "hdr-hlg"):  # issue 25: HDR sources, into SDR and kept HDR, faster than ffmpeg
            ratio = paired["ffmpeg"]
            targets = [(f"{w['name']}: Reel wall < ffmpeg wall (paired)", ratio < 1, f"{ratio:.2f}x")]
        if w["name"] == "compositing":      # issue 37: faster than ffmpeg's filters; a layer costs <= 10 % of W2
            per_layer = (paired["reel-w2"] - 1) / COMP_LAYERS
            results["workloads"][w["name"]]["cost_per_layer"] = per_layer
            targets = [("compositing: Reel wall < ffmpeg wall (paired)", paired["ffmpeg"] < 1, f"{paired['ffmpeg']:.2f}x"),
                       (f"compositing: each of the {COMP_LAYERS} layers adds <= 10 % of W2's wall (paired)", per_layer <= 0.10,
                        f"{100 * per_layer:.1f} % a layer")]
        if w["name"] == "loudness":     # issue 39: the loudness passes add at most 10 % to W2
            ratio = paired["reel-w2"]
            targets = [("loudness: W2 to -14 LUFS within 1.1x of W2 (paired wall)", ratio <= 1.1, f"{ratio:.2f}x")]
        if w["name"] == "text":     # issue 11: titles and captions cost at most 10 %
            ratio = paired["reel-plain"]
            targets = [("text: Reel with titles and captions within 1.1x of without (paired wall)", ratio <= 1.1,
                        f"{ratio:.2f}x")]
        results["workloads"][w["name"]]["targets"] = [{"target": n, "met": ok, "value": v} for n, ok, v in targets]
        for n, ok, v in targets:
            if not ok:
                misses.append(f"{n} ({v})")
    log("")
    log(f"wall and cpu (user + sys) are medians of {runs} alternating runs, best is the fastest wall time, "
        f"peak RSS the maximum over the runs, MB out the output's size; ratios are the row's tool over "
        f"ffmpeg / the floor (medians)")
    for line in lines:
        log(line)
    for name, w in results["workloads"].items():
        p = w["paired_wall_ratio"]
        log(f"{name}: per-round wall, " + ", ".join(f"Reel/{o} {v:.2f}" for o, v in p.items()) + " (median of the rounds)")
    for name, q in quality.items():
        log("")
        log(f"{name}: PSNR (RGB, {q['frames']} frames; all = from the mean squared error over every frame, "
            f"worst = the worst frame), sizes in MB")
        for pair, v in q["psnr"].items():
            log(f"  {pair:<34} all {v['all']:6.2f} dB  worst {v['worst_frame']:6.2f} dB")
        log("  sizes: " + ", ".join(f"{t} {b / 1e6:.2f} MB" for t, b in q["bytes"].items()))
    log("")
    for w in results["workloads"].values():
        for tg in w["targets"]:
            log(f"  [{'met ' if tg['met'] else 'MISS'}] {tg['target']}: {tg['value']}")
    others = [m["others"] / m["wall"] for w in samples.values() for t in w.values() for m in t]
    log(f"other processes kept {statistics.median(others):.2f} of the {os.cpu_count()} CPUs busy during a "
        f"typical run (max {max(others):.2f})")
    results["others_cpus_median"] = statistics.median(others)
    log(f"load average before {tuple(round(x, 2) for x in info['load_before'])}, "
        f"after {tuple(round(x, 2) for x in results['load_after'])} (a shared machine adds noise)")
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(results, f, indent=2)
    log(f"results saved to {os.path.relpath(os.path.join(WORK, 'results.json'), ROOT)}")
    if http:
        log("")
        import http_bench
        r = http_bench.run(reel)
        misses += [f"{t['target']} ({t['value']})" for t in r["targets"] if not t["met"]]
    if misses and strict:
        print("targets missed: " + "; ".join(misses), file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
