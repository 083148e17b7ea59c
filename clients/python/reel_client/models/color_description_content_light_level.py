from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ColorDescriptionContentLightLevel")


@_attrs_define
class ColorDescriptionContentLightLevel:
    """
    Attributes:
        max_cll (int | Unset):
        max_fall (int | Unset):
    """

    max_cll: int | Unset = UNSET
    max_fall: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        max_cll = self.max_cll

        max_fall = self.max_fall

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if max_cll is not UNSET:
            field_dict["maxCLL"] = max_cll
        if max_fall is not UNSET:
            field_dict["maxFALL"] = max_fall

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_cll = d.pop("maxCLL", UNSET)

        max_fall = d.pop("maxFALL", UNSET)

        color_description_content_light_level = cls(
            max_cll=max_cll,
            max_fall=max_fall,
        )

        color_description_content_light_level.additional_properties = d
        return color_description_content_light_level

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
