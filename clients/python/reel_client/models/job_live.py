from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="JobLive")


@_attrs_define
class JobLive:
    """Present while a progressive `hls` job (`output.hls.progressive`) runs: where its output plays as it renders (409
    with `Retry-After` until its first segments are written), the same address it keeps once done.

        Attributes:
            url (str): `/v1/jobs/{id}/output`, with the API key.
            download_url (str | Unset): The same through an output link (no key), valid as long as `output.downloadUrl`
                would be.
    """

    url: str
    download_url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        download_url = self.download_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if download_url is not UNSET:
            field_dict["downloadUrl"] = download_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        download_url = d.pop("downloadUrl", UNSET)

        job_live = cls(
            url=url,
            download_url=download_url,
        )

        return job_live
