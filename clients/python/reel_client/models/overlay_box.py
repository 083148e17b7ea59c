from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OverlayBox")


@_attrs_define
class OverlayBox:
    """A background box behind the text.

    Attributes:
        color (str): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
        padding (float | Unset):  Default: 0.0.
        radius (float | Unset): Corner radius in pixels. Default: 0.0.
    """

    color: str
    padding: float | Unset = 0.0
    radius: float | Unset = 0.0

    def to_dict(self) -> dict[str, Any]:
        color = self.color

        padding = self.padding

        radius = self.radius

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "color": color,
            }
        )
        if padding is not UNSET:
            field_dict["padding"] = padding
        if radius is not UNSET:
            field_dict["radius"] = radius

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        color = d.pop("color")

        padding = d.pop("padding", UNSET)

        radius = d.pop("radius", UNSET)

        overlay_box = cls(
            color=color,
            padding=padding,
            radius=radius,
        )

        return overlay_box
