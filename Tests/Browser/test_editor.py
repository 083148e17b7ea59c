"""The timeline editor as a template designer uses it, in Debian's Chromium (headless, 1366×768),
driven by Selenium against a real `reel serve` that EditorTests started (REEL_URL, REEL_KEY; the
media it made are in REEL_FIXTURES).

- A 15 s social clip made in the editor without its JSON panel — two clips with a dissolve, a
  rounded lower third with a title, a logo with a multiply blend, a keyed green-screen clip, music
  ducked under a voice-over, −14 LUFS, two placeholders — once with the mouse and once with the
  keyboard alone; each rendered from the editor and compared with the same spec written by hand
  below and rendered through the API: the decoded pictures and samples identical (ffmpeg's
  framemd5).
- Fifty mixed edits made through the page, then undone one by one (each earlier spec returns
  exactly) and redone.
- Thirty playhead positions at 30 fps: each preview is the source's own frame under the playhead
  (the frame ffmpeg decodes from the clip), never its neighbour.
"""

import fractions
import json
import os
import subprocess
import unittest
import sys
import urllib.request

from selenium.common.exceptions import JavascriptException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402  (Tests/Browser/chromium.py)

URL, KEY, FIXTURES = os.environ["REEL_URL"], os.environ["REEL_KEY"], os.environ["REEL_FIXTURES"]
ARTEFACTS = os.environ["REEL_ARTEFACTS"]
ASSETS = {}  # file name → its upload's src

# The media, made by ffmpeg: two clips, a green screen with a red square, a logo, a voice, music, and a
# 30 fps counter whose every frame differs.
MEDIA = {
    "a-roll.mp4": ["-f", "lavfi", "-i", "testsrc2=s=320x180:r=15:d=8", "-f", "lavfi", "-i", "sine=f=330:d=8", "-shortest"],
    "b-roll.mp4": ["-f", "lavfi", "-i", "smptebars=s=320x180:r=15:d=7.5", "-f", "lavfi", "-i", "sine=f=440:d=7.5", "-shortest"],
    "green.mp4": ["-f", "lavfi", "-i", "color=c=0x00B140:s=160x120:r=15:d=3,drawbox=x=50:y=30:w=60:h=60:color=red:t=fill"],
    "logo.png": ["-f", "lavfi", "-i", "color=c=0x3366CC:s=64x64,drawbox=x=16:y=16:w=32:h=32:color=white:t=fill", "-frames:v", "1"],
    "voice.wav": ["-f", "lavfi", "-i", "sine=f=660:d=4:sample_rate=48000"],
    "music.wav": ["-f", "lavfi", "-i", "sine=f=220:d=15:sample_rate=48000", "-ac", "2"],
    "counter.mp4": ["-f", "lavfi", "-i", "testsrc=s=160x90:r=30:d=4"],
}
TYPES = {".mp4": "video/mp4", ".png": "image/png", ".wav": "audio/wav", "json": "application/octet-stream"}
# A Lottie animation written here: a square turning a quarter in two seconds.
SPIN = {"v": "5.7.0", "fr": 25, "ip": 0, "op": 50, "w": 100, "h": 100, "nm": "spin", "ddd": 0, "assets": [],
        "layers": [{"ddd": 0, "ind": 1, "ty": 1, "nm": "square", "sr": 1, "ao": 0, "sw": 50, "sh": 50, "sc": "#ff3366",
                    "ip": 0, "op": 50, "st": 0, "bm": 0,
                    "ks": {"o": {"a": 0, "k": 100}, "p": {"a": 0, "k": [50, 50, 0]}, "a": {"a": 0, "k": [25, 25, 0]},
                           "s": {"a": 0, "k": [100, 100, 100]},
                           "r": {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [0.5], "y": [0.5]}, "o": {"x": [0.5], "y": [0.5]}}, {"t": 50, "s": [90]}]}}}]}


def make_media():
    with open(os.path.join(FIXTURES, "spin.json"), "w") as f:
        json.dump(SPIN, f)
    for name, args in [*MEDIA.items(), ("spin.json", None)]:
        path = os.path.join(FIXTURES, name)
        extra = ["-c:v", "libx264", "-pix_fmt", "yuv420p"] if name.endswith(".mp4") else []
        if args:
            subprocess.run(["ffmpeg", "-v", "error", "-y", *args, *extra, path], check=True)
        with open(path, "rb") as f:
            request = urllib.request.Request(URL + "/v1/assets", data=f.read(), method="POST",
                                             headers={"Authorization": "Bearer " + KEY, "Content-Type": TYPES[name[-4:]], "X-Filename": name})
        with urllib.request.urlopen(request) as r:
            ASSETS[name] = json.load(r)["src"]


