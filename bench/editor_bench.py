#!/usr/bin/env python3
"""The editor section of `make bench` (docs/PERFORMANCE.md): the scrub as a user feels it, in the
browser, pointer to picture.

    BENCH_WORKLOADS=editor python3 bench/bench.py     # alone (bench.py builds Reel in release first)
    make bench-editor                                 # the same

1. Starts `reel serve` (release, the SQLite store, a fresh data directory under bench/work/editor)
   and makes its media: a 10 s 1280x720 30 fps H.264 clip (testsrc2, a keyframe every 2 s) under a
   rounded shape and a title — the editor's everyday timeline, saved as a template (nothing renders).
2. Opens it in the editor in Debian's Chromium (headless, 1366x768, Selenium from the tests'
   virtual environment: this file runs itself there), waits for the first preview.
3. Scrub by pointer: 60 clicks on the ruler at fixed pseudo-random places; each measured in the page
   from the pointer's press (its event's time) to the `load` of the preview image showing the frame
   under the playhead. Target (PRODUCT 16): median < 80 ms, p95 < 200 ms.
4. Scrub by keyboard: 30 steps of a frame with →, each from the key's press to its frame's image
   loaded (the neighbours are fetched ahead, so most are already there). Reported.
5. Saves bench/work/editor/results.json; prints the table and the targets.
"""

import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(ROOT, "bench", "work", "editor")
PORT = 18483
KEY = "bench-editor-key-0123456789abcdef"
MEDIAN_MS, P95_MS = 80, 200
CLICKS, STEPS = 60, 30


def run(reel):
    """bench.py's entry: runs this file with the tests' Python (Selenium is there), returns its results."""
    python = os.path.join(ROOT, ".build", "pyvenv", "bin", "python")
    if not os.access(python, os.X_OK):
        print("editor: no .build/pyvenv (scripts/deps.sh makes it, with Selenium)", file=sys.stderr)
        sys.exit(1)
    subprocess.run([python, os.path.abspath(__file__), reel], check=True)
    with open(os.path.join(WORK, "results.json")) as f:
        return json.load(f)


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def call(method, path, body=None, data=None, headers=None):
    request = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method,
                                     data=data if data is not None else (None if body is None else json.dumps(body).encode()),
                                     headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request) as r:
        return json.load(r)


