"""What the API refuses, raised: a problem+json answer (RFC 9457) as an exception."""

from __future__ import annotations

import email.utils
import math
import time
from typing import Any


def retry_after_seconds(value: str | None) -> float | None:
    """A `Retry-After` header as seconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3),
    never below 0; None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - time.time())


class ReelError(Exception):
    """An answer of 4xx or 5xx. `type` is the problem's URN (`urn:reel:problem:validation`),
    `errors` the `{"pointer", "message"}` list of a validation problem, `retry_after` the seconds
    a 429 or 503 asks to wait (None otherwise; raised once the client's retries are spent, or
    when it asks for more than the client's `max_retry_wait`)."""

    def __init__(self, status: int, type: str, title: str, detail: str, errors: list[dict[str, str]] | None = None,
                 instance: str | None = None, retry_after: int | None = None) -> None:
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.errors = errors or []
        self.instance = instance
        self.retry_after = retry_after
        super().__init__(str(self))

    @property
    def pointers(self) -> list[str]:
        """The JSON pointers of the problems, in the order the server listed them."""
        return [e.get("pointer", "") for e in self.errors]

    def __str__(self) -> str:
        lines = [f"{self.title} ({self.status}): {self.detail}"]
        lines += [f"  {e.get('pointer', '')}: {e.get('message', '')}" for e in self.errors]
        return "\n".join(lines)

    @classmethod
    def from_response(cls, status: int, body: Any, headers: dict[str, str]) -> "ReelError":
        wait = retry_after_seconds(headers.get("retry-after"))
        retry_after = None if wait is None else math.ceil(wait)
        if isinstance(body, dict) and "type" in body:
            return cls(status, str(body.get("type")), str(body.get("title", "")), str(body.get("detail", "")),
                       body.get("errors"), body.get("instance"), retry_after)
        return cls(status, "about:blank", "HTTP error", f"the server answered {status}", retry_after=retry_after)


class JobFailed(Exception):
    """A job that ended `failed` or `canceled` (or was deleted) while `Reel.wait` or `Reel.render`
    waited for it: not an HTTP error (every answer was a success), so its message says what
    failed. `job` is the job as it ended, `code` its `error.code` (`source_failed`, `canceled`…)."""

    def __init__(self, job: dict[str, Any]) -> None:
        self.job = job
        error = job.get("error") or {}
        self.code = error.get("code", "") or str(job.get("status", ""))
        self.message = error.get("message", "")
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"job {self.job.get('id')} {self.job.get('status')}"
        return text + (f" ({self.code}): {self.message}" if self.message else "")
