from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OverlayShadow")


@_attrs_define
class OverlayShadow:
    """
    Attributes:
        color (str): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
        x (float | Unset):  Default: 0.0.
        y (float | Unset):  Default: 0.0.
        blur (float | Unset): Blur radius in pixels (a Gaussian of σ = blur/2), cast by the stroked text. Default: 0.0.
    """

    color: str
    x: float | Unset = 0.0
    y: float | Unset = 0.0
    blur: float | Unset = 0.0

    def to_dict(self) -> dict[str, Any]:
        color = self.color

        x = self.x

        y = self.y

        blur = self.blur

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "color": color,
            }
        )
        if x is not UNSET:
            field_dict["x"] = x
        if y is not UNSET:
            field_dict["y"] = y
        if blur is not UNSET:
            field_dict["blur"] = blur

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        color = d.pop("color")

        x = d.pop("x", UNSET)

        y = d.pop("y", UNSET)

        blur = d.pop("blur", UNSET)

        overlay_shadow = cls(
            color=color,
            x=x,
            y=y,
            blur=blur,
        )

        return overlay_shadow
