from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="FontInfo")


@_attrs_define
class FontInfo:
    """A font asset's probe (FreeType), of its first face.

    Attributes:
        format_ (Literal['font']):
        family (str):
        style (str):
        glyphs (int):
        faces (int): Faces in the file (a TTC holds several; face 0 is used).
    """

    format_: Literal["font"]
    family: str
    style: str
    glyphs: int
    faces: int

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        family = self.family

        style = self.style

        glyphs = self.glyphs

        faces = self.faces

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "family": family,
                "style": style,
                "glyphs": glyphs,
                "faces": faces,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        format_ = cast(Literal["font"], d.pop("format"))
        if format_ != "font":
            raise ValueError(f"format must match const 'font', got '{format_}'")

        family = d.pop("family")

        style = d.pop("style")

        glyphs = d.pop("glyphs")

        faces = d.pop("faces")

        font_info = cls(
            format_=format_,
            family=family,
            style=style,
            glyphs=glyphs,
            faces=faces,
        )

        return font_info
