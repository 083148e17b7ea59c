#!/usr/bin/env python3
"""Validates openapi.yaml (OpenAPI 3.1) and prints the job-spec request examples as a JSON array.

Used by the test suite: the Swift test feeds each example to the server's own spec validation.
"""
import json
import sys

import yaml
from openapi_spec_validator import validate

path = sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml"
with open(path, encoding="utf-8") as f:
    doc = yaml.safe_load(f)
validate(doc)
content = doc["paths"]["/v1/jobs"]["post"]["requestBody"]["content"]["application/json"]
examples = []
for name, ex in sorted((content.get("examples") or {}).items()):
    if "$ref" in ex:
        ex = doc["components"]["examples"][ex["$ref"].split("/")[-1]]
    examples.append({"name": name, "value": ex["value"]})
if "example" in content:
    examples.append({"name": "example", "value": content["example"]})
json.dump(examples, sys.stdout)
