#!/usr/bin/env python3
"""The job spec's JSON Schema (draft 2020-12), made from openapi.yaml's `JobSpec` and the schemas it
refers to, so the API's contract and the published schema are one text.

    .build/pyvenv/bin/python scripts/job_spec_schema.py          # writes the two files below
    .build/pyvenv/bin/python scripts/job_spec_schema.py --check  # exit 1 if either is stale

Writes docs/job-spec.schema.json (for editors: `"$schema"` in a spec file) and
Sources/ReelAPI/Documents/JobSpecSchema.swift (the same text, served at GET /v1/schema/job-spec.json).
OpenAPI 3.1's schema objects are JSON Schema 2020-12, so the only change is where references point:
`#/components/schemas/X` becomes `#/$defs/X`. Needs PyYAML (the test venv has it).
"""

import json
import os
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JSON_PATH = os.path.join(ROOT, "docs", "job-spec.schema.json")
SWIFT_PATH = os.path.join(ROOT, "Sources", "ReelAPI", "Documents", "JobSpecSchema.swift")
# The committed file's identity: a name, not an address (no server is everyone's). A server serves it
# with its own address as `$id` where `publicURL` is set (APIHandler+Schema).
SCHEMA_ID = "urn:reel:job-spec:1"
# Where the quick start's server serves it: what the docs' examples name in `"$schema"`.
LOCAL_URL = "http://127.0.0.1:8080/v1/schema/job-spec.json"


def load_components():
    with open(os.path.join(ROOT, "openapi.yaml")) as f:
        return yaml.safe_load(f)["components"]["schemas"]


def referenced(components, name):
    """`name` and every schema it refers to, directly or not, in a stable order."""
    order, stack = [], [name]
    while stack:
        n = stack.pop()
        if n in order:
            continue
        order.append(n)
        found = []

        def walk(x):
            if isinstance(x, dict):
                for k, v in x.items():
                    if k == "$ref" and isinstance(v, str) and v.startswith("#/components/schemas/"):
                        found.append(v.rsplit("/", 1)[1])
                    elif k not in ("examples", "example", "default", "const", "enum"):
                        walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
        walk(components[n])
        stack.extend(reversed(found))
    return order


def rewritten(x):
    if isinstance(x, dict):
        out = {}
        for k, v in x.items():
            if k == "$ref" and isinstance(v, str) and v.startswith("#/components/schemas/"):
                out[k] = "#/$defs/" + v.rsplit("/", 1)[1]
            elif k in ("examples", "example", "default", "const", "enum"):
                out[k] = v
            else:
                out[k] = rewritten(v)
        return out
    if isinstance(x, list):
        return [rewritten(v) for v in x]
    return x


def schema():
    components = load_components()
    names = referenced(components, "JobSpec")
    root = rewritten(components["JobSpec"])
    doc = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
           "title": "Reel job spec (version 1)"}
    doc.update(root)
    doc["$defs"] = {n: rewritten(components[n]) for n in sorted(names) if n != "JobSpec"}
    return doc


def texts():
    text = json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
    assert '"##' not in text and '##"' not in text, "the Swift raw string's delimiter appears in the schema"
    swift = ("/// The job spec's JSON Schema (draft 2020-12), served at `GET /v1/schema/job-spec.json`: made by\n"
             "/// scripts/job_spec_schema.py from openapi.yaml's `JobSpec` (do not edit by hand; the test suite\n"
             "/// checks that it is current, like docs/job-spec.schema.json beside it).\n"
             "enum JobSpecSchema {\n"
             f"    /// The file's `$id`, which a server with a `publicURL` replaces with its own address.\n"
             f"    static let id = \"{SCHEMA_ID}\"\n"
             "    static let text = ##\"\"\"\n"
             + "".join("    " + line + "\n" if line else "\n" for line in text.rstrip("\n").split("\n"))
             + "    \"\"\"##\n}\n")
    return text, swift


def main():
    text, swift = texts()
    if "--check" in sys.argv[1:]:
        stale = [p for p, t in ((JSON_PATH, text), (SWIFT_PATH, swift)) if not os.path.exists(p) or open(p).read() != t]
        for p in stale:
            print(f"{os.path.relpath(p, ROOT)} is not what scripts/job_spec_schema.py makes from openapi.yaml", file=sys.stderr)
        sys.exit(1 if stale else 0)
    for p, t in ((JSON_PATH, text), (SWIFT_PATH, swift)):
        with open(p, "w") as f:
            f.write(t)


if __name__ == "__main__":
    main()
