#!/usr/bin/env python3
"""docs/SPEC.md, the job spec's reference, made from the published JSON Schema
(scripts/job_spec_schema.py, itself made from openapi.yaml), so the reference, the schema and the
API's contract cannot drift apart.

    .build/pyvenv/bin/python scripts/spec_reference.py          # writes docs/SPEC.md
    .build/pyvenv/bin/python scripts/spec_reference.py --check  # exit 1 if it is stale

Every field of every object gets its type, default, range, an example and its description. An
example is the field's own (`examples`) when the schema gives one, else its default, its first
allowed value, or one made from its type and range; each is checked against the field's schema
here, so none is wrong. The whole-spec examples at the top are checked against the schema too (and
by the test suite against the server).
"""

import json
import re
import os
import sys

from jsonschema import Draft202012Validator

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import job_spec_schema  # noqa: E402

ROOT = job_spec_schema.ROOT
PATH = os.path.join(ROOT, "docs", "SPEC.md")

# The objects in reading order; anything else the schema defines follows.
ORDER = ["JobSpec", "Output", "VideoSettings", "AudioSettings", "Metadata", "Chapter", "TimeRange", "Timeline",
         "VideoItem", "MediaVideoItem", "ColorCardItem", "Transition", "Overlay", "Font", "TextStroke", "Shape",
         "ShapeStroke", "Paint", "Gradient", "GradientStop", "Mask", "ChromaKey", "Keyframe", "Animation", "Filter",
         "CropRect", "VoiceOver", "MusicItem", "Volume", "VolumePoint", "AudioTrack", "WebhookSpec", "WebhookEvent",
         "JobMetadata", "JobPriority", "OTIOTimeline", "Length", "Point", "Color", "Source", "Dimension", "Direction",
         "Fit", "NonNegativeTime", "NonNegativeTimeString", "PositiveTime", "PositiveTimeString"]

WHOLE = [
    ("A title card dissolving into a second card, with a title and a shape", {
        "$schema": job_spec_schema.LOCAL_URL,
        "version": 1,
        "output": {"width": 1280, "height": 720, "frameRate": 30},
        "timeline": {
            "videos": [{"color": "#102030", "duration": 3}, {"color": "#203040", "duration": 2}],
            "transitions": [{"type": "dissolve", "duration": 0.5}],
            "overlays": [
                {"type": "text", "text": "Hello", "start": 0.5, "duration": 2, "font": {"size": 64, "color": "#FFFFFF"},
                 "position": {"x": 0.5, "y": 0.8}, "animations": ["fade"]},
                {"type": "shape", "shape": "rect", "start": 0, "radius": 12, "fill": "#FF3366CC",
                 "frame": {"x": "50%", "y": "20%", "width": "30vw", "height": "80px"},
                 "keyframes": [{"time": 0, "opacity": 0}, {"time": 0.5, "opacity": 1}]}]}}),
    ("A trimmed clip with music under it (the sources must exist where the server looks)", {
        "version": 1,
        "output": {"format": "mp4", "width": 1920, "height": 1080, "video": {"crf": 20}},
        "timeline": {
            "videos": [{"src": "clips/arrival.mp4", "sourceRange": {"start": 2, "duration": 5}}],
            "music": [{"src": "audio/bed.m4a", "volume": 0.5, "fadeOut": 1}]}}),
]


def first_sentence(text):
    text = " ".join((text or "").split())
    return text


def type_of(s, defs):
    if "$ref" in s:
        name = s["$ref"].rsplit("/", 1)[1]
        return f"[{name}](#{name.lower()})"
    if "const" in s:
        return f"`{json.dumps(s['const'])}`"
    if "enum" in s:
        return " \\| ".join(f"`{json.dumps(v)}`" for v in s["enum"])
    for key in ("oneOf", "anyOf"):
        if key in s:
            return " or ".join(type_of(a, defs) for a in s[key])
    t = s.get("type")
    if isinstance(t, list):
        return " or ".join(t)
    if t == "array":
        return "array of " + type_of(s.get("items", {}), defs)
    if t == "object" and isinstance(s.get("additionalProperties"), dict) and not s.get("properties"):
        return "object of " + type_of(s["additionalProperties"], defs)
    if t:
        return t
    if "allOf" in s and len(s["allOf"]) == 1:
        return type_of(s["allOf"][0], defs)
    return "any"


