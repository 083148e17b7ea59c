from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CropRect")


@_attrs_define
class CropRect:
    """Fractions of the source; `x + width` and `y + height` are at most 1.

    Attributes:
        x (float):
        y (float):
        width (float):
        height (float):
    """

    x: float
    y: float
    width: float
    height: float

    def to_dict(self) -> dict[str, Any]:
        x = self.x

        y = self.y

        width = self.width

        height = self.height

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "x": x,
                "y": y,
                "width": width,
                "height": height,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        x = d.pop("x")

        y = d.pop("y")

        width = d.pop("width")

        height = d.pop("height")

        crop_rect = cls(
            x=x,
            y=y,
            width=width,
            height=height,
        )

        return crop_rect
