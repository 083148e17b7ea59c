from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MediaInfoChaptersItem")


@_attrs_define
class MediaInfoChaptersItem:
    """
    Attributes:
        start (float):
        end (float):
        title (str | Unset):
    """

    start: float
    end: float
    title: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
            }
        )
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        title = d.pop("title", UNSET)

        media_info_chapters_item = cls(
            start=start,
            end=end,
            title=title,
        )

        return media_info_chapters_item
