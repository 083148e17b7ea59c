from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="VolumePoint")


@_attrs_define
class VolumePoint:
    """
    Attributes:
        time (float | str): A `Time` of at least 0.
        value (float):
    """

    time: float | str
    value: float

    def to_dict(self) -> dict[str, Any]:
        time: float | str
        time = self.time

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "time": time,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_time(data: object) -> float | str:
            return cast(float | str, data)

        time = _parse_time(d.pop("time"))

        value = d.pop("value")

        volume_point = cls(
            time=time,
            value=value,
        )

        return volume_point
