"""The published JSON Schema of the job spec against the server, on a generated corpus (issue 40):
base specs that need no media files (colour cards, titles, shapes, groups, every output setting),
and each of their fields mutated — to a value of each other JSON type, to numbers out of any range
(−1, 0, 10⁹), removed, and with an unknown member beside it. For every spec, the schema's verdict
(jsonschema, draft 2020-12) and the server's (`POST /v1/validate`) must agree on valid or not;
the disagreements are printed (as JSON pointers with the value) and the exit status is 1 if any.
A spec the schema takes and the server refuses only for one of the rules a schema cannot say
(`SERVER_ONLY`: values against each other or the frame) is counted apart, not as a disagreement.

    REEL_URL=http://127.0.0.1:8080 REEL_KEY=… python Tests/Schema/schema_corpus.py [SCHEMA_PATH]

The schema is read from the server (`GET /v1/schema/job-spec.json`), and must equal the committed
docs/job-spec.schema.json (or SCHEMA_PATH).
"""

import copy
import json
import os
import sys
import urllib.request

from jsonschema import Draft202012Validator

URL, KEY = os.environ["REEL_URL"], os.environ.get("REEL_KEY", "")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BASES = [
    {"version": 1,
     "output": {"format": "mp4", "width": 320, "height": 180, "frameRate": 25, "fit": "fill", "background": "#102030",
                "video": {"codec": "h264", "crf": 23, "preset": "veryfast", "keyframeInterval": 2},
                "audio": {"codec": "aac", "bitrate": 128000, "sampleRate": 48000, "channels": 2},
                "range": {"start": 0, "duration": 1}, "metadata": {"title": "A"}, "chapters": [{"start": 0, "title": "One"}],
                "optimizeForNetwork": True, "draft": False},
     "timeline": {"videos": [{"color": "#FF0000", "duration": 1}, {"color": "#00FF00", "duration": "3/2"}],
                  "transitions": [{"type": "dissolve", "duration": 0.5}]}},
    {"version": 1, "output": {"width": 64, "height": 48},
     "timeline": {"videos": [{"color": "#000000", "duration": 2}],
                  "overlays": [{"type": "text", "text": "Hi", "start": 0.5, "duration": 1,
                                "font": {"size": 24, "color": "#FFFFFF", "weight": "bold"},
                                "position": {"x": 0.5, "y": 0.8}, "animations": ["fade"], "opacity": 0.9}]}},
    {"version": 1, "output": {"width": 64, "height": 48},
     "timeline": {"videos": [{"color": "#000000", "duration": 2}],
                  "overlays": [{"type": "shape", "shape": "rect", "start": 0, "radius": 4, "fill": "#FF3366",
                                "stroke": {"color": "#FFFFFF", "width": 2, "dash": [4, 2], "join": "round"},
                                "frame": {"x": "50%", "y": 0.5, "width": "20px", "height": "10vh"},
                                "keyframes": [{"time": 0, "opacity": 0}, {"time": 1, "opacity": 1}], "blend": "screen"}]}},
    {"version": 1, "output": {"width": 64, "height": 48},
     "timeline": {"videos": [{"color": "#000000", "duration": 2}],
                  "overlays": [{"type": "group", "start": 0, "size": {"width": 32, "height": 24}, "opacity": 0.5,
                                "items": [{"type": "shape", "shape": "ellipse", "start": 0, "fill": "#00FF00",
                                           "frame": {"x": 0.5, "y": 0.5, "width": 0.5, "height": 0.5}}]}]}},
    {"version": 1, "output": {"width": 64, "height": 48},
     "timeline": {"videos": [{"color": "#000000", "duration": 2}],
                  "overlays": [{"type": "waveform", "start": 0, "mode": "amplitude", "window": 1, "bars": 8,
                                "style": "mirror", "color": "#FFD400", "frame": {"x": 0.5, "y": 0.8, "width": 1, "height": 0.2}}]}},
]

MUTANTS = [True, "wrong", [], {}, -1, 0, 1000000000, None]

