from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ValidationErrorsItem")


@_attrs_define
class ValidationErrorsItem:
    """
    Attributes:
        pointer (str):
        message (str):
    """

    pointer: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        pointer = self.pointer

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pointer": pointer,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pointer = d.pop("pointer")

        message = d.pop("message")

        validation_errors_item = cls(
            pointer=pointer,
            message=message,
        )

        return validation_errors_item
