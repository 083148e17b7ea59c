from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.template_job_request_merge import TemplateJobRequestMerge


T = TypeVar("T", bound="TemplateJobRequest")


@_attrs_define
class TemplateJobRequest:
    """
    Attributes:
        template (str): The id of one of the caller's templates.
        merge (TemplateJobRequestMerge | Unset): One value per placeholder, of its declared type
            (`PlaceholderDeclaration`; an undeclared one
            takes any JSON value); a placeholder inside a longer string takes a string, number or
            boolean. Required placeholders must be given; the others take their defaults.
    """

    template: str
    merge: TemplateJobRequestMerge | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template = self.template

        merge: dict[str, Any] | Unset = UNSET
        if not isinstance(self.merge, Unset):
            merge = self.merge.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "template": template,
            }
        )
        if merge is not UNSET:
            field_dict["merge"] = merge

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.template_job_request_merge import (
            TemplateJobRequestMerge,  # noqa: PLC0415
        )

        d = dict(src_dict)
        template = d.pop("template")

        _merge = d.pop("merge", UNSET)
        merge: TemplateJobRequestMerge | Unset
        if isinstance(_merge, Unset):
            merge = UNSET
        else:
            merge = TemplateJobRequestMerge.from_dict(_merge)

        template_job_request = cls(
            template=template,
            merge=merge,
        )

        return template_job_request
