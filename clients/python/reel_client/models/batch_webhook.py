from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BatchWebhook")


@_attrs_define
class BatchWebhook:
    """Told once every job of the batch has ended (the `batch` webhook). Needs the server's
    `webhookSecret`; the URL must be one the server may reach, as a job's webhook.

        Attributes:
            url (str):
    """

    url: str

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        batch_webhook = cls(
            url=url,
        )

        return batch_webhook