def call(method, path, body=None):
    request = urllib.request.Request(URL + path, data=None if body is None else json.dumps(body).encode(), method=method,
                                     headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return json.load(r) if r.status != 204 else None


def hand_written():
    """The designer's clip, written by hand: what the editor must make."""
    return {"version": 1,
            "output": {"width": 320, "height": 180, "frameRate": 15, "audio": {"loudness": {"target": -14}}},
            "timeline": {
                "videos": [{"src": ASSETS["a-roll.mp4"]}, {"src": ASSETS["b-roll.mp4"]}],
                "transitions": [{"type": "dissolve", "duration": 0.5}],
                "overlays": [
                    {"type": "shape", "shape": "rect", "start": 1, "duration": 5, "radius": 12, "fill": "#FF3366",
                     "frame": {"x": 0.5, "y": 0.85, "width": 0.8, "height": 0.15}},
                    {"type": "text", "text": "Hello Reel", "start": 1, "duration": 5, "position": {"x": 0.5, "y": 0.85},
                     "font": {"size": 24, "color": "#FFFFFF"}},
                    {"type": "image", "src": ASSETS["logo.png"], "start": 0, "frame": {"x": 0.9, "y": 0.15, "width": 0.15}, "blend": "multiply"},
                    {"type": "video", "src": ASSETS["green.mp4"], "start": 9, "frame": {"x": 0.25, "y": 0.5, "width": 0.4}, "chromaKey": {}},
                ],
                "voiceOvers": [{"src": ASSETS["voice.wav"], "start": 5}],
                "music": [{"src": ASSETS["music.wav"], "duckUnder": "voiceOvers"}],
            }}


def render(spec):
    """Submits `spec` and waits for it: the job."""
    job = call("POST", "/v1/jobs", spec)
    return wait_job(job["id"])


def wait_job(job_id):
    WebDriverWait(None, 600, poll_frequency=0.5).until(lambda _: call("GET", "/v1/jobs/" + job_id)["status"] in ("succeeded", "failed"))
    job = call("GET", "/v1/jobs/" + job_id)
    assert job["status"] == "succeeded", job
    return job


def decoded(job, stream):
    """ffmpeg's framemd5 of one stream of a job's output (pictures or samples), timestamps and all."""
    path = os.path.join(ARTEFACTS, job["id"] + ".mp4")
    request = urllib.request.Request(URL + f"/v1/jobs/{job['id']}/output", headers={"Authorization": "Bearer " + KEY})
    with urllib.request.urlopen(request) as r, open(path, "wb") as f:
        f.write(r.read())
    out = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-map", "0:" + stream, "-f", "framemd5", "-"],
                         check=True, capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if not line.startswith("#")]


class EditorTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        make_media()
        cls.driver, cls.wait = chromium.start(1366, 768)
        cls.reference = None

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        # How the page looked when the test ended (a failure's screenshot says more than its trace).
        self.driver.save_screenshot(os.path.join(ARTEFACTS, self.id().split(".")[-1] + ".png"))

    # ---- Helpers -------------------------------------------------------------------------------
    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def spec(self):
        return self.js("return window.reelEditor.spec()")

    def at(self, pointer):
        return self.js("return arguments[0].split('/').slice(1).reduce((o, k) => o == null ? undefined : o[k], window.reelEditor.spec())", pointer)

    def settle(self):
        self.wait.until(lambda _: self.js("return !!window.reelEditor && window.reelEditor.settled()"))

    def open_blank(self):
        self.driver.get(URL + "/console/")
        self.js("sessionStorage.setItem('reel-key', arguments[0]); localStorage.clear()", KEY)
        self.driver.get(URL + "/console/#/edit?new")
        self.settle()
        self.assertEqual(self.spec()["timeline"], {"videos": []}, "#/edit?new is blank")

    def element(self, selector):
        return self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, selector))

    def field(self, pointer):
        return self.element(f'[data-field="{pointer}"]')

    def until_value(self, pointer, value):
        self.wait.until(lambda _: self.at(pointer) == value, f"{pointer} becomes {value!r}")

    def focused(self, selector):
        try:
            return self.js("return document.activeElement && document.activeElement.matches(arguments[0])", selector)
        except JavascriptException:
            return False

    def key(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def select_all(self):
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()

    def chord(self, modifier, key):
        ActionChains(self.driver).key_down(modifier).send_keys(key).key_up(modifier).perform()

    # The mouse.
    def click(self, selector):
        chromium.click(self.driver, self.wait, selector)

    def type_field(self, pointer, value):
        """Types `value` into the field at `pointer` (clicked first) and presses Enter."""
        self.settle()
        self.click(f'[data-field="{pointer}"]')
        self.select_all()
        self.key(str(value) + Keys.ENTER)

    def choose(self, pointer, value):
        self.settle()
        Select(self.field(pointer)).select_by_value(value)

    def select_item(self, pointer):
        self.settle()
        self.click(f".ed-clip[data-pointer='{pointer}']")
        self.wait.until(lambda _: self.js("return document.querySelector('#inspector h2').textContent.endsWith(arguments[0])", pointer))

    def add_upload(self, name, as_what):
        self.settle()
        Select(self.element("#library-src")).select_by_value(ASSETS[name])
        self.click("#add-" + as_what)

    # The keyboard alone.
    def tab_to(self, selector, limit=250):
        for _ in range(limit):
            if self.focused(selector):
                return
            self.key(Keys.TAB)
        self.fail(f"Tab never reached {selector}; focus on {self.js('return document.activeElement.outerHTML.slice(0, 200)')}")

    def press(self, selector):
        self.settle()
        self.tab_to(selector)
        self.key(Keys.ENTER)

    def key_field(self, pointer, value):
        """From the selected item: I to the inspector, Tab to the field, its value typed, Enter."""
        self.settle()
        self.tab_to(f'[data-field="{pointer}"]')
        self.select_all()
        self.key(str(value) + Keys.ENTER)
        self.wait.until(lambda _: self.focused(f'[data-field="{pointer}"]'), "the focus stays on the edited field")

    def key_choose(self, pointer, typed):
        self.settle()
        self.tab_to(f'[data-field="{pointer}"]')
        self.key(typed)

    def key_select_item(self, pointer):
        """Tab to the timeline's one stop, then ↑/↓ until `pointer` is selected; I to its inspector."""
        self.settle()
        self.tab_to(".ed-clip[tabindex='0']")
        for _ in range(20):
            if self.focused(f".ed-clip[data-pointer='{pointer}']"):
                break
            now = self.js("return document.activeElement.dataset.pointer")
            order = self.js("return [...document.querySelectorAll('.ed-clip')].map((n) => n.dataset.pointer)")
            self.key(Keys.ARROW_DOWN if order.index(now) < order.index(pointer) else Keys.ARROW_UP)
        self.assertTrue(self.focused(f".ed-clip[data-pointer='{pointer}']"), pointer)
        self.key("i")
        self.wait.until(lambda _: self.js("return document.activeElement.closest('#inspector') !== null"), "I leads to the inspector")

    def key_library(self, name, as_what):
        self.settle()
        self.tab_to("#library-src")
        self.key(name.split(".")[0])
        self.wait.until(lambda _: self.js("return document.getElementById('library-src').value") == ASSETS[name])
        self.press("#add-" + as_what)

    # ---- The clip, twice -----------------------------------------------------------------------
    def made_and_rendered(self, how):
        """The designer's clip made with `how` ("mouse" or "keyboard"), rendered from the editor: the job."""
        d = self.driver
        self.open_blank()
        mouse = how == "mouse"
        # The preview and the timeline fit one 1366×768 screen together.
        box = self.js("const p = document.querySelector('.ed-stage').getBoundingClientRect(), t = document.getElementById('timeline').getBoundingClientRect();"
                      "return [p.top, p.bottom, t.top, t.bottom, innerHeight]")
        self.assertLessEqual(box[1], box[2], "the preview above the timeline")
        self.assertLessEqual(box[3], box[4], "the timeline within the screen")

        # The output: 320×180 at 15 fps, the mix brought to −14 LUFS.
        if mouse:
            self.click("[data-action='show-output']")
            for member, value in [("width", 320), ("height", 180), ("frameRate", 15)]:
                self.type_field("/output/" + member, value)
                self.until_value("/output/" + member, value)
            self.click('[data-field="/output/audio"]')
            self.until_value("/output/audio", {})
            self.click('[data-field="/output/audio/loudness"]')
            self.until_value("/output/audio/loudness", {})
            self.type_field("/output/audio/loudness/target", -14)
        else:
            self.press("[data-action='show-output']")
            for member, value in [("width", 320), ("height", 180), ("frameRate", 15)]:
                self.key_field("/output/" + member, value)
            self.press('[data-field="/output/audio"]')
            self.until_value("/output/audio", {})
            self.press('[data-field="/output/audio/loudness"]')
            self.until_value("/output/audio/loudness", {})
            self.key_field("/output/audio/loudness/target", -14)
        self.until_value("/output/audio/loudness/target", -14)
        (self.click if mouse else self.press)("[data-action='show-output']")

        # Two clips from the library, a dissolve before the second.
        add = self.add_upload if mouse else self.key_library
        add("a-roll.mp4", "video")
        self.wait.until(lambda _: len(self.spec()["timeline"]["videos"]) == 1)
        add("b-roll.mp4", "video")
        self.wait.until(lambda _: len(self.spec()["timeline"]["videos"]) == 2)
        self.wait.until(lambda _: "b-roll.mp4" in self.js("return document.querySelector(\".ed-clip[data-pointer='/timeline/videos/1']\").textContent"),
                        "a clip is labelled with its file name")
        if mouse:
            self.select_item("/timeline/videos/1")
            self.click("[data-action='add-transition']")
        else:
            self.key_select_item("/timeline/videos/1")
            self.press("[data-action='add-transition']")
        self.until_value("/timeline/transitions", [{"type": "dissolve", "duration": 0.5}])
        self.wait.until(lambda _: self.js("return document.querySelector(\"[data-pointer='/timeline/transitions/0']\")?.textContent") == "dissolve",
                        "the transition shows on its join")

        # The rounded lower third and its title.
        item_fields = [
            ("/timeline/overlays/0", "add-shape", [("start", 1), ("duration", 5), ("radius", 12), ("frame/x", 0.5), ("frame/y", 0.85),
                                                    ("frame/width", 0.8), ("frame/height", 0.15)]),
            ("/timeline/overlays/1", "add-text", [("text", "Hello Reel"), ("start", 1), ("duration", 5), ("position/x", 0.5),
                                                   ("position/y", 0.85), ("font/size", 24)]),
        ]
        for pointer, action, fields in item_fields:
            if mouse:
                self.click(f"[data-action='{action}']")
            else:
                self.press(f"[data-action='{action}']")
            self.wait.until(lambda _: self.at(pointer) is not None)
            if not mouse:
                self.key_select_item(pointer)
            for member, value in fields:
                (self.type_field if mouse else self.key_field)(f"{pointer}/{member}", value)
                self.until_value(f"{pointer}/{member}", value)

        # The logo, multiplied.
        add("logo.png", "overlay")
        self.wait.until(lambda _: self.at("/timeline/overlays/2") is not None)
        if not mouse:
            self.key_select_item("/timeline/overlays/2")
        for member, value in [("frame/x", 0.9), ("frame/y", 0.15), ("frame/width", 0.15)]:
            (self.type_field if mouse else self.key_field)("/timeline/overlays/2/" + member, value)
            self.until_value("/timeline/overlays/2/" + member, value)
        if mouse:
            self.choose("/timeline/overlays/2/blend", "multiply")
        else:
            self.key_choose("/timeline/overlays/2/blend", "mu")
        self.until_value("/timeline/overlays/2/blend", "multiply")

        # The green-screen clip, keyed, from 9 s.
        add("green.mp4", "overlay")
        self.wait.until(lambda _: self.at("/timeline/overlays/3") is not None)
        if not mouse:
            self.key_select_item("/timeline/overlays/3")
        for member, value in [("start", 9), ("frame/x", 0.25), ("frame/y", 0.5), ("frame/width", 0.4)]:
            (self.type_field if mouse else self.key_field)("/timeline/overlays/3/" + member, value)
            self.until_value("/timeline/overlays/3/" + member, value)
        (self.click if mouse else self.press)('[data-field="/timeline/overlays/3/chromaKey"]')
        self.until_value("/timeline/overlays/3/chromaKey", {})

        # A voice-over at 5 s, and music ducked under it.
        add("voice.wav", "voiceOver")
        self.wait.until(lambda _: self.at("/timeline/voiceOvers/0") is not None)
        if not mouse:
            self.key_select_item("/timeline/voiceOvers/0")
        (self.type_field if mouse else self.key_field)("/timeline/voiceOvers/0/start", 5)
        self.until_value("/timeline/voiceOvers/0/start", 5)
        add("music.wav", "music")
        self.wait.until(lambda _: self.at("/timeline/music/0") is not None)
        if mouse:
            self.select_item("/timeline/music/0")
            self.choose("/timeline/music/0/duckUnder", "voiceOvers")
        else:
            self.key_select_item("/timeline/music/0")
            self.key_choose("/timeline/music/0/duckUnder", "v")
        self.until_value("/timeline/music/0/duckUnder", "voiceOvers")

        # Two placeholders: the title's text and the lower third's colour, made from the inspector.
        for pointer, field, name in [("/timeline/overlays/1", "text", "title"), ("/timeline/overlays/0", "fill", "accent")]:
            if mouse:
                self.select_item(pointer)
                self.click(f'[data-placeholder="{pointer}/{field}"]')
            else:
                self.key_select_item(pointer)
                self.press(f'[data-placeholder="{pointer}/{field}"]')
            self.wait.until(lambda _: self.focused("#placeholder-name"))
            self.select_all()
            self.key(name + Keys.ENTER)
            self.until_value(f"{pointer}/{field}", "{{" + name + "}}")
        # A template is previewed with its sample values, never "Not valid".
        self.settle()
        self.wait.until(lambda _: self.js("return document.getElementById('editor-verdict').textContent").startswith("Valid (a template"))
        self.assertEqual(self.js("return document.getElementById('sample-title').value"), "Hello Reel")
        self.assertEqual(self.js("return document.getElementById('sample-accent').value"), "#FF3366")
        self.assertEqual(self.js("return ['title', 'accent'].map((n) => document.getElementById('type-' + n).value)"), ["text", "color"],
                         "each placeholder typed as its control")
        # Saved as a template: its placeholders typed, their defaults the values previewed with.
        before = {t["id"] for t in call("GET", "/v1/templates?limit=100")["templates"]}
        (self.click if mouse else self.press)("#save-template")
        self.wait.until(lambda _: {t["id"] for t in call("GET", "/v1/templates?limit=100")["templates"]} - before)
        saved = call("GET", "/v1/templates/" + ({t["id"] for t in call("GET", "/v1/templates?limit=100")["templates"]} - before).pop())
        self.assertEqual(saved["placeholders"], {"title": {"type": "text", "default": "Hello Reel", "required": True},
                                                 "accent": {"type": "color", "default": "#FF3366", "required": True}})
        self.driver.save_screenshot(os.path.join(ARTEFACTS, f"editor-{how}.png"))

        # Rendered from the editor; the work is kept: Back opens it again, history and all.
        made = self.spec()
        (self.click if mouse else self.press)("#render")
        self.wait.until(lambda _: self.js("return location.hash").startswith("#/jobs/job_"))
        job_id = self.js("return location.hash").split("/")[-1]
        d.back()
        self.settle()
        self.assertEqual(self.spec(), made, "Back: the same spec")
        self.chord(Keys.CONTROL, "z")
        self.wait.until(lambda _: self.at("/timeline/overlays/0/fill") == "#FF3366", "and its undo history")
        d.refresh()
        self.settle()
        self.assertEqual(self.at("/timeline/overlays/0/fill"), "#FF3366", "a reload keeps the state too")
        return wait_job(job_id), made

    def check_against_the_hand_written_spec(self, job, made):
        if EditorTests.reference is None:
            EditorTests.reference = render(hand_written())
        reference = EditorTests.reference
        placeholders = {"title": "Hello Reel", "accent": "#FF3366"}
        filled = json.loads(json.dumps(made).replace("{{title}}", placeholders["title"]).replace("{{accent}}", placeholders["accent"]))
        self.assertEqual(job["spec"], filled, "the editor renders its spec with the placeholders' sample values")
        for stream in ("v", "a"):
            self.assertEqual(decoded(job, stream), decoded(reference, stream), f"the {stream} stream decodes identically")

    def test_the_clip_made_with_the_mouse(self):
        job, made = self.made_and_rendered("mouse")
        self.check_against_the_hand_written_spec(job, made)

    def test_the_clip_made_with_the_keyboard_alone(self):
        job, made = self.made_and_rendered("keyboard")
        self.check_against_the_hand_written_spec(job, made)

    # ---- Fifty edits, undone and redone ---------------------------------------------------------
    def test_undo_and_redo_over_fifty_mixed_edits(self):
        self.open_blank()
        specs = [self.spec()]

        def edited():
            self.wait.until(lambda _: self.spec() != specs[-1], "each edit changes the spec")
            specs.append(self.spec())

        actions = ["add-color", "add-text", "add-shape", "add-color", "add-audiogram"]
        for i in range(50):
            kind = i % 5
            if kind == 0 or len(specs) < 6:
                self.click(f"[data-action='{actions[i % len(actions)]}']")
            elif kind == 1:
                self.select_item("/timeline/videos/0")
                self.type_field("/timeline/videos/0/duration", 2 + i / 10)
            elif kind == 2:
                # A frame more for the first item (an overlay while there is one) with the keyboard.
                self.select_item(self.js("return document.querySelector(\".ed-clip[data-pointer^='/timeline/overlays/']\")?.dataset.pointer || '/timeline/videos/0'"))
                self.settle()
                self.key("]")
            elif kind == 3:
                self.select_item("/timeline/videos/0")
                self.click("[data-action='duplicate']")
            else:
                pointer = self.js("return [...document.querySelectorAll('.ed-clip')].at(-1).dataset.pointer")
                self.select_item(pointer)
                self.key(Keys.DELETE)
            edited()
        self.assertEqual(len(specs), 51)
        for i in range(49, -1, -1):
            self.chord(Keys.CONTROL, "z")
            self.wait.until(lambda _: self.spec() == specs[i], f"undo to step {i}")
        for i in range(1, 51):
            ActionChains(self.driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
            self.wait.until(lambda _: self.spec() == specs[i], f"redo to step {i}")

    # ---- Timeline craft and the canvas ----------------------------------------------------------
    def test_timeline_craft_and_the_canvas(self):
        d = self.driver
        self.open_blank()
        self.click("[data-action='show-output']")
        for member, value in [("width", 320), ("height", 180), ("frameRate", 25)]:
            self.type_field("/output/" + member, value)
            self.until_value("/output/" + member, value)
        self.click("[data-action='show-output']")
        # An upload from the library list: Enter on its entry adds it (a video: to the videos).
        self.settle()
        entry = self.element(f"[data-src='{ASSETS['a-roll.mp4']}'][data-asset]")
        self.js("arguments[0].focus()", entry)
        self.key(Keys.ENTER)
        self.wait.until(lambda _: self.at("/timeline/videos/0") == {"src": ASSETS["a-roll.mp4"]})
        for _ in range(2):
            self.click("[data-action='add-color']")
        self.wait.until(lambda _: len(self.spec()["timeline"]["videos"]) == 3)
        self.select_item("/timeline/videos/2")
        self.click("[data-action='add-transition']")
        self.select_item("/timeline/videos/1")
        self.click("[data-action='add-transition']")
        self.until_value("/timeline/transitions", [{"type": "dissolve", "duration": 0.5}, {"type": "dissolve", "duration": 0.5}])

        # The end marker sits at the timeline's end: 8 + 3 + 3 − 2 × 0.5 = 13 s.
        self.settle()
        self.wait.until(lambda _: self.js("return document.getElementById('timeline-end').dataset.time") == "13")
        # Split the card at the playhead (S): two halves, a cut between them, the dissolves kept.
        self.select_item("/timeline/videos/1")
        self.js("window.reelEditor.seek('9')")
        self.wait.until(lambda _: self.js("return window.reelEditor.time()") == "9/1")
        self.key("s")
        self.wait.until(lambda _: len(self.spec()["timeline"]["videos"]) == 4)
        videos, transitions = self.spec()["timeline"]["videos"], self.spec()["timeline"]["transitions"]
        self.assertEqual([v.get("duration") for v in videos[1:3]], [1.5, 1.5], "7.5 s is the card's start: 9 − 7.5 = 1.5 s in")
        self.assertEqual(transitions, [{"type": "dissolve", "duration": 0.5}, None, {"type": "dissolve", "duration": 0.5}])
        # Removing a clip between two dissolves keeps one and says so where it can be seen.
        self.select_item("/timeline/videos/3")
        self.key(Keys.DELETE)
        self.wait.until(lambda _: len(self.spec()["timeline"]["videos"]) == 3)
        self.assertIn("went with it", self.js("return document.getElementById('toast').textContent"))
        self.assertTrue(self.js("return !document.getElementById('toast').hidden"), "said on the page, not only to screen readers")
        self.assertEqual(self.js("return document.activeElement.dataset.pointer"), "/timeline/videos/2", "the focus on the clip that took its place")

        # Multi-select, copy, paste at the end; undo.
        self.select_item("/timeline/videos/1")
        ActionChains(d).key_down(Keys.SHIFT).click(self.element(".ed-clip[data-pointer='/timeline/videos/2']")).key_up(Keys.SHIFT).perform()
        self.wait.until(lambda _: self.js("return document.querySelectorAll('.ed-clip.selected').length") == 2)
        before = self.spec()
        self.chord(Keys.CONTROL, "c")
        self.chord(Keys.CONTROL, "v")
        self.wait.until(lambda _: len(self.spec()["timeline"]["videos"]) == 5)
        self.assertEqual(self.spec()["timeline"]["videos"][3:], before["timeline"]["videos"][1:3], "pasted after the selection")
        self.chord(Keys.CONTROL, "z")
        self.wait.until(lambda _: self.spec() == before)

        # A trim snaps: the card's end dragged near the playhead lands on it exactly.
        self.js("window.reelEditor.seek('9.52')")
        self.wait.until(lambda _: self.js("return window.reelEditor.time()") == "238/25")
        self.settle()
        handle = self.element(".ed-clip[data-pointer='/timeline/videos/1'] .ed-handle.end")
        zoom = self.js("const r = document.querySelector(\".ed-clip[data-pointer='/timeline/videos/1']\").getBoundingClientRect(); return r.width / 1.5")
        end_x = self.js("return document.querySelector(\".ed-clip[data-pointer='/timeline/videos/1'] .ed-handle.end\").getBoundingClientRect().right")
        head_x = self.js("return document.getElementById('playhead').getBoundingClientRect().left")
        ActionChains(d).click_and_hold(handle).move_by_offset(5, 0).move_by_offset(int(head_x - end_x) - 2, 0).release().perform()
        self.wait.until(lambda _: self.at("/timeline/videos/1/duration") != 1.5)
        self.assertEqual(self.at("/timeline/videos/1/duration"), 2.02, f"snapped to the playhead (zoom {zoom:.1f} px/s)")

        # The canvas: a shape moved and resized with its handles, written back in its own units.
        self.click("[data-action='add-shape']")
        self.wait.until(lambda _: self.at("/timeline/overlays/0") is not None)
        self.select_item("/timeline/overlays/0")
        self.type_field("/timeline/overlays/0/frame/x", "160px")
        self.until_value("/timeline/overlays/0/frame/x", "160px")
        self.settle()
        box = self.element(".ed-box[data-handle='move']")
        self.wait.until(lambda _: box.is_displayed())
        image = self.js("const r = document.getElementById('preview').getBoundingClientRect(); return [r.width, r.height]")
        frame = self.at("/timeline/overlays/0/frame")
        ActionChains(d).click_and_hold(box).move_by_offset(5, 0).move_by_offset(int(image[0] / 10) - 5, int(image[1] / 10)).release().perform()
        self.wait.until(lambda _: self.at("/timeline/overlays/0/frame/x") != "160px")
        moved_frame = self.at("/timeline/overlays/0/frame")
        self.assertTrue(moved_frame["x"].endswith("px"), "x stays in pixels")
        self.assertAlmostEqual(float(moved_frame["x"][:-2]), 160 + 32, delta=3, msg="a tenth of the width to the right")
        self.assertAlmostEqual(moved_frame["y"], frame["y"] + 0.1, delta=0.02)
        grip = self.element(".ed-box [data-handle='resize-se']")
        ActionChains(d).click_and_hold(grip).move_by_offset(5, 0).move_by_offset(int(image[0] / 10) - 5, 0).release().perform()
        self.wait.until(lambda _: self.at("/timeline/overlays/0/frame/width") != frame["width"])
        self.assertAlmostEqual(self.at("/timeline/overlays/0/frame/width"), frame["width"] + 0.1, delta=0.02)

        # Keyframes: opacity keyed at the playhead from its field; the diamond dragged, then deleted.
        # (The shape was added at the playhead, 9.52 s: a second into it.)
        self.assertEqual(self.at("/timeline/overlays/0/start"), 9.52)
        self.js("window.reelEditor.seek('10.52')")
        self.type_field("/timeline/overlays/0/opacity", 0.5)
        self.until_value("/timeline/overlays/0/opacity", 0.5)
        self.click("[data-keyframe-add='/timeline/overlays/0/opacity']")
        self.until_value("/timeline/overlays/0/keyframes", [{"time": 1, "opacity": 0.5}])
        self.settle()
        diamond = self.element("[data-keyframe='/timeline/overlays/0/keyframes/0']")
        px = self.js("return document.querySelector(\".ed-clip[data-pointer='/timeline/overlays/0']\").getBoundingClientRect().width / 3")
        ActionChains(d).click_and_hold(diamond).move_by_offset(int(px), 0).release().perform()
        self.wait.until(lambda _: self.at("/timeline/overlays/0/keyframes/0/time") != 1)
        moved_to = fractions.Fraction(str(self.at("/timeline/overlays/0/keyframes/0/time")))
        self.assertEqual((moved_to * 25).denominator, 1, "on a frame")
        self.assertAlmostEqual(float(moved_to), 2, delta=0.1)
        self.click("[data-keyframe='/timeline/overlays/0/keyframes/0']")
        self.wait.until(lambda _: self.js("return document.querySelector('#inspector h2').textContent.endsWith('/keyframes/0')"))
        self.key(Keys.DELETE)
        self.wait.until(lambda _: self.at("/timeline/overlays/0/keyframes") is None)

        # Everything else the spec holds, added with its button: each shape, captions typed as cues, a
        # Lottie (the library's), an audiogram; the spec stays valid.
        for shape in ["ellipse", "polygon", "line", "path"]:
            Select(self.element("#shape-type")).select_by_value(shape)
            count = len(self.spec()["timeline"]["overlays"])
            self.click("[data-action='add-shape']")
            self.wait.until(lambda _: len(self.spec()["timeline"]["overlays"]) == count + 1)
            self.assertEqual(self.spec()["timeline"]["overlays"][-1]["shape"], shape)
        self.click("[data-action='add-captions']")
        self.wait.until(lambda _: self.js("return document.getElementById('cues-dialog').open"))
        cues = self.element("#cues-text")
        cues.clear()
        cues.send_keys("00:00.000 --> 00:01.500\nFirst words\n\n00:01.500 --> 00:03.000\nSecond words")
        self.click("#cues-ok")
        self.wait.until(lambda _: self.spec()["timeline"]["overlays"][-1].get("type") == "captions")
        captions = self.spec()["timeline"]["overlays"][-1]["src"]
        self.assertTrue(captions.startswith("upload:asset_"), captions)
        self.click("[data-action='add-lottie']")
        self.wait.until(lambda _: self.spec()["timeline"]["overlays"][-1].get("type") == "lottie")
        self.assertEqual(self.spec()["timeline"]["overlays"][-1]["src"], ASSETS["spin.json"])
        self.click("[data-action='add-audiogram']")
        self.wait.until(lambda _: self.spec()["timeline"]["overlays"][-1].get("type") == "waveform")
        self.settle()
        self.wait.until(lambda _: self.js("return document.getElementById('editor-verdict').textContent").startswith("Valid"))

        # Zoom in, then fit: the whole timeline in view again.
        for _ in range(3):
            self.click("#zoom-in")
        self.wait.until(lambda _: self.js("const t = document.getElementById('timeline'); return t.scrollWidth > t.clientWidth + 50"))
        self.click("[data-action='zoom-fit']")
        self.wait.until(lambda _: self.js("const t = document.getElementById('timeline'), e = document.getElementById('timeline-end');"
                                          "return e.getBoundingClientRect().right <= t.getBoundingClientRect().right"))
        # The shortcuts are listed on ?.
        self.js("document.getElementById('playhead').focus()")
        self.key("?")
        self.wait.until(lambda _: self.js("return document.getElementById('shortcuts').open"))
        self.assertIn("split at the playhead", self.js("return document.getElementById('shortcuts').textContent"))
        self.key(Keys.ESCAPE)

    # ---- The frame under the playhead -----------------------------------------------------------
    def test_each_preview_is_the_frame_under_the_playhead(self):
        self.driver.get(URL + "/console/")
        self.js("sessionStorage.setItem('reel-key', arguments[0]); localStorage.clear()", KEY)
        job = call("POST", "/v1/jobs", {"version": 1, "output": {"width": 160, "height": 90, "frameRate": 30},
                                        "timeline": {"videos": [{"src": ASSETS["counter.mp4"]}]}})
        self.driver.get(URL + "/console/#/edit?job=" + job["id"])
        self.settle()
        self.wait.until(lambda _: self.js("return document.getElementById('editor').dataset.duration") == "4")
        # The source's own frames (160×90, 30 fps: an exact third of a frame is not a decimal time).
        raw = subprocess.run(["ffmpeg", "-v", "error", "-i", os.path.join(FIXTURES, "counter.mp4"), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                             check=True, capture_output=True).stdout
        size = 160 * 90
        frames = [[round(0.299 * raw[p] + 0.587 * raw[p + 1] + 0.114 * raw[p + 2]) for p in range(k * size * 3, (k + 1) * size * 3, 3)]
                  for k in range(len(raw) // (size * 3))]
        self.assertEqual(len(frames), 120)
        ruler = self.element("#ruler")
        width = self.js("return document.getElementById('ruler').getBoundingClientRect().width")
        end = self.js("return document.getElementById('timeline-end').getBoundingClientRect().left - document.getElementById('ruler').getBoundingClientRect().left")
        positions = [int(3 + k * (end - 6) / 30) for k in range(30)]
        seen = set()
        for x in positions:
            ActionChains(self.driver).move_to_element_with_offset(ruler, x - width / 2, 0).click().perform()
            at = self.js("return document.getElementById('playhead').dataset.time")
            self.wait.until(lambda _: self.js("return document.getElementById('preview').dataset.time") == at
                            and self.js("const i = document.getElementById('preview'); return i.complete && i.naturalWidth > 0"))
            exact = fractions.Fraction(self.js("return window.reelEditor.time()"))
            self.assertEqual((exact * 30).denominator, 1, f"{exact} is a frame's start")
            self.assertEqual(fractions.Fraction(at), exact, "the playhead shows the same exact time")
            k = int(exact * 30)
            pixels = self.js("const i = document.getElementById('preview'), c = document.createElement('canvas');"
                             "c.width = i.naturalWidth; c.height = i.naturalHeight; const g = c.getContext('2d'); g.drawImage(i, 0, 0);"
                             "const d = g.getImageData(0, 0, c.width, c.height).data, out = [];"
                             "for (let p = 0; p < d.length; p += 4) out.push(Math.round(0.299 * d[p] + 0.587 * d[p + 1] + 0.114 * d[p + 2]));"
                             "return out")
            self.assertEqual(len(pixels), size)
            distances = {j: sum(abs(a - b) for a, b in zip(pixels, frames[j])) / size for j in range(max(0, k - 2), min(120, k + 3))}
            self.assertEqual(min(distances, key=distances.get), k, f"the preview at {exact} s is frame {k}: {distances}")
            seen.add(k)
        self.assertGreaterEqual(len(seen), 25, "thirty positions, nearly all different frames")
        self.assertTrue(any(k % 3 for k in seen), "positions whose time is not a decimal (k/30)")


if __name__ == "__main__":
    unittest.main()
