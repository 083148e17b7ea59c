from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.captions_info_format import CaptionsInfoFormat

T = TypeVar("T", bound="CaptionsInfo")


@_attrs_define
class CaptionsInfo:
    """A caption asset's probe.

    Attributes:
        format_ (CaptionsInfoFormat):
        cues (int):
        duration (float): Where the last cue ends, in seconds.
    """

    format_: CaptionsInfoFormat
    cues: int
    duration: float

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_.value

        cues = self.cues

        duration = self.duration

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "cues": cues,
                "duration": duration,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        format_ = CaptionsInfoFormat(d.pop("format"))

        cues = d.pop("cues")

        duration = d.pop("duration")

        captions_info = cls(
            format_=format_,
            cues=cues,
            duration=duration,
        )

        return captions_info
