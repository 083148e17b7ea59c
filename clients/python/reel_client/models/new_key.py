from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.new_key_scope import NewKeyScope

T = TypeVar("T", bound="NewKey")


@_attrs_define
class NewKey:
    """
    Attributes:
        id (str):
        key (str): The secret, sent as `Authorization: Bearer KEY`; shown only here.
        scope (NewKeyScope):
        configured (bool):
        created_at (datetime.datetime):
        last_used_at (None):
    """

    id: str
    key: str
    scope: NewKeyScope
    configured: bool
    created_at: datetime.datetime
    last_used_at: None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        key = self.key

        scope = self.scope.value

        configured = self.configured

        created_at = self.created_at.isoformat()

        last_used_at = self.last_used_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "key": key,
                "scope": scope,
                "configured": configured,
                "createdAt": created_at,
                "lastUsedAt": last_used_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        key = d.pop("key")

        scope = NewKeyScope(d.pop("scope"))

        configured = d.pop("configured")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        last_used_at = d.pop("lastUsedAt")

        new_key = cls(
            id=id,
            key=key,
            scope=scope,
            configured=configured,
            created_at=created_at,
            last_used_at=last_used_at,
        )

        return new_key
