#!/usr/bin/env python3
"""Checks the example templates (examples/*.json) and writes each one's spec merged with its defaults.

    scripts/examples_check.py OUTDIR [--media DIR] [--examples DIR]

Each example is a template document `{"name", "description", "spec", "placeholders"}` (docs/API.md,
*Templates*). For each one this checks:

- the document's shape: those four members and no others; `name` and `description` non-empty text;
  `spec` a version-1 job spec object; `placeholders` an object of declarations;
- 2 to 5 declarations, each: `type` one of text, number, color, media, boolean; only `type`, `label`,
  `description`, `default` and `required`; a `default` of its type (a media default a path under
  `examples/`), and `required: false` so that a merge of `{}` renders the example as shipped;
- every `{{name}}` the spec uses is declared, and every declaration is used;
- the merged spec's relative sources lie under `examples/` (with `--media DIR`: that each exists
  as DIR/<src>, DIR being the media root the examples are rendered against);
- with the `jsonschema` package (the repository's venv, .build/pyvenv, has it): the merged spec
  against docs/job-spec.schema.json.

The merge is the server's (Sources/ReelAPI/Documents/TemplateDocument.swift): a string that is
exactly one placeholder (`"{{n}}"`, spaces inside the braces allowed) becomes the default with its
JSON type; a placeholder inside a longer string becomes its text (a number its exact JSON text).
Numbers are carried as written, so `0.1` stays `0.1` and `129` stays `129`.

The merged specs are written to OUTDIR/<slug>.json, ready for `reel validate` and `reel render`.
Exits 1 with a message per problem when anything is wrong. Python 3 standard library only
(jsonschema optional).
"""