# What a schema cannot say (docs/SPEC.md, "What only the server checks"): values against each other
# or against the frame. Where the schema takes a spec the server refuses, the server's message must
# be one of these; any other disagreement fails.
SERVER_ONLY = ["cannot be given together with position", "is not allowed on video overlays", "is not allowed on lottie overlays", "is only allowed with mode amplitude", "is not an item heard in the mix", "timeline's end", "Reel renders at most 24 hours", "end of the output", "is longer than videos/",
               "one for each join between consecutive videos", "must be later than the previous keyframe",
               "lies wholly outside the frame", "the shape moves, so it is drawn whole", "the shape has no extent",
               "this item has none in its filters", "fit \"blur\"'s bars", "as the stroke's dash has",
               "animates a dashed stroke's dash and gap lengths", "moves and sizes a rect or ellipse mask shape's frame",
               "moves a polygon mask shape's points", "as the mask's polygon has", "at or after the group's end",
               "which the passthrough preset does not do", "sets the encoder's preset itself", "is placed by its frame",
               "dashes: at most", "times its canvas each way", "(an odd list counted twice)", "beyond the Lottie limits"]


def post(path, body):
    request = urllib.request.Request(URL + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def fields(value, pointer=""):
    """Every member and element of `value` with its pointer (the root excluded)."""
    if isinstance(value, dict):
        for k, v in value.items():
            p = pointer + "/" + k.replace("~", "~0").replace("/", "~1")
            yield p, v
            yield from fields(v, p)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            p = f"{pointer}/{i}"
            yield p, v
            yield from fields(v, p)


def parent_and_key(doc, pointer):
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    node = doc
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node[p]
    last = parts[-1]
    return node, (int(last) if isinstance(node, list) else last)


def corpus():
    for b, base in enumerate(BASES):
        yield f"base {b}", base
        for pointer, value in list(fields(base)):
            for m in MUTANTS:
                if m == value and type(m) is type(value):
                    continue
                spec = copy.deepcopy(base)
                node, key = parent_and_key(spec, pointer)
                node[key] = m
                yield f"base {b} {pointer} = {json.dumps(m)}", spec
            spec = copy.deepcopy(base)
            node, key = parent_and_key(spec, pointer)
            del node[key]
            yield f"base {b} {pointer} removed", spec
            if isinstance(value, dict):
                spec = copy.deepcopy(base)
                node, key = parent_and_key(spec, pointer)
                node[key]["nonsense"] = 1
                yield f"base {b} {pointer}/nonsense added", spec
        spec = copy.deepcopy(base)
        spec["nonsense"] = 1
        yield f"base {b} /nonsense added", spec


def main():
    with urllib.request.urlopen(urllib.request.Request(URL + "/v1/schema/job-spec.json")) as r:
        served = json.load(r)
    committed_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "job-spec.schema.json")
    with open(committed_path) as f:
        committed = json.load(f)
    if served != committed:
        print("the served schema is not docs/job-spec.schema.json")
        sys.exit(1)
    Draft202012Validator.check_schema(served)
    validator = Draft202012Validator(served)
    disagreements, count, server_only = [], 0, 0
    for name, spec in corpus():
        count += 1
        schema_valid = validator.is_valid(spec)
        status, verdict = post("/v1/validate", spec)
        if status != 200:
            disagreements.append(f"{name}: the server answered {status} {verdict}")
            continue
        if schema_valid != verdict["valid"]:
            if schema_valid and all(any(rule in e["message"] for rule in SERVER_ONLY) for e in verdict["errors"]):
                server_only += 1
                continue
            why = [e.message for e in validator.iter_errors(spec)][:2] if not schema_valid else verdict["errors"][:2]
            disagreements.append(f"{name}: schema {'valid' if schema_valid else 'invalid'}, server "
                                 f"{'valid' if verdict['valid'] else 'invalid'} ({why})")
        if name.startswith("base") and name.count(" ") == 1 and not (schema_valid and verdict["valid"]):
            disagreements.append(f"{name} is not valid: {verdict}")
    for d in disagreements:
        print(d)
    print(f"{count} specs, {server_only} refused by the server's own rules only, {len(disagreements)} disagreements")
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
