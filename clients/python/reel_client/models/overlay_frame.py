from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OverlayFrame")


@_attrs_define
class OverlayFrame:
    """Centre-anchored rectangle in fractions of the frame; height defaults to the aspect ratio.

    Attributes:
        x (float):
        y (float):
        width (float):
        height (float | Unset):
    """

    x: float
    y: float
    width: float
    height: float | Unset = UNSET

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
            }
        )
        if height is not UNSET:
            field_dict["height"] = height

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        x = d.pop("x")

        y = d.pop("y")

        width = d.pop("width")

        height = d.pop("height", UNSET)

        overlay_frame = cls(
            x=x,
            y=y,
            width=width,
            height=height,
        )

        return overlay_frame
