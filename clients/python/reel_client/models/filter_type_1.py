from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.filter_type_1_type import FilterType1Type
from ..types import UNSET, Unset

T = TypeVar("T", bound="FilterType1")


@_attrs_define
class FilterType1:
    """
    Attributes:
        type_ (FilterType1Type):
        amount (float | Unset):
        radius (float | Unset):
    """

    type_: FilterType1Type
    amount: float | Unset = UNSET
    radius: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        amount = self.amount

        radius = self.radius

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if radius is not UNSET:
            field_dict["radius"] = radius

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = FilterType1Type(d.pop("type"))

        amount = d.pop("amount", UNSET)

        radius = d.pop("radius", UNSET)

        filter_type_1 = cls(
            type_=type_,
            amount=amount,
            radius=radius,
        )

        return filter_type_1
