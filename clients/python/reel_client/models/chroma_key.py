from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChromaKey")


@_attrs_define
class ChromaKey:
    """A green screen taken out (video items with `src`, video and image overlays). With the
    pixel's and the key's chroma Cb, Cr in −0.5…0.5, d = √(((Cb−Kb)² + (Cr−Kr)²)/2) and alpha =
    clamp((d − similarity)/smoothness, 0, 1) (smoothness 0: a hard key). `spill` takes that
    share of each pixel's chroma along the key colour's direction (where it points that way)
    out of what remains. 4:2:0 pictures key each 2×2 block by its chroma.

        Attributes:
            color (str | Unset): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
            similarity (float | Unset):  Default: 0.3.
            smoothness (float | Unset):  Default: 0.1.
            spill (float | Unset):  Default: 0.5.
    """

    color: str | Unset = UNSET
    similarity: float | Unset = 0.3
    smoothness: float | Unset = 0.1
    spill: float | Unset = 0.5

    def to_dict(self) -> dict[str, Any]:
        color = self.color

        similarity = self.similarity

        smoothness = self.smoothness

        spill = self.spill

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if color is not UNSET:
            field_dict["color"] = color
        if similarity is not UNSET:
            field_dict["similarity"] = similarity
        if smoothness is not UNSET:
            field_dict["smoothness"] = smoothness
        if spill is not UNSET:
            field_dict["spill"] = spill

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        color = d.pop("color", UNSET)

        similarity = d.pop("similarity", UNSET)

        smoothness = d.pop("smoothness", UNSET)

        spill = d.pop("spill", UNSET)

        chroma_key = cls(
            color=color,
            similarity=similarity,
            smoothness=smoothness,
            spill=spill,
        )

        return chroma_key
