from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GradientStop")


@_attrs_define
class GradientStop:
    """
    Attributes:
        offset (float):
        color (str): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    """

    offset: float
    color: str

    def to_dict(self) -> dict[str, Any]:
        offset = self.offset

        color = self.color

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "offset": offset,
                "color": color,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        offset = d.pop("offset")

        color = d.pop("color")

        gradient_stop = cls(
            offset=offset,
            color=color,
        )

        return gradient_stop
