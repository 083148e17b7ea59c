from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="JobLiveOutputsItem")


@_attrs_define
class JobLiveOutputsItem:
    """
    Attributes:
        name (str):
        url (str): `/v1/jobs/{id}/outputs/{name}`, with the API key.
        download_url (str | Unset): The same through an output link (no key).
    """

    name: str
    url: str
    download_url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        url = self.url

        download_url = self.download_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "url": url,
            }
        )
        if download_url is not UNSET:
            field_dict["downloadUrl"] = download_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        url = d.pop("url")

        download_url = d.pop("downloadUrl", UNSET)

        job_live_outputs_item = cls(
            name=name,
            url=url,
            download_url=download_url,
        )

        return job_live_outputs_item