def measure(reel):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "media"))
    clip = os.path.join(WORK, "clip.mp4")
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=30:d=10", "-c:v", "libx264", "-preset", "veryfast",
                    "-g", "60", "-pix_fmt", "yuv420p", clip], check=True)
    env = dict(os.environ, REEL_LISTEN=f"127.0.0.1:{PORT}", REEL_DATA_DIR=os.path.join(WORK, "data"),
               REEL_MEDIA_ROOT=os.path.join(WORK, "media"), REEL_API_KEYS=KEY, REEL_WORKERS="1")
    log = open(os.path.join(WORK, "server.log"), "w")
    server = subprocess.Popen([reel, "serve"], env=env, stdout=log, stderr=log, cwd=WORK)
    driver = None
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{PORT}/healthz")
                break
            except OSError:
                time.sleep(0.1)
        with open(clip, "rb") as f:
            src = call("POST", "/v1/assets", data=f.read(), headers={"Content-Type": "video/mp4", "X-Filename": "clip.mp4"})["src"]
        spec = {"version": 1, "output": {"width": 1280, "height": 720, "frameRate": 30},
                "timeline": {"videos": [{"src": src}],
                             "overlays": [{"type": "shape", "shape": "rect", "start": 0, "radius": 24, "fill": "#1D2B3ACC",
                                           "frame": {"x": 0.5, "y": 0.85, "width": 0.8, "height": 0.15}},
                                          {"type": "text", "text": "Scrubbing the editor", "start": 0, "position": {"x": 0.5, "y": 0.85},
                                           "font": {"size": 48, "color": "#FFFFFF"}}]}}
        template = call("POST", "/v1/templates", {"name": "scrub", "spec": spec})["id"]

        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1366,768"]:
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        wait = WebDriverWait(driver, 60, poll_frequency=0.01)
        js = driver.execute_script
        driver.get(f"http://127.0.0.1:{PORT}/console/")
        js("sessionStorage.setItem('reel-key', arguments[0]); localStorage.clear()", KEY)
        driver.get(f"http://127.0.0.1:{PORT}/console/#/edit?template={template}")
        wait.until(lambda _: js("return !!window.reelEditor && window.reelEditor.settled() && document.getElementById('editor').dataset.duration === '10'"))
        wait.until(lambda _: js("const i = document.getElementById('preview'); return i.complete && i.naturalWidth > 0"))
        # In the page: from a press (the event's own time) to the load of the image of the playhead's frame.
        js("""
            window.__scrub = []; window.__t0 = null;
            const mark = (e) => { window.__t0 = e.timeStamp; };
            document.getElementById('ruler').addEventListener('pointerdown', mark, true);
            document.addEventListener('keydown', mark, true);
            const img = document.getElementById('preview');
            img.addEventListener('load', () => {
              if (window.__t0 === null || img.dataset.time !== document.getElementById('playhead').dataset.time) return;
              window.__scrub.push(performance.now() - window.__t0); window.__t0 = null;
            });""")
        ruler = driver.find_element("id", "ruler")
        end = js("return document.getElementById('timeline-end').getBoundingClientRect().left - document.getElementById('ruler').getBoundingClientRect().left")
        width = js("return document.getElementById('ruler').getBoundingClientRect().width")
        rng = random.Random(16)
        missed = 0

        def settle(count):
            nonlocal missed
            try:
                WebDriverWait(driver, 5, poll_frequency=0.005).until(lambda _: len(js("return window.__scrub")) > count)
            except Exception:
                missed += 1
                js("window.__t0 = null")

        for _ in range(CLICKS):
            x = rng.uniform(2, end - 2)
            count = len(js("return window.__scrub"))
            ActionChains(driver).move_to_element_with_offset(ruler, x - width / 2, 0).click().perform()
            settle(count)
        clicks = list(js("return window.__scrub"))
        js("document.getElementById('playhead').focus()")
        for _ in range(STEPS):
            count = len(js("return window.__scrub"))
            ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
            settle(count)
        steps = list(js("return window.__scrub"))[len(clicks):]
    finally:
        if driver:
            driver.quit()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        log.close()

    def summary(values):
        return {"n": len(values), "median_ms": round(statistics.median(values), 1), "p95_ms": round(percentile(values, 0.95), 1),
                "max_ms": round(max(values), 1)}

    results = {"clicks": summary(clicks), "steps": summary(steps), "missed": missed, "cpus": os.cpu_count()}
    met_median = results["clicks"]["median_ms"] < MEDIAN_MS
    met_p95 = results["clicks"]["p95_ms"] < P95_MS
    results["targets"] = [
        {"target": f"editor scrub by pointer, median < {MEDIAN_MS} ms", "value": f"{results['clicks']['median_ms']} ms", "met": met_median},
        {"target": f"editor scrub by pointer, p95 < {P95_MS} ms", "value": f"{results['clicks']['p95_ms']} ms", "met": met_p95},
        {"target": "every scrub shows its frame (none missed in 5 s)", "value": f"{missed} missed", "met": missed == 0},
    ]
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(results, f, indent=2)
    print(f"editor scrub, pointer to picture, 1280x720 four-layer timeline previewed at 640 px ({os.cpu_count()} CPUs):")
    for name, r in (("ruler clicks", results["clicks"]), ("→ steps", results["steps"])):
        print(f"  {name:<13} n {r['n']:3}  median {r['median_ms']:6.1f} ms  p95 {r['p95_ms']:6.1f} ms  max {r['max_ms']:6.1f} ms")
    for t in results["targets"]:
        print(f"  {'met ' if t['met'] else 'MISSED'} {t['target']}: {t['value']}")


if __name__ == "__main__":
    measure(os.path.abspath(sys.argv[1]))
