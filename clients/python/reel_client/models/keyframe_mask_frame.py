from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="KeyframeMaskFrame")


@_attrs_define
class KeyframeMaskFrame:
    """A rect or ellipse mask shape's frame, in lengths of the item's picture (as the mask's own):
    its centre and size travel, each resolved to pixels first (units may differ between
    keyframes); the mask is drawn again where they change (an iris, a reveal).

        Attributes:
            x (float | str): A coordinate or size on the frame: a number is a fraction of the frame (of its width along
                x, its height along y); a string gives a unit: `"50%"` (of the width or height, by axis),
                `"120px"` (output pixels), `"10vw"`/`"10vh"` (hundredths of the width/height),
                `"10vmin"`/`"10vmax"` (of the smaller/larger side). A width or height must be greater than 0.
            y (float | str): A coordinate or size on the frame: a number is a fraction of the frame (of its width along
                x, its height along y); a string gives a unit: `"50%"` (of the width or height, by axis),
                `"120px"` (output pixels), `"10vw"`/`"10vh"` (hundredths of the width/height),
                `"10vmin"`/`"10vmax"` (of the smaller/larger side). A width or height must be greater than 0.
            width (float | str): A `Length` above 0 (a width or a height).
            height (float | str | Unset): A `Length` above 0 (a width or a height).
    """

    x: float | str
    y: float | str
    width: float | str
    height: float | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        x: float | str
        x = self.x

        y: float | str
        y = self.y

        width: float | str
        width = self.width

        height: float | str | Unset
        if isinstance(self.height, Unset):
            height = UNSET
        else:
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

        def _parse_x(data: object) -> float | str:
            return cast(float | str, data)

        x = _parse_x(d.pop("x"))

        def _parse_y(data: object) -> float | str:
            return cast(float | str, data)

        y = _parse_y(d.pop("y"))

        def _parse_width(data: object) -> float | str:
            return cast(float | str, data)

        width = _parse_width(d.pop("width"))

        def _parse_height(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        height = _parse_height(d.pop("height", UNSET))

        keyframe_mask_frame = cls(
            x=x,
            y=y,
            width=width,
            height=height,
        )

        return keyframe_mask_frame
