from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.key import Key


T = TypeVar("T", bound="KeyList")


@_attrs_define
class KeyList:
    """
    Attributes:
        project (str): The project the caller's key belongs to, its keys listed below.
        keys (list[Key]):
    """

    project: str
    keys: list[Key]

    def to_dict(self) -> dict[str, Any]:
        project = self.project

        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "project": project,
                "keys": keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.key import Key  # noqa: PLC0415

        d = dict(src_dict)
        project = d.pop("project")

        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = Key.from_dict(keys_item_data)

            keys.append(keys_item)

        key_list = cls(
            project=project,
            keys=keys,
        )

        return key_list
