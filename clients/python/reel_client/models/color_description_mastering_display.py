from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ColorDescriptionMasteringDisplay")


@_attrs_define
class ColorDescriptionMasteringDisplay:
    """From the container (MP4/MOV `mdcv`, Matroska), else from the first frame (HEVC SEI).

    Attributes:
        primaries (list[list[float]] | Unset):
        white_point (list[float] | Unset):
        min_luminance (float | Unset):
        max_luminance (float | Unset):
    """

    primaries: list[list[float]] | Unset = UNSET
    white_point: list[float] | Unset = UNSET
    min_luminance: float | Unset = UNSET
    max_luminance: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        primaries: list[list[float]] | Unset = UNSET
        if not isinstance(self.primaries, Unset):
            primaries = []
            for primaries_item_data in self.primaries:
                primaries_item = primaries_item_data

                primaries.append(primaries_item)

        white_point: list[float] | Unset = UNSET
        if not isinstance(self.white_point, Unset):
            white_point = self.white_point

        min_luminance = self.min_luminance

        max_luminance = self.max_luminance

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if primaries is not UNSET:
            field_dict["primaries"] = primaries
        if white_point is not UNSET:
            field_dict["whitePoint"] = white_point
        if min_luminance is not UNSET:
            field_dict["minLuminance"] = min_luminance
        if max_luminance is not UNSET:
            field_dict["maxLuminance"] = max_luminance

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _primaries = d.pop("primaries", UNSET)
        primaries: list[list[float]] | Unset = UNSET
        if _primaries is not UNSET:
            primaries = []
            for primaries_item_data in _primaries:
                primaries_item = cast(list[float], primaries_item_data)

                primaries.append(primaries_item)

        white_point = cast(list[float], d.pop("whitePoint", UNSET))

        min_luminance = d.pop("minLuminance", UNSET)

        max_luminance = d.pop("maxLuminance", UNSET)

        color_description_mastering_display = cls(
            primaries=primaries,
            white_point=white_point,
            min_luminance=min_luminance,
            max_luminance=max_luminance,
        )

        color_description_mastering_display.additional_properties = d
        return color_description_mastering_display

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
