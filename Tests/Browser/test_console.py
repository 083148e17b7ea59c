"""The web console in a real browser: Debian's Chromium, headless, driven by Selenium through
Debian's chromedriver, against a real `reel serve` that ConsoleTests started (REEL_URL, REEL_KEY;
REEL_TEST_CLIP is a small H.264 clip to upload; screenshots go to REEL_ARTEFACTS)."""

import io
import json
import math
import os
import struct
import unittest
import urllib.error
import urllib.request
import sys
import wave

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402  (Tests/Browser/chromium.py)

URL, KEY = os.environ["REEL_URL"], os.environ["REEL_KEY"]
CLIP, ARTEFACTS = os.environ["REEL_TEST_CLIP"], os.environ["REEL_ARTEFACTS"]

# Renders for a few seconds here (a debug build), so its progress can be watched moving.
LONG = {"version": 1, "output": {"width": 1280, "height": 720, "frameRate": 30, "video": {"preset": "medium"}},
        "timeline": {"videos": [{"color": "#336699", "duration": 8}]}}
QUICK = {"version": 1, "metadata": {"name": "A quick one"}, "output": {"width": 320, "height": 180, "frameRate": 25},
         "timeline": {"videos": [{"color": "#AA3300", "duration": 2}]}}
HLS = {"version": 1, "output": {"format": "hls", "width": 320, "height": 180, "frameRate": 25, "hls": {"segmentDuration": 1}},
       "timeline": {"videos": [{"color": "#118844", "duration": 3}]}}
# A progressive ladder far longer than the test waits: it plays on the job's page while it renders,
# then the test cancels it.
LIVE = {"version": 1, "output": {"format": "hls", "width": 640, "height": 360, "frameRate": 25, "video": {"preset": "medium"},
                                 "hls": {"segmentDuration": 1, "progressive": True, "renditions": [{"height": 360}]}},
        "timeline": {"videos": [{"color": "#224488", "duration": 600}]}}
# Two named outputs and a poster: each plays (or shows) on the job's page, with its own download.
OUTPUTS = {"version": 1, "outputs": [{"name": "wide", "width": 320, "height": 180, "frameRate": 25},
                                     {"name": "small", "format": "webm", "width": 160, "height": 90, "frameRate": 25},
                                     {"name": "poster", "format": "png", "width": 160, "height": 90, "time": 1}],
           "timeline": {"videos": [{"color": "#884411", "duration": 2}]}}
INVALID = '{\n  "version": 1,\n  "timeline": { "videos": [ { "color": "#000000", "duration": 1, "durration": 2 } ] }\n}'


