from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.audio_settings_channels import AudioSettingsChannels
from ..models.audio_settings_codec import AudioSettingsCodec
from ..models.audio_settings_sample_rate import AudioSettingsSampleRate
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.loudness import Loudness


T = TypeVar("T", bound="AudioSettings")


@_attrs_define
class AudioSettings:
    """Audio encoder settings. Defaults aac (opus for webm), 128 kb/s, 48 kHz, 2 channels. Opus takes only 8000, 12000,
    16000, 24000 or 48000 Hz.

        Attributes:
            codec (AudioSettingsCodec | Unset):
            bitrate (int | Unset): Bits per second (default 128000; 320000 for 5.1).
            sample_rate (AudioSettingsSampleRate | Unset):
            channels (AudioSettingsChannels | Unset): Mono, stereo or 5.1 (FL, FR, FC, LFE, and the two surrounds, FFmpeg's
                order). Into 5.1 a
                mono item plays in the centre, a stereo one in front left and right, a 5.1 one as it is;
                into stereo or mono FFmpeg's standard downmix applies (centre and surrounds at −3 dB, LFE
                left out). `pan` moves an item between the front left and right. AAC, Opus and PCM all
                carry 5.1.
            loudness (Loudness | Unset): The mix brought to a loudness: measured over the whole output (ITU-R BS.1770-4
                integrated
                loudness, gated), gained to `target`, with a true-peak limiter (look-ahead, ×4 oversampled)
                holding it at or under `truePeak`; measured again through the output's codec until both hold
                (within 0.2 LU). The job's `output.loudness` reports the output as written. Not for outputs
                without audio (gif, png, jpg).
    """

    codec: AudioSettingsCodec | Unset = UNSET
    bitrate: int | Unset = UNSET
    sample_rate: AudioSettingsSampleRate | Unset = UNSET
    channels: AudioSettingsChannels | Unset = UNSET
    loudness: Loudness | Unset = UNSET

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

        loudness: dict[str, Any] | Unset = UNSET
        if not isinstance(self.loudness, Unset):
            loudness = self.loudness.to_dict()

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
        if loudness is not UNSET:
            field_dict["loudness"] = loudness

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.loudness import Loudness  # noqa: PLC0415

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

        _loudness = d.pop("loudness", UNSET)
        loudness: Loudness | Unset
        if isinstance(_loudness, Unset):
            loudness = UNSET
        else:
            loudness = Loudness.from_dict(_loudness)

        audio_settings = cls(
            codec=codec,
            bitrate=bitrate,
            sample_rate=sample_rate,
            channels=channels,
            loudness=loudness,
        )

        return audio_settings