def range_of(s):
    parts = []
    if "minimum" in s:
        parts.append(f"≥ {s['minimum']}")
    if "exclusiveMinimum" in s:
        parts.append(f"> {s['exclusiveMinimum']}")
    if "maximum" in s:
        parts.append(f"≤ {s['maximum']}")
    if "exclusiveMaximum" in s:
        parts.append(f"< {s['exclusiveMaximum']}")
    if "multipleOf" in s:
        parts.append(f"multiple of {s['multipleOf']}")
    if "minLength" in s:
        parts.append(f"≥ {s['minLength']} characters")
    if "maxLength" in s:
        parts.append(f"≤ {s['maxLength']} characters")
    if "minItems" in s:
        parts.append(f"≥ {s['minItems']} items")
    if "maxItems" in s:
        parts.append(f"≤ {s['maxItems']} items")
    if "pattern" in s:
        parts.append(f"pattern `{s['pattern']}`")
    for key in ("oneOf", "anyOf"):
        for alt in s.get(key, []):
            inner = range_of(alt)
            if inner != "—":
                parts.append(inner)
    return "; ".join(parts) or "—"


def candidates(s, defs, depth=0):
    """Example values for schema `s`, best first."""
    if depth > 6:
        return
    for key in ("examples",):
        for v in s.get(key, []):
            yield v
    if "example" in s:
        yield s["example"]
    if "default" in s:
        yield s["default"]
    if "const" in s:
        yield s["const"]
    for v in s.get("enum", []):
        yield v
    if "$ref" in s:
        yield from candidates(defs[s["$ref"].rsplit("/", 1)[1]], defs, depth + 1)
    for key in ("oneOf", "anyOf", "allOf"):
        for alt in s.get(key, []):
            yield from candidates(alt, defs, depth + 1)
    t = s.get("type")
    types = t if isinstance(t, list) else [t]
    for t in types:
        if t == "integer":
            low = s.get("minimum", s.get("exclusiveMinimum", 0) + 1 if "exclusiveMinimum" in s else 1)
            step = s.get("multipleOf", 1)
            v = int(low)
            while v % step:
                v += 1
            yield v
        elif t == "number":
            # A bound far below zero (an offset's −1000000) is no example of use: 1 first there.
            if "minimum" in s and s["minimum"] >= 0:
                yield s["minimum"]
            if "exclusiveMinimum" in s:
                yield s["exclusiveMinimum"] + 0.5
            yield 1
            yield 0.5
            if "minimum" in s:
                yield s["minimum"]
        elif t == "boolean":
            yield True
        elif t == "string":
            yield "text"
            yield from STRINGS
        elif t == "object":
            def filled(names, base):
                obj = dict(base)
                for name in names:
                    v = example(s.get("properties", {}).get(name, {}), defs, depth + 1)
                    if v is not None:
                        obj[name] = v
                return obj
            obj = filled(s.get("required", []), {})
            yield obj
            # A member one of the alternatives requires (a keyframe sets at least one property).
            for key in ("anyOf", "oneOf"):
                for alt in s.get(key, []):
                    yield filled(alt.get("required", []), obj)
        elif t == "array":
            v = example(s.get("items", {}), defs, depth + 1)
            if v is not None:
                yield [v] * max(1, s.get("minItems", 1))


def example(s, defs, depth=0):
    if depth > 6:
        return None
    check = dict(s)
    check["$defs"] = defs
    v = Draft202012Validator(check)
    for c in candidates(s, defs, depth):
        if v.is_valid(c):
            return c
    return None


# Strings tried where a pattern refuses "text" (each is checked against the field's schema).
STRINGS = ["#FF3366", "eng", "https://hooks.example.com/reel", "Timeline.1", "M 0 0 L 10 0 L 5 8 Z", "1/2", "50%"]

# Fields for which no example could be made (each needs `examples` in openapi.yaml).
MISSING = []


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def anchor(name):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^a-z0-9 _-]", "", name.lower()).replace(" ", "-")


