from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.audio_settings_channels import AudioSettingsChannels
from ..models.audio_settings_codec import AudioSettingsCodec
from ..models.audio_settings_sample_rate import AudioSettingsSampleRate
from ..types import UNSET, Unset

T = TypeVar("T", bound="AudioSettings")


@_attrs_define
class AudioSettings:
    """Audio encoder settings. Defaults aac (opus for webm), 128 kb/s, 48 kHz, 2 channels. Opus takes only 8000, 12000,
    16000, 24000 or 48000 Hz.

        Attributes:
            codec (AudioSettingsCodec | Unset):
            bitrate (int | Unset): Bits per second.
            sample_rate (AudioSettingsSampleRate | Unset):
            channels (AudioSettingsChannels | Unset):
    """

    codec: AudioSettingsCodec | Unset = UNSET
    bitrate: int | Unset = UNSET
    sample_rate: AudioSettingsSampleRate | Unset = UNSET
    channels: AudioSettingsChannels | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        codec: str | Unset = UNSET
        if not isinstance(self.codec, Unset):
            codec = self.codec.value

        bitrate = self.bitrate

        sample_rate: int | Unset = UNSET
        if not isinstance(self.sample_rate, Unset):
            sample_rate = self.sample_rate.value

        channels: int | Unset = UNSET
        if not isinstance(self.channels, Unset):
            channels = self.channels.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if codec is not UNSET:
            field_dict["codec"] = codec
        if bitrate is not UNSET:
            field_dict["bitrate"] = bitrate
        if sample_rate is not UNSET:
            field_dict["sampleRate"] = sample_rate
        if channels is not UNSET:
            field_dict["channels"] = channels

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _codec = d.pop("codec", UNSET)
        codec: AudioSettingsCodec | Unset
        if isinstance(_codec, Unset):
            codec = UNSET
        else:
            codec = AudioSettingsCodec(_codec)

        bitrate = d.pop("bitrate", UNSET)

        _sample_rate = d.pop("sampleRate", UNSET)
        sample_rate: AudioSettingsSampleRate | Unset
        if isinstance(_sample_rate, Unset):
            sample_rate = UNSET
        else:
            sample_rate = AudioSettingsSampleRate(_sample_rate)

        _channels = d.pop("channels", UNSET)
        channels: AudioSettingsChannels | Unset
        if isinstance(_channels, Unset):
            channels = UNSET
        else:
            channels = AudioSettingsChannels(_channels)

        audio_settings = cls(
            codec=codec,
            bitrate=bitrate,
            sample_rate=sample_rate,
            channels=channels,
        )

        return audio_settings
