from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.filter_type_0 import FilterType0
from ..models.fit import Fit
from ..models.media_video_item_motion import MediaVideoItemMotion
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chroma_key import ChromaKey
    from ..models.filter_type_1 import FilterType1
    from ..models.keyframe import Keyframe
    from ..models.time_range import TimeRange
    from ..models.volume_point import VolumePoint


T = TypeVar("T", bound="MediaVideoItem")


@_attrs_define
class MediaVideoItem:
    """A video (`src`, optional `sourceRange` — default the whole video — or `duration` to play it
    from 0) or a still image (`src` + `duration`; a still has no `sourceRange` or `speed`).
    `sourceRange` and `duration` exclude each other.

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
            source_range (TimeRange | Unset): A half-open range `[start, start + duration)`.
            duration (float | str | Unset): A `Time` greater than 0.
            speed (float | str | Unset): Playback rate 0.25–4 of a video clip (not of a still or a colour card): timeline
                time t shows
                source time `sourceRange.start + t·speed` exactly, and the clip's audio is time-stretched
                with its pitch kept. With `sourceRange` the item lasts `sourceRange.duration / speed`; a
                `duration` is timeline time. A number or `"N/D"`.
            audio_track (Any | Unset): Which of the source's audio streams the item plays (AVMediaSelectionGroup): by ISO
                639-2
                language, or by position among the source's audio streams counting from 0; without it, the
                stream the container marks default, else the first. A source without such a stream is a 422
                naming the streams it has.
            volume (float | list[VolumePoint] | Unset): A gain 0–10 (1 = unchanged), or automation points joined linearly
                (AVAudioMix's setVolume and
                setVolumeRamp), at strictly increasing times relative to the item's start.
            muted (bool | Unset):  Default: False.
            normalize (bool | Unset): Its sound brought to −23 LUFS (BS.1770-4, measured over the part it plays) before its
                `volume` and the mix, so items recorded at different levels match. Default: False.
            fit (Fit | Unset): `fit` letterboxes with the background (default), `fill` crops, `stretch` scales each axis,
                `blur` letterboxes over the same picture scaled to fill, blurred (`blurRadius`) and dimmed (`dim`); `blurRadius`
                and `dim` are allowed only with it.
            blur_radius (float | Unset): With `fit` blur, the standard deviation (px) of the Gaussian blur of the bars.
                Default: 40.0.
            dim (float | Unset): With `fit` blur, how much the bars are darkened (0 none, 1 black). Default: 0.2.
            filters (list[FilterType0 | FilterType1] | Unset):
            keyframes (list[Keyframe] | Unset): At strictly increasing times.
            chroma_key (ChromaKey | Unset): A green screen taken out (video items with `src`, video and image overlays).
                With the
                pixel's and the key's chroma Cb, Cr in −0.5…0.5, d = √(((Cb−Kb)² + (Cr−Kr)²)/2) and alpha =
                clamp((d − similarity)/smoothness, 0, 1) (smoothness 0: a hard key). `spill` takes that
                share of each pixel's chroma along the key colour's direction (where it points that way)
                out of what remains. 4:2:0 pictures key each 2×2 block by its chroma.
            mask (Any | Unset): Where the item shows, weighted 0…1, on its own picture (lengths of a mask shape are of the
                item's picture, so the mask moves, scales and turns with it): a `shape` (its coverage), or a
                `src` image or video (a video plays along with the item from its start and holds its last
                frame), stretched to the picture, by its `alpha` or its `luma` (black 0, white 1). Default
                mode: alpha for shapes and sources with an alpha channel, luma otherwise; `mode: "alpha"` on a
                source without alpha is a 422 at `mode`, a source with no picture a 422 at `src`. `invert`
                shows the item where the mask is not; `feather` softens the edge by an exact Gaussian of
                standard deviation feather/2 px (CSS's blur radius). Exactly one of `shape` and `src`.
            motion (MediaVideoItemMotion | Unset): A slow Ken Burns move (items with `src`).
    """

    src: str
    source_range: TimeRange | Unset = UNSET
    duration: float | str | Unset = UNSET
    speed: float | str | Unset = UNSET
    audio_track: Any | Unset = UNSET
    volume: float | list[VolumePoint] | Unset = UNSET
    muted: bool | Unset = False
    normalize: bool | Unset = False
    fit: Fit | Unset = UNSET
    blur_radius: float | Unset = 40.0
    dim: float | Unset = 0.2
    filters: list[FilterType0 | FilterType1] | Unset = UNSET
    keyframes: list[Keyframe] | Unset = UNSET
    chroma_key: ChromaKey | Unset = UNSET
    mask: Any | Unset = UNSET
    motion: MediaVideoItemMotion | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        src = self.src

        source_range: dict[str, Any] | Unset = UNSET
        if not isinstance(self.source_range, Unset):
            source_range = self.source_range.to_dict()

        duration: float | str | Unset
        if isinstance(self.duration, Unset):
            duration = UNSET
        else:
            duration = self.duration

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

        muted = self.muted

        normalize = self.normalize

        fit: str | Unset = UNSET
        if not isinstance(self.fit, Unset):
            fit = self.fit.value

        blur_radius = self.blur_radius

        dim = self.dim

        filters: list[dict[str, Any] | str] | Unset = UNSET
        if not isinstance(self.filters, Unset):
            filters = []
            for filters_item_data in self.filters:
                filters_item: dict[str, Any] | str
                if isinstance(filters_item_data, FilterType0):
                    filters_item = filters_item_data.value
                else:
                    filters_item = filters_item_data.to_dict()

                filters.append(filters_item)

        keyframes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.keyframes, Unset):
            keyframes = []
            for keyframes_item_data in self.keyframes:
                keyframes_item = keyframes_item_data.to_dict()
                keyframes.append(keyframes_item)

        chroma_key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.chroma_key, Unset):
            chroma_key = self.chroma_key.to_dict()

        mask: Any | Unset
        if isinstance(self.mask, Unset):
            mask = UNSET
        else:
            mask = self.mask

        motion: str | Unset = UNSET
        if not isinstance(self.motion, Unset):
            motion = self.motion.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "src": src,
            }
        )
        if source_range is not UNSET:
            field_dict["sourceRange"] = source_range
        if duration is not UNSET:
            field_dict["duration"] = duration
        if speed is not UNSET:
            field_dict["speed"] = speed
        if audio_track is not UNSET:
            field_dict["audioTrack"] = audio_track
        if volume is not UNSET:
            field_dict["volume"] = volume
        if muted is not UNSET:
            field_dict["muted"] = muted
        if normalize is not UNSET:
            field_dict["normalize"] = normalize
        if fit is not UNSET:
            field_dict["fit"] = fit
        if blur_radius is not UNSET:
            field_dict["blurRadius"] = blur_radius
        if dim is not UNSET:
            field_dict["dim"] = dim
        if filters is not UNSET:
            field_dict["filters"] = filters
        if keyframes is not UNSET:
            field_dict["keyframes"] = keyframes
        if chroma_key is not UNSET:
            field_dict["chromaKey"] = chroma_key
        if mask is not UNSET:
            field_dict["mask"] = mask
        if motion is not UNSET:
            field_dict["motion"] = motion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chroma_key import ChromaKey  # noqa: PLC0415
        from ..models.filter_type_1 import FilterType1  # noqa: PLC0415
        from ..models.keyframe import Keyframe  # noqa: PLC0415
        from ..models.time_range import TimeRange  # noqa: PLC0415
        from ..models.volume_point import VolumePoint  # noqa: PLC0415

        d = dict(src_dict)
        src = d.pop("src")

        _source_range = d.pop("sourceRange", UNSET)
        source_range: TimeRange | Unset
        if isinstance(_source_range, Unset):
            source_range = UNSET
        else:
            source_range = TimeRange.from_dict(_source_range)

        def _parse_duration(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        duration = _parse_duration(d.pop("duration", UNSET))

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

        muted = d.pop("muted", UNSET)

        normalize = d.pop("normalize", UNSET)

        _fit = d.pop("fit", UNSET)
        fit: Fit | Unset
        if isinstance(_fit, Unset):
            fit = UNSET
        else:
            fit = Fit(_fit)

        blur_radius = d.pop("blurRadius", UNSET)

        dim = d.pop("dim", UNSET)

        _filters = d.pop("filters", UNSET)
        filters: list[FilterType0 | FilterType1] | Unset = UNSET
        if _filters is not UNSET:
            filters = []
            for filters_item_data in _filters:

                def _parse_filters_item(data: object) -> FilterType0 | FilterType1:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_filter_type_0 = FilterType0(data)

                        return componentsschemas_filter_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_filter_type_1 = FilterType1.from_dict(data)

                    return componentsschemas_filter_type_1

                filters_item = _parse_filters_item(filters_item_data)

                filters.append(filters_item)

        _keyframes = d.pop("keyframes", UNSET)
        keyframes: list[Keyframe] | Unset = UNSET
        if _keyframes is not UNSET:
            keyframes = []
            for keyframes_item_data in _keyframes:
                keyframes_item = Keyframe.from_dict(keyframes_item_data)

                keyframes.append(keyframes_item)

        _chroma_key = d.pop("chromaKey", UNSET)
        chroma_key: ChromaKey | Unset
        if isinstance(_chroma_key, Unset):
            chroma_key = UNSET
        else:
            chroma_key = ChromaKey.from_dict(_chroma_key)

        def _parse_mask(data: object) -> Any | Unset:
            if isinstance(data, Unset):
                return data
            return cast(Any | Unset, data)

        mask = _parse_mask(d.pop("mask", UNSET))

        _motion = d.pop("motion", UNSET)
        motion: MediaVideoItemMotion | Unset
        if isinstance(_motion, Unset):
            motion = UNSET
        else:
            motion = MediaVideoItemMotion(_motion)

        media_video_item = cls(
            src=src,
            source_range=source_range,
            duration=duration,
            speed=speed,
            audio_track=audio_track,
            volume=volume,
            muted=muted,
            normalize=normalize,
            fit=fit,
            blur_radius=blur_radius,
            dim=dim,
            filters=filters,
            keyframes=keyframes,
            chroma_key=chroma_key,
            mask=mask,
            motion=motion,
        )

        return media_video_item
