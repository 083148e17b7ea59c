from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OutputHlsRenditionsItem")


@_attrs_define
class OutputHlsRenditionsItem:
    """
    Attributes:
        height (int): Pixels, even.
        video_bitrate (int | Unset):
    """

    height: int
    video_bitrate: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        height = self.height

        video_bitrate = self.video_bitrate

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "height": height,
            }
        )
        if video_bitrate is not UNSET:
            field_dict["videoBitrate"] = video_bitrate

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        height = d.pop("height")

        video_bitrate = d.pop("videoBitrate", UNSET)

        output_hls_renditions_item = cls(
            height=height,
            video_bitrate=video_bitrate,
        )

        return output_hls_renditions_item
