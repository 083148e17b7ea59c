from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.voice_over_duck_under import VoiceOverDuckUnder
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.time_range import TimeRange
    from ..models.volume_point import VolumePoint


T = TypeVar("T", bound="VoiceOver")


@_attrs_define
class VoiceOver:
    """An audio item at an explicit `start`.

    Attributes:
        src (str): `upload:ID` (an uploaded asset), a relative path under the server's media root (with the CLI,
            relative to the spec file), or an http(s) URL on a public host (or a host the configuration's
            `allowedHosts` lists), fetched once into the node's cache: redirects are followed up to 5 hops,
            each checked; a host resolving to a loopback, private, link-local, CGNAT, multicast, reserved or
            metadata address is refused (422, saying which kind); an answer of 4xx is a 422 naming it; a
            timeout or 5xx is a 503. `s3://bucket/key` reads an object of a bucket the server's `sourceBuckets`
            lists. `sequence:PATTERN?first=N&rate=R[&count=N]` is a numbered image sequence under the media
            root played as a clip (`renders/sh010/beauty.%04d.exr`: one `%d` or `%0Nd` in the file name,
            `%%` for a literal `%`; `first` default 1, `count` default the unbroken run of files; every
            frame must be there). Absolute paths, `..`, symbolic links leaving the root, other schemes and
            playlist/list formats (HLS, DASH, concat) are refused.
        start (float | str): A `Time` of at least 0.
        source_range (TimeRange | Unset): A half-open range `[start, start + duration)`.
        speed (float | str | Unset): Playback rate 0.25–4, pitch kept (Rubber Band); the item lasts
            `sourceRange.duration / speed`. A number or `"N/D"`.
        audio_track (Any | Unset): Which of the source's audio streams the item plays (AVMediaSelectionGroup): by ISO
            639-2
            language, or by position among the source's audio streams counting from 0; without it, the
            stream the container marks default, else the first. A source without such a stream is a 422
            naming the streams it has.
        volume (float | list[VolumePoint] | Unset): A gain 0–10 (1 = unchanged), or automation points joined linearly
            (AVAudioMix's setVolume and
            setVolumeRamp), at strictly increasing times relative to the item's start.
        fade_in (float | str | Unset): A `Time` of at least 0.
        fade_out (float | str | Unset): A `Time` of at least 0.
        pan (float | Unset): −1 left … 1 right, constant power; 0 leaves the item as it is.
        duck_under (VoiceOverDuckUnder | Unset): Lower this voice-over automatically while any other voice-over plays
            (the original under its interpreter, say), by `duckLevel`; it never ducks under itself.
        duck_level (float | Unset): Gain while ducked (default 0.25); needs `duckUnder`.
        normalize (bool | Unset): Brought to −23 LUFS (BS.1770-4, measured over the part it plays) before its `volume`,
            fades and the mix, so items recorded at different levels match. Default: False.
    """

    src: str
    start: float | str
    source_range: TimeRange | Unset = UNSET
    speed: float | str | Unset = UNSET
    audio_track: Any | Unset = UNSET
    volume: float | list[VolumePoint] | Unset = UNSET
    fade_in: float | str | Unset = UNSET
    fade_out: float | str | Unset = UNSET
    pan: float | Unset = UNSET
    duck_under: VoiceOverDuckUnder | Unset = UNSET
    duck_level: float | Unset = UNSET
    normalize: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        src = self.src

        start: float | str
        start = self.start

        source_range: dict[str, Any] | Unset = UNSET
        if not isinstance(self.source_range, Unset):
            source_range = self.source_range.to_dict()

        speed: float | str | Unset
        if isinstance(self.speed, Unset):
            speed = UNSET
        else:
            speed = self.speed

        audio_track: Any | Unset
        if isinstance(self.audio_track, Unset):
            audio_track = UNSET
        else:
            audio_track = self.audio_track

        volume: float | list[dict[str, Any]] | Unset
        if isinstance(self.volume, Unset):
            volume = UNSET
        elif isinstance(self.volume, list):
            volume = []
            for componentsschemas_volume_type_1_item_data in self.volume:
                componentsschemas_volume_type_1_item = (
                    componentsschemas_volume_type_1_item_data.to_dict()
                )
                volume.append(componentsschemas_volume_type_1_item)

        else:
            volume = self.volume

        fade_in: float | str | Unset
        if isinstance(self.fade_in, Unset):
            fade_in = UNSET
        else:
            fade_in = self.fade_in

        fade_out: float | str | Unset
        if isinstance(self.fade_out, Unset):
            fade_out = UNSET
        else:
            fade_out = self.fade_out

        pan = self.pan

        duck_under: str | Unset = UNSET
        if not isinstance(self.duck_under, Unset):
            duck_under = self.duck_under.value

        duck_level = self.duck_level

        normalize = self.normalize

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "src": src,
                "start": start,
            }
        )
        if source_range is not UNSET:
            field_dict["sourceRange"] = source_range
        if speed is not UNSET:
            field_dict["speed"] = speed
        if audio_track is not UNSET:
            field_dict["audioTrack"] = audio_track
        if volume is not UNSET:
            field_dict["volume"] = volume
        if fade_in is not UNSET:
            field_dict["fadeIn"] = fade_in
        if fade_out is not UNSET:
            field_dict["fadeOut"] = fade_out
        if pan is not UNSET:
            field_dict["pan"] = pan
        if duck_under is not UNSET:
            field_dict["duckUnder"] = duck_under
        if duck_level is not UNSET:
            field_dict["duckLevel"] = duck_level
        if normalize is not UNSET:
            field_dict["normalize"] = normalize

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.time_range import TimeRange  # noqa: PLC0415
        from ..models.volume_point import VolumePoint  # noqa: PLC0415

        d = dict(src_dict)
        src = d.pop("src")

        def _parse_start(data: object) -> float | str:
            return cast(float | str, data)

        start = _parse_start(d.pop("start"))

        _source_range = d.pop("sourceRange", UNSET)
        source_range: TimeRange | Unset
        if isinstance(_source_range, Unset):
            source_range = UNSET
        else:
            source_range = TimeRange.from_dict(_source_range)

        def _parse_speed(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        speed = _parse_speed(d.pop("speed", UNSET))

        def _parse_audio_track(data: object) -> Any | Unset:
            if isinstance(data, Unset):
                return data
            return cast(Any | Unset, data)

        audio_track = _parse_audio_track(d.pop("audioTrack", UNSET))

        def _parse_volume(data: object) -> float | list[VolumePoint] | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_volume_type_1 = []
                _componentsschemas_volume_type_1 = data
                for (
                    componentsschemas_volume_type_1_item_data
                ) in _componentsschemas_volume_type_1:
                    componentsschemas_volume_type_1_item = VolumePoint.from_dict(
                        componentsschemas_volume_type_1_item_data
                    )

                    componentsschemas_volume_type_1.append(
                        componentsschemas_volume_type_1_item
                    )

                return componentsschemas_volume_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(float | list[VolumePoint] | Unset, data)

        volume = _parse_volume(d.pop("volume", UNSET))

        def _parse_fade_in(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        fade_in = _parse_fade_in(d.pop("fadeIn", UNSET))

        def _parse_fade_out(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        fade_out = _parse_fade_out(d.pop("fadeOut", UNSET))

        pan = d.pop("pan", UNSET)

        _duck_under = d.pop("duckUnder", UNSET)
        duck_under: VoiceOverDuckUnder | Unset
        if isinstance(_duck_under, Unset):
            duck_under = UNSET
        else:
            duck_under = VoiceOverDuckUnder(_duck_under)

        duck_level = d.pop("duckLevel", UNSET)

        normalize = d.pop("normalize", UNSET)

        voice_over = cls(
            src=src,
            start=start,
            source_range=source_range,
            speed=speed,
            audio_track=audio_track,
            volume=volume,
            fade_in=fade_in,
            fade_out=fade_out,
            pan=pan,
            duck_under=duck_under,
            duck_level=duck_level,
            normalize=normalize,
        )

        return voice_over
