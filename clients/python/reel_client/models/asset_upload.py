from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.asset_upload_method import AssetUploadMethod

if TYPE_CHECKING:
    from ..models.asset_upload_headers import AssetUploadHeaders


T = TypeVar("T", bound="AssetUpload")


@_attrs_define
class AssetUpload:
    """Only in the answer of `POST /v1/uploads`, where to PUT the bytes.

    Attributes:
        url (str): A presigned PUT URL of the bucket (S3), or Reel's `/v1/uploads/{id}?expires=…&signature=…` (local).
        method (AssetUploadMethod):
        headers (AssetUploadHeaders): Headers to send with the PUT.
        expires_at (datetime.datetime):
    """

    url: str
    method: AssetUploadMethod
    headers: AssetUploadHeaders
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        method = self.method.value

        headers = self.headers.to_dict()

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "method": method,
                "headers": headers,
                "expiresAt": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.asset_upload_headers import AssetUploadHeaders  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        method = AssetUploadMethod(d.pop("method"))

        headers = AssetUploadHeaders.from_dict(d.pop("headers"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        asset_upload = cls(
            url=url,
            method=method,
            headers=headers,
            expires_at=expires_at,
        )

        return asset_upload
