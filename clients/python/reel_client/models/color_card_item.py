from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.filter_type_0 import FilterType0
from ..models.fit import Fit
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.filter_type_1 import FilterType1
    from ..models.keyframe import Keyframe
    from ..models.volume_point import VolumePoint


T = TypeVar("T", bound="ColorCardItem")


@_attrs_define
class ColorCardItem:
    """A colour card for `duration` (a colour with alpha is laid over the output's background).

    Attributes:
        color (str): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
        duration (float | str): A `Time` greater than 0.
        volume (float | list[VolumePoint] | Unset): A gain 0–10 (1 = unchanged), or automation points joined linearly
            (AVAudioMix's setVolume and
            setVolumeRamp), at strictly increasing times relative to the item's start.
        muted (bool | Unset):  Default: False.
        fit (Fit | Unset): `fit` letterboxes with the background (default), `fill` crops, `stretch` scales each axis,
            `blur` letterboxes over the same picture scaled to fill, blurred (`blurRadius`) and dimmed (`dim`); `blurRadius`
            and `dim` are allowed only with it.
        blur_radius (float | Unset): With `fit` blur, the standard deviation (px) of the Gaussian blur of the bars.
            Default: 40.0.
        dim (float | Unset): With `fit` blur, how much the bars are darkened (0 none, 1 black). Default: 0.2.
        filters (list[FilterType0 | FilterType1] | Unset):
        keyframes (list[Keyframe] | Unset): At strictly increasing times.
        mask (Any | Unset): Where the item shows, weighted 0…1, on its own picture (lengths of a mask shape are of the
            item's picture, so the mask moves, scales and turns with it): a `shape` (its coverage), or a
            `src` image or video (a video plays along with the item from its start and holds its last
            frame), stretched to the picture, by its `alpha` or its `luma` (black 0, white 1). Default
            mode: alpha for shapes and sources with an alpha channel, luma otherwise; `mode: "alpha"` on a
            source without alpha is a 422 at `mode`, a source with no picture a 422 at `src`. `invert`
            shows the item where the mask is not; `feather` softens the edge by an exact Gaussian of
            standard deviation feather/2 px (CSS's blur radius). Exactly one of `shape` and `src`.
    """

    color: str
    duration: float | str
    volume: float | list[VolumePoint] | Unset = UNSET
    muted: bool | Unset = False
    fit: Fit | Unset = UNSET
    blur_radius: float | Unset = 40.0
    dim: float | Unset = 0.2
    filters: list[FilterType0 | FilterType1] | Unset = UNSET
    keyframes: list[Keyframe] | Unset = UNSET
    mask: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        color = self.color

        duration: float | str
        duration = self.duration

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

        mask: Any | Unset
        if isinstance(self.mask, Unset):
            mask = UNSET
        else:
            mask = self.mask

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "color": color,
                "duration": duration,
            }
        )
        if volume is not UNSET:
            field_dict["volume"] = volume
        if muted is not UNSET:
            field_dict["muted"] = muted
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
        if mask is not UNSET:
            field_dict["mask"] = mask

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.filter_type_1 import FilterType1  # noqa: PLC0415
        from ..models.keyframe import Keyframe  # noqa: PLC0415
        from ..models.volume_point import VolumePoint  # noqa: PLC0415

        d = dict(src_dict)
        color = d.pop("color")

        def _parse_duration(data: object) -> float | str:
            return cast(float | str, data)

        duration = _parse_duration(d.pop("duration"))

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

        def _parse_mask(data: object) -> Any | Unset:
            if isinstance(data, Unset):
                return data
            return cast(Any | Unset, data)

        mask = _parse_mask(d.pop("mask", UNSET))

        color_card_item = cls(
            color=color,
            duration=duration,
            volume=volume,
            muted=muted,
            fit=fit,
            blur_radius=blur_radius,
            dim=dim,
            filters=filters,
            keyframes=keyframes,
            mask=mask,
        )

        return color_card_item
