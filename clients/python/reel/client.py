"""`Reel`: uploads, renders, downloads, over the generated client's HTTP connection."""

from __future__ import annotations

import functools
import json
import mimetypes
import os
import random
import time
import uuid
from urllib.parse import quote
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Union

import httpx

from reel_client import AuthenticatedClient, Client

from .errors import JobFailed, ReelError, retry_after_seconds

if TYPE_CHECKING:
    from pydantic import BaseModel

FINISHED = ("succeeded", "failed", "canceled")
#: A job spec: a dict sent as it is, or a model (`reel.JobSpec`) sent as the JSON it was made from.
Spec = Union[Mapping[str, Any], "BaseModel"]
#: Where a download goes: a file path (written whole, then moved into place) or a writable binary stream.
Destination = Union[str, "os.PathLike[str]", IO[bytes]]
#: The pieces an upload or a download moves at a time: its memory, whatever the file's size.
CHUNK = 1 << 20
#: Methods that do the same when sent twice, so a request whose answer was lost may be sent again.
REPEATABLE = frozenset({"GET", "HEAD", "DELETE", "OPTIONS", "PUT"})
#: A connection that failed or closed before an answer (not a bad URL, not our own protocol error).
LOST = (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError)


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

    def __init__(self, url: str, key: str | None = None, *, timeout: float = 60.0, retries: int = 4,
                 backoff: float = 0.5, max_retry_wait: float = 60.0) -> None:
        """`retries`: how many times a request is sent again after a lost connection (only requests
        safe to repeat: GET, HEAD, DELETE, and submits, which carry an `Idempotency-Key`) or a 429
        or 503 answer (any request); 0 sends each once. The waits grow from `backoff` seconds,
        doubling, with jitter, or are what the answer's `Retry-After` asks; an answer asking for
        more than `max_retry_wait` seconds is raised (`ReelError.retry_after`) instead of waited for."""
        settings: dict[str, Any] = {"base_url": url.rstrip("/"), "timeout": httpx.Timeout(timeout)}
        #: The generated layer's client (`reel_client`), for typed access to every operation.
        self.api: AuthenticatedClient | Client = AuthenticatedClient(token=key, **settings) if key else Client(**settings)
        self._http = self.api.get_httpx_client()
        self.retries = retries
        self.backoff = backoff
        self.max_retry_wait = max_retry_wait

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Reel":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Assets

    def upload(self, source: str | os.PathLike[str] | IO[bytes], content_type: str | None = None, *,
               filename: str | None = None) -> dict[str, Any]:
        """Uploads a media file, font, caption file or Lottie file as it is, answering the asset; its
        `src` (`upload:asset_…`) goes into specs. `source` is a file path or a binary file object
        read from where it stands; either is streamed a megabyte at a time, so memory stays flat
        whatever the size. A path (or a seekable file) is sent with its `Content-Length`, another
        stream chunked; `filename` defaults to the file's name."""
        if isinstance(source, (str, os.PathLike)):
            path = os.fspath(source)
            name, size, start = filename or os.path.basename(path), os.path.getsize(path), 0
            body: Callable[[], Iterator[bytes]] = functools.partial(_file_chunks, path)
        else:
            named = getattr(source, "name", None)
            name = filename or (os.path.basename(named) if isinstance(named, str) else "upload")
            start = source.tell() if source.seekable() else None
            size = None if start is None else source.seek(0, os.SEEK_END) - start
            body = functools.partial(_chunks, source, start)
        guessed = mimetypes.guess_type(name)[0]
        # A `.json` file is a Lottie file here: sent as application/json it would ask for an import.
        if guessed == "application/json":
            guessed = None
        headers = {"Content-Type": content_type or guessed or "application/octet-stream", "X-Filename": name}
        if size is not None:
            headers["Content-Length"] = str(size)
        # An asset upload has no Idempotency-Key: only a 429 or 503 (nothing stored) is sent again,
        # and a stream that cannot go back to its start is sent once.
        return self._json(self._request("POST", "/v1/assets", body=body, headers=headers,
                                        retries=None if start is not None else 0))

    def assets(self, *, kind: str | None = None, limit: int = 20) -> Iterator[dict[str, Any]]:
        """The key's uploads, newest first, every page (`kind`: media, font, captions or lottie)."""
        yield from self._pages("/v1/assets", "assets", {"kind": kind, "limit": limit})

    def asset(self, asset_id: str) -> dict[str, Any]:
        return self._json(self._request("GET", f"/v1/assets/{asset_id}"))

    def delete_asset(self, asset_id: str) -> None:
        self._check(self._request("DELETE", f"/v1/assets/{asset_id}"))

    # Jobs

    def submit(self, spec: Spec, *, idempotency_key: str | None = None) -> dict[str, Any]:
        """Queues `spec` (a dict, sent as it is, or a `reel.JobSpec`) and answers the job.

        Every submit carries an `Idempotency-Key`: `idempotency_key`, or one made here for this
        call. A retry (after a lost answer, a 429 or a 503) sends the same key and body, so the
        server answers the job the first try made instead of queueing another; give your own key
        to make a later call (another process, after a crash) a repeat of this one too."""
        return self._json(self._submit("/v1/jobs", _json_body(spec), idempotency_key))

    def job(self, job_id: str) -> dict[str, Any]:
        return self._json(self._request("GET", f"/v1/jobs/{job_id}"))

    def jobs(self, *, status: str | None = None, batch: str | None = None, metadata: tuple[str, str] | None = None,
             limit: int = 20) -> Iterator[dict[str, Any]]:
        """The key's jobs, newest first, every page (`status`, `batch`, and `metadata=(key, value)`:
        a string member of the spec's metadata, narrow them)."""
        params: dict[str, Any] = {"status": status, "batch": batch, "limit": limit}
        if metadata is not None:
            params[f"metadata[{metadata[0]}]"] = metadata[1]
        yield from self._pages("/v1/jobs", "jobs", params)

    def validate(self, spec: Spec) -> dict[str, Any]:
        """The server's verdict on `spec` (a dict or a `reel.JobSpec`, or `{"template", "merge"}`)
        without queueing it: `{"valid": True, "duration", "frames", "output"}` or
        `{"valid": False, "errors": [...]}`; it also judges what a model cannot (`timeline` or
        `otio`, sources, fonts)."""
        return self._json(self._request("POST", "/v1/validate", json=_json_body(spec)))

    def probe(self, src: str) -> dict[str, Any]:
        """A source's container, streams (with their colour), metadata and chapters."""
        return self._json(self._request("POST", "/v1/probe", json={"src": src}))

    # Templates and batches

    def create_template(
        self, spec: Spec, *, name: str | None = None, description: str | None = None,
        placeholders: dict[str, dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """Stores a spec with `{{name}}` placeholders, typed by `placeholders` (name -> {type, label,
        description, default, required}) where given; answers the template (its `placeholders`)."""
        body: dict[str, Any] = {"spec": _json_body(spec)}
        if name is not None:
            body["name"] = name
        if description is not None:
            body["description"] = description
        if placeholders is not None:
            body["placeholders"] = placeholders
        return self._json(self._request("POST", "/v1/templates", json=body))

    def template(self, template_id: str) -> dict[str, Any]:
        return self._json(self._request("GET", f"/v1/templates/{template_id}"))

    def templates(self, *, limit: int = 20) -> Iterator[dict[str, Any]]:
        """The key's templates, newest first, every page."""
        yield from self._pages("/v1/templates", "templates", {"limit": limit})

    def delete_template(self, template_id: str) -> None:
        self._check(self._request("DELETE", f"/v1/templates/{template_id}"))

    def submit_template(self, template_id: str, merge: dict[str, Any], *, idempotency_key: str | None = None) -> dict[str, Any]:
        """Queues the template merged with `merge` (a value per placeholder); answers the job. Retried
        like `submit`, under one `Idempotency-Key`."""
        return self.submit({"template": template_id, "merge": merge}, idempotency_key=idempotency_key)

    def submit_batch(self, *, template: str | None = None, rows: list[dict[str, Any]] | None = None,
                     jobs: list[Spec] | None = None, idempotency_key: str | None = None) -> dict[str, Any]:
        """Queues many jobs at once, all or none: a template's `rows` of merge values, or `jobs` specs
        (dicts or `reel.JobSpec`s). Retried like `submit`, under one `Idempotency-Key`."""
        body: dict[str, Any] = ({"template": template, "rows": rows} if template is not None
                                else {"jobs": [_json_body(spec) for spec in jobs or []]})
        return self._json(self._submit("/v1/batches", body, idempotency_key))

    def batch(self, batch_id: str) -> dict[str, Any]:
        return self._json(self._request("GET", f"/v1/batches/{batch_id}"))

    def cancel_batch(self, batch_id: str) -> dict[str, Any]:
        return self._json(self._request("POST", f"/v1/batches/{batch_id}/cancel"))

    def delete_batch(self, batch_id: str) -> None:
        self._check(self._request("DELETE", f"/v1/batches/{batch_id}"))

    # The project's keys

    def create_key(self, scope: str = "full") -> dict[str, Any]:
        """A new key of this client's project (`full` or `read`); its secret, `key`, is shown only here."""
        return self._json(self._request("POST", "/v1/keys", json={"scope": scope}))

    def keys(self) -> list[dict[str, Any]]:
        """The project's keys, oldest first, without secrets (`current`: the one this client uses)."""
        return self._json(self._request("GET", "/v1/keys"))["keys"]

    def delete_key(self, key_id: str) -> None:
        """Deletes a key of the project: refused from the next request on, on every node."""
        self._check(self._request("DELETE", f"/v1/keys/{key_id}"))

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

    def render(self, spec: Spec, *, wait: bool = True, out: Destination | None = None,
               progress: Callable[[float, dict[str, Any]], None] | None = None, poll: float = 0.5,
               timeout: float | None = None, idempotency_key: str | None = None) -> dict[str, Any]:
        """Submits `spec` (see `submit`); with `wait` (the default) waits for the job (see `wait`)
        and, with `out` (a path or a writable binary stream), downloads its output there. Answers
        the job."""
        job = self.submit(spec, idempotency_key=idempotency_key)
        if not wait:
            return job
        job = self.wait(job["id"], progress=progress, poll=poll, timeout=timeout)
        if out is not None:
            self.download(job["id"], out)
        return job

    def download(self, job_id: str, dest: Destination, output: str | None = None) -> str | IO[bytes]:
        """Writes the job's output (`output`: one of a job's named `outputs`, by name) to `dest`,
        streamed a chunk at a time (a bucket's presigned redirect followed, without the key): a path
        is written as `dest.part` and moved into place once whole, a writable binary stream (a file,
        a socket's file, BytesIO) gets the bytes as they come. Answers the path (a str), or the
        stream."""
        path = f"/v1/jobs/{job_id}/output" if output is None else f"/v1/jobs/{job_id}/outputs/{quote(output, safe='')}"
        r = self._request("GET", path, stream=True, follow_redirects=True)
        try:
            if r.status_code >= 400:
                r.read()
                self._check(r)
            if not isinstance(dest, (str, os.PathLike)):
                for chunk in r.iter_bytes(CHUNK):
                    dest.write(chunk)
                return dest
            partial = os.fspath(dest) + ".part"
            with open(partial, "wb") as f:
                for chunk in r.iter_bytes(CHUNK):
                    f.write(chunk)
        finally:
            r.close()
        os.replace(partial, dest)
        return os.fspath(dest)

    def cancel(self, job_id: str) -> dict[str, Any]:
        """Asks the job to stop; answers it (it ends `canceled`)."""
        return self._json(self._request("POST", f"/v1/jobs/{job_id}/cancel"))

    def delete(self, job_id: str) -> None:
        self._check(self._request("DELETE", f"/v1/jobs/{job_id}"))

    # Seeing before rendering

    def preview(self, spec: Spec, time: float | str, *, format: str = "png", width: int | None = None,
                output: str | None = None) -> bytes:
        """The output frame whose interval holds `time` (seconds, or "N/D"), drawn by the render
        engine: a PNG (the same pixels as the `png` output of `spec` at that frame) or a JPEG, `width`
        pixels wide when given; for a spec with `outputs`, of the one named `output` (default the
        first). Previews of one spec in a row reuse the server's open decoders."""
        body: dict[str, Any] = {"spec": _json_body(spec), "time": time, "format": format}
        if width is not None:
            body["width"] = width
        if output is not None:
            body["output"] = output
        r = self._request("POST", "/v1/preview", json=body)
        self._check(r)
        return r.content

    def waveform(self, src: str, *, points_per_second: int = 100) -> dict[str, Any]:
        """A source's audio as min/max peaks per channel (audiowaveform's JSON shape)."""
        return self._json(self._request("POST", "/v1/waveform", json={"src": src, "pointsPerSecond": points_per_second}))

    # Requests, retried

    def _submit(self, path: str, body: Any, idempotency_key: str | None) -> httpx.Response:
        """POSTs a submit under one `Idempotency-Key` (the caller's, else a new one) for all its tries."""
        key = idempotency_key or str(uuid.uuid4())
        return self._request("POST", path, json=body, headers={"Idempotency-Key": key})

    def _request(self, method: str, path: str, *, body: Callable[[], Iterable[bytes]] | None = None,
                 retries: int | None = None, stream: bool = False, follow_redirects: bool = False,
                 **options: Any) -> httpx.Response:
        """Sends a request, again after a lost connection when that is safe (the method repeats
        harmlessly, or an `Idempotency-Key` makes the server answer a repeat with the first
        result), and after a 429 or 503 (the server did nothing), at most `retries` (default
        `self.retries`) more times. `body` makes the request body anew for each try. With `stream`
        the answer's body is left unread (the caller closes it)."""
        retries = self.retries if retries is None else retries
        headers = options.get("headers") or {}
        safe = method in REPEATABLE or any(k.lower() == "idempotency-key" for k in headers)
        lost = False
        for attempt in range(retries + 1):
            request = self._http.build_request(method, path, content=None if body is None else body(), **options)
            try:
                r = self._http.send(request, stream=stream, follow_redirects=follow_redirects)
            except LOST:
                if not safe or attempt == retries:
                    raise
                lost = True
                time.sleep(self._backoff(attempt))
                continue
            if r.status_code in (429, 503) and attempt < retries:
                wait = retry_after_seconds(r.headers.get("retry-after"))
                if wait is None or wait <= self.max_retry_wait:
                    r.close()
                    time.sleep(self._backoff(attempt) if wait is None else wait)
                    continue
            if lost and method == "DELETE" and r.status_code == 404:
                # The try whose answer was lost did delete it: what was asked is done.
                r.close()
                return httpx.Response(204, request=request)
            return r
        raise AssertionError("unreachable")  # pragma: no cover

    def _backoff(self, attempt: int) -> float:
        """Exponential backoff with jitter: about `backoff` × 2^attempt seconds (at most 8 s), each
        client waiting a random part of it so that many clients do not come back at once."""
        ceiling = min(8.0, self.backoff * 2 ** attempt)
        return ceiling / 2 + random.uniform(0, ceiling / 2)

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
            page = self._json(self._request("GET", path, params=query))
            yield from page[member]
            if not page.get("nextCursor"):
                return
            query["cursor"] = page["nextCursor"]


def _json_body(spec: Spec) -> Any:
    """What a spec is as JSON: a dict as it is; a model (`reel.JobSpec`) as the members it was given,
    by their JSON names, with its numbers and time strings as given (no defaults added), so a model
    and the dict it was made from are the same body, and the same `Idempotency-Key` request."""
    if hasattr(spec, "model_dump"):
        return spec.model_dump(mode="json", by_alias=True, exclude_unset=True, exclude_none=True)
    return spec


def _file_chunks(path: str) -> Iterator[bytes]:
    """A file's bytes, a chunk at a time, the file closed once read."""
    with open(path, "rb") as f:
        yield from _chunks(f)


def _chunks(f: IO[bytes], start: int | None = None) -> Iterator[bytes]:
    """A binary file's bytes from `start` (else from where it stands), a chunk at a time."""
    if start is not None:
        f.seek(start)
    while chunk := f.read(CHUNK):
        yield chunk


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
