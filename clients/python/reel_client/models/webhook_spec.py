from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_event import WebhookEvent
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookSpec")


@_attrs_define
class WebhookSpec:
    """Where the server POSTs the job on each of `events` (docs/API.md, *Webhooks*; see the
    `jobEvent` webhook). The URL must be `http(s)` on a public host or one of `allowedHosts` (as for sources), and
    the server needs a `webhookSecret`; else 422 at `/webhook/url` or `/webhook`. Ignored by the CLI.

        Attributes:
            url (str):
            events (list[WebhookEvent] | Unset): `progress` comes at most every 5 s while the job runs.
    """

    url: str
    events: list[WebhookEvent] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        _events = d.pop("events", UNSET)
        events: list[WebhookEvent] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookEvent(events_item_data)

                events.append(events_item)

        webhook_spec = cls(
            url=url,
            events=events,
        )

        return webhook_spec
