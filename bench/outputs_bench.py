"""The `outputs` workloads of bench/bench.py (issue 57): one job with several outputs against the
same outputs rendered as separate jobs and against the ffmpeg CLI decoding once with one filter
graph split into the same encoders, all from W2's timeline (the transitions one).

  outputs    a 1080p MP4, a 720p MP4, a 1080/720/480 HLS ladder with the MP4s' settings and a
             poster JPEG at 2 s: Reel's job within 0.6x of the four jobs, faster than ffmpeg's
             split graph, and its peak RSS within 1.5x of the largest lone job's.
  outputs3   three MP4s of three sizes (1080, 720, 480): nothing to share but the decode and
             the composite; Reel's job within 0.85x of the three jobs.

Each tool's 1080p MP4 is what bench.py's output check compares (frames, durations, codecs).
"""

import os

from benchlib import AFMT, ENCODE_ARGS, FPS, OUT, WORK, clip_inputs, ffmpeg_graph, reel_spec, write_spec  # noqa: F401

SIZES = {"1080": (1920, 1080), "720": (1280, 720), "480": (854, 480)}
SEGMENT = 4
POSTER_AT = 2
VIDEO = {"codec": "h264", "crf": 23, "preset": "veryfast"}
AUDIO = {"codec": "aac", "bitrate": 128000, "sampleRate": 48000, "channels": 2}


def mp4(name, size):
    w, h = SIZES[size]
    return {"name": name, "format": "mp4", "width": w, "height": h, "frameRate": FPS, "video": VIDEO, "audio": AUDIO}


def outputs_of(name):
    """The spec's `outputs` for a workload."""
    if name == "outputs3":
        return [mp4("mp4-1080", "1080"), mp4("mp4-720", "720"), mp4("mp4-480", "480")]
    w, h = SIZES["1080"]
    ladder = {"name": "ladder", "format": "hls", "width": w, "height": h, "frameRate": FPS,
              "video": {"crf": 23, "preset": "veryfast"}, "audio": AUDIO,
              "hls": {"segmentDuration": SEGMENT, "renditions": [{"height": 1080}, {"height": 720}, {"height": 480}]}}
    poster = {"name": "poster", "format": "jpg", "width": w, "height": h, "time": POSTER_AT}
    return [mp4("mp4-1080", "1080"), mp4("mp4-720", "720"), ladder, poster]


def extension(o):
    return {"mp4": "mp4", "hls": "hls", "jpg": "jpg"}[o["format"]]


def workload(name, reel):
    """bench.py's workload dict: tools reel (one job), reel-jobs (one job per output, in turn),
    ffmpeg (one command, one graph split into every encoder)."""
    outputs = outputs_of(name)
    spec = reel_spec(True)
    del spec["output"]
    spec["outputs"] = outputs
    spec_path = write_spec(name, spec)
    folder = os.path.join(OUT, f"{name}-reel")
    alone_dir = os.path.join(OUT, f"{name}-jobs")
    os.makedirs(alone_dir, exist_ok=True)
    alone = []
    for o in outputs:
        single = reel_spec(True)
        single["output"] = {k: v for k, v in o.items() if k != "name"}
        path = write_spec(f"{name}-{o['name']}", single)
        alone.append(f"{reel} render {path} -o {os.path.join(alone_dir, o['name'] + '.' + extension(o))}")
    ff_dir = os.path.join(OUT, f"{name}-ffmpeg")
    os.makedirs(ff_dir, exist_ok=True)
    commands = {
        "reel": [reel, "render", spec_path, "-o", folder],
        "reel-jobs": ["sh", "-c", " && ".join(alone)],
        "ffmpeg": ffmpeg_split(outputs, ff_dir),
    }
    outs = {"reel": os.path.join(folder, "mp4-1080.mp4"), "reel-jobs": os.path.join(alone_dir, "mp4-1080.mp4"),
            "ffmpeg": os.path.join(ff_dir, "mp4-1080.mp4")}
    return {"name": name, "seconds": None, "fps": FPS, "audio": True, "tools": ["reel", "reel-jobs", "ffmpeg"],
            "commands": commands, "outputs": outs}


