from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Chapter")


@_attrs_define
class Chapter:
    """
    Attributes:
        start (float | str): A `Time` of at least 0.
        title (str):
    """

    start: float | str
    title: str

    def to_dict(self) -> dict[str, Any]:
        start: float | str
        start = self.start

        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "title": title,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_start(data: object) -> float | str:
            return cast(float | str, data)

        start = _parse_start(d.pop("start"))

        title = d.pop("title")

        chapter = cls(
            start=start,
            title=title,
        )

        return chapter
