from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.font_style import FontStyle
from ..models.font_weight_type_0 import FontWeightType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="Font")


@_attrs_define
class Font:
    """`family` or `src`, not both; neither is the system's sans-serif.

    Attributes:
        family (str | Unset): A system font family (fontconfig); characters it lacks come from fontconfig's fallbacks.
        src (str | Unset): A TTF, OTF or TTC font (face 0), `upload:ID` of a font asset or a path under the media root.
        style (FontStyle | Unset):  Default: FontStyle.NORMAL.
        size (float | Unset): Output pixels. Default: 48.0.
        weight (FontWeightType0 | int | Unset): `normal` (400), `bold` (700) or 100–900. Default:
            FontWeightType0.NORMAL.
        color (str | Unset): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    """

    family: str | Unset = UNSET
    src: str | Unset = UNSET
    style: FontStyle | Unset = FontStyle.NORMAL
    size: float | Unset = 48.0
    weight: FontWeightType0 | int | Unset = FontWeightType0.NORMAL
    color: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        family = self.family

        src = self.src

        style: str | Unset = UNSET
        if not isinstance(self.style, Unset):
            style = self.style.value

        size = self.size

        weight: int | str | Unset
        if isinstance(self.weight, Unset):
            weight = UNSET
        elif isinstance(self.weight, FontWeightType0):
            weight = self.weight.value
        else:
            weight = self.weight

        color = self.color

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if family is not UNSET:
            field_dict["family"] = family
        if src is not UNSET:
            field_dict["src"] = src
        if style is not UNSET:
            field_dict["style"] = style
        if size is not UNSET:
            field_dict["size"] = size
        if weight is not UNSET:
            field_dict["weight"] = weight
        if color is not UNSET:
            field_dict["color"] = color

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        family = d.pop("family", UNSET)

        src = d.pop("src", UNSET)

        _style = d.pop("style", UNSET)
        style: FontStyle | Unset
        if isinstance(_style, Unset):
            style = UNSET
        else:
            style = FontStyle(_style)

        size = d.pop("size", UNSET)

        def _parse_weight(data: object) -> FontWeightType0 | int | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                weight_type_0 = FontWeightType0(data)

                return weight_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FontWeightType0 | int | Unset, data)

        weight = _parse_weight(d.pop("weight", UNSET))

        color = d.pop("color", UNSET)

        font = cls(
            family=family,
            src=src,
            style=style,
            size=size,
            weight=weight,
            color=color,
        )

        return font
