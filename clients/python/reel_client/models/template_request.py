from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.template_request_placeholders import TemplateRequestPlaceholders
    from ..models.template_request_spec import TemplateRequestSpec


T = TypeVar("T", bound="TemplateRequest")


@_attrs_define
class TemplateRequest:
    """
    Attributes:
        spec (TemplateRequestSpec): A job spec (`JobSpec`) whose string values may hold `{{name}}` placeholders.
        name (None | str | Unset):
        description (None | str | Unset): What it makes and what to change, for people choosing one (the examples of
            examples/ carry one).
        placeholders (TemplateRequestPlaceholders | Unset): Typed declarations of the spec's placeholders, by name; each
            name must be used by the
            spec. Undeclared placeholders stay required and take any JSON value.
    """

    spec: TemplateRequestSpec
    name: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    placeholders: TemplateRequestPlaceholders | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        spec = self.spec.to_dict()

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        placeholders: dict[str, Any] | Unset = UNSET
        if not isinstance(self.placeholders, Unset):
            placeholders = self.placeholders.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "spec": spec,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if placeholders is not UNSET:
            field_dict["placeholders"] = placeholders

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.template_request_placeholders import (
            TemplateRequestPlaceholders,  # noqa: PLC0415
        )
        from ..models.template_request_spec import TemplateRequestSpec  # noqa: PLC0415

        d = dict(src_dict)
        spec = TemplateRequestSpec.from_dict(d.pop("spec"))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _placeholders = d.pop("placeholders", UNSET)
        placeholders: TemplateRequestPlaceholders | Unset
        if isinstance(_placeholders, Unset):
            placeholders = UNSET
        else:
            placeholders = TemplateRequestPlaceholders.from_dict(_placeholders)

        template_request = cls(
            spec=spec,
            name=name,
            description=description,
            placeholders=placeholders,
        )

        return template_request
