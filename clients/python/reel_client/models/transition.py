from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.direction import Direction
from ..models.transition_type import TransitionType
from ..types import UNSET, Unset

T = TypeVar("T", bound="Transition")


@_attrs_define
class Transition:
    """Overlaps its two videos by `duration` (the timeline gets that much shorter) and crossfades
    their audio with equal power. `push`, `slide` and `wipe` need a `direction` (where things
    travel); `fade` passes through `color` (default black). `matte` wipes through a grayscale
    image or video `src` (a video plays from its start over the transition and must last it):
    with the matte's luma m (0…1, full range) and progress p, the second clip's weight is
    clamp((p·(1+s) − m)/s, 0, 1) with s = `softness` (s = 0: 1 where m < p); `invert` reads 1 − m.

        Attributes:
            type_ (TransitionType):
            duration (float | str): A `Time` greater than 0.
            direction (Direction | Unset):
            color (str | Unset): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
            src (str | Unset): A matte transition's grayscale image or video (any source form).
            softness (float | Unset):  Default: 0.1.
            invert (bool | Unset):  Default: False.
    """

    type_: TransitionType
    duration: float | str
    direction: Direction | Unset = UNSET
    color: str | Unset = UNSET
    src: str | Unset = UNSET
    softness: float | Unset = 0.1
    invert: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        duration: float | str
        duration = self.duration

        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value

        color = self.color

        src = self.src

        softness = self.softness

        invert = self.invert

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "duration": duration,
            }
        )
        if direction is not UNSET:
            field_dict["direction"] = direction
        if color is not UNSET:
            field_dict["color"] = color
        if src is not UNSET:
            field_dict["src"] = src
        if softness is not UNSET:
            field_dict["softness"] = softness
        if invert is not UNSET:
            field_dict["invert"] = invert

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = TransitionType(d.pop("type"))

        def _parse_duration(data: object) -> float | str:
            return cast(float | str, data)

        duration = _parse_duration(d.pop("duration"))

        _direction = d.pop("direction", UNSET)
        direction: Direction | Unset
        if isinstance(_direction, Unset):
            direction = UNSET
        else:
            direction = Direction(_direction)

        color = d.pop("color", UNSET)

        src = d.pop("src", UNSET)

        softness = d.pop("softness", UNSET)

        invert = d.pop("invert", UNSET)

        transition = cls(
            type_=type_,
            duration=duration,
            direction=direction,
            color=color,
            src=src,
            softness=softness,
            invert=invert,
        )

        return transition
