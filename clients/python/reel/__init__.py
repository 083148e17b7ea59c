"""Reel's Python client.

`Reel` is the small layer users reach for: upload a file, render a spec (waiting for it, with a
progress callback, and downloading the output), download, cancel. Specs go to the server as the
dicts you give, unchanged, so a misspelt member is the server's 422 naming it, never a default
silently used. Every failure the API answers is raised as `ReelError`, carrying the problem's
`type`, `title`, `detail` and the `errors` at their JSON pointers.

The generated layer, `reel_client` (from openapi.yaml by clients/python/generate.sh), is there for
typed access to every operation: `Reel.api` is its client, already authenticated.
"""

from .client import Event, Reel
from .errors import JobFailed, ReelError

__all__ = ["Reel", "Event", "ReelError", "JobFailed"]
