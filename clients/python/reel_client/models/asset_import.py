from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AssetImport")


@_attrs_define
class AssetImport:
    """
    Attributes:
        url (str): An http(s) URL on a public host (or one of `allowedHosts`).
        filename (str | Unset):
        content_type (str | Unset):
    """

    url: str
    filename: str | Unset = UNSET
    content_type: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        filename = self.filename

        content_type = self.content_type

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if filename is not UNSET:
            field_dict["filename"] = filename
        if content_type is not UNSET:
            field_dict["contentType"] = content_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        filename = d.pop("filename", UNSET)

        content_type = d.pop("contentType", UNSET)

        asset_import = cls(
            url=url,
            filename=filename,
            content_type=content_type,
        )

        return asset_import
