"""A second, independent judge of the conformance run (scripts/conformance.sh loads it through
SCHEMATHESIS_HOOKS): every response schemathesis gets, and every request it meant to be valid, is
validated against openapi.yaml by openapi-core (pinned), whose reading of the schema owes nothing
to schemathesis's. A disagreement fails the run like any other check."""

import json
import os
from urllib.parse import parse_qsl, urlsplit

import schemathesis
from openapi_core import Config, OpenAPI
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.testing import MockRequest, MockResponse
from schemathesis.generation import GenerationMode

# RFC 9457 problems are JSON under their own media type; a `format: binary` string is any octets
# (bodies of other media types than JSON are handed over as latin-1 text, one character per byte:
# see `_request` and `_body`).
SPEC = OpenAPI.from_file_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "openapi.yaml"),
                              config=Config(extra_media_type_deserializers={"application/problem+json": json.loads},
                                            extra_format_validators={"binary": lambda value: isinstance(value, str)}))
# The schema's server (the default `listen` address); the run's own port is another.
SERVER = SPEC.spec["servers"][0]["url"]


def _request(prepared):
    url = urlsplit(prepared.url)
    body = prepared.body
    if isinstance(body, str):
        body = body.encode()
    headers = {k: v for k, v in prepared.headers.items()}
    content_type = headers.get("Content-Type", "application/json")
    if body and "json" not in content_type:
        # A binary body (`type: string, format: binary`) is a string of octets to JSON Schema.
        body = body.decode("latin-1")
    return MockRequest(SERVER, prepared.method.lower(), url.path,
                       args=dict(parse_qsl(url.query, keep_blank_values=True)), headers=headers,
                       data=body or b"", content_type=content_type)


def _body(content, content_type):
    """A response body as openapi-core reads it: JSON as bytes; any other (a video, a picture) as
    a string of octets, which is what `type: string, format: binary` is to JSON Schema."""
    return content if "json" in content_type else content.decode("latin-1")


@schemathesis.check
def openapi_core_conformance(ctx, response, case):
    request = _request(response.request)
    try:
        SPEC.validate_request(request)
    except (OperationNotFound, PathNotFound):
        return  # a method or path the schema does not have (schemathesis's own checks judge those answers)
    except Exception:
        # A request schemathesis made invalid on purpose is refused; one it meant valid must not be.
        if case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE:
            raise
    headers = {k: ", ".join(v) for k, v in response.headers.items()}
    content_type = headers.get("content-type", "")
    data = b"" if response.request.method == "HEAD" else _body(response.content, content_type)
    SPEC.validate_response(request, MockResponse(data, status_code=response.status_code, headers=headers,
                                                 content_type=content_type))
