from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.placeholder_declaration_type import PlaceholderDeclarationType
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlaceholderDeclaration")


@_attrs_define
class PlaceholderDeclaration:
    """What a merge must give a placeholder. A value of the wrong type is a 422 at `/merge/NAME`;
    `default` (of the declared type) fills a merge that leaves the placeholder out when it is not
    required, and fills every preview; a string that is exactly `"{{name}}"` takes the value
    with its JSON type (a number stays a number).

        Attributes:
            type_ (PlaceholderDeclarationType): `text`: a string; `number`: a finite number; `color`: "#RRGGBB" or
                "#RRGGBBAA"; `media`: a source (a path under the media root, `upload:ID` or a URL); `boolean`.
            label (str | Unset): What a form shows for it (the console's template form).
            description (str | Unset):
            default (Any | Unset): A value of `type`; the spec filled with every default must be valid where they are used.
            required (bool | Unset): A merge must give it. Defaults to true without a `default`, false with one; false needs
                a `default`.
    """

    type_: PlaceholderDeclarationType
    label: str | Unset = UNSET
    description: str | Unset = UNSET
    default: Any | Unset = UNSET
    required: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        label = self.label

        description = self.description

        default = self.default

        required = self.required

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if description is not UNSET:
            field_dict["description"] = description
        if default is not UNSET:
            field_dict["default"] = default
        if required is not UNSET:
            field_dict["required"] = required

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = PlaceholderDeclarationType(d.pop("type"))

        label = d.pop("label", UNSET)

        description = d.pop("description", UNSET)

        default = d.pop("default", UNSET)

        required = d.pop("required", UNSET)

        placeholder_declaration = cls(
            type_=type_,
            label=label,
            description=description,
            default=default,
            required=required,
        )

        return placeholder_declaration
