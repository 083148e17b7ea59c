#!/usr/bin/env python3
"""Where Reel's time goes on the benchmark's cuts workload (Python 3 standard library + valgrind/perf).

    python3 bench/profile.py          # after `make bench` (reuses bench/work and .build-bench)

- If `perf stat -e instructions true` counts instructions here, `perf record -e instructions` on the
  full cuts render; otherwise (virtual machines without PMU access) `valgrind --tool=callgrind
  --separate-threads=yes` on a shortened spec (PROFILE_SECONDS of output, default 2, from 4 s so it
  crosses the first cut), summarised per thread, per library and per function (self and inclusive).
- If `perf record -e cpu-clock` works (a software timer, no PMU needed), also a time profile of the
  full cuts render split per thread and per library: this is where wall time goes across threads.

Writes bench/work/profile/*.txt and prints the summaries. Not part of the test suite.
"""

import collections
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

PROF = os.path.join(bench.WORK, "profile")


def works(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return r.returncode == 0 and "not supported" not in r.stdout and "<not counted>" not in r.stdout


def short_spec(seconds):
    spec = bench.reel_spec(False)
    spec["output"]["range"] = {"start": 4, "duration": seconds}
    path = os.path.join(bench.WORK, "profile-cuts.json")
    with open(path, "w") as f:
        json.dump(spec, f, indent=2)
    return path


def lib_of(text):
    m = re.search(r"\[([^\]]+)\]\s*$", text)
    return os.path.basename(m.group(1)) if m else "?"


def annotate(out, inclusive):
    args = ["callgrind_annotate", "--auto=no", "--threshold=100"] + (["--inclusive=yes"] if inclusive else []) + [out]
    text = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    rows = []
    started = False
    for line in text.splitlines():
        if "file:function" in line:
            started = True
            continue
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)", line)
        if started and m:
            rows.append((int(m.group(1).replace(",", "")), m.group(2)))
    return rows


def demangle(names):
    try:
        r = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names),
                           stdout=subprocess.PIPE, text=True)
        out = r.stdout.splitlines()
        return out if len(out) == len(names) else names
    except OSError:
        return names


def short(fn):
    fn = re.sub(r"\s*\[[^\]]+\]\s*$", "", fn)
    if ":" in fn:
        fn = fn.split(":", 1)[1]
    return fn


def callgrind(reel, seconds):
    spec = short_spec(seconds)
    base = os.path.join(PROF, "callgrind.out")
    if os.environ.get("PROFILE_REUSE") != "1":
        for f in os.listdir(PROF):
            if f.startswith("callgrind.out"):
                os.remove(os.path.join(PROF, f))
        print(f"callgrind on a {seconds} s cut of the cuts workload (about a minute) ...", flush=True)
        bench.run_quiet(["valgrind", "--tool=callgrind", "--separate-threads=yes", f"--callgrind-out-file={base}",
                         reel, "render", spec, "-o", os.path.join(bench.OUT, "profile-cuts.mp4")], "callgrind")
    files = sorted(os.path.join(PROF, f) for f in os.listdir(PROF) if f.startswith("callgrind.out-"))
    threads = []
    by_lib = collections.Counter()
    by_fn = collections.Counter()
    for f in files:
        rows = annotate(f, inclusive=False)
        total = sum(n for n, _ in rows)
        if total == 0:
            continue
        libs = collections.Counter()
        for n, fn in rows:
            libs[lib_of(fn)] += n
            by_lib[lib_of(fn)] += n
            by_fn[fn] += n
        threads.append((os.path.basename(f), total, libs.most_common(2)))
    grand = sum(t for _, t, _ in threads)
    lines = [f"callgrind, {seconds} s of output (range 4-{4 + seconds} s of the cuts workload); "
             f"{grand / 1e9:.2f} G instructions in all", "", "per thread (thread 1 is Reel's main thread):"]
    for name, total, libs in threads:
        top = ", ".join(f"{lib} {100 * n / total:.0f} %" for lib, n in libs)
        lines.append(f"  {name:<18} {100 * total / grand:5.1f} %  {total / 1e9:6.2f} G   ({top})")
    lines += ["", "per library (self instructions, all threads):"]
    for lib, n in by_lib.most_common(12):
        lines.append(f"  {100 * n / grand:6.2f} %  {lib}")
    top = by_fn.most_common(25)
    names = demangle([short(fn) for fn, _ in top])
    lines += ["", "top functions (self, all threads; FFmpeg/x264 are stripped, shown by address):"]
    for (fn, n), name in zip(top, names):
        lines.append(f"  {100 * n / grand:6.2f} %  {name[:110]}  [{lib_of(fn)}]")
    main = next((f for f in files if f.endswith("-01")), None)
    if main:
        rows = annotate(main, inclusive=True)
        mtotal = max(n for n, _ in rows)
        keep = [(n, fn) for n, fn in rows
                if re.search(r"ReelEngine|avformat_find_stream_info|avcodec_send_frame|avcodec_send_packet|"
                             r"avcodec_receive_frame|x264_encoder_encode|swr_convert|av_interleaved_write_frame", fn)]
        names = demangle([short(fn) for _, fn in keep[:40]])
        lines += ["", "main thread, inclusive (what the render loop waits on):"]
        seen = set()
        for (n, fn), name in zip(keep[:40], names):
            key = name[:100]
            if key in seen or n < mtotal * 0.01:
                continue
            seen.add(key)
            lines.append(f"  {100 * n / mtotal:6.2f} %  {key}  [{lib_of(fn)}]")
    return lines