def ffmpeg_split(outputs, folder):
    """W2's graph once, its pictures split into one scaler and encoder per picture the outputs
    need (each MP4, each rendition, the poster) and its sound into one AAC encoder per file."""
    music = ["-i", os.path.join(WORK, "bed.m4a"), "-i", os.path.join(WORK, "vo.m4a")]
    pictures, sounds = [], []
    for o in outputs:
        if o["format"] == "mp4":
            pictures.append((o["name"], o["width"], o["height"]))
            sounds.append(o["name"])
        elif o["format"] == "hls":
            for r in o["hls"]["renditions"]:
                pictures.append((f"hls{r['height']}", round(r["height"] * 16 / 9 / 2) * 2, r["height"]))
            sounds.append("hls")
        else:
            pictures.append((o["name"], o["width"], o["height"]))
    g = [ffmpeg_graph(True)]
    g.append(f"[v]split={len(pictures)}" + "".join(f"[s{i}]" for i in range(len(pictures))))
    g.append(f"[a]asplit={len(sounds)}" + "".join(f"[a_{n}]" for n in sounds))
    for i, (n, w, h) in enumerate(pictures):
        if n == "poster":
            g.append(f"[s{i}]trim=start={POSTER_AT},setpts=PTS-STARTPTS,scale={w}:{h}[v_{n}]")
        else:
            g.append(f"[s{i}]scale={w}:{h}[v_{n}]")
    cmd = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + clip_inputs() + music + ["-filter_complex", ";".join(g)]
    for o in outputs:
        if o["format"] == "mp4":
            cmd += ["-map", f"[v_{o['name']}]", "-map", f"[a_{o['name']}]"] + ENCODE_ARGS + [os.path.join(folder, o["name"] + ".mp4")]
        elif o["format"] == "jpg":
            cmd += ["-map", f"[v_{o['name']}]", "-frames:v", "1", "-q:v", "3", os.path.join(folder, o["name"] + ".jpg")]
        else:
            heights = [r["height"] for r in o["hls"]["renditions"]]
            for h in heights:
                cmd += ["-map", f"[v_hls{h}]"]
            cmd += ["-map", "[a_hls]"]
            # Reel's renditions: x264 veryfast CRF 23, a keyframe forced at each segment start, no B-frames.
            cmd += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-bf", "0", "-pix_fmt", "yuv420p",
                    "-force_key_frames", f"expr:gte(t,n_forced*{SEGMENT})", "-sc_threshold", "0",
                    "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2",
                    "-f", "hls", "-hls_time", str(SEGMENT), "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4",
                    "-hls_flags", "independent_segments", "-master_pl_name", "master.m3u8",
                    "-var_stream_map", " ".join(f"v:{i},agroup:aud" for i in range(len(heights))) + f" a:0,agroup:aud",
                    "-hls_segment_filename", os.path.join(folder, "ladder_%v_%05d.m4s"), os.path.join(folder, "ladder_%v.m3u8")]
    return cmd


def targets(name, paired, med):
    """The issue's bars, from bench.py's paired wall ratios (Reel over each tool, per round) and medians."""
    if name == "outputs3":
        return [("outputs3: three MP4s in one job within 0.85x of their three jobs (paired wall)", paired["reel-jobs"] <= 0.85,
                 f"{paired['reel-jobs']:.2f}x")]
    rss, lone = med["reel"]["rss_mib"], med["reel-jobs"]["rss_mib"]
    return [("outputs: four outputs in one job within 0.6x of four jobs (paired wall)", paired["reel-jobs"] <= 0.6,
             f"{paired['reel-jobs']:.2f}x"),
            ("outputs: faster than ffmpeg's split graph (paired wall)", paired["ffmpeg"] < 1, f"{paired['ffmpeg']:.2f}x"),
            ("outputs: peak RSS within 1.5x of the largest lone job's", rss <= 1.5 * lone, f"{rss:.0f} vs {lone:.0f} MiB")]
