from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OverlayHighlight")


@_attrs_define
class OverlayHighlight:
    """Captions only; colours the word being spoken (WebVTT inline timestamps, else the cue's time shared by word length).

    Attributes:
        color (str): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    """

    color: str

    def to_dict(self) -> dict[str, Any]:
        color = self.color

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "color": color,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        color = d.pop("color")

        overlay_highlight = cls(
            color=color,
        )

        return overlay_highlight
