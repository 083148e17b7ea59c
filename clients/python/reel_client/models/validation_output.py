from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.validation_output_audio_codec import ValidationOutputAudioCodec
from ..models.validation_output_color import ValidationOutputColor
from ..models.validation_output_video_codec import ValidationOutputVideoCodec
from ..types import UNSET, Unset

T = TypeVar("T", bound="ValidationOutput")


@_attrs_define
class ValidationOutput:
    """
    Attributes:
        format_ (str):
        width (int | Unset):
        height (int | Unset):
        frame_rate (float | Unset):
        video_codec (ValidationOutputVideoCodec | Unset):
        color (ValidationOutputColor | Unset):
        draft (bool | Unset): Present (true) for a draft; `width` and `height` are then the draft's.
        audio_codec (ValidationOutputAudioCodec | Unset):
        sample_rate (int | Unset):
        channels (int | Unset):
    """

    format_: str
    width: int | Unset = UNSET
    height: int | Unset = UNSET
    frame_rate: float | Unset = UNSET
    video_codec: ValidationOutputVideoCodec | Unset = UNSET
    color: ValidationOutputColor | Unset = UNSET
    draft: bool | Unset = UNSET
    audio_codec: ValidationOutputAudioCodec | Unset = UNSET
    sample_rate: int | Unset = UNSET
    channels: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        width = self.width

        height = self.height

        frame_rate = self.frame_rate

        video_codec: str | Unset = UNSET
        if not isinstance(self.video_codec, Unset):
            video_codec = self.video_codec.value

        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color.value

        draft = self.draft

        audio_codec: str | Unset = UNSET
        if not isinstance(self.audio_codec, Unset):
            audio_codec = self.audio_codec.value

        sample_rate = self.sample_rate

        channels = self.channels

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
            }
        )
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if frame_rate is not UNSET:
            field_dict["frameRate"] = frame_rate
        if video_codec is not UNSET:
            field_dict["videoCodec"] = video_codec
        if color is not UNSET:
            field_dict["color"] = color
        if draft is not UNSET:
            field_dict["draft"] = draft
        if audio_codec is not UNSET:
            field_dict["audioCodec"] = audio_codec
        if sample_rate is not UNSET:
            field_dict["sampleRate"] = sample_rate
        if channels is not UNSET:
            field_dict["channels"] = channels

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        format_ = d.pop("format")

        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        frame_rate = d.pop("frameRate", UNSET)

        _video_codec = d.pop("videoCodec", UNSET)
        video_codec: ValidationOutputVideoCodec | Unset
        if isinstance(_video_codec, Unset):
            video_codec = UNSET
        else:
            video_codec = ValidationOutputVideoCodec(_video_codec)

        _color = d.pop("color", UNSET)
        color: ValidationOutputColor | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = ValidationOutputColor(_color)

        draft = d.pop("draft", UNSET)

        _audio_codec = d.pop("audioCodec", UNSET)
        audio_codec: ValidationOutputAudioCodec | Unset
        if isinstance(_audio_codec, Unset):
            audio_codec = UNSET
        else:
            audio_codec = ValidationOutputAudioCodec(_audio_codec)

        sample_rate = d.pop("sampleRate", UNSET)

        channels = d.pop("channels", UNSET)

        validation_output = cls(
            format_=format_,
            width=width,
            height=height,
            frame_rate=frame_rate,
            video_codec=video_codec,
            color=color,
            draft=draft,
            audio_codec=audio_codec,
            sample_rate=sample_rate,
            channels=channels,
        )

        return validation_output
