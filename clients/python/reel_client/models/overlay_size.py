from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OverlaySize")


@_attrs_define
class OverlaySize:
    """A group's canvas in pixels (even, 16–8192); default the output's size.

    Attributes:
        width (int):
        height (int):
    """

    width: int
    height: int

    def to_dict(self) -> dict[str, Any]:
        width = self.width

        height = self.height

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "width": width,
                "height": height,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        width = d.pop("width")

        height = d.pop("height")

        overlay_size = cls(
            width=width,
            height=height,
        )

        return overlay_size
