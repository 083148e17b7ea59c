"""Helpers shared by bench.py and the sections it runs (http, passthrough, batch, preview, lottie): paths,
logging and failing, the release build, the benchmark's media and its timelines, measuring a process, picture
differences, the machine. A module of its own, so the sections import it and not bench.py (which imports them).
"""

import json
import math
import os
import platform
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

ALL_WORKLOADS = ("cuts", "transitions", "text", "compositing", "loudness", "isolation", "outputs", "outputs3", "webm", "gif", "hdr",
                 "hdr-hlg")
DEFAULT_WORKLOADS = ("cuts", "transitions", "text", "compositing", "loudness", "isolation", "outputs", "outputs3")

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
