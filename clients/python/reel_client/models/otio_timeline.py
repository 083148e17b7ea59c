from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.otio_timeline_tracks import OTIOTimelineTracks


T = TypeVar("T", bound="OTIOTimeline")


@_attrs_define
class OTIOTimeline:
    """An OpenTimelineIO `Timeline.1` object (the JSON an `.otio` file holds), played with OTIO's
    semantics (docs/API.md, *Timelines from editors*): the first video track of the top-level stack is the picture,
    higher video tracks are layered above it, audio tracks are mixed; `Clip.1`/`Clip.2` with
    `ExternalReference.1` (through `relink`, else a `file://` URL's file name under the media
    root, a relative path, or an http(s)/s3 URL) or a `SolidColor` `GeneratorReference.1`;
    `Gap.1`; `Transition.1` of type `SMPTE_Dissolve`, centred on its cut with handles;
    `LinearTimeWarp.1` as speed (0.25–4); markers as chapters. Anything else is a 422 at its
    pointer into `otio`. Times are `RationalTime.1` (NTSC rates such as 23.976 are 24000/1001).

        Attributes:
            otio_schema (str):
            tracks (OTIOTimelineTracks): A `Stack.1` of `Track.1` objects.
    """

    otio_schema: str
    tracks: OTIOTimelineTracks
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        otio_schema = self.otio_schema

        tracks = self.tracks.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "OTIO_SCHEMA": otio_schema,
                "tracks": tracks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.otio_timeline_tracks import OTIOTimelineTracks  # noqa: PLC0415

        d = dict(src_dict)
        otio_schema = d.pop("OTIO_SCHEMA")

        tracks = OTIOTimelineTracks.from_dict(d.pop("tracks"))

        otio_timeline = cls(
            otio_schema=otio_schema,
            tracks=tracks,
        )

        otio_timeline.additional_properties = d
        return otio_timeline

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
