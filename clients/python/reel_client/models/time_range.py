from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TimeRange")


@_attrs_define
class TimeRange:
    """A half-open range `[start, start + duration)`.

    Attributes:
        duration (float | str): A `Time` greater than 0.
        start (float | str | Unset): A `Time` of at least 0.
    """

    duration: float | str
    start: float | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        duration: float | str
        duration = self.duration

        start: float | str | Unset
        if isinstance(self.start, Unset):
            start = UNSET
        else:
            start = self.start

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "duration": duration,
            }
        )
        if start is not UNSET:
            field_dict["start"] = start

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_duration(data: object) -> float | str:
            return cast(float | str, data)

        duration = _parse_duration(d.pop("duration"))

        def _parse_start(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        start = _parse_start(d.pop("start", UNSET))

        time_range = cls(
            duration=duration,
            start=start,
        )

        return time_range