import argparse
import json
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES = ("text", "number", "color", "media", "boolean")
DECLARATION_FIELDS = ("type", "label", "description", "default", "required")
DOCUMENT_FIELDS = ("name", "description", "spec", "placeholders")
MAX_NAME = 128
COLOR = re.compile(r"^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class Num:
    """A JSON number kept as its text, so a merge writes it back exactly as the example has it."""

    def __init__(self, text):
        self.text = text

    def value(self):
        return int(self.text) if re.fullmatch(r"-?\d+", self.text) else float(self.text)

    def __repr__(self):
        return self.text


def pairs(members):
    """An object as a list of pairs (order kept); a duplicate member is an error, as on the server."""
    seen = set()
    for k, _ in members:
        if k in seen:
            raise ValueError(f"duplicate member {k!r}")
        seen.add(k)
    return Obj(members)


class Obj(list):
    """A JSON object: its members in order."""

    def get(self, key, default=None):
        for k, v in self:
            if k == key:
                return v
        return default

    def keys(self):
        return [k for k, _ in self]


def parse(text):
    def bad_constant(name):
        raise ValueError(f"{name} is not JSON")
    return json.loads(text, object_pairs_hook=pairs, parse_float=Num, parse_int=Num, parse_constant=bad_constant)


def dump(v, indent=0):
    """JSON text of a parsed value, numbers as written, two-space indentation."""
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(v, Obj):
        if not v:
            return "{}"
        body = ",\n".join(f"{inner}{json.dumps(k, ensure_ascii=False)}: {dump(x, indent + 1)}" for k, x in v)
        return "{\n" + body + "\n" + pad + "}"
    if isinstance(v, list):
        if not v:
            return "[]"
        if all(not isinstance(x, (Obj, list)) for x in v):
            return "[" + ", ".join(dump(x) for x in v) + "]"
        return "[\n" + ",\n".join(inner + dump(x, indent + 1) for x in v) + "\n" + pad + "]"
    if isinstance(v, Num):
        return v.text
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    return json.dumps(v, ensure_ascii=False)


def plain(v):
    """A parsed value as ordinary Python values (for jsonschema)."""
    if isinstance(v, Obj):
        return {k: plain(x) for k, x in v}
    if isinstance(v, list):
        return [plain(x) for x in v]
    if isinstance(v, Num):
        return v.value()
    return v


# --- Placeholders, as the server finds them ---------------------------------------------------

def is_name_start(c):
    return c == "_" or ("a" <= c <= "z") or ("A" <= c <= "Z")


def is_name_char(c):
    return is_name_start(c) or ("0" <= c <= "9") or c in "-."


def parts(s):
    """Splits a string into ("text", literal) and ("name", placeholder) pieces, as
    TemplateDocument.parts does: `{{`, optional spaces, a name of at most 128 characters,
    optional spaces, `}}`; anything else leaves the `{{` as text."""
    out, literal_start, i, n = [], 0, 0, len(s)
    while i + 1 < n:
        if not (s[i] == "{" and s[i + 1] == "{"):
            i += 1
            continue
        j = i + 2
        while j < n and s[j] == " ":
            j += 1
        name_start = j
        if not (j < n and is_name_start(s[j])):
            i += 2
            continue
        while j < n and j - name_start < MAX_NAME and is_name_char(s[j]):
            j += 1
        name = s[name_start:j]
        while j < n and s[j] == " ":
            j += 1
        if not (j + 1 < n and s[j] == "}" and s[j + 1] == "}"):
            i += 2
            continue
        if literal_start < i:
            out.append(("text", s[literal_start:i]))
        out.append(("name", name))
        i = j + 2
        literal_start = i
    if literal_start < n or not out:
        out.append(("text", s[literal_start:]))
    return out


def escape(token):
    return str(token).replace("~", "~0").replace("/", "~1")


def walk(v, pointer, visit):
    if isinstance(v, str):
        visit(v, pointer)
    elif isinstance(v, Obj):
        for k, x in v:
            walk(x, pointer + "/" + escape(k), visit)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            walk(x, pointer + "/" + str(i), visit)


def uses(spec):
    """(name, pointer, whole) for every placeholder in the spec's strings, in document order."""
    found = []

    def visit(s, pointer):
        p = parts(s)
        whole = len(p) == 1 and p[0][0] == "name"
        found.extend((text, pointer, whole) for kind, text in p if kind == "name")
    walk(spec, "", visit)
    return found


def as_text(v):
    if isinstance(v, str):
        return v
    if isinstance(v, Num):
        return v.text
    if isinstance(v, bool):
        return "true" if v else "false"
    return None


def fill(v, values):
    """The spec with its placeholders replaced, as TemplateDocument.fill does."""
    if isinstance(v, str):
        p = parts(v)
        if len(p) == 1 and p[0][0] == "name" and p[0][1] in values:
            return values[p[0][1]]
        if not any(kind == "name" for kind, _ in p):
            return v
        out = []
        for kind, t in p:
            if kind == "text":
                out.append(t)
            else:
                out.append((as_text(values[t]) if t in values else None) or "")
        return "".join(out)
    if isinstance(v, Obj):
        return Obj((k, fill(x, values)) for k, x in v)
    if isinstance(v, list):
        return [fill(x, values) for x in v]
    return v


# --- Checks ------------------------------------------------------------------------------------

def type_problem(kind, value):
    """Why `value` cannot be a `kind` placeholder's value (Placeholder.problem(with:)), or None."""
    if kind == "text":
        return None if isinstance(value, str) else "must be a string"
    if kind == "number":
        if isinstance(value, Num) and math.isfinite(float(value.text)):
            return None
        return "must be a finite number"
    if kind == "boolean":
        return None if isinstance(value, bool) else "must be a boolean"
    if kind == "color":
        if isinstance(value, str) and COLOR.match(value):
            return None
        return 'must be a colour written "#RRGGBB" or "#RRGGBBAA"'
    if kind == "media":
        if isinstance(value, str) and 1 <= len(value) <= 4096 and not any(ord(c) < 0x20 or ord(c) == 0x7F for c in value):
            return None
        return "must be a media source of 1 to 4096 characters without control characters"
    return f"has an unknown type {kind!r}"


def is_relative_source(src):
    return not (re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", src) or src.startswith("/"))


def source_path(src):
    """The file a relative source names ("sequence:" patterns are not used by the examples)."""
    return src.split("?", 1)[0]


def sources(spec):
    """(pointer, src) of every `src` member in the spec (videos, overlays, music, voice-overs,
    masks, fonts, transitions, subtitles)."""
    found = []

    def go(v, pointer):
        if isinstance(v, Obj):
            for k, x in v:
                p = pointer + "/" + escape(k)
                if k == "src" and isinstance(x, str):
                    found.append((p, x))
                else:
                    go(x, p)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                go(x, pointer + "/" + str(i))
    go(spec, "")
    return found


def shown(path):
    """A path as messages show it: relative to the repository when inside it."""
    rel = os.path.relpath(os.path.abspath(path), ROOT)
    return path if rel.startswith("..") else rel


def check(path, media_root):
    """(problems, merged spec or None) of one example file."""
    problems = []

    def problem(pointer, message):
        problems.append(f"{shown(path)}: {pointer or '/'}: {message}")

    slug = os.path.splitext(os.path.basename(path))[0]
    if not SLUG.match(slug):
        problem("", f"the file name {slug!r} is not a slug (lowercase letters, digits and single hyphens)")
    try:
        with open(path, encoding="utf-8") as f:
            doc = parse(f.read())
    except (OSError, ValueError) as e:
        problem("", f"is not a JSON document: {e}")
        return problems, None
    if not isinstance(doc, Obj):
        problem("", "must be an object {name, description, spec, placeholders}")
        return problems, None
    for k in doc.keys():
        if k not in DOCUMENT_FIELDS:
            problem("/" + escape(k), "unknown member (a template document has name, description, spec and placeholders)")
    for k, limit in (("name", 200), ("description", 2000)):
        v = doc.get(k)
        if not (isinstance(v, str) and v.strip() and len(v) <= limit):
            problem("/" + k, f"is required: a string of 1 to {limit} characters")
    spec = doc.get("spec")
    if not isinstance(spec, Obj):
        problem("/spec", "is required: a job spec object")
        return problems, None
    version = spec.get("version")
    if not (isinstance(version, Num) and version.text == "1"):
        problem("/spec/version", "must be 1")
    declarations = doc.get("placeholders")
    if not isinstance(declarations, Obj):
        problem("/placeholders", "is required: an object of placeholder declarations by name")
        declarations = Obj()

    if not 2 <= len(declarations) <= 5:
        problem("/placeholders", f"declares {len(declarations)} placeholders; an example declares 2 to 5 (what a user changes first)")

    used = uses(spec)
    used_names = []
    for name, _, _ in used:
        if name not in used_names:
            used_names.append(name)
    where = {}
    for name, pointer, _ in used:
        where.setdefault(name, []).append("/spec" + pointer)

    defaults = {}
    for name, d in declarations:
        at = "/placeholders/" + escape(name)
        if name not in used_names:
            problem(at, f"is declared but the spec never uses {{{{{name}}}}}")
        if not isinstance(d, Obj):
            problem(at, "must be an object {type, label, description, default, required}")
            continue
        for k in d.keys():
            if k not in DECLARATION_FIELDS:
                problem(at + "/" + escape(k), "unknown field")
        kind = d.get("type")
        if kind not in TYPES:
            problem(at + "/type", f"must be one of {', '.join(TYPES)}")
            continue
        for k, limit in (("label", 200), ("description", 2000)):
            v = d.get(k)
            if v is not None and not (isinstance(v, str) and 1 <= len(v) <= limit):
                problem(at + "/" + k, f"must be a string of 1 to {limit} characters")
        if d.get("label") is None:
            problem(at + "/label", "is missing: the console's form shows it")
        if "default" not in d.keys() or d.get("default") is None:
            problem(at + "/default", "is missing: every example placeholder has a default, so {} renders the example")
            continue
        default = d.get("default")
        why = type_problem(kind, default)
        if why:
            problem(at + "/default", why)
            continue
        if d.get("required") is not False:
            problem(at + "/required", "must be false (the example renders from its defaults alone)")
        if kind == "media" and is_relative_source(default) and not default.startswith("examples/"):
            problem(at + "/default", f"{default!r} is not under examples/ (the examples' media lie in examples/media/)")
        defaults[name] = default
    for name in used_names:
        if name not in declarations.keys():
            problem("/placeholders", f"does not declare {{{{{name}}}}} (used at {', '.join(where[name][:5])})")

    if problems:
        return problems, None
    merged = fill(spec, defaults)
    for name, pointer, whole in used:
        if not whole and as_text(defaults[name]) is None:
            problem("/placeholders/" + escape(name) + "/default", f"is used inside a string at /spec{pointer}, so it must be text, a number or a boolean")

    for pointer, src in sources(merged):
        if not is_relative_source(src):
            continue
        if not src.startswith("examples/"):
            problem("/spec" + pointer, f"{src!r} is not under examples/")
        elif media_root is not None and not os.path.isfile(os.path.join(media_root, source_path(src))):
            problem("/spec" + pointer, f"{src!r} is not in the media root {media_root} (scripts/example_media.sh {media_root} makes it)")
    return problems, merged


def schema_validator():
    try:
        import jsonschema
    except ImportError:
        return None
    with open(os.path.join(ROOT, "docs", "job-spec.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    return jsonschema.Draft202012Validator(schema)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", help="where the merged specs are written, as OUTDIR/<slug>.json")
    ap.add_argument("--media", help="the media root the examples render against: check every source exists there")
    ap.add_argument("--examples", default=os.path.join(ROOT, "examples"), help="the examples folder (default: the repository's)")
    args = ap.parse_args()

    files = sorted(os.path.join(args.examples, f) for f in os.listdir(args.examples) if f.endswith(".json"))
    templates = []
    for path in files:
        # A plain job spec (examples/hello.json, the CLI quick start of scripts/example.sh) is not a
        # template: it has `version` and no `spec`. Anything else is checked as a template.
        try:
            with open(path, encoding="utf-8") as f:
                top = json.load(f)
            plain_spec = isinstance(top, dict) and "version" in top and "spec" not in top
        except (OSError, ValueError):
            plain_spec = False  # check() reports it
        if not plain_spec:
            templates.append(path)
    if not templates:
        print(f"no example templates in {args.examples}", file=sys.stderr)
        return 1

    validator = schema_validator()
    all_problems, merged_specs = [], {}
    for path in templates:
        problems, merged = check(path, args.media)
        if merged is not None and validator is not None:
            for e in sorted(validator.iter_errors(plain(merged)), key=lambda e: list(e.absolute_path)):
                pointer = "".join("/" + escape(p) for p in e.absolute_path)
                problems.append(f"{shown(path)}: /spec{pointer}: the merged spec does not match "
                                f"docs/job-spec.schema.json: {e.message[:300]}")
        all_problems += problems
        if not problems:
            merged_specs[os.path.splitext(os.path.basename(path))[0]] = merged

    if all_problems:
        for p in all_problems:
            print(p, file=sys.stderr)
        print(f"{len(all_problems)} problem(s) in {len(templates)} example(s)", file=sys.stderr)
        return 1
    os.makedirs(args.outdir, exist_ok=True)
    for slug, merged in merged_specs.items():
        with open(os.path.join(args.outdir, slug + ".json"), "w", encoding="utf-8") as f:
            f.write(dump(merged) + "\n")
    schema_note = "checked against docs/job-spec.schema.json" if validator else "jsonschema not installed: schema not checked"
    print(f"{len(merged_specs)} example(s) fine ({schema_note}); merged specs in {args.outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
