from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.readiness_status import ReadinessStatus

T = TypeVar("T", bound="Readiness")


@_attrs_define
class Readiness:
    """
    Attributes:
        status (ReadinessStatus):
        store (str): `ok`, or why the job store cannot be written now.
        storage (str): `ok`, or `unavailable` when the bucket of uploads and outputs does not answer or is gone
            (`failing` for another refusal); always `ok` on local disk.
        disk_free_bytes (int | None): Free bytes on the data directory's file system (null when unknown).
        problems (list[str]):
    """

    status: ReadinessStatus
    store: str
    storage: str
    disk_free_bytes: int | None
    problems: list[str]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        store = self.store

        storage = self.storage

        disk_free_bytes: int | None
        disk_free_bytes = self.disk_free_bytes

        problems = self.problems

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "store": store,
                "storage": storage,
                "diskFreeBytes": disk_free_bytes,
                "problems": problems,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = ReadinessStatus(d.pop("status"))

        store = d.pop("store")

        storage = d.pop("storage")

        def _parse_disk_free_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        disk_free_bytes = _parse_disk_free_bytes(d.pop("diskFreeBytes"))

        problems = cast(list[str], d.pop("problems"))

        readiness = cls(
            status=status,
            store=store,
            storage=storage,
            disk_free_bytes=disk_free_bytes,
            problems=problems,
        )

        return readiness
