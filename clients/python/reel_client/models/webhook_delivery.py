from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_delivery_status import WebhookDeliveryStatus
from ..models.webhook_event import WebhookEvent

T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """One event on its way to the webhook; every attempt sends it with the same `id` (`Reel-Delivery`).

    Attributes:
        id (str):
        event (WebhookEvent):
        status (WebhookDeliveryStatus): `failed`: no 2xx until the retry schedule ended (24 h), or the URL is no longer
            allowed.
        attempts (int):
        last_status (int | None): The HTTP status of the last attempt; null when it got no answer (refused, timed out).
        last_error (None | str):
        created_at (datetime.datetime): When the event happened.
        last_attempt_at (datetime.datetime | None):
        next_attempt_at (datetime.datetime | None): When a pending delivery is tried next.
        finished_at (datetime.datetime | None):
    """

    id: str
    event: WebhookEvent
    status: WebhookDeliveryStatus
    attempts: int
    last_status: int | None
    last_error: None | str
    created_at: datetime.datetime
    last_attempt_at: datetime.datetime | None
    next_attempt_at: datetime.datetime | None
    finished_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event = self.event.value

        status = self.status.value

        attempts = self.attempts

        last_status: int | None
        last_status = self.last_status

        last_error: None | str
        last_error = self.last_error

        created_at = self.created_at.isoformat()

        last_attempt_at: None | str
        if isinstance(self.last_attempt_at, datetime.datetime):
            last_attempt_at = self.last_attempt_at.isoformat()
        else:
            last_attempt_at = self.last_attempt_at

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "event": event,
                "status": status,
                "attempts": attempts,
                "lastStatus": last_status,
                "lastError": last_error,
                "createdAt": created_at,
                "lastAttemptAt": last_attempt_at,
                "nextAttemptAt": next_attempt_at,
                "finishedAt": finished_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        event = WebhookEvent(d.pop("event"))

        status = WebhookDeliveryStatus(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_last_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status = _parse_last_status(d.pop("lastStatus"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("lastError"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_last_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("lastAttemptAt"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finishedAt"))

        webhook_delivery = cls(
            id=id,
            event=event,
            status=status,
            attempts=attempts,
            last_status=last_status,
            last_error=last_error,
            created_at=created_at,
            last_attempt_at=last_attempt_at,
            next_attempt_at=next_attempt_at,
            finished_at=finished_at,
        )

        return webhook_delivery
