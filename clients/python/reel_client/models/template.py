from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.template_placeholders import TemplatePlaceholders
    from ..models.template_spec import TemplateSpec


T = TypeVar("T", bound="Template")


@_attrs_define
class Template:
    """A template; list items carry `spec` only with `?include=spec`.

    Attributes:
        id (str):
        name (None | str):
        description (None | str): What it makes and what to change.
        placeholders (TemplatePlaceholders): Every placeholder of the spec by name, in order of first use: as declared,
            or, for a
            `{{name}}` the template does not declare, `{"type": "any", "required": true}`.
        created_at (datetime.datetime):
        spec (TemplateSpec | Unset): The spec as stored, placeholders unfilled.
    """

    id: str
    name: None | str
    description: None | str
    placeholders: TemplatePlaceholders
    created_at: datetime.datetime
    spec: TemplateSpec | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name: None | str
        name = self.name

        description: None | str
        description = self.description

        placeholders = self.placeholders.to_dict()

        created_at = self.created_at.isoformat()

        spec: dict[str, Any] | Unset = UNSET
        if not isinstance(self.spec, Unset):
            spec = self.spec.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "placeholders": placeholders,
                "createdAt": created_at,
            }
        )
        if spec is not UNSET:
            field_dict["spec"] = spec

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.template_placeholders import TemplatePlaceholders  # noqa: PLC0415
        from ..models.template_spec import TemplateSpec  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        placeholders = TemplatePlaceholders.from_dict(d.pop("placeholders"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _spec = d.pop("spec", UNSET)
        spec: TemplateSpec | Unset
        if isinstance(_spec, Unset):
            spec = UNSET
        else:
            spec = TemplateSpec.from_dict(_spec)

        template = cls(
            id=id,
            name=name,
            description=description,
            placeholders=placeholders,
            created_at=created_at,
            spec=spec,
        )

        return template
