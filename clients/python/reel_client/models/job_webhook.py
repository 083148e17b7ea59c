from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_event import WebhookEvent
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_delivery import WebhookDelivery


T = TypeVar("T", bound="JobWebhook")


@_attrs_define
class JobWebhook:
    """
    Attributes:
        url (str):
        events (list[WebhookEvent]):
        deliveries (list[WebhookDelivery] | Unset):
    """

    url: str
    events: list[WebhookEvent]
    deliveries: list[WebhookDelivery] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        deliveries: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.deliveries, Unset):
            deliveries = []
            for deliveries_item_data in self.deliveries:
                deliveries_item = deliveries_item_data.to_dict()
                deliveries.append(deliveries_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )
        if deliveries is not UNSET:
            field_dict["deliveries"] = deliveries

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_delivery import WebhookDelivery  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookEvent(events_item_data)

            events.append(events_item)

        _deliveries = d.pop("deliveries", UNSET)
        deliveries: list[WebhookDelivery] | Unset = UNSET
        if _deliveries is not UNSET:
            deliveries = []
            for deliveries_item_data in _deliveries:
                deliveries_item = WebhookDelivery.from_dict(deliveries_item_data)

                deliveries.append(deliveries_item)

        job_webhook = cls(
            url=url,
            events=events,
            deliveries=deliveries,
        )

        return job_webhook