def inline_object(p):
    """The object schema a field holds in place (not a named `$defs` type), itself or as its array's
    items; None for anything else. Such fields get a table of their own under their type's."""
    inner = p.get("items", {}) if p.get("type") == "array" else p
    if "$ref" not in inner and inner.get("type") == "object" and inner.get("properties"):
        return inner
    return None


def section(name, s, defs, level=2):
    lines = ["#" * level + f" {name}", ""]
    if s.get("description"):
        lines += [s["description"].strip(), ""]
    props = s.get("properties", {})
    if not props:
        ex = example(s, defs)
        lines += [f"Type: {type_of(s, defs)}. Range: {range_of(s)}."
                  + (f" Example: `{json.dumps(ex, ensure_ascii=False)}`." if ex is not None else ""), ""]
        for key in ("oneOf", "anyOf"):
            for alt in s.get(key, []):
                if alt.get("description"):
                    lines += [f"- {type_of(alt, defs)}: {first_sentence(alt['description'])}"]
        if any(alt.get("description") for key in ("oneOf", "anyOf") for alt in s.get(key, [])):
            lines.append("")
        return lines
    required = set(s.get("required", []))
    lines += ["| field | type | default | range | example | description |", "|---|---|---|---|---|---|"]
    nested = []
    for field, p in props.items():
        ex = example(p, defs)
        if ex is None:
            MISSING.append(f"{name}.{field}")
        default = f"`{json.dumps(p['default'], ensure_ascii=False)}`" if "default" in p else ("required" if field in required else "—")
        kind = type_of(p, defs)
        inner = inline_object(p)
        if inner is not None:
            part = f"{name}.{field}"
            link = f"object [{part}](#{anchor(part)})"
            kind = f"array of {link}" if p.get("type") == "array" else link
            nested.append((part, inner))
        lines.append(f"| `{field}` | {cell(kind)} | {cell(default)} | {cell(range_of(p))} | "
                     f"`{cell(json.dumps(ex, ensure_ascii=False))}` | {cell(first_sentence(p.get('description', '')))} |")
    lines.append("")
    if s.get("additionalProperties") is False:
        lines += ["Any other member is refused (422 `unknown field` at its pointer).", ""]
    for part, inner in nested:
        lines += section(part, inner, defs, level=min(level + 1, 4))
    return lines


