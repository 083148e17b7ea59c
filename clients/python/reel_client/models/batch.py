from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.batch_status import BatchStatus

if TYPE_CHECKING:
    from ..models.batch_counts import BatchCounts


T = TypeVar("T", bound="Batch")


@_attrs_define
class Batch:
    """
    Attributes:
        id (str): `bat_` followed by a 26-character ULID.
        status (BatchStatus): `queued` until one of its jobs starts, `running` while any is queued or running, then
            `finished`.
        counts (BatchCounts):
        progress (float): The mean of its jobs' progress, a finished job counting 1.
        eta (float | None): Seconds until it is finished, from its pace since its first job started; null unless
            running.
        created_at (datetime.datetime):
        idempotency_key (None | str):
        webhook (None | str): Where its `batch` event goes once every job of it has ended.
        jobs (list[str]): Its jobs' ids in the order they were submitted (a deleted job is left out).
    """

    id: str
    status: BatchStatus
    counts: BatchCounts
    progress: float
    eta: float | None
    created_at: datetime.datetime
    idempotency_key: None | str
    webhook: None | str
    jobs: list[str]

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status.value

        counts = self.counts.to_dict()

        progress = self.progress

        eta: float | None
        eta = self.eta

        created_at = self.created_at.isoformat()

        idempotency_key: None | str
        idempotency_key = self.idempotency_key

        webhook: None | str
        webhook = self.webhook

        jobs = self.jobs

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "counts": counts,
                "progress": progress,
                "eta": eta,
                "createdAt": created_at,
                "idempotencyKey": idempotency_key,
                "webhook": webhook,
                "jobs": jobs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_counts import BatchCounts  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = BatchStatus(d.pop("status"))

        counts = BatchCounts.from_dict(d.pop("counts"))

        progress = d.pop("progress")

        def _parse_eta(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        eta = _parse_eta(d.pop("eta"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_idempotency_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        idempotency_key = _parse_idempotency_key(d.pop("idempotencyKey"))

        def _parse_webhook(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        webhook = _parse_webhook(d.pop("webhook"))

        jobs = cast(list[str], d.pop("jobs"))

        batch = cls(
            id=id,
            status=status,
            counts=counts,
            progress=progress,
            eta=eta,
            created_at=created_at,
            idempotency_key=idempotency_key,
            webhook=webhook,
            jobs=jobs,
        )

        return batch
