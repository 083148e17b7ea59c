"""`Reel`: uploads, renders, downloads, over the generated client's HTTP connection."""

from __future__ import annotations

import json
import mimetypes
import os
import time
from typing import Any, Callable, Iterator, NamedTuple

import httpx

from reel_client import AuthenticatedClient, Client

from .errors import JobFailed, ReelError

FINISHED = ("succeeded", "failed", "canceled")


class Event(NamedTuple):
    """One Server-Sent Event of `Reel.events`: `name` is `job` (`data` is the job) or `deleted`
    (`data` is `{"id": …}`); `id` is what a later stream resumes after."""

    name: str
    id: str | None
    data: dict[str, Any]


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
        """Uploads a media file, font, caption file or Lottie file as it is (streamed), answering the
        asset; its `src` (`upload:asset_…`) goes into specs."""
        name = os.path.basename(os.fspath(path))
        guessed = mimetypes.guess_type(name)[0]
        # A `.json` file is a Lottie file here: sent as application/json it would ask for an import.
        if guessed == "application/json":
            guessed = None
        kind = content_type or guessed or "application/octet-stream"
        with open(path, "rb") as body:
            r = self._http.post("/v1/assets", content=body, headers={"Content-Type": kind, "X-Filename": name})
        return self._json(r)

    def assets(self, *, kind: str | None = None, limit: int = 20) -> Iterator[dict[str, Any]]:
        """The key's uploads, newest first, every page (`kind`: media, font, captions or lottie)."""
        yield from self._pages("/v1/assets", "assets", {"kind": kind, "limit": limit})

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

    def jobs(self, *, status: str | None = None, batch: str | None = None, metadata: tuple[str, str] | None = None,
             limit: int = 20) -> Iterator[dict[str, Any]]:
        """The key's jobs, newest first, every page (`status`, `batch`, and `metadata=(key, value)`:
        a string member of the spec's metadata, narrow them)."""
        params: dict[str, Any] = {"status": status, "batch": batch, "limit": limit}
        if metadata is not None:
            params[f"metadata[{metadata[0]}]"] = metadata[1]
        yield from self._pages("/v1/jobs", "jobs", params)

    def validate(self, spec: dict[str, Any]) -> dict[str, Any]:
        """The server's verdict on `spec` (or `{"template", "merge"}`) without queueing it:
        `{"valid": True, "duration", "frames", "output"}` or `{"valid": False, "errors": [...]}`."""
        return self._json(self._http.post("/v1/validate", json=spec))

    def probe(self, src: str) -> dict[str, Any]:
        """A source's container, streams (with their colour), metadata and chapters."""
        return self._json(self._http.post("/v1/probe", json={"src": src}))

    # Templates and batches

    def create_template(
        self, spec: dict[str, Any], *, name: str | None = None, placeholders: dict[str, dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """Stores a spec with `{{name}}` placeholders, typed by `placeholders` (name -> {type, label,
        description, default, required}) where given; answers the template (its `placeholders`)."""
        body: dict[str, Any] = {"spec": spec}
        if name is not None:
            body["name"] = name
        if placeholders is not None:
            body["placeholders"] = placeholders
        return self._json(self._http.post("/v1/templates", json=body))

    def template(self, template_id: str) -> dict[str, Any]:
        return self._json(self._http.get(f"/v1/templates/{template_id}"))

    def templates(self, *, limit: int = 20) -> Iterator[dict[str, Any]]:
        """The key's templates, newest first, every page."""
        yield from self._pages("/v1/templates", "templates", {"limit": limit})

    def delete_template(self, template_id: str) -> None:
        self._check(self._http.delete(f"/v1/templates/{template_id}"))

    def submit_template(self, template_id: str, merge: dict[str, Any], *, idempotency_key: str | None = None) -> dict[str, Any]:
        """Queues the template merged with `merge` (a value per placeholder); answers the job."""
        return self.submit({"template": template_id, "merge": merge}, idempotency_key=idempotency_key)

    def submit_batch(self, *, template: str | None = None, rows: list[dict[str, Any]] | None = None,
                     jobs: list[dict[str, Any]] | None = None, idempotency_key: str | None = None) -> dict[str, Any]:
        """Queues many jobs at once, all or none: a template's `rows` of merge values, or `jobs` specs."""
        body: dict[str, Any] = {"template": template, "rows": rows} if template is not None else {"jobs": jobs or []}
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
        return self._json(self._http.post("/v1/batches", json=body, headers=headers))

    def batch(self, batch_id: str) -> dict[str, Any]:
        return self._json(self._http.get(f"/v1/batches/{batch_id}"))

    def cancel_batch(self, batch_id: str) -> dict[str, Any]:
        return self._json(self._http.post(f"/v1/batches/{batch_id}/cancel"))

    def delete_batch(self, batch_id: str) -> None:
        self._check(self._http.delete(f"/v1/batches/{batch_id}"))

    # The project's keys

    def create_key(self, scope: str = "full") -> dict[str, Any]:
        """A new key of this client's project (`full` or `read`); its secret, `key`, is shown only here."""
        return self._json(self._http.post("/v1/keys", json={"scope": scope}))

    def keys(self) -> list[dict[str, Any]]:
        """The project's keys, oldest first, without secrets (`current`: the one this client uses)."""
        return self._json(self._http.get("/v1/keys"))["keys"]

    def delete_key(self, key_id: str) -> None:
        """Deletes a key of the project: refused from the next request on, on every node."""
        self._check(self._http.delete(f"/v1/keys/{key_id}"))

    def events(self, job_id: str | None = None, *, last_event_id: str | None = None,
               deadline: float | None = None, reconnect: float = 0.5) -> Iterator[Event]:
        """Follows jobs over Server-Sent Events: the job's changes (`job_id`), or with none every
        job of the key, each as an `Event`, in order. A broken or server-ended connection is
        resumed after the last event (`Last-Event-ID`), so nothing is missed; a job's stream stops
        after the job has finished (or was deleted). `deadline` (time.monotonic) raises
        `TimeoutError` once passed."""
        path = f"/v1/jobs/{job_id}/events" if job_id else "/v1/events"
        last = last_event_id
        while True:
            headers = {"Accept": "text/event-stream"}
            if last is not None:
                headers["Last-Event-ID"] = last
            wait = self._http.timeout.read or 60.0
            if deadline is not None:
                wait = max(0.01, min(wait, deadline - time.monotonic()))
            try:
                with self._http.stream("GET", path, headers=headers, timeout=httpx.Timeout(self._http.timeout.connect, read=wait)) as r:
                    if r.status_code >= 400:
                        r.read()
                        self._check(r)
                    for event in _server_sent_events(r.iter_lines()):
                        if event.id is not None:
                            last = event.id
                        yield event
                        if job_id and (event.name == "deleted" or event.data.get("status") in FINISHED):
                            return
            except (httpx.ReadTimeout, httpx.ReadError, httpx.RemoteProtocolError, httpx.ConnectError):
                pass
            if deadline is not None and time.monotonic() >= deadline:
                raise TimeoutError(f"no end of {path} within the time given")
            time.sleep(reconnect)

    def wait(self, job_id: str, *, progress: Callable[[float, dict[str, Any]], None] | None = None,
             poll: float = 0.5, timeout: float | None = None) -> dict[str, Any]:
        """Waits until the job ends, following its events stream, and calls `progress(fraction, job)`
        whenever its progress moves (and with 1.0 at success). Answers the succeeded job; raises
        `JobFailed` for a job that failed, was canceled or deleted, `TimeoutError` after `timeout`
        seconds. `poll` is the pause before reconnecting a broken stream."""
        deadline = None if timeout is None else time.monotonic() + timeout
        shown = -1.0
        for event in self.events(job_id, deadline=deadline, reconnect=poll):
            job = event.data
            if event.name == "deleted":
                raise JobFailed({"id": job_id, "status": "deleted", "error": {"code": "deleted", "message": "the job was deleted"}})
            fraction = 1.0 if job["status"] == "succeeded" else float(job.get("progress") or 0)
            if progress is not None and fraction != shown:
                shown = fraction
                progress(fraction, job)
            if job["status"] in FINISHED:
                if job["status"] != "succeeded":
                    raise JobFailed(job)
                return self.job(job_id)
        raise TimeoutError(f"job {job_id} did not end within {timeout} s")

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

    # Seeing before rendering

    def preview(self, spec: dict[str, Any], time: float | str, *, format: str = "png", width: int | None = None) -> bytes:
        """The output frame whose interval holds `time` (seconds, or "N/D"), drawn by the render
        engine: a PNG (the same pixels as the `png` output of `spec` at that frame) or a JPEG, `width`
        pixels wide when given. Previews of one spec in a row reuse the server's open decoders."""
        body: dict[str, Any] = {"spec": spec, "time": time, "format": format}
        if width is not None:
            body["width"] = width
        r = self._http.post("/v1/preview", json=body)
        self._check(r)
        return r.content

    def waveform(self, src: str, *, points_per_second: int = 100) -> dict[str, Any]:
        """A source's audio as min/max peaks per channel (audiowaveform's JSON shape)."""
        return self._json(self._http.post("/v1/waveform", json={"src": src, "pointsPerSecond": points_per_second}))

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

    def _pages(self, path: str, member: str, params: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """Every item of a listing, page after page (`nextCursor`)."""
        query = {k: v for k, v in params.items() if v is not None}
        while True:
            page = self._json(self._http.get(path, params=query))
            yield from page[member]
            if not page.get("nextCursor"):
                return
            query["cursor"] = page["nextCursor"]


def _server_sent_events(lines: Iterator[str]) -> Iterator[Event]:
    """Events from a `text/event-stream`'s lines, by the HTML standard's rules: a blank line
    dispatches, a line starting with `:` is a comment, a value loses one leading space."""
    name, ident, data = "message", None, None
    for line in lines:
        if line == "":
            if data is not None:
                yield Event(name, ident, json.loads(data))
            name, ident, data = "message", None, None
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "event":
            name = value
        elif field == "data":
            data = value if data is None else data + "\n" + value
        elif field == "id":
            ident = value
