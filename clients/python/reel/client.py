"""`Reel`: uploads, renders, downloads, over the generated client's HTTP connection."""

from __future__ import annotations

import mimetypes
import os
import time
from typing import Any, Callable

import httpx

from reel_client import AuthenticatedClient, Client

from .errors import JobFailed, ReelError

FINISHED = ("succeeded", "failed", "canceled")


class Reel:
    """A connection to a Reel server.

    >>> reel = Reel("http://127.0.0.1:8080", key="…")
    >>> clip = reel.upload("intro.mp4")
    >>> job = reel.render({"version": 1, "timeline": {"videos": [{"src": clip["src"]}]}},
    ...                   out="intro-720p.mp4", progress=lambda p, job: print(f"{p:.0%}"))
    """

    def __init__(self, url: str, key: str | None = None, *, timeout: float = 60.0) -> None:
        settings: dict[str, Any] = {"base_url": url.rstrip("/"), "timeout": httpx.Timeout(timeout)}
        #: The generated layer's client (`reel_client`), for typed access to every operation.
        self.api: AuthenticatedClient | Client = AuthenticatedClient(token=key, **settings) if key else Client(**settings)
        self._http = self.api.get_httpx_client()

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Reel":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Assets

    def upload(self, path: str | os.PathLike[str], content_type: str | None = None) -> dict[str, Any]:
        """Uploads a media file, font or caption file as it is (streamed), answering the asset; its
        `src` (`upload:asset_…`) goes into specs."""
        name = os.path.basename(os.fspath(path))
        kind = content_type or mimetypes.guess_type(name)[0] or "application/octet-stream"
        with open(path, "rb") as body:
            r = self._http.post("/v1/assets", content=body, headers={"Content-Type": kind, "X-Filename": name})
        return self._json(r)

    def asset(self, asset_id: str) -> dict[str, Any]:
        return self._json(self._http.get(f"/v1/assets/{asset_id}"))

    def delete_asset(self, asset_id: str) -> None:
        self._check(self._http.delete(f"/v1/assets/{asset_id}"))

    # Jobs

    def submit(self, spec: dict[str, Any], *, idempotency_key: str | None = None) -> dict[str, Any]:
        """Queues `spec` (a dict, sent as it is) and answers the job. With `idempotency_key`, a
        repeat of the same request answers the first job instead of queueing another."""
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
        return self._json(self._http.post("/v1/jobs", json=spec, headers=headers))

    def job(self, job_id: str) -> dict[str, Any]:
        return self._json(self._http.get(f"/v1/jobs/{job_id}"))

    def wait(self, job_id: str, *, progress: Callable[[float, dict[str, Any]], None] | None = None,
             poll: float = 0.5, timeout: float | None = None) -> dict[str, Any]:
        """Waits until the job ends, calling `progress(fraction, job)` whenever its progress moves
        (and with 1.0 at success). Answers the succeeded job; raises `JobFailed` for a job that
        failed or was canceled, `TimeoutError` after `timeout` seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        shown = -1.0
        while True:
            job = self.job(job_id)
            fraction = 1.0 if job["status"] == "succeeded" else float(job.get("progress") or 0)
            if progress is not None and fraction != shown:
                shown = fraction
                progress(fraction, job)
            if job["status"] in FINISHED:
                if job["status"] != "succeeded":
                    raise JobFailed(job)
                return job
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError(f"job {job_id} is still {job['status']} after {timeout} s")
            time.sleep(poll)

    def render(self, spec: dict[str, Any], *, wait: bool = True, out: str | os.PathLike[str] | None = None,
               progress: Callable[[float, dict[str, Any]], None] | None = None, poll: float = 0.5,
               timeout: float | None = None, idempotency_key: str | None = None) -> dict[str, Any]:
        """Submits `spec`; with `wait` (the default) waits for the job (see `wait`) and, with `out`,
        downloads its output there. Answers the job."""
        job = self.submit(spec, idempotency_key=idempotency_key)
        if not wait:
            return job
        job = self.wait(job["id"], progress=progress, poll=poll, timeout=timeout)
        if out is not None:
            self.download(job["id"], out)
        return job

    def download(self, job_id: str, path: str | os.PathLike[str]) -> str:
        """Writes the job's output to `path` (streamed; a bucket's presigned redirect followed,
        without the key). Answers the path."""
        with self._http.stream("GET", f"/v1/jobs/{job_id}/output", follow_redirects=True) as r:
            if r.status_code >= 400:
                r.read()
                self._check(r)
            partial = os.fspath(path) + ".part"
            with open(partial, "wb") as f:
                for chunk in r.iter_bytes():
                    f.write(chunk)
        os.replace(partial, path)
        return os.fspath(path)

    def cancel(self, job_id: str) -> dict[str, Any]:
        """Asks the job to stop; answers it (it ends `canceled`)."""
        return self._json(self._http.post(f"/v1/jobs/{job_id}/cancel"))

    def delete(self, job_id: str) -> None:
        self._check(self._http.delete(f"/v1/jobs/{job_id}"))

    # Answers

    def _check(self, r: httpx.Response) -> None:
        if r.status_code < 400:
            return
        try:
            body: Any = r.json()
        except ValueError:
            body = None
        raise ReelError.from_response(r.status_code, body, {k.lower(): v for k, v in r.headers.items()})

    def _json(self, r: httpx.Response) -> dict[str, Any]:
        self._check(r)
        return r.json()
