from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UploadRequest")


@_attrs_define
class UploadRequest:
    """
    Attributes:
        bytes_ (int): The file's exact size; at most `limits.uploadBytes`.
        filename (str | Unset):
        content_type (str | Unset): Recorded, and to be sent with the PUT (in `upload.headers`).
    """

    bytes_: int
    filename: str | Unset = UNSET
    content_type: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        bytes_ = self.bytes_

        filename = self.filename

        content_type = self.content_type

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bytes": bytes_,
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
        bytes_ = d.pop("bytes")

        filename = d.pop("filename", UNSET)

        content_type = d.pop("contentType", UNSET)

        upload_request = cls(
            bytes_=bytes_,
            filename=filename,
            content_type=content_type,
        )

        return upload_request