def perf_time(reel, event):
    data = os.path.join(PROF, "perf.data")
    spec = os.path.join(bench.WORK, "cuts.json")
    if os.environ.get("PROFILE_REUSE") != "1" or not os.path.exists(data):
        print(f"perf record -e {event} on the full cuts render ...", flush=True)
        bench.run_quiet(["perf", "record", "-q", "-e", event, "-F", "499", "-o", data, "--", reel, "render", spec,
                         "-o", os.path.join(bench.OUT, "profile-perf.mp4")], "perf record")

    script = subprocess.run(["perf", "script", "-i", data, "-F", "tid,ip,sym,dso"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True).stdout
    threads = collections.Counter()
    libs = collections.Counter()
    per_thread_lib = collections.defaultdict(collections.Counter)
    per_thread_sym = collections.defaultdict(collections.Counter)
    for line in script.splitlines():
        m = re.match(r"\s*(\d+)\s+[0-9a-f]+\s+(.*?)\s+\(([^)]*)\)\s*$", line)
        if not m:
            continue
        tid, sym, dso = int(m.group(1)), m.group(2), os.path.basename(m.group(3))
        threads[tid] += 1
        libs[dso] += 1
        per_thread_lib[tid][dso] += 1
        per_thread_sym[tid][(dso, sym)] += 1
    total = sum(threads.values())
    if not total:
        return [f"perf -e {event}: no samples"]
    main = min(threads)
    lines = [f"perf -e {event}, full cuts render: {total} samples", "",
             "per thread (share of all samples; the first is Reel's main thread; top libraries):"]
    for tid, n in sorted(threads.items(), key=lambda kv: (kv[0] != main, -kv[1])):
        top = ", ".join(f"{lib} {100 * c / n:.0f} %" for lib, c in per_thread_lib[tid].most_common(2))
        lines.append(f"  {tid:>8}{' main' if tid == main else '     '} {100 * n / total:5.1f} %   ({top})")
    lines += ["", "per library (all threads):"]
    lines += [f"  {100 * n / total:6.2f} %  {lib}" for lib, n in libs.most_common(10) if n / total >= 0.0005]
    mt = threads[main]
    lines += ["", "main thread, per library:"]
    lines += [f"  {100 * n / mt:6.2f} %  {lib}" for lib, n in per_thread_lib[main].most_common(10)]
    top = per_thread_sym[main].most_common(20)
    names = demangle([sym for (_, sym), _ in top])
    lines += ["", "main thread, top symbols (stripped FFmpeg/x264 symbols are unreliable: nearest export):"]
    lines += [f"  {100 * n / mt:6.2f} %  {name[:100]}  [{lib}]" for ((lib, _), n), name in zip(top, names)]
    return lines


def main():
    os.makedirs(PROF, exist_ok=True)
    bench.generate_media()
    bench.workloads(os.path.join(bench.ROOT, bench.SCRATCH, "release", "reel"))  # writes the specs
    reel = os.path.join(bench.ROOT, bench.SCRATCH, "release", "reel")
    if not os.access(reel, os.X_OK):
        reel = bench.build_reel()
    seconds = int(os.environ.get("PROFILE_SECONDS", "2"))
    sections = []
    if works(["perf", "stat", "-e", "instructions", "true"]):
        sections.append(perf_time(reel, "instructions"))
    else:
        print("perf cannot count instructions here; using callgrind", flush=True)
        sections.append(callgrind(reel, seconds))
    if works(["perf", "record", "-q", "-e", "cpu-clock", "-o", os.path.join(PROF, "probe.data"), "true"]):
        sections.append(perf_time(reel, "cpu-clock"))
    for lines in sections:
        name = lines[0].split(",")[0].replace(" ", "-")
        with open(os.path.join(PROF, f"{name}.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("\n".join(lines) + "\n", flush=True)


if __name__ == "__main__":
    main()
