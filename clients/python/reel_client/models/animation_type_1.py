from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.animation_type_1_type import AnimationType1Type
from ..models.direction import Direction
from ..types import UNSET, Unset

T = TypeVar("T", bound="AnimationType1")


@_attrs_define
class AnimationType1:
    """
    Attributes:
        type_ (AnimationType1Type):
        duration (float | str | Unset): A `Time` greater than 0.
        direction (Direction | Unset):
    """

    type_: AnimationType1Type
    duration: float | str | Unset = UNSET
    direction: Direction | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        duration: float | str | Unset
        if isinstance(self.duration, Unset):
            duration = UNSET
        else:
            duration = self.duration

        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if duration is not UNSET:
            field_dict["duration"] = duration
        if direction is not UNSET:
            field_dict["direction"] = direction

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = AnimationType1Type(d.pop("type"))

        def _parse_duration(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        duration = _parse_duration(d.pop("duration", UNSET))

        _direction = d.pop("direction", UNSET)
        direction: Direction | Unset
        if isinstance(_direction, Unset):
            direction = UNSET
        else:
            direction = Direction(_direction)

        animation_type_1 = cls(
            type_=type_,
            duration=duration,
            direction=direction,
        )

        return animation_type_1
