from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BatchCounts")


@_attrs_define
class BatchCounts:
    """
    Attributes:
        queued (int):
        running (int):
        succeeded (int):
        failed (int):
        canceled (int):
    """

    queued: int
    running: int
    succeeded: int
    failed: int
    canceled: int

    def to_dict(self) -> dict[str, Any]:
        queued = self.queued

        running = self.running

        succeeded = self.succeeded

        failed = self.failed

        canceled = self.canceled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "queued": queued,
                "running": running,
                "succeeded": succeeded,
                "failed": failed,
                "canceled": canceled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        queued = d.pop("queued")

        running = d.pop("running")

        succeeded = d.pop("succeeded")

        failed = d.pop("failed")

        canceled = d.pop("canceled")

        batch_counts = cls(
            queued=queued,
            running=running,
            succeeded=succeeded,
            failed=failed,
            canceled=canceled,
        )

        return batch_counts
