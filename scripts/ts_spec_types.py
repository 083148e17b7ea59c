#!/usr/bin/env python3
"""TypeScript types of the job spec for the JS client, made from its JSON Schema, so that a spec
literal with a misspelt member or a value of the wrong type is a `tsc --strict` error.

    python3 scripts/ts_spec_types.py          # writes clients/js/src/spec.ts
    python3 scripts/ts_spec_types.py --check  # exit 1 if it is stale

Reads docs/job-spec.schema.json (draft 2020-12; itself made from openapi.yaml by
scripts/job_spec_schema.py) and writes `JobSpec` (the root) and one named type per `$defs` entry.
What TypeScript can say is said: members and which are required, closed objects
(`additionalProperties: false`), literal unions for `enum`/`const`, unions for `oneOf`/`anyOf`,
arrays (a tuple when `minItems` = `maxItems`), nullable types. What it cannot (ranges, patterns,
`if`/`then`, `not`, `dependentRequired`, one-of-these-members) stays the server's 422. Python 3
standard library only; the output depends on the schema's text alone.
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA_PATH = os.path.join(ROOT, "docs", "job-spec.schema.json")
TS_PATH = os.path.join(ROOT, "clients", "js", "src", "spec.ts")
ROOT_NAME = "JobSpec"
INDENT = "  "
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
SIMPLE = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$|^\"[^\"]*\"$|^-?[0-9.]+$")


def bears_type(schema):
    if not isinstance(schema, dict):
        return False
    if any(k in schema for k in ("type", "$ref", "const", "enum", "properties", "items", "additionalProperties")):
        return True
    return any(bears_type(s) for k in ("oneOf", "anyOf", "allOf") for s in schema.get(k, []))


def literal(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value)
    raise SystemExit(f"ts_spec_types: no TypeScript literal for {value!r}")


def doc(schema, indent):
    """`schema`'s description (and default) as a `/** */` comment at `indent`, or nothing."""
    lines = []
    description = schema.get("description") if isinstance(schema, dict) else None
    if description:
        lines += description.strip().replace("*/", "*\\/").split("\n")
    if isinstance(schema, dict) and "default" in schema:
        lines.append(f"@default {json.dumps(schema['default'], ensure_ascii=False)}")
    if not lines:
        return ""
    if len(lines) == 1:
        return f"{indent}/** {lines[0]} */\n"
    body = "".join(f"{indent} *{' ' + line if line.strip() else ''}\n" for line in lines)
    return f"{indent}/**\n{body}{indent} */\n"


def union(types):
    seen = []
    for t in types:
        if t not in seen:
            seen.append(t)
    return seen[0] if len(seen) == 1 else " | ".join(seen)


def is_object(schema):
    return schema.get("type") == "object" or ("type" not in schema and ("properties" in schema or "additionalProperties" in schema))


def members(schema, level):
    """The lines between an object type's braces, at nesting `level`."""
    indent = INDENT * level
    required = set(schema.get("required", []))
    out = []
    for name, sub in schema.get("properties", {}).items():
        key = name if IDENTIFIER.match(name) else json.dumps(name)
        optional = "" if name in required else "?"
        out.append(f"{doc(sub, indent)}{indent}{key}{optional}: {ts_type(sub, level)};\n")
    extra = schema.get("additionalProperties", True)
    if extra is not False:
        value = "unknown" if extra is True or not bears_type(extra) else ts_type(extra, level)
        if schema.get("properties") and value != "unknown":
            value = "unknown"  # declared members must fit the index signature's type
        out.append(f"{indent}[member: string]: {value};\n")
    return "".join(out)


def object_type(schema, level):
    return "{\n" + members(schema, level + 1) + INDENT * level + "}"


def ts_type(schema, level=0):
    """The TypeScript type of `schema`, its nested objects written at nesting `level`."""
    if schema is True or schema == {}:
        return "unknown"
    if schema is False:
        return "never"
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise SystemExit(f"ts_spec_types: cannot follow {ref}")
        return ref[len("#/$defs/"):]
    if "const" in schema:
        return literal(schema["const"])
    if "enum" in schema:
        return union([literal(v) for v in schema["enum"]])
    for key in ("oneOf", "anyOf"):
        branches = [b for b in schema.get(key, []) if bears_type(b)]
        if branches and not any(k in schema for k in ("type", "properties", "items")):
            return union([ts_type(b, level) for b in branches])
    parts = [b for b in schema.get("allOf", []) if bears_type(b)]
    if parts and not any(k in schema for k in ("type", "properties", "items")):
        return " & ".join(wrap(ts_type(b, level)) for b in parts)
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return union([ts_type({**schema, "type": k}, level) for k in kinds])
    if is_object(schema):
        return object_type(schema, level)
    if kinds == "array" or "items" in schema:
        items = schema.get("items", {})
        item = ts_type(items, level)
        count = schema.get("minItems")
        if count is not None and count == schema.get("maxItems") and 0 < count <= 8:
            return "[" + ", ".join([item] * count) + "]"
        return f"{item}[]" if SIMPLE.match(item) else f"Array<{item}>"
    return {"string": "string", "number": "number", "integer": "number", "boolean": "boolean", "null": "null"}.get(kinds, "unknown")


def wrap(t):
    return f"({t})" if " | " in t and not t.startswith("{") else t


def declaration(name, schema):
    text = doc(schema, "")
    if is_object(schema) and not any(bears_type(b) for k in ("oneOf", "anyOf") for b in schema.get(k, [])):
        return text + f"export interface {name} {{\n" + members(schema, 1) + "}\n"
    return text + f"export type {name} = {ts_type(schema, 0)};\n"


def generate(schema):
    out = ["// Generated by scripts/ts_spec_types.py from docs/job-spec.schema.json: do not edit.\n",
           "// Regenerate with `python3 scripts/ts_spec_types.py` (`--check` exits 1 when this file is stale).\n",
           "// Ranges, patterns and rules between members are not types: the server checks them (a 422).\n"]
    out.append("\n" + declaration(ROOT_NAME, {k: v for k, v in schema.items() if k != "$defs"}))
    for name, sub in schema.get("$defs", {}).items():
        out.append("\n" + declaration(name, sub))
    return "".join(out)


def main():
    with open(SCHEMA_PATH, encoding="utf-8") as f:
        text = generate(json.load(f))
    if "--check" in sys.argv[1:]:
        try:
            with open(TS_PATH, encoding="utf-8") as f:
                current = f.read()
        except FileNotFoundError:
            current = None
        if current != text:
            print(f"{os.path.relpath(TS_PATH, ROOT)} is stale: run python3 scripts/ts_spec_types.py", file=sys.stderr)
            return 1
        return 0
    with open(TS_PATH, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
