"""The Python client against a real `reel serve` (started by PythonClientTests, which passes
REEL_URL, REEL_KEY, REEL_TEST_CLIP — a 2 s 25 fps clip — and REEL_TEST_DIR). ffprobe is the
independent judge of what was downloaded."""

import hashlib
import json
import os
import subprocess
import time
import unittest

import pydantic

from reel import JobFailed, JobSpec, Reel, ReelError
from reel import spec as spec_models
from reel_client.api.jobs import get_job, get_job_output, head_job_output
from reel_client.models import JobStatus

URL, KEY = os.environ["REEL_URL"], os.environ["REEL_KEY"]
CLIP, DIR = os.environ["REEL_TEST_CLIP"], os.environ["REEL_TEST_DIR"]


def frames(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v", "-show_entries",
                          "stream=nb_read_frames,width,height", "-of", "json", path], check=True, capture_output=True)
    return json.loads(out.stdout)["streams"][0]


def rgb(path):
    return subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                          check=True, capture_output=True).stdout


class ClientTests(unittest.TestCase):
    def setUp(self):
        self.reel = Reel(URL, KEY)

    def tearDown(self):
        self.reel.close()

    def test_events_follow_a_job_and_every_job_of_the_key(self):
        spec = {"version": 1, "output": {"width": 64, "height": 48, "frameRate": 10},
                "timeline": {"videos": [{"color": "#336699", "duration": 1}]}}
        job = self.reel.submit(spec)
        events = list(self.reel.events(job["id"], deadline=time.monotonic() + 60))
        self.assertEqual({e.name for e in events}, {"job"})
        self.assertEqual(events[-1].data["status"], "succeeded", [e.data["status"] for e in events])
        ids = [int(e.id) for e in events]
        self.assertEqual(ids, sorted(ids), "in the order of the changes")
        # Every job of the key, resumed after the first event: this job again, as it is now.
        stream = self.reel.events(last_event_id=events[0].id, deadline=time.monotonic() + 60)
        seen = next(e for e in stream if e.data["id"] == job["id"])
        stream.close()
        self.assertEqual(seen.data["status"], "succeeded")
        self.assertEqual(seen.id, events[-1].id)

    def test_upload_render_with_progress_and_download(self):
        asset = self.reel.upload(CLIP)
        self.assertEqual(asset["status"], "ready")
        self.assertTrue(asset["src"].startswith("upload:asset_"))
        with open(CLIP, "rb") as f:
            self.assertEqual(asset["sha256"], hashlib.sha256(f.read()).hexdigest(), "the upload arrived whole")
        seen = []
        out = os.path.join(DIR, "out.mp4")
        spec = {"version": 1, "output": {"width": 96, "height": 64, "frameRate": 25},
                "timeline": {"videos": [{"src": asset["src"], "sourceRange": {"start": 0.4, "duration": 1.2}}]}}
        job = self.reel.render(spec, out=out, progress=lambda p, j: seen.append(p), poll=0.05)
        self.assertEqual(job["status"], "succeeded")
        self.assertEqual(seen[-1], 1.0)
        self.assertEqual(seen, sorted(seen), "progress never goes back")
        stream = frames(out)
        self.assertEqual((int(stream["nb_read_frames"]), stream["width"], stream["height"]), (30, 96, 64))
        with open(out, "rb") as f:
            self.assertEqual(hashlib.sha256(f.read()).hexdigest(), job["output"]["sha256"])

        # The generated layer reaches the same job, typed, on the same authenticated client.
        typed = get_job.sync(client=self.reel.api, id=job["id"])
        self.assertEqual(typed.status, JobStatus.SUCCEEDED)
        body = get_job_output.sync_detailed(client=self.reel.api, id=job["id"])
        self.assertEqual(body.status_code, 200)
        with open(out, "rb") as f:
            self.assertEqual(body.content, f.read(), "the output's bytes, not parsed as a problem")
        head = head_job_output.sync_detailed(client=self.reel.api, id=job["id"])
        self.assertEqual(head.status_code, 200)
        self.assertEqual(int(head.headers["content-length"]), os.path.getsize(out))

    def test_named_outputs_are_typed_and_downloaded_by_name(self):
        # The spec built from the typed models: `outputs` of NamedOutput, each with its name.
        spec = JobSpec(version=1, outputs=[spec_models.NamedOutput(name="wide", width=96, height=64, frameRate=10),
                                           spec_models.NamedOutput(name="poster", format="png", width=48, height=32, time=0.5)],
                       timeline={"videos": [{"color": "#336699", "duration": 1}]})
        job = self.reel.render(spec, poll=0.05)
        self.assertEqual(job["status"], "succeeded")
        self.assertIsNone(job["output"])
        self.assertEqual([o["name"] for o in job["outputs"]], ["wide", "poster"])
        for o, ext in zip(job["outputs"], ["mp4", "png"]):
            path = self.reel.download(job["id"], os.path.join(DIR, "named." + ext), output=o["name"])
            with open(path, "rb") as f:
                self.assertEqual(hashlib.sha256(f.read()).hexdigest(), o["sha256"], o["name"])
        stream = frames(os.path.join(DIR, "named.mp4"))
        self.assertEqual((int(stream["nb_read_frames"]), stream["width"], stream["height"]), (10, 96, 64))
        with self.assertRaises(ReelError) as caught:
            self.reel.download(job["id"], os.path.join(DIR, "none.mp4"))
        self.assertEqual(caught.exception.status, 404, "a job with outputs has no one output")
        with self.assertRaises(pydantic.ValidationError):
            spec_models.NamedOutput(width=96, height=64)  # a name is required

    def test_a_typo_is_the_servers_422_at_its_pointer(self):
        with self.assertRaises(ReelError) as caught:
            self.reel.render({"version": 1, "timeline": {"videos": [{"color": "#000000", "duration": 1, "durration": 2}]}})
        e = caught.exception
        self.assertEqual(e.status, 422)
        self.assertEqual(e.type, "urn:reel:problem:validation")
        self.assertIn("/timeline/videos/0/durration", e.pointers)
        self.assertIn("/timeline/videos/0/durration", str(e))

    def test_a_preview_is_the_png_renders_frame(self):
        spec = {"version": 1, "output": {"width": 64, "height": 48, "frameRate": 25},
                "timeline": {"videos": [{"color": "#2060A0", "duration": 1}, {"color": "#A06020", "duration": 1}],
                             "transitions": [{"type": "dissolve", "duration": 0.5}]}}
        shown = self.reel.preview(spec, 0.77)
        self.assertEqual(shown[:8], b"\x89PNG\r\n\x1a\n")
        still = dict(spec, output=dict(spec["output"], format="png", range={"start": 0.76, "duration": 1}))
        out = os.path.join(DIR, "still.png")
        self.reel.render(still, out=out)
        preview = os.path.join(DIR, "preview.png")
        with open(preview, "wb") as f:
            f.write(shown)
        self.assertEqual(rgb(preview), rgb(out), "frame 19 of 25 fps holds 0.77 s: the same pixels")
        small = self.reel.preview(spec, "1/2", format="jpeg", width=32)
        self.assertEqual(small[:2], b"\xff\xd8")
        with self.assertRaises(ReelError) as caught:
            self.reel.preview(spec, 9)
        self.assertEqual(caught.exception.pointers, ["/time"])

    def test_validate_probe_lists_templates_and_batches(self):
        card = {"version": 1, "output": {"width": 64, "height": 48, "frameRate": 10},
                "timeline": {"videos": [{"color": "{{color}}", "duration": 0.5}]}}
        verdict = self.reel.validate({"version": 1, "timeline": {"videos": [{"color": "#000000", "duration": 1, "durration": 2}]}})
        self.assertFalse(verdict["valid"])
        self.assertEqual([e["pointer"] for e in verdict["errors"]], ["/timeline/videos/0/durration"])
        self.assertTrue(self.reel.validate(dict(card, timeline={"videos": [{"color": "#102030", "duration": 1}]}))["valid"])
        asset = self.reel.upload(CLIP)
        info = self.reel.probe(asset["src"])
        self.assertEqual([s["type"] for s in info["streams"]][:1], ["video"])
        self.assertEqual(next(self.reel.assets(kind="media"))["id"], asset["id"], "newest first")
        template = self.reel.create_template(card, name="card", placeholders={"color": {"type": "color", "label": "Card"}})
        self.assertEqual(template["placeholders"], {"color": {"type": "color", "label": "Card", "required": True}})
        self.assertIn(template["id"], [t["id"] for t in self.reel.templates(limit=1)], "every page, one at a time")
        self.assertEqual(self.reel.template(template["id"])["spec"], card)
        job = self.reel.submit_template(template["id"], {"color": "#AA0000"})
        self.assertEqual(self.reel.wait(job["id"], poll=0.05, timeout=60)["status"], "succeeded")
        batch = self.reel.submit_batch(template=template["id"], rows=[{"color": "#00AA00"}, {"color": "#0000AA"}])
        self.assertEqual(len(batch["jobs"]), 2)
        for j in batch["jobs"]:
            self.reel.wait(j if isinstance(j, str) else j["id"], poll=0.05, timeout=60)
        self.assertEqual(self.reel.batch(batch["id"])["counts"]["succeeded"], 2)
        listed = [j["id"] for j in self.reel.jobs(batch=batch["id"], limit=1)]
        self.assertEqual(sorted(listed), sorted(j if isinstance(j, str) else j["id"] for j in batch["jobs"]))
        self.assertGreaterEqual(len(list(self.reel.jobs(status="succeeded"))), 3)
        named = self.reel.submit(dict(card, metadata={"name": "Named once"}, timeline={"videos": [{"color": "#123456", "duration": 0.5}]}))
        self.assertEqual([j["id"] for j in self.reel.jobs(metadata=("name", "Named once"))], [named["id"]])
        self.reel.delete_batch(batch["id"])
        self.reel.delete_template(template["id"])
        with self.assertRaises(ReelError) as gone:
            self.reel.template(template["id"])
        self.assertEqual(gone.exception.status, 404)

    def test_keys_rotate_and_a_read_key_only_reads(self):
        made = self.reel.create_key("read")
        self.assertTrue(made["key"].startswith("reel_"), made)
        listed = self.reel.keys()
        self.assertIn(made["id"], [k["id"] for k in listed])
        self.assertEqual([k["current"] for k in listed if k["id"] == made["id"]], [False])
        self.assertNotIn(made["key"], json.dumps(listed), "no secret is listed")
        with Reel(URL, made["key"]) as reader:
            next(reader.jobs(limit=1), None)  # a read key lists
            with self.assertRaises(ReelError) as refused:
                reader.submit({"version": 1, "timeline": {"videos": [{"color": "#000000", "duration": 1}]}})
            self.assertEqual((refused.exception.status, refused.exception.type), (403, "urn:reel:problem:read-only-key"))
            self.reel.delete_key(made["id"])
            with self.assertRaises(ReelError) as gone:
                reader.job("job_00000000000000000000000000")
            self.assertEqual(gone.exception.status, 401, "a deleted key is refused at once")

    def test_missing_and_failed(self):
        with self.assertRaises(ReelError) as caught:
            self.reel.job("job_00000000000000000000000000")
        self.assertEqual(caught.exception.status, 404)
        job = self.reel.submit({"version": 1, "output": {"width": 640, "height": 360, "video": {"preset": "medium"}},
                                "timeline": {"videos": [{"color": "#336699", "duration": 600}]}})
        self.reel.cancel(job["id"])
        with self.assertRaises(JobFailed) as failed:
            self.reel.wait(job["id"], poll=0.05, timeout=60)
        self.assertEqual(failed.exception.code, "canceled")
        self.assertEqual(failed.exception.job["status"], "canceled")
        self.assertTrue(str(failed.exception).startswith(f"job {job['id']} canceled"), str(failed.exception))
        self.assertNotIn("200", str(failed.exception), "a job's failure is not an HTTP answer")


if __name__ == "__main__":
    unittest.main()
