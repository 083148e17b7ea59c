from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="LottieInfo")


@_attrs_define
class LottieInfo:
    """A Lottie asset's probe, read from the document as a Lottie overlay's `src` is.

    Attributes:
        format_ (Literal['lottie']):
        width (int): The animation's canvas width (`w`), in pixels.
        height (int): The animation's canvas height (`h`), in pixels.
        frame_rate (float): Frames per second (`fr`).
        duration (float): The animation's length, `(op − ip) / fr` seconds.
    """

    format_: Literal["lottie"]
    width: int
    height: int
    frame_rate: float
    duration: float

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        width = self.width

        height = self.height

        frame_rate = self.frame_rate

        duration = self.duration

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "width": width,
                "height": height,
                "frameRate": frame_rate,
                "duration": duration,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        format_ = cast(Literal["lottie"], d.pop("format"))
        if format_ != "lottie":
            raise ValueError(f"format must match const 'lottie', got '{format_}'")

        width = d.pop("width")

        height = d.pop("height")

        frame_rate = d.pop("frameRate")

        duration = d.pop("duration")

        lottie_info = cls(
            format_=format_,
            width=width,
            height=height,
            frame_rate=frame_rate,
            duration=duration,
        )

        return lottie_info
