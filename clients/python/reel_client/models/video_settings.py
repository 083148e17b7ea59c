from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.video_settings_codec import VideoSettingsCodec
from ..models.video_settings_preset import VideoSettingsPreset
from ..types import UNSET, Unset

T = TypeVar("T", bound="VideoSettings")


@_attrs_define
class VideoSettings:
    """Video encoder settings. Defaults: h264 (vp9 for webm), preset `veryfast`, CRF 23 for h264/hevc
    and 32 for vp9 (18 and 24 with output preset `highest`), a keyframe every 2 s. For vp9 the
    preset chooses libvpx's speed: ultrafast/superfast are its realtime deadline at cpu-used 8/7,
    veryfast and faster `good` at cpu-used 5, fast 4, medium 3, slow 2, slower 1, veryslow 0. `crf` and `bitrate`
    exclude each other;
    `maxBitrate` needs one of them and is at least `bitrate`. `profile` is baseline, main or high
    for h264, main or main10 for hevc, not available for vp9, and proxy, lt, standard, hq (the
    default) or 4444 for prores (mov only: 10-bit 4:2:2, or 4:4:4 for 4444 with alpha where the
    background is transparent and shows, with 16-bit PCM audio by default; no crf, bitrate,
    preset or keyframeInterval).

        Attributes:
            codec (VideoSettingsCodec | Unset):
            crf (int | Unset):
            bitrate (int | Unset): Bits per second.
            max_bitrate (int | Unset): Bits per second.
            preset (VideoSettingsPreset | Unset):
            profile (str | Unset):
            keyframe_interval (float | str | Unset): Seconds between keyframes, greater than 0 and at most 60. H.264 and
                HEVC get a keyframe exactly this often (none added at scene cuts, closed GOPs).
    """

    codec: VideoSettingsCodec | Unset = UNSET
    crf: int | Unset = UNSET
    bitrate: int | Unset = UNSET
    max_bitrate: int | Unset = UNSET
    preset: VideoSettingsPreset | Unset = UNSET
    profile: str | Unset = UNSET
    keyframe_interval: float | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        codec: str | Unset = UNSET
        if not isinstance(self.codec, Unset):
            codec = self.codec.value

        crf = self.crf

        bitrate = self.bitrate

        max_bitrate = self.max_bitrate

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        profile = self.profile

        keyframe_interval: float | str | Unset
        if isinstance(self.keyframe_interval, Unset):
            keyframe_interval = UNSET
        else:
            keyframe_interval = self.keyframe_interval

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if codec is not UNSET:
            field_dict["codec"] = codec
        if crf is not UNSET:
            field_dict["crf"] = crf
        if bitrate is not UNSET:
            field_dict["bitrate"] = bitrate
        if max_bitrate is not UNSET:
            field_dict["maxBitrate"] = max_bitrate
        if preset is not UNSET:
            field_dict["preset"] = preset
        if profile is not UNSET:
            field_dict["profile"] = profile
        if keyframe_interval is not UNSET:
            field_dict["keyframeInterval"] = keyframe_interval

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _codec = d.pop("codec", UNSET)
        codec: VideoSettingsCodec | Unset
        if isinstance(_codec, Unset):
            codec = UNSET
        else:
            codec = VideoSettingsCodec(_codec)

        crf = d.pop("crf", UNSET)

        bitrate = d.pop("bitrate", UNSET)

        max_bitrate = d.pop("maxBitrate", UNSET)

        _preset = d.pop("preset", UNSET)
        preset: VideoSettingsPreset | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = VideoSettingsPreset(_preset)

        profile = d.pop("profile", UNSET)

        def _parse_keyframe_interval(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        keyframe_interval = _parse_keyframe_interval(d.pop("keyframeInterval", UNSET))

        video_settings = cls(
            codec=codec,
            crf=crf,
            bitrate=bitrate,
            max_bitrate=max_bitrate,
            preset=preset,
            profile=profile,
            keyframe_interval=keyframe_interval,
        )

        return video_settings
