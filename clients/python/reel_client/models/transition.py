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
    travel); `fade` passes through `color` (default black).

        Attributes:
            type_ (TransitionType):
            duration (float | str): A `Time` greater than 0.
            direction (Direction | Unset):
            color (str | Unset): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    """

    type_: TransitionType
    duration: float | str
    direction: Direction | Unset = UNSET
    color: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        duration: float | str
        duration = self.duration

        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value

        color = self.color

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

        transition = cls(
            type_=type_,
            duration=duration,
            direction=direction,
            color=color,
        )

        return transition
