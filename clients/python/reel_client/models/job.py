from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.job_priority import JobPriority
from ..models.job_status import JobStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_error import JobError
    from ..models.job_live import JobLive
    from ..models.job_metadata import JobMetadata
    from ..models.job_output import JobOutput
    from ..models.job_webhook import JobWebhook


T = TypeVar("T", bound="Job")


@_attrs_define
class Job:
    """A job. `spec` is always in `GET /v1/jobs/{id}` and the answers to `POST`s; list items carry it
    only with `?include=spec`.

        Attributes:
            id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
            status (JobStatus): `queued` → `running` → `succeeded` | `failed` | `canceled`. A running job whose attempt
                failed
                for a passing reason (`render_failed`) or whose worker stopped renewing its lease goes back to
                `queued` while attempts remain. The last three are final.
            template (None | str): The template the job was merged from, if any (its `spec` is the merged spec).
            progress (float): Fraction of the render done (1 once succeeded).
            eta (float | None): Estimated seconds until the render finishes; null when unknown (queued, finished, or too
                early to tell).
            attempts (int): How many times a worker has started this job.
            chunks (int): How many chunks the job was cut into for chunked rendering (configuration `chunkSeconds`): each
                chunk's video rendered by any worker, the audio whole, joined without re-encoding. 1 when it was not cut (not
                yet started, not longer than a chunk, chunking off, or an output that cannot be cut). `progress` and `eta` cover
                all chunks together.
            chunk_seconds (int | None): The chunk length the job was cut at, chosen when it was cut: its length over the
                live workers of every node sharing the store (one chunk each), between 10 s and the configuration's
                `chunkSeconds`; null when it was not cut.
            max_attempts (int): Attempts allowed before the job fails (configuration `maxAttempts` when it was queued).
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
            started_at (datetime.datetime | None): When the first attempt started.
            finished_at (datetime.datetime | None):
            error (JobError | None):
            output (JobOutput | None): The succeeded job's output; null until then, and for a job with `outputs`.
            webhook (JobWebhook | None): The spec's webhook, or null. `GET /v1/jobs/{id}` adds `deliveries`, the last 50
                events sent
                or being sent (oldest first; a `progress` event is dropped once a later one is delivered,
                and any that ended over `webhookRetentionHours` ago); lists and webhook bodies leave it out.
            idempotency_key (None | str):
            priority (JobPriority): The job's place among its project's queued jobs: `high` before `normal` before `low`,
                oldest first
                within each. Projects take turns at the workers whatever their jobs' priorities.
            batch (None | str): The batch the job was submitted in (`POST /v1/batches`), or null.
            metadata (JobMetadata | None): The spec's `metadata`, as given, or null.
            draft (bool | Unset): Present (true) when the spec asks for a draft (`output.draft`, or a draft among
                `outputs`).
            live (JobLive | Unset): Present while a progressive `hls` job (`output.hls.progressive`, or a progressive one
                among `outputs`) runs: where its output plays as it renders (409 with `Retry-After` until its first segments are
                written), the same address it keeps once done.
            outputs (list[JobOutput] | Unset): Present once a job with `outputs` has succeeded: each of them, in the spec's
                order, with its `name`, at its own `url` (`/v1/jobs/{id}/outputs/{name}`).
            spec (Any | Unset): A version-1 job: what to render (`timeline`) and how to write it (`output`); docs/SPEC.md is
                its reference.
                Every object rejects unknown members. An `m4a` output needs at least one video, voice-over or
                music item; every other format needs at least one video item.
    """

    id: str
    status: JobStatus
    template: None | str
    progress: float
    eta: float | None
    attempts: int
    chunks: int
    chunk_seconds: int | None
    max_attempts: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    error: JobError | None
    output: JobOutput | None
    webhook: JobWebhook | None
    idempotency_key: None | str
    priority: JobPriority
    batch: None | str
    metadata: JobMetadata | None
    draft: bool | Unset = UNSET
    live: JobLive | Unset = UNSET
    outputs: list[JobOutput] | Unset = UNSET
    spec: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.job_error import JobError  # noqa: PLC0415
        from ..models.job_metadata import JobMetadata  # noqa: PLC0415
        from ..models.job_output import JobOutput  # noqa: PLC0415
        from ..models.job_webhook import JobWebhook  # noqa: PLC0415

        id = self.id

        status = self.status.value

        template: None | str
        template = self.template

        progress = self.progress

        eta: float | None
        eta = self.eta

        attempts = self.attempts

        chunks = self.chunks

        chunk_seconds: int | None
        chunk_seconds = self.chunk_seconds

        max_attempts = self.max_attempts

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        error: dict[str, Any] | None
        if isinstance(self.error, JobError):
            error = self.error.to_dict()
        else:
            error = self.error

        output: dict[str, Any] | None
        if isinstance(self.output, JobOutput):
            output = self.output.to_dict()
        else:
            output = self.output

        webhook: dict[str, Any] | None
        if isinstance(self.webhook, JobWebhook):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        idempotency_key: None | str
        idempotency_key = self.idempotency_key

        priority = self.priority.value

        batch: None | str
        batch = self.batch

        metadata: dict[str, Any] | None
        if isinstance(self.metadata, JobMetadata):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        draft = self.draft

        live: dict[str, Any] | Unset = UNSET
        if not isinstance(self.live, Unset):
            live = self.live.to_dict()

        outputs: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.outputs, Unset):
            outputs = []
            for outputs_item_data in self.outputs:
                outputs_item = outputs_item_data.to_dict()
                outputs.append(outputs_item)

        spec: Any | Unset
        if isinstance(self.spec, Unset):
            spec = UNSET
        else:
            spec = self.spec

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "template": template,
                "progress": progress,
                "eta": eta,
                "attempts": attempts,
                "chunks": chunks,
                "chunkSeconds": chunk_seconds,
                "maxAttempts": max_attempts,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "startedAt": started_at,
                "finishedAt": finished_at,
                "error": error,
                "output": output,
                "webhook": webhook,
                "idempotencyKey": idempotency_key,
                "priority": priority,
                "batch": batch,
                "metadata": metadata,
            }
        )
        if draft is not UNSET:
            field_dict["draft"] = draft
        if live is not UNSET:
            field_dict["live"] = live
        if outputs is not UNSET:
            field_dict["outputs"] = outputs
        if spec is not UNSET:
            field_dict["spec"] = spec

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_error import JobError  # noqa: PLC0415
        from ..models.job_live import JobLive  # noqa: PLC0415
        from ..models.job_metadata import JobMetadata  # noqa: PLC0415
        from ..models.job_output import JobOutput  # noqa: PLC0415
        from ..models.job_webhook import JobWebhook  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = JobStatus(d.pop("status"))

        def _parse_template(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        template = _parse_template(d.pop("template"))

        progress = d.pop("progress")

        def _parse_eta(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        eta = _parse_eta(d.pop("eta"))

        attempts = d.pop("attempts")

        chunks = d.pop("chunks")

        def _parse_chunk_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        chunk_seconds = _parse_chunk_seconds(d.pop("chunkSeconds"))

        max_attempts = d.pop("maxAttempts")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("startedAt"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finishedAt"))

        def _parse_error(data: object) -> JobError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_1 = JobError.from_dict(data)

                return error_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JobError | None, data)

        error = _parse_error(d.pop("error"))

        def _parse_output(data: object) -> JobOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                output_type_1 = JobOutput.from_dict(data)

                return output_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JobOutput | None, data)

        output = _parse_output(d.pop("output"))

        def _parse_webhook(data: object) -> JobWebhook | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_type_1 = JobWebhook.from_dict(data)

                return webhook_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JobWebhook | None, data)

        webhook = _parse_webhook(d.pop("webhook"))

        def _parse_idempotency_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        idempotency_key = _parse_idempotency_key(d.pop("idempotencyKey"))

        priority = JobPriority(d.pop("priority"))

        def _parse_batch(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        batch = _parse_batch(d.pop("batch"))

        def _parse_metadata(data: object) -> JobMetadata | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_1 = JobMetadata.from_dict(data)

                return metadata_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JobMetadata | None, data)

        metadata = _parse_metadata(d.pop("metadata"))

        draft = d.pop("draft", UNSET)

        _live = d.pop("live", UNSET)
        live: JobLive | Unset
        if isinstance(_live, Unset):
            live = UNSET
        else:
            live = JobLive.from_dict(_live)

        _outputs = d.pop("outputs", UNSET)
        outputs: list[JobOutput] | Unset = UNSET
        if _outputs is not UNSET:
            outputs = []
            for outputs_item_data in _outputs:
                outputs_item = JobOutput.from_dict(outputs_item_data)

                outputs.append(outputs_item)

        def _parse_spec(data: object) -> Any | Unset:
            if isinstance(data, Unset):
                return data
            return cast(Any | Unset, data)

        spec = _parse_spec(d.pop("spec", UNSET))

        job = cls(
            id=id,
            status=status,
            template=template,
            progress=progress,
            eta=eta,
            attempts=attempts,
            chunks=chunks,
            chunk_seconds=chunk_seconds,
            max_attempts=max_attempts,
            created_at=created_at,
            updated_at=updated_at,
            started_at=started_at,
            finished_at=finished_at,
            error=error,
            output=output,
            webhook=webhook,
            idempotency_key=idempotency_key,
            priority=priority,
            batch=batch,
            metadata=metadata,
            draft=draft,
            live=live,
            outputs=outputs,
            spec=spec,
        )

        return job
