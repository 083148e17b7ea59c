from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.destination_state_status import DestinationStateStatus
from ..models.destination_state_type import DestinationStateType

T = TypeVar("T", bound="DestinationState")


@_attrs_define
class DestinationState:
    """
    Attributes:
        type_ (DestinationStateType):
        url (str): `s3://bucket/key` with `{jobId}`, `{date}` and `{ext}` filled in (an HLS folder: its files go under
            `key/`).
        profile (None | str): The `storageProfiles` entry that signs the copy; null for the server's own storage
            account.
        status (DestinationStateStatus): `pending` until copied; retried with doubling delays from `webhookRetrySeconds`
            for `deliveryRetryHours` (24 h) after the job succeeded, then `failed`.
        attempts (int):
        error (None | str): Why the last attempt failed (the S3 status and error code, such as `HTTP 403 AccessDenied`).
        etag (None | str): The copied object's ETag, without quotes (an HLS folder's master playlist's); null until
            delivered.
    """

    type_: DestinationStateType
    url: str
    profile: None | str
    status: DestinationStateStatus
    attempts: int
    error: None | str
    etag: None | str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        url = self.url

        profile: None | str
        profile = self.profile

        status = self.status.value

        attempts = self.attempts

        error: None | str
        error = self.error

        etag: None | str
        etag = self.etag

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "url": url,
                "profile": profile,
                "status": status,
                "attempts": attempts,
                "error": error,
                "etag": etag,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DestinationStateType(d.pop("type"))

        url = d.pop("url")

        def _parse_profile(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        profile = _parse_profile(d.pop("profile"))

        status = DestinationStateStatus(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_etag(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        etag = _parse_etag(d.pop("etag"))

        destination_state = cls(
            type_=type_,
            url=url,
            profile=profile,
            status=status,
            attempts=attempts,
            error=error,
            etag=etag,
        )

        return destination_state
