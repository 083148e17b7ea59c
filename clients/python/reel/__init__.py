"""Reel's Python client.

`Reel` is the small layer users reach for: upload a file, render a spec (waiting for it, with a
progress callback, and downloading the output), download, cancel. A spec is a dict, sent as you
give it, so a misspelt member is the server's 422 naming it, never a default silently used; or a
`JobSpec`, whose models (`reel.spec`, generated from the job spec's JSON Schema by
clients/python/generate_spec.py) refuse a misspelt member or a wrong type with a
`pydantic.ValidationError` (a ValueError) before any request. Every failure the API answers is
raised as `ReelError`, carrying the problem's `type`, `title`, `detail` and the `errors` at their
JSON pointers. Requests that fail for want of a connection, or are answered 429 or 503, are sent
again (a bounded number of times; submits under one `Idempotency-Key`, so never twice queued).

The generated layer, `reel_client` (from openapi.yaml by clients/python/generate.sh), is there for
typed access to every operation: `Reel.api` is its client, already authenticated.
"""

import importlib
from typing import TYPE_CHECKING, Any

from .client import Event, Reel
from .errors import JobFailed, ReelError

if TYPE_CHECKING:
    from . import spec
    from .spec import JobSpec

__all__ = ["Reel", "Event", "ReelError", "JobFailed", "JobSpec", "spec"]


def __getattr__(name: str) -> Any:
    """`reel.JobSpec` and `reel.spec`, imported when first used: building the models takes a few
    tenths of a second that a script using dicts need not pay."""
    if name in ("spec", "JobSpec"):
        spec = importlib.import_module(".spec", __name__)
        return spec if name == "spec" else spec.JobSpec
    raise AttributeError(f"module 'reel' has no attribute {name!r}")
