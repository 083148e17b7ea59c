"""Every JSON example of the docs against the published schema: a whole spec (it has `version`)
against the schema itself, an overlay (it has `type`) against `$defs/Overlay`, a video item (it has
`src` or `color`) against `$defs/VideoItem`. Prints each problem and exits 1 if any; an example that
is none of these, or not JSON, is a problem too (say what it is, or fence it as something else).

    python Tests/Schema/doc_examples.py docs/API.md docs/SPEC.md
"""

import json
import os
import re
import sys

from jsonschema import Draft202012Validator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    with open(os.path.join(ROOT, "docs", "job-spec.schema.json")) as f:
        schema = json.load(f)

    def against(name):
        if name is None:
            return Draft202012Validator(schema)
        return Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/{name}"})

    problems, count = [], 0
    for path in sys.argv[1:]:
        with open(os.path.join(ROOT, path)) as f:
            text = f.read()
        for block in re.findall(r"```json\n(.*?)\n```", text, re.S):
            count += 1
            try:
                value = json.loads(block)
            except ValueError as e:
                problems.append(f"{path}: not JSON ({e}): {block[:80]}")
                continue
            if not isinstance(value, dict):
                problems.append(f"{path}: not an object: {block[:80]}")
                continue
            kind = None if "version" in value else "Overlay" if "type" in value else "VideoItem" if ("src" in value or "color" in value) else ""
            if kind == "":
                problems.append(f"{path}: neither a spec, an overlay nor a video item: {block[:80]}")
                continue
            errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in against(kind).iter_errors(value)]
            if errors:
                problems.append(f"{path}: {kind or 'spec'} example refused: {errors[:3]}: {block[:80]}")
    for p in problems:
        print(p)
    print(f"{count} examples, {len(problems)} problems")
    sys.exit(1 if problems or count == 0 else 0)


if __name__ == "__main__":
    main()
