from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.output_destinations_item_type import OutputDestinationsItemType
from ..types import UNSET, Unset

T = TypeVar("T", bound="OutputDestinationsItem")


@_attrs_define
class OutputDestinationsItem:
    """
    Attributes:
        type_ (OutputDestinationsItemType):
        url (str): `s3://bucket/key`. The key may use `{jobId}`, `{date}` (the UTC day the job finished, YYYY-MM-DD),
            `{ext}` (the format's extension; `hls` for an HLS folder, whose files go under `key/`) and, in `outputs`,
            `{name}` (the output's); a key ending in `/` is a folder and the output goes in it as `{jobId}.{ext}`
            (`{jobId}-{name}.{ext}` in `outputs`).
        profile (str | Unset): An entry of the server's `storageProfiles`.
    """

    type_: OutputDestinationsItemType
    url: str
    profile: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        url = self.url

        profile = self.profile

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "url": url,
            }
        )
        if profile is not UNSET:
            field_dict["profile"] = profile

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = OutputDestinationsItemType(d.pop("type"))

        url = d.pop("url")

        profile = d.pop("profile", UNSET)

        output_destinations_item = cls(
            type_=type_,
            url=url,
            profile=profile,
        )

        return output_destinations_item
