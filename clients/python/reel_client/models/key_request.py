from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.key_request_scope import KeyRequestScope
from ..types import UNSET, Unset

T = TypeVar("T", bound="KeyRequest")


@_attrs_define
class KeyRequest:
    """
    Attributes:
        scope (KeyRequestScope | Unset): `full`: everything the project may do; `read`: GET and HEAD, and the POSTs that
            change nothing (validate, probe, waveform, preview); anything else is 403 `read-only-key`. Default:
            KeyRequestScope.FULL.
    """

    scope: KeyRequestScope | Unset = KeyRequestScope.FULL

    def to_dict(self) -> dict[str, Any]:
        scope: str | Unset = UNSET
        if not isinstance(self.scope, Unset):
            scope = self.scope.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if scope is not UNSET:
            field_dict["scope"] = scope

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _scope = d.pop("scope", UNSET)
        scope: KeyRequestScope | Unset
        if isinstance(_scope, Unset):
            scope = UNSET
        else:
            scope = KeyRequestScope(_scope)

        key_request = cls(
            scope=scope,
        )

        return key_request