def text():
    schema = job_spec_schema.schema()
    defs = schema["$defs"]
    root = {k: v for k, v in schema.items() if k not in ("$defs", "$schema", "$id", "title")}
    validator = Draft202012Validator(schema)
    out = ["# The job spec (version 1)", "",
           "<!-- Made by scripts/spec_reference.py from docs/job-spec.schema.json (itself made from openapi.yaml);",
           "     do not edit by hand. The test suite checks that it is current. -->", "",
           "A job spec is the JSON document `POST /v1/jobs` takes (and `reel render`, `reel validate`): what to",
           "render and how. Its JSON Schema (draft 2020-12) is [docs/job-spec.schema.json](job-spec.schema.json),",
           "also served by every server at `GET /v1/schema/job-spec.json` (no key needed). An editor completes and",
           "checks a spec that names it in `\"$schema\"`, which the server ignores: your server's address",
           f"(`\"$schema\": \"{job_spec_schema.LOCAL_URL}\"` for the quick start's; with `publicURL` set the",
           "served schema's `$id` is that address too), or, offline, the file's path (`\"$schema\": \"./job-spec.schema.json\"`",
           "beside a copy of it). VS Code can also map files to it without the member: `\"json.schemas\": [{\"fileMatch\":",
           "[\"*.reel.json\"], \"url\": \"https://your-server/v1/schema/job-spec.json\"}]` in its settings. The schema says the",
           "structure; the server also checks what a schema cannot (see *What only the server checks* at the end).",
           "",
           "**Times** are seconds: a JSON number read exactly from its text (`0.1` is a tenth, at most 9 decimal",
           "places) or a string `\"N/D\"` of rational seconds (`\"1001/30000\"`). **Lengths** on the frame are",
           "fractions of it, or strings with a unit (`\"50%\"`, `\"120px\"`, `\"10vw\"`, `\"10vh\"`, `\"10vmin\"`,",
           "`\"10vmax\"`). **Colours** are `#RRGGBB` or `#RRGGBBAA`. **Sources** (`src`) are `upload:ID`, a path",
           "under the server's media root, an `http(s)` URL or `s3://bucket/key` (docs/API.md, *Sources*).", "",
           "## Examples", ""]
    for title, spec in WHOLE:
        errors = [e.message for e in validator.iter_errors(spec)]
        if errors:
            raise SystemExit(f"the example \"{title}\" does not validate: {errors}")
        out += [f"{title}:", "", "```json", json.dumps(spec, indent=2, ensure_ascii=False), "```", ""]
    out += section("JobSpec", root, defs)
    for name in ORDER[1:] + sorted(set(defs) - set(ORDER)):
        if name in defs:
            out += section(name, defs[name], defs)
    if MISSING:
        raise SystemExit("no example value satisfies the schema of " + ", ".join(MISSING)
                         + "; give each `examples` in openapi.yaml")
    out += ["## What only the server checks", "",
            "A schema checks each value by itself. These rules relate values to each other or to the media,",
            "and only the server checks them (each a 422 naming the field):", "",
            "- sources exist, can be read, and have the streams and lengths the spec uses (`sourceRange`",
            "  inside the source; a mask or matte source that is a picture);",
            "- the timeline is at most 24 hours long; `output.range` and chapters lie inside it;",
            "- a transition is no longer than either video it joins, and there is at most one per join;",
            "- keyframes are in increasing time; an overlay (or a group's item) starts before the end of the",
            "  timeline (the group); a shape that does not move lies at least partly on the frame, one that",
            "  moves is at most four frames' area; a waveform's `audio` names an",
            "  item heard in the mix;",
            "- a keyframe sets only features its item has (a rect's `radius`, a stroke's `strokeWidth`, a",
            "  dashed stroke's `dash` (as many lengths) and `dashOffset`, a polygon's `points` (as many as it has) or a line's (two), a",
            "  shape's `fill` and `strokeColor` (of their kind, with as many stops), a mask's `feather`, a chroma key's",
            "  numbers, a rect or ellipse mask shape's `maskFrame`, a polygon mask's `maskPoints` (as many), the amounts of the item's filters of a type, a video item's `fit: \"blur\"` bars'",
            "  `blurRadius` and `dim`); a stroke's `dashOffset` goes with a `dash`;",
            "- lengths given in units resolve to sizes above 0 on the actual frame;",
            "- a draft (`output.draft`) has neither the `passthrough` preset nor a `video.preset` of its own,",
            "  a `rect` or `ellipse` shape overlay has its `frame`, an overlay has `position` or `frame`, not",
            "  both, a waveform's `window` goes with `mode: amplitude` only, `speed` and `loop` belong to",
            "  lottie overlays and `chromaKey`, `volume` and `muted` not (rules the schema could state but",
            "  leaves out: the conformance tests' generator, schemathesis, cannot handle them with the rest);",
            "- a lottie overlay's file is a Lottie animation rlottie reads, without a feature it cannot draw,",
            "  and its `sourceRange` lies inside the animation; its sizes are within the Lottie limits",
            "  (rlottie has none of its own, so a 4 KB file could hang or exhaust a render): at most 10,000",
            "  layers once precompositions are expanded, precompositions nested at most 16 deep and never",
            "  containing themselves, a repeater of at most 1,000 copies and 10,000 through nested repeaters,",
            "  100,000 shape items, 64 masks a layer, 256 stops a gradient, dash lengths finite and not",
            "  negative with a pattern of at least 1 unit, rectangles, ellipses and stars at most 16 times",
            "  the composition's larger side (4,096 units at least);",
            "- a shape's dash pattern adds up to at least 1 pixel (an odd list counted twice) and cuts its",
            "  stroke into at most 50,000 dashes; an item's `frame`",
            "  is at most 4 times its canvas (the output's, or its group's) each way;",
            "- the server's own limits (frame size and length, `limits.*`, docs/API.md *Limits and quotas*).", ""]
    return "\n".join(out)


def main():
    t = text()
    if "--check" in sys.argv[1:]:
        if not os.path.exists(PATH) or open(PATH).read() != t:
            print("docs/SPEC.md is not what scripts/spec_reference.py makes", file=sys.stderr)
            sys.exit(1)
        return
    with open(PATH, "w") as f:
        f.write(t)


if __name__ == "__main__":
    main()
