from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.job_spec_schema_response_200_defs import JobSpecSchemaResponse200Defs


T = TypeVar("T", bound="JobSpecSchemaResponse200")


@_attrs_define
class JobSpecSchemaResponse200:
    """
    Attributes:
        schema (Literal['https://json-schema.org/draft/2020-12/schema']):
        defs (JobSpecSchemaResponse200Defs):
    """

    schema: Literal["https://json-schema.org/draft/2020-12/schema"]
    defs: JobSpecSchemaResponse200Defs
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        schema = self.schema

        defs = self.defs.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "$schema": schema,
                "$defs": defs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_spec_schema_response_200_defs import (
            JobSpecSchemaResponse200Defs,  # noqa: PLC0415
        )

        d = dict(src_dict)
        schema = cast(
            Literal["https://json-schema.org/draft/2020-12/schema"], d.pop("$schema")
        )
        if schema != "https://json-schema.org/draft/2020-12/schema":
            raise ValueError(
                f"$schema must match const 'https://json-schema.org/draft/2020-12/schema', got '{schema}'"
            )

        defs = JobSpecSchemaResponse200Defs.from_dict(d.pop("$defs"))

        job_spec_schema_response_200 = cls(
            schema=schema,
            defs=defs,
        )

        job_spec_schema_response_200.additional_properties = d
        return job_spec_schema_response_200

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
