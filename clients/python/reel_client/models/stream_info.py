from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.stream_info_rotation import StreamInfoRotation
from ..models.stream_info_type import StreamInfoType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.color_description import ColorDescription


T = TypeVar("T", bound="StreamInfo")


@_attrs_define
class StreamInfo:
    """
    Attributes:
        index (int):
        type_ (StreamInfoType): `attachment` is an attached picture (cover art).
        codec (str):
        duration (float | Unset):
        width (int | Unset):
        height (int | Unset):
        rotation (StreamInfoRotation | Unset): Clockwise degrees the picture must turn to be upright.
        display_width (int | Unset): Width as displayed (sample aspect ratio, then rotation, applied).
        display_height (int | Unset):
        pixel_format (str | Unset):
        frame_rate (float | Unset): Nominal frame rate (rounded to six decimals when not exact).
        frame_rate_exact (str | Unset): The nominal frame rate as an exact ratio, e.g. `30000/1001`.
        average_frame_rate (float | Unset):
        sample_rate (int | Unset):
        channels (int | Unset):
        channel_layout (str | Unset):
        language (str | Unset): The stream's ISO 639-2 language tag, when the container has one.
        bit_rate (int | Unset):
        default (bool | Unset): The container marks the stream as the one played by default (`audioTrack` picks it when
            none is asked for).
        forced (bool | Unset): The container marks the stream as always shown (subtitles for foreign dialogue).
        color (ColorDescription | Unset): A video stream's colour, in FFmpeg's names (`bt709`, `bt2020`, `smpte2084`,
            `arib-std-b67`, `bt2020nc`, …). What the stream does not say is Reel's default: BT.601 (`smpte170m`) below 720
            lines, BT.709 from 720, limited range; JPEG and PNG pictures sRGB (`iec61966-2-1`), full range.
    """

    index: int
    type_: StreamInfoType
    codec: str
    duration: float | Unset = UNSET
    width: int | Unset = UNSET
    height: int | Unset = UNSET
    rotation: StreamInfoRotation | Unset = UNSET
    display_width: int | Unset = UNSET
    display_height: int | Unset = UNSET
    pixel_format: str | Unset = UNSET
    frame_rate: float | Unset = UNSET
    frame_rate_exact: str | Unset = UNSET
    average_frame_rate: float | Unset = UNSET
    sample_rate: int | Unset = UNSET
    channels: int | Unset = UNSET
    channel_layout: str | Unset = UNSET
    language: str | Unset = UNSET
    bit_rate: int | Unset = UNSET
    default: bool | Unset = UNSET
    forced: bool | Unset = UNSET
    color: ColorDescription | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        type_ = self.type_.value

        codec = self.codec

        duration = self.duration

        width = self.width

        height = self.height

        rotation: int | Unset = UNSET
        if not isinstance(self.rotation, Unset):
            rotation = self.rotation.value

        display_width = self.display_width

        display_height = self.display_height

        pixel_format = self.pixel_format

        frame_rate = self.frame_rate

        frame_rate_exact = self.frame_rate_exact

        average_frame_rate = self.average_frame_rate

        sample_rate = self.sample_rate

        channels = self.channels

        channel_layout = self.channel_layout

        language = self.language

        bit_rate = self.bit_rate

        default = self.default

        forced = self.forced

        color: dict[str, Any] | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "type": type_,
                "codec": codec,
            }
        )
        if duration is not UNSET:
            field_dict["duration"] = duration
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if rotation is not UNSET:
            field_dict["rotation"] = rotation
        if display_width is not UNSET:
            field_dict["displayWidth"] = display_width
        if display_height is not UNSET:
            field_dict["displayHeight"] = display_height
        if pixel_format is not UNSET:
            field_dict["pixelFormat"] = pixel_format
        if frame_rate is not UNSET:
            field_dict["frameRate"] = frame_rate
        if frame_rate_exact is not UNSET:
            field_dict["frameRateExact"] = frame_rate_exact
        if average_frame_rate is not UNSET:
            field_dict["averageFrameRate"] = average_frame_rate
        if sample_rate is not UNSET:
            field_dict["sampleRate"] = sample_rate
        if channels is not UNSET:
            field_dict["channels"] = channels
        if channel_layout is not UNSET:
            field_dict["channelLayout"] = channel_layout
        if language is not UNSET:
            field_dict["language"] = language
        if bit_rate is not UNSET:
            field_dict["bitRate"] = bit_rate
        if default is not UNSET:
            field_dict["default"] = default
        if forced is not UNSET:
            field_dict["forced"] = forced
        if color is not UNSET:
            field_dict["color"] = color

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.color_description import ColorDescription  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        type_ = StreamInfoType(d.pop("type"))

        codec = d.pop("codec")

        duration = d.pop("duration", UNSET)

        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        _rotation = d.pop("rotation", UNSET)
        rotation: StreamInfoRotation | Unset
        if isinstance(_rotation, Unset):
            rotation = UNSET
        else:
            rotation = StreamInfoRotation(_rotation)

        display_width = d.pop("displayWidth", UNSET)

        display_height = d.pop("displayHeight", UNSET)

        pixel_format = d.pop("pixelFormat", UNSET)

        frame_rate = d.pop("frameRate", UNSET)

        frame_rate_exact = d.pop("frameRateExact", UNSET)

        average_frame_rate = d.pop("averageFrameRate", UNSET)

        sample_rate = d.pop("sampleRate", UNSET)

        channels = d.pop("channels", UNSET)

        channel_layout = d.pop("channelLayout", UNSET)

        language = d.pop("language", UNSET)

        bit_rate = d.pop("bitRate", UNSET)

        default = d.pop("default", UNSET)

        forced = d.pop("forced", UNSET)

        _color = d.pop("color", UNSET)
        color: ColorDescription | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = ColorDescription.from_dict(_color)

        stream_info = cls(
            index=index,
            type_=type_,
            codec=codec,
            duration=duration,
            width=width,
            height=height,
            rotation=rotation,
            display_width=display_width,
            display_height=display_height,
            pixel_format=pixel_format,
            frame_rate=frame_rate,
            frame_rate_exact=frame_rate_exact,
            average_frame_rate=average_frame_rate,
            sample_rate=sample_rate,
            channels=channels,
            channel_layout=channel_layout,
            language=language,
            bit_rate=bit_rate,
            default=default,
            forced=forced,
            color=color,
        )

        return stream_info
