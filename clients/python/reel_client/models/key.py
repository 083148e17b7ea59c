from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.key_scope import KeyScope

T = TypeVar("T", bound="Key")


@_attrs_define
class Key:
    """
    Attributes:
        id (str):
        scope (KeyScope):
        configured (bool): From the configuration (`apiKeys`, `projects`) rather than made through the API.
        created_at (datetime.datetime):
        last_used_at (datetime.datetime | None): When a request last used it (recorded at most once a minute).
        current (bool): The key this request was made with.
    """

    id: str
    scope: KeyScope
    configured: bool
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None
    current: bool

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        scope = self.scope.value

        configured = self.configured

        created_at = self.created_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        current = self.current

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "scope": scope,
                "configured": configured,
                "createdAt": created_at,
                "lastUsedAt": last_used_at,
                "current": current,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        scope = KeyScope(d.pop("scope"))

        configured = d.pop("configured")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))

        current = d.pop("current")

        key = cls(
            id=id,
            scope=scope,
            configured=configured,
            created_at=created_at,
            last_used_at=last_used_at,
            current=current,
        )

        return key
