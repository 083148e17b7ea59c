from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TextStroke")


@_attrs_define
class TextStroke:
    """
    Attributes:
        color (str): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
        width (float): Pixels of border drawn outside the glyphs (round joins).
    """

    color: str
    width: float

    def to_dict(self) -> dict[str, Any]:
        color = self.color

        width = self.width

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "color": color,
                "width": width,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        color = d.pop("color")

        width = d.pop("width")

        text_stroke = cls(
            color=color,
            width=width,
        )

        return text_stroke
