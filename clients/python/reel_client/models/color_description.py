from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.color_description_hdr_type_1 import ColorDescriptionHdrType1
from ..models.color_description_hdr_type_2_type_1 import ColorDescriptionHdrType2Type1
from ..models.color_description_hdr_type_3_type_1 import ColorDescriptionHdrType3Type1
from ..models.color_description_range import ColorDescriptionRange
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.color_description_content_light_level import (
        ColorDescriptionContentLightLevel,
    )
    from ..models.color_description_mastering_display import (
        ColorDescriptionMasteringDisplay,
    )


T = TypeVar("T", bound="ColorDescription")


@_attrs_define
class ColorDescription:
    """A video stream's colour, in FFmpeg's names (`bt709`, `bt2020`, `smpte2084`, `arib-std-b67`, `bt2020nc`, …). What the
    stream does not say is Reel's default: BT.601 (`smpte170m`) below 720 lines, BT.709 from 720, limited range; JPEG
    and PNG pictures sRGB (`iec61966-2-1`), full range.

        Attributes:
            matrix (str):
            primaries (str):
            transfer (str):
            range_ (ColorDescriptionRange):
            chroma_location (None | str):
            bit_depth (int):
            tagged (bool): Whether the stream said its matrix, primaries or transfer itself.
            hdr (ColorDescriptionHdrType1 | ColorDescriptionHdrType2Type1 | ColorDescriptionHdrType3Type1 | None):
            mastering_display (ColorDescriptionMasteringDisplay | Unset): From the container (MP4/MOV `mdcv`, Matroska),
                else from the first frame (HEVC SEI).
            content_light_level (ColorDescriptionContentLightLevel | Unset):
    """

    matrix: str
    primaries: str
    transfer: str
    range_: ColorDescriptionRange
    chroma_location: None | str
    bit_depth: int
    tagged: bool
    hdr: (
        ColorDescriptionHdrType1
        | ColorDescriptionHdrType2Type1
        | ColorDescriptionHdrType3Type1
        | None
    )
    mastering_display: ColorDescriptionMasteringDisplay | Unset = UNSET
    content_light_level: ColorDescriptionContentLightLevel | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        matrix = self.matrix

        primaries = self.primaries

        transfer = self.transfer

        range_ = self.range_.value

        chroma_location: None | str
        chroma_location = self.chroma_location

        bit_depth = self.bit_depth

        tagged = self.tagged

        hdr: None | str
        if isinstance(self.hdr, ColorDescriptionHdrType1):
            hdr = self.hdr.value
        elif isinstance(self.hdr, ColorDescriptionHdrType2Type1):
            hdr = self.hdr.value
        elif isinstance(self.hdr, ColorDescriptionHdrType3Type1):
            hdr = self.hdr.value
        else:
            hdr = self.hdr

        mastering_display: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mastering_display, Unset):
            mastering_display = self.mastering_display.to_dict()

        content_light_level: dict[str, Any] | Unset = UNSET
        if not isinstance(self.content_light_level, Unset):
            content_light_level = self.content_light_level.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "matrix": matrix,
                "primaries": primaries,
                "transfer": transfer,
                "range": range_,
                "chromaLocation": chroma_location,
                "bitDepth": bit_depth,
                "tagged": tagged,
                "hdr": hdr,
            }
        )
        if mastering_display is not UNSET:
            field_dict["masteringDisplay"] = mastering_display
        if content_light_level is not UNSET:
            field_dict["contentLightLevel"] = content_light_level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.color_description_content_light_level import (
            ColorDescriptionContentLightLevel,  # noqa: PLC0415
        )
        from ..models.color_description_mastering_display import (
            ColorDescriptionMasteringDisplay,  # noqa: PLC0415
        )

        d = dict(src_dict)
        matrix = d.pop("matrix")

        primaries = d.pop("primaries")

        transfer = d.pop("transfer")

        range_ = ColorDescriptionRange(d.pop("range"))

        def _parse_chroma_location(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chroma_location = _parse_chroma_location(d.pop("chromaLocation"))

        bit_depth = d.pop("bitDepth")

        tagged = d.pop("tagged")

        def _parse_hdr(
            data: object,
        ) -> (
            ColorDescriptionHdrType1
            | ColorDescriptionHdrType2Type1
            | ColorDescriptionHdrType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hdr_type_1 = ColorDescriptionHdrType1(data)

                return hdr_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hdr_type_2_type_1 = ColorDescriptionHdrType2Type1(data)

                return hdr_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hdr_type_3_type_1 = ColorDescriptionHdrType3Type1(data)

                return hdr_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ColorDescriptionHdrType1
                | ColorDescriptionHdrType2Type1
                | ColorDescriptionHdrType3Type1
                | None,
                data,
            )

        hdr = _parse_hdr(d.pop("hdr"))

        _mastering_display = d.pop("masteringDisplay", UNSET)
        mastering_display: ColorDescriptionMasteringDisplay | Unset
        if isinstance(_mastering_display, Unset):
            mastering_display = UNSET
        else:
            mastering_display = ColorDescriptionMasteringDisplay.from_dict(
                _mastering_display
            )

        _content_light_level = d.pop("contentLightLevel", UNSET)
        content_light_level: ColorDescriptionContentLightLevel | Unset
        if isinstance(_content_light_level, Unset):
            content_light_level = UNSET
        else:
            content_light_level = ColorDescriptionContentLightLevel.from_dict(
                _content_light_level
            )

        color_description = cls(
            matrix=matrix,
            primaries=primaries,
            transfer=transfer,
            range_=range_,
            chroma_location=chroma_location,
            bit_depth=bit_depth,
            tagged=tagged,
            hdr=hdr,
            mastering_display=mastering_display,
            content_light_level=content_light_level,
        )

        return color_description
