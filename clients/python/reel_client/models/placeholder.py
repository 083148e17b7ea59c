from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.placeholder_type import PlaceholderType
from ..types import UNSET, Unset

T = TypeVar("T", bound="Placeholder")


@_attrs_define
class Placeholder:
    """A placeholder as a template lists it (`PlaceholderDeclaration`, or `any` where undeclared).

    Attributes:
        type_ (PlaceholderType):
        required (bool):
        label (str | Unset):
        description (str | Unset):
        default (Any | Unset):
    """

    type_: PlaceholderType
    required: bool
    label: str | Unset = UNSET
    description: str | Unset = UNSET
    default: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        required = self.required

        label = self.label

        description = self.description

        default = self.default

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "required": required,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if description is not UNSET:
            field_dict["description"] = description
        if default is not UNSET:
            field_dict["default"] = default

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = PlaceholderType(d.pop("type"))

        required = d.pop("required")

        label = d.pop("label", UNSET)

        description = d.pop("description", UNSET)

        default = d.pop("default", UNSET)

        placeholder = cls(
            type_=type_,
            required=required,
            label=label,
            description=description,
            default=default,
        )

        return placeholder