def post(path, body):
    request = urllib.request.Request(URL + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return json.load(r)["id"]


def status(method, path, key, body=None):
    """The status of an API request made with `key`, outside the browser."""
    request = urllib.request.Request(URL + path, data=None if body is None else json.dumps(body).encode(), method=method,
                                     headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def submit(spec):
    return post("/v1/jobs", spec)


class ConsoleTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.driver, cls.wait = chromium.start(1280, 900, "--autoplay-policy=no-user-gesture-required")

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(ARTEFACTS, name + ".png"))

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def text(self, selector):
        """The text of the first element `selector` finds now ("" when none): read in the page,
        so an element the console has just replaced is never a stale reference."""
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.textContent : ''", selector)

    def click(self, selector):
        chromium.click(self.driver, self.wait, selector)

    def set_editor(self, text):
        self.js("const e = document.getElementById('spec-editor'); e.value = arguments[0];"
                "e.dispatchEvent(new Event('input'));", text)

    def test_the_console(self):
        d, wait = self.driver, self.wait
        d.get(URL + "/console/")
        # Keyboard: the skip link takes the focus to the content (without leaving the page), and
        # the first stop there is the key's field.
        wait.until(lambda _: d.find_elements(By.ID, "key"))
        self.js("document.querySelector('.skip').focus()")
        ActionChains(d).send_keys(Keys.ENTER).perform()
        self.assertEqual(self.js("return document.activeElement.id"), "main")
        self.assertEqual(self.js("return getComputedStyle(document.getElementById('main')).outlineStyle"), "none",
                         "no ring around the whole page when it takes the focus")
        self.assertFalse(d.find_element(By.ID, "sign-out").is_displayed(), "nothing to sign out of on the sign-in page")
        ActionChains(d).send_keys(Keys.TAB).perform()
        self.assertEqual(self.js("return document.activeElement.id"), "key")

        # Sign in: a wrong key is refused, the right one opens the jobs.
        wait.until(lambda _: d.find_elements(By.ID, "key"))
        self.shot("01-sign-in")
        d.find_element(By.ID, "key").send_keys("not-the-key-0123456789")
        d.find_element(By.CSS_SELECTOR, "#sign-in button").click()
        wait.until(lambda _: "refused" in self.text("#sign-in-error"))
        d.find_element(By.ID, "key").clear()
        d.find_element(By.ID, "key").send_keys(KEY)
        d.find_element(By.CSS_SELECTOR, "#sign-in button").click()
        wait.until(lambda _: self.text("h1") == "Jobs")
        # The project is named in the header; Sign out is offered now.
        wait.until(lambda _: self.text("#project").startswith("Project prj_"))
        self.assertTrue(d.find_element(By.ID, "sign-out").is_displayed())

        # A job submitted elsewhere appears in the list and its progress bar moves to 100 %.
        job = submit(LONG)
        row = "row-" + job
        seen = []

        def sample(_):
            """Records the row's status and bar now; done once it has succeeded."""
            state = self.js("const r = document.getElementById(arguments[0]);"
                            "return r ? [r.dataset.status, Number(r.querySelector('progress').value)] : null;", row)
            if state:
                seen.append(tuple(state))
            return bool(state) and state[0] == "succeeded"

        WebDriverWait(d, 120, poll_frequency=0.05).until(sample)
        self.shot("02-jobs")
        self.assertEqual(seen[-1], ("succeeded", 1.0), seen[-5:])
        moving = sorted({p for s, p in seen if s == "running" and 0 < p < 1})
        self.assertGreaterEqual(len(moving), 2, f"the bar moved while it ran: {seen}")

        # Its page: the output plays, with a strip of thumbnails.
        d.find_element(By.LINK_TEXT, job).click()
        wait.until(lambda _: d.find_elements(By.ID, "output"))
        wait.until(lambda _: self.js("return document.getElementById('output').readyState") >= 2)
        # play() again on each look (a muted autoplay may be held back until then).
        wait.until(lambda _: self.js("var v = document.getElementById('output'); if (!v) return 0; v.play(); return v.currentTime") > 0.5)
        wait.until(lambda _: len(d.find_elements(By.CSS_SELECTOR, "#thumbnails img")) == 5)
        wait.until(lambda _: all(self.js("return arguments[0].naturalWidth", i) == 160
                                 for i in d.find_elements(By.CSS_SELECTOR, "#thumbnails img")))
        self.assertEqual(json.loads(self.text("#spec")), LONG)
        self.assertEqual(self.text(".actions"), "DeleteDownloadEdit a copyCopy as curl", "a finished job cannot be cancelled")
        d.find_element(By.ID, "copy-curl").click()
        self.assertIn(f"/v1/jobs/{job}", self.text("#curl"))
        self.shot("03-job")

        # An HLS output plays in the browser's own player, through its link.
        hls = submit(HLS)
        d.get(URL + "/console/#/jobs/" + hls)
        # The player is looked up at each look: it appears once the job has succeeded.
        player = "var v = document.getElementById('output'); return v ? v.%s : null"
        wait.until(lambda _: f"/v1/jobs/{hls}/output?expires=" in (self.js(player % "src") or ""))
        self.assertIn(f"/v1/jobs/{hls}/output?expires=", self.js(player % "src"), "its link, the master playlist")
        wait.until(lambda _: (self.js(player % "readyState") or 0) >= 2)
        self.js("document.getElementById('output').play()")
        wait.until(lambda _: self.js("return document.getElementById('output').currentTime") > 0.5)
        self.shot("03b-hls")

        # A progressive output plays on the job's page while the job renders (the console's own
        # HLS player: the browser's does not follow a growing playlist); canceled, it goes.
        # Reached through the list, left as the list's page begins (the job's page asked for at its
        # hash change): the list's page, still on its way, must draw nothing after the job's page.
        live = submit(LIVE)
        self.js("window.addEventListener('hashchange', () => { location.hash = '#/jobs/' + arguments[0]; }, { once: true });"
                "location.hash = '#/jobs';", live)
        player = "var v = document.getElementById('playing'); return v ? v.%s : null"
        wait.until(lambda _: f"/v1/jobs/{live}/output?expires=" in (self.js("var v = document.getElementById('playing');"
                                                                          " return v ? v.dataset.playlist : null") or ""))
        wait.until(lambda _: (self.js(player % "readyState") or 0) >= 2)
        wait.until(lambda _: self.js("var v = document.getElementById('playing'); v.play(); return v.currentTime") > 0.5)
        self.assertEqual((self.js(player % "videoWidth"), self.js(player % "videoHeight")), (640, 360))
        self.assertEqual(self.text("#job-status"), "running", "played while it renders")
        self.assertEqual(self.text("#media h2"), "Playing as it renders")
        # It stays the same player while the job's events arrive (the list's events stream, had it
        # been left running, would draw the page again at each: the job is in no row here).
        self.js("document.getElementById('playing').dataset.kept = 'yes'")
        moved = self.js("return document.querySelector('#job-details progress').value")
        wait.until(lambda _: self.js("return document.querySelector('#job-details progress').value") > moved)
        self.assertEqual(self.js("var v = document.getElementById('playing'); return v ? v.dataset.kept : null"), "yes")
        self.shot("03c-live")
        d.find_element(By.ID, "cancel").click()
        wait.until(lambda _: self.text("#job-status") == "canceled")
        wait.until(lambda _: d.find_elements(By.ID, "playing") == [])
        self.assertEqual(status("DELETE", f"/v1/jobs/{live}", KEY), 204, "gone from the list below")

        # A job with outputs: each plays or shows through its own link, each with a download, the
        # videos with their thumbnails.
        many = submit(OUTPUTS)
        d.get(URL + "/console/#/jobs/" + many)
        for name in ("wide", "small"):
            player = f"var v = document.getElementById('output-{name}'); return v ? v.%s : null"
            wait.until(lambda _: f"/v1/jobs/{many}/outputs/{name}?expires=" in (self.js(player % "src") or ""))
            wait.until(lambda _: (self.js(player % "readyState") or 0) >= 2)
            wait.until(lambda _: self.js(f"var v = document.getElementById('output-{name}'); v.play(); return v.currentTime") > 0.5)
        wait.until(lambda _: len(d.find_elements(By.CSS_SELECTOR, "#thumbnails-wide img")) == 5)
        self.assertEqual(d.find_elements(By.CSS_SELECTOR, "#thumbnails-small img"), [], "thumbnails of the first video only")
        wait.until(lambda _: self.js("var i = document.getElementById('output-poster'); return i ? i.naturalWidth : 0") == 160)
        self.assertEqual([a.get_attribute("id") for a in d.find_elements(By.CSS_SELECTOR, ".actions a[download]")],
                         ["download-wide", "download-small", "download-poster"])
        self.assertIn(f"/v1/jobs/{many}/outputs/poster?expires=", d.find_element(By.ID, "download-poster").get_attribute("href"))
        self.assertEqual(d.find_elements(By.ID, "output"), [], "no one output")
        self.shot("03d-outputs")

        # A new job: an invalid spec shows its problems at their pointers, and a click selects the place.
        d.get(URL + "/console/#/new")
        wait.until(lambda _: d.find_elements(By.ID, "spec-editor"))
        self.set_editor(INVALID)
        wait.until(lambda _: any(b.text == "/timeline/videos/0/durration"
                                 for b in d.find_elements(By.CSS_SELECTOR, "#problems button")))
        self.shot("04-invalid")
        next(b for b in d.find_elements(By.CSS_SELECTOR, "#problems button") if b.text == "/timeline/videos/0/durration").click()
        start = self.js("return document.getElementById('spec-editor').selectionStart")
        self.assertEqual(INVALID[start:start + 11], '"durration"')
        # Fixed, it validates as typed and submits.
        self.set_editor(json.dumps(QUICK, indent=2))
        wait.until(lambda _: "Valid: 2 s, 50 frames" in self.text("#verdict"))
        d.find_element(By.ID, "submit").click()
        wait.until(lambda _: self.text("h1").startswith("Job job_"))
        wait.until(lambda _: self.text("#job-status") == "succeeded")
        self.shot("05-submitted")

        # From a template: a form of its placeholders.
        template = post("/v1/templates", {"name": "Card", "spec": {"version": 1, "output": {"width": 160, "height": 90},
                                          "timeline": {"videos": [{"color": "{{colour}}", "duration": "{{seconds}}"}]}}})
        d.get(URL + "/console/#/new")
        wait.until(lambda _: d.find_elements(By.ID, "template"))
        Select(d.find_element(By.ID, "template")).select_by_value(template)
        d.find_element(By.ID, "merge-colour").send_keys("#00AA55")
        d.find_element(By.ID, "merge-seconds").send_keys("1")
        d.find_element(By.CSS_SELECTOR, "#template-form button").click()
        wait.until(lambda _: self.text("h1").startswith("Job job_"))
        wait.until(lambda _: self.text("#job-status") == "succeeded")
        self.assertIn('"#00AA55"', self.text("#spec"))

        # A typed template: its form shows each label, a number field for a number with its default,
        # and the job's spec holds the number as a number.
        typed = post("/v1/templates", {"name": "Typed card", "spec": {"version": 1, "output": {"width": 160, "height": 90},
                                       "timeline": {"videos": [{"color": "{{colour}}", "duration": "{{seconds}}"}]}},
                                       "placeholders": {"colour": {"type": "color", "label": "Card colour"},
                                                        "seconds": {"type": "number", "label": "Length", "default": 1}}})
        d.get(URL + "/console/#/new")
        wait.until(lambda _: d.find_elements(By.ID, "template"))
        Select(d.find_element(By.ID, "template")).select_by_value(typed)
        self.assertEqual(self.text('label[for="merge-colour"]').strip(), "Card colour")
        self.assertEqual(self.text('label[for="merge-seconds"]').strip(), "Length (optional)")
        seconds = d.find_element(By.ID, "merge-seconds")
        self.assertEqual((seconds.get_attribute("type"), seconds.get_attribute("value")), ("number", "1"))
        d.find_element(By.ID, "merge-colour").send_keys("#00AA55")
        seconds.clear()
        seconds.send_keys("2")
        d.find_element(By.CSS_SELECTOR, "#template-form button").click()
        # The new job's page: its heading names the job the address names (read once both agree,
        # not a heading left from the page before).
        wait.until(lambda _: d.current_url.split("#/jobs/")[-1] if "#/jobs/" in d.current_url
                   and self.text("h1") == "Job " + d.current_url.split("#/jobs/")[-1] else False)
        typed_job = d.current_url.split("#/jobs/")[-1]
        job = json.loads(urllib.request.urlopen(urllib.request.Request(
            URL + "/v1/jobs/" + typed_job, headers={"Authorization": "Bearer " + KEY})).read())
        self.assertEqual(job["spec"]["timeline"]["videos"][0], {"color": "#00AA55", "duration": 2})

        # The list filtered by status.
        d.get(URL + "/console/#/jobs?status=succeeded")
        wait.until(lambda _: d.find_elements(By.CSS_SELECTOR, "#jobs tbody tr"))
        self.assertEqual(set(self.js("return [...document.querySelectorAll('#jobs tbody tr')].map((r) => r.dataset.status)")), {"succeeded"})
        self.assertEqual(self.js("return document.getElementById('status-filter').value"), "succeeded")
        # And searched by a part of its name (the spec's metadata.name, either case), the status kept.
        d.find_element(By.ID, "name-search").send_keys("QUICK" + Keys.ENTER)
        wait.until(lambda _: self.js("return location.hash") == "#/jobs?status=succeeded&name=QUICK")
        wait.until(lambda _: len(d.find_elements(By.CSS_SELECTOR, "#jobs tbody tr")) == 1 and "A quick one" in self.text("#jobs tbody"))

        # An upload through the file input: its progress and its probe.
        d.get(URL + "/console/#/uploads")
        wait.until(lambda _: d.find_elements(By.ID, "file"))
        d.find_element(By.ID, "file").send_keys(CLIP)
        wait.until(lambda _: "upload:asset_" in self.text("#upload-result"))
        self.assertEqual(self.js("return document.getElementById('upload-progress').value"), 1)
        self.assertIn('"duration"', self.text("#upload-result"))
        # The library lists it, newest first, with its src and a way into the editor with it.
        uploaded = self.text("#upload-result").split("\n")[0]
        wait.until(lambda _: self.js("return document.querySelector('#assets tbody tr')?.dataset.src") == uploaded)
        self.assertIn(os.path.basename(CLIP), self.text("#assets tbody tr"))
        self.assertEqual(self.js("return document.querySelector('#assets tbody tr a').getAttribute('href')"),
                         "#/edit?add=" + uploaded.replace(":", "%3A"))
        self.shot("06-upload")
        d.find_element(By.CSS_SELECTOR, "#assets tbody tr a").click()
        wait.until(lambda _: self.js("return window.reelEditor ? window.reelEditor.spec().timeline.videos.at(-1)?.src : null") == uploaded)
        self.assertEqual(len(self.js("return window.reelEditor.spec().timeline.videos")), 1, "a blank timeline and the clip")
        self.assertEqual(self.js("return location.hash"), "#/edit", "the add is done: Back or a reload does not add it again")
        # Labelled by its file name, not its upload id.
        wait.until(lambda _: os.path.basename(CLIP) in self.text("[data-pointer='/timeline/videos/0']"))

        # The project's keys: a read key made (its secret shown once), listed, able to read and not to
        # write, deleted with two presses and refused at once; the project's last full key is kept.
        d.get(URL + "/console/#/keys")
        wait.until(lambda _: d.find_elements(By.CSS_SELECTOR, "#keys tbody tr"))
        self.assertIn("this session's key", self.text("#keys tbody"))
        Select(d.find_element(By.ID, "key-scope")).select_by_value("read")
        d.find_element(By.CSS_SELECTOR, "#make-key button[type=submit]").click()
        wait.until(lambda _: d.find_elements(By.ID, "new-key-secret") and len(d.find_elements(By.CSS_SELECTOR, "#keys tbody tr")) == 2)
        secret = self.text("#new-key-secret")
        self.assertTrue(secret.startswith("reel_") and len(secret) == 69, secret)
        made = self.js("return [...document.querySelectorAll('#keys tbody tr')].find((r) => !r.querySelector('strong')).dataset.key")
        self.assertNotIn(secret, self.text("#keys"), "the list shows no secret")
        self.assertEqual(status("GET", "/v1/jobs?limit=1", secret), 200)
        self.assertEqual(status("POST", "/v1/validate", secret, {"version": 1}), 200, "a read key may judge a spec")
        self.assertEqual(status("POST", "/v1/jobs", secret, {"version": 1}), 403, "but not submit one")
        self.shot("07-keys")
        self.click(f"[data-delete='{made}']")
        wait.until(lambda _: self.text(f"[data-delete='{made}']") == "Confirm delete")
        self.click(f"[data-delete='{made}']")
        wait.until(lambda _: not d.find_elements(By.CSS_SELECTOR, f"[data-key='{made}']"))
        self.assertEqual(status("GET", "/v1/jobs?limit=1", secret), 401)
        mine = self.js("return document.querySelector('#keys tbody tr strong').closest('tr').dataset.key")
        self.click(f"[data-delete='{mine}']")
        wait.until(lambda _: self.text(f"[data-delete='{mine}']") == "Confirm delete")
        self.click(f"[data-delete='{mine}']")
        wait.until(lambda _: "last full key" in self.text("#new-key"))
        self.assertEqual(status("GET", "/v1/jobs?limit=1", KEY), 200)

        # Every job, for the README's picture of the console.
        d.get(URL + "/console/#/jobs")
        wait.until(lambda _: len(d.find_elements(By.CSS_SELECTOR, "#jobs tbody tr")) == 6)
        # Each finished job shows its name (metadata.name), length and first frame; a job with
        # outputs shows its first (its format, WIDE's first frame through `?output=`).
        many_row = f"return document.getElementById('row-{many}')"
        wait.until(lambda _: self.js(many_row + ".querySelector('td.thumb img')?.naturalWidth || 0") > 0)
        self.assertEqual(self.js(many_row + ".querySelector('td.format').textContent"), "MP4")
        wait.until(lambda _: self.js("return [...document.querySelectorAll('#jobs td.thumb img')].some((i) => i.naturalWidth > 0)"))
        self.assertIn("A quick one", self.text("#jobs tbody"))
        self.assertIn("2.00 s", self.text("#jobs tbody"), "the quick job's 2 s output")
        quick = self.js("return [...document.querySelectorAll('#jobs tbody tr')].find((r) => r.textContent.includes('A quick one')).innerText")
        self.assertIn("MP4", quick, "its format")
        self.assertRegex(quick, r"\d+(\.\d+)? KB", "and its size")
        self.assertIn("from template tpl_", self.text("#jobs tbody"), "a job from a template without a name says so")
        self.assertLessEqual(self.js("return Math.max(...[...document.querySelectorAll('#jobs td.thumb img')].map((i) => i.getBoundingClientRect().height))"), 36,
                             "a thumbnail keeps its row one line high")
        self.shot("07-jobs")

        # A phone's width: nothing wider than the screen.
        d.set_window_size(390, 844)
        d.get(URL + "/console/#/jobs")
        wait.until(lambda _: d.find_elements(By.ID, "jobs"))
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), self.js("return window.innerWidth"))
        self.shot("08-phone")

        # No script error, no refused resource (CSP): only the answers the steps asked for.
        problems = [e for e in d.get_log("browser") if e["level"] == "SEVERE"
                    and not (e.get("source") == "network" and any(f"status of {c}" in e["message"] for c in (401, 409, 422)))]
        self.assertEqual(problems, [])

    def test_a_server_without_keys(self):
        # Nothing to sign out of, no keys to manage: the jobs open directly, the two controls hidden.
        d = self.driver
        d.get(os.environ["REEL_OPEN_URL"] + "/console/")
        self.wait.until(lambda _: "No jobs yet" in self.text("main"))
        self.wait.until(lambda _: self.js("return document.getElementById('sign-out').hidden && document.getElementById('nav-keys').hidden"))
        self.assertFalse(d.find_element(By.ID, "sign-out").is_displayed())
        self.assertFalse(d.find_element(By.ID, "nav-keys").is_displayed())
        self.assertFalse(d.find_elements(By.ID, "key"), "no sign-in form")

    def upload(self, data, content_type):
        request = urllib.request.Request(URL + "/v1/assets", data=data, method="POST",
                                         headers={"Authorization": "Bearer " + KEY, "Content-Type": content_type})
        with urllib.request.urlopen(request) as r:
            return json.load(r)["src"]

    def spec_now(self):
        return self.js("return window.reelEditor.spec()")

    def test_the_examples(self):
        """The editor offers every template of examples/ (built into the console) and opens the chosen
        one as the file holds it: its spec, and its placeholders with their types and defaults."""
        try:
            self.start_from_each_example()
        finally:
            # The other tests begin signed out, with nothing open in the editor.
            self.js("sessionStorage.clear(); localStorage.clear()")

    def start_from_each_example(self):
        d, wait = self.driver, self.wait
        folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")
        docs = {}
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name)) as f:
                doc = json.load(f) if name.endswith(".json") else None
            if isinstance(doc, dict) and "spec" in doc:
                docs[name[:-5]] = doc
        self.assertGreaterEqual(len(docs), 10, "ten examples at least")
        d.get(URL + "/console/")
        self.js("sessionStorage.setItem('reel-key', arguments[0])", KEY)
        d.get(URL + "/console/#/edit?new")
        wait.until(lambda _: self.js("return document.querySelectorAll('#example option').length") == len(docs) + 1)
        offered = self.js("return [...document.querySelectorAll('#example option')].map((o) => o.value).filter(Boolean)")
        self.assertEqual(sorted(offered), sorted(docs), "every example is offered")
        for slug in [sorted(docs)[0], sorted(docs)[-1]]:
            Select(d.find_element(By.ID, "example")).select_by_value(slug)
            d.find_element(By.CSS_SELECTOR, '[data-action="start-example"]').click()
            wait.until(lambda _: self.js("return location.hash") == "#/edit" and self.spec_now() == docs[slug]["spec"])
            placeholders = docs[slug]["placeholders"]
            wait.until(lambda _: self.js("return document.querySelectorAll('[data-placeholder-fields]').length") == len(placeholders))
            for name, declared in placeholders.items():
                self.assertEqual(self.js("return document.getElementById('type-' + arguments[0]).value", name), declared["type"])
                if declared["type"] != "boolean":
                    self.assertEqual(self.js("return document.getElementById('sample-' + arguments[0]).value", name), str(declared["default"]))

    def test_the_editor(self):
        d, wait = self.driver, self.wait
        d.set_window_size(1280, 900)
        # A job to edit: a trimmed clip dissolving into a colour card, a title, a voice-over (a tone).
        with open(CLIP, "rb") as f:
            clip = self.upload(f.read(), "video/mp4")
        tone = io.BytesIO()
        with wave.open(tone, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(16000)
            w.writeframes(b"".join(struct.pack("<h", int(12000 * math.sin(2 * math.pi * 440 * i / 16000))) for i in range(16000)))
        voice = self.upload(tone.getvalue(), "audio/wav")
        spec = {"version": 1, "output": {"width": 320, "height": 180, "frameRate": 25},
                "timeline": {"videos": [{"src": clip, "sourceRange": {"start": 0, "duration": 1.5}}, {"color": "#AA3300", "duration": 1}],
                             "transitions": [{"type": "dissolve", "duration": 0.5}],
                             "overlays": [{"type": "text", "text": "Hi", "start": 0.2, "duration": 1}],
                             "voiceOvers": [{"src": voice, "start": 0.5}]}}
        job = submit(spec)
        d.get(URL + "/console/")
        self.js("sessionStorage.setItem('reel-key', arguments[0])", KEY)
        d.get(URL + "/console/#/edit?job=" + job)
        wait.until(lambda _: self.js("return document.getElementById('editor')?.dataset.duration") == "2")
        self.assertEqual(self.spec_now(), spec, "a copy of the job's spec")
        # Clips drawn to scale: the card overlaps the clip by the dissolve's half second.
        box = lambda p: self.js("const r = document.querySelector(`[data-pointer='${arguments[0]}']`).getBoundingClientRect();"
                                "return [r.left, r.width]", p)
        (l0, w0), (l1, w1) = box("/timeline/videos/0"), box("/timeline/videos/1")
        self.assertAlmostEqual(w0 / w1, 1.5, delta=0.1)
        self.assertAlmostEqual((l1 - l0) / w1, 1.0, delta=0.1, msg="the card starts 1 s in")
        # The voice-over's waveform is drawn (a tone: ink in its canvas).
        wait.until(lambda _: self.js("const c = document.querySelector(\"[data-pointer='/timeline/voiceOvers/0'] canvas\");"
                                     "if (!c) return false; const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                                     "return d.some((v, i) => i % 4 === 3 && v > 0)"))
        self.shot("10-editor")

        # Drag the clip's end edge left: its sourceRange shortens, its start stays. (Once the answers
        # that redraw the tracks are in, so the handle is the one on the page.)
        wait.until(lambda _: self.js("return window.reelEditor.settled()"))
        handle = d.find_element(By.CSS_SELECTOR, "[data-pointer='/timeline/videos/0'] .ed-handle.end")
        ActionChains(d).click_and_hold(handle).move_by_offset(-15, 0).move_by_offset(-15, 0).release().perform()
        wait.until(lambda _: self.spec_now()["timeline"]["videos"][0]["sourceRange"]["duration"] < 1.5)
        trimmed = self.spec_now()["timeline"]["videos"][0]["sourceRange"]
        self.assertEqual(trimmed["start"], 0)
        self.assertGreater(trimmed["duration"], 0.5)
        self.assertLess(box("/timeline/videos/0")[1], w0 - 20, "drawn shorter")
        # The JSON view is in step.
        self.assertEqual(json.loads(self.js("return document.getElementById('editor-json').value")), self.spec_now())

        # Scrub from the keyboard: the playhead moves a frame, then a second; the preview follows.
        self.js("document.getElementById('playhead').focus()")
        for _ in range(3):
            ActionChains(d).send_keys(Keys.ARROW_RIGHT).perform()
        wait.until(lambda _: self.js("return document.getElementById('playhead').dataset.time") == "0.12")
        wait.until(lambda _: self.js("return document.getElementById('preview').dataset.time") == "0.12")
        ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.SHIFT).perform()
        wait.until(lambda _: self.js("return document.getElementById('preview').dataset.time") == "1.12")
        self.assertTrue(self.js("return document.getElementById('preview').naturalWidth") > 0, "the preview image shows")

        # Delete the title, undo, redo, undo.
        wait.until(lambda _: self.js("return window.reelEditor.settled()"))
        d.find_element(By.CSS_SELECTOR, "[data-pointer='/timeline/overlays/0']").click()
        ActionChains(d).send_keys(Keys.DELETE).perform()
        wait.until(lambda _: len(self.spec_now()["timeline"]["overlays"]) == 0)
        ActionChains(d).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        wait.until(lambda _: len(self.spec_now()["timeline"]["overlays"]) == 1)
        ActionChains(d).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
        wait.until(lambda _: len(self.spec_now()["timeline"]["overlays"]) == 0)
        ActionChains(d).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        wait.until(lambda _: self.spec_now()["timeline"]["overlays"] == spec["timeline"]["overlays"])

        # The inspector, validated live: a bad colour is named at its field; a good one is taken.
        wait.until(lambda _: self.js("return window.reelEditor.settled()"))
        d.find_element(By.CSS_SELECTOR, "[data-pointer='/timeline/videos/1']").click()
        wait.until(lambda _: d.find_elements(By.ID, "field-color"))
        self.js("const e = document.getElementById('field-color'); e.value = '#00GG00'; e.dispatchEvent(new Event('change'))")
        wait.until(lambda _: self.text("#field-color-problem") != "")
        self.assertEqual(self.js("return document.getElementById('field-color').getAttribute('aria-invalid')"), "true")
        self.js("const e = document.getElementById('field-color'); e.value = '#0055AA'; e.dispatchEvent(new Event('change'))")
        wait.until(lambda _: self.spec_now()["timeline"]["videos"][1]["color"] == "#0055AA" and "Valid" in self.text("#editor-verdict"))

        # The library: the uploaded clip added as an overlay at the playhead (1.12 s).
        wait.until(lambda _: self.js("return [...document.querySelectorAll('#library-src option')].some((o) => o.value === arguments[0])", clip))
        self.js("document.getElementById('library-src').value = arguments[0]", clip)
        d.find_element(By.ID, "add-overlay").click()
        wait.until(lambda _: len(self.spec_now()["timeline"]["overlays"]) == 2)
        added = self.spec_now()["timeline"]["overlays"][1]
        self.assertEqual((added["type"], added["src"], added["start"]), ("video", clip, 1.12))
        wait.until(lambda _: d.find_elements(By.CSS_SELECTOR, "[data-pointer='/timeline/overlays/1']"))
        ActionChains(d).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        wait.until(lambda _: len(self.spec_now()["timeline"]["overlays"]) == 1)

        # Save as template, then render: the job page of a job that succeeds.
        self.js("document.getElementById('template-name').value = 'edited in the browser'")
        d.find_element(By.ID, "save-template").click()

        def saved(_):
            request = urllib.request.Request(URL + "/v1/templates", headers={"Authorization": "Bearer " + KEY})
            with urllib.request.urlopen(request) as r:
                return any(t.get("name") == "edited in the browser" for t in json.load(r)["templates"])
        wait.until(saved)
        edited = self.spec_now()
        d.find_element(By.ID, "render").click()
        wait.until(lambda _: self.text("#job-status") == "succeeded")
        rendered = self.js("return location.hash").split("/")[-1]
        request = urllib.request.Request(URL + "/v1/jobs/" + rendered, headers={"Authorization": "Bearer " + KEY})
        with urllib.request.urlopen(request) as r:
            self.assertEqual(json.load(r)["spec"], edited, "the edited spec rendered")
        self.shot("11-edited-job")
        # Deleting takes two presses: the first only asks.
        self.assertTrue(self.js("return !document.getElementById('sign-out').hidden"), "a server with keys: Sign out shows")
        d.find_element(By.ID, "delete").click()
        wait.until(lambda _: self.text("#delete") == "Confirm delete")
        request = urllib.request.Request(URL + "/v1/jobs/" + rendered, headers={"Authorization": "Bearer " + KEY})
        with urllib.request.urlopen(request) as r:
            self.assertEqual(r.status, 200, "not deleted by the first press")
        d.find_element(By.ID, "delete").click()
        wait.until(lambda _: self.js("return location.hash") == "#/jobs")
        with self.assertRaises(urllib.error.HTTPError) as gone:
            urllib.request.urlopen(request)
        self.assertEqual(gone.exception.code, 404)
        problems = [e for e in d.get_log("browser") if e["level"] == "SEVERE"
                    and not (e.get("source") == "network" and any(f"status of {c}" in e["message"] for c in (401, 409, 422)))]
        self.assertEqual(problems, [])


if __name__ == "__main__":
    unittest.main()
