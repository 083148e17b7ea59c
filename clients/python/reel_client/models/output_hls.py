from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.output_hls_renditions_item import OutputHlsRenditionsItem


T = TypeVar("T", bound="OutputHls")


@_attrs_define
class OutputHls:
    """Only for `hls` output: fMP4 segments of `segmentDuration` seconds (1–30, default 4), each
    starting on a keyframe on the same frames in every rendition, one media playlist per
    video rendition and one shared audio rendition, and `master.m3u8` with the measured peak
    and average BANDWIDTH, RESOLUTION, FRAME-RATE and CODECS. `renditions` (1–8, distinct
    heights, none taller than the output) each the output's picture at `height` (the width
    keeps the aspect) at `videoBitrate` (peak 1.5×), or at the output's constant quality
    without one; default one rendition at the output's size. A rendition is drawn at its own
    size where nothing on the timeline is measured in pixels (no overlays; every video item
    its fitted picture, nothing drawn as a layer (keyframes, filters, motion, opacity, chroma
    key, masks, blend modes) and no blur bars; transitions are fine), so sources smaller than
    the output keep their sharpness (720p clips in a 1080p ladder are their own pixels in its
    720p rendition, not scaled up and back down), in the output's colour (a rendition under
    720 lines of an HD output stays BT.709); it is then the pictures of an output of its size
    and colour. Otherwise it is the output's canvas scaled, the same design at every size. H.264 with B-frames (the
    init segment's edit list starts the video at 0, with the audio) and a keyframe every 2 s,
    as an MP4's default: where every segment starts on that grid (the default 4 s does) a
    rendition is encoded exactly as an MP4 of its size and settings, so a job's `outputs`
    encode the two once; other segment lengths force a keyframe at each segment start
    instead. AAC audio; no metadata or chapters; `subtitles` become WebVTT
    renditions cut on the same segment boundaries. `progressive: true` makes it watchable while
    it renders (EVENT playlists that grow segment by segment; see the job's `live`).

        Attributes:
            segment_duration (float | str | Unset):
            progressive (bool | Unset): Watchable while it renders: EVENT media playlists that grow as each segment finishes
                (in
                order, each file visible only once complete and before any playlist lists it),
                `#EXT-X-ENDLIST` at the end. The master playlist appears once every rendition has its
                first segment (the job's `live` member links to it; `GET /v1/jobs/{id}/output` answers
                409 with `Retry-After` until then) and is written again at the end with the whole
                output's bandwidths. Works the same with outputs in a bucket (the playlists rewritten
                there as they grow); the job records `output.firstSegmentSeconds`. Among a job's
                `outputs` the same, at `/v1/jobs/{id}/outputs/{name}` (`live.outputs`), recorded in
                that output's `firstSegmentSeconds`.
                 Default: False.
            renditions (list[OutputHlsRenditionsItem] | Unset):
    """

    segment_duration: float | str | Unset = UNSET
    progressive: bool | Unset = False
    renditions: list[OutputHlsRenditionsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        segment_duration: float | str | Unset
        if isinstance(self.segment_duration, Unset):
            segment_duration = UNSET
        else:
            segment_duration = self.segment_duration

        progressive = self.progressive

        renditions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.renditions, Unset):
            renditions = []
            for renditions_item_data in self.renditions:
                renditions_item = renditions_item_data.to_dict()
                renditions.append(renditions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if segment_duration is not UNSET:
            field_dict["segmentDuration"] = segment_duration
        if progressive is not UNSET:
            field_dict["progressive"] = progressive
        if renditions is not UNSET:
            field_dict["renditions"] = renditions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.output_hls_renditions_item import (
            OutputHlsRenditionsItem,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_segment_duration(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        segment_duration = _parse_segment_duration(d.pop("segmentDuration", UNSET))

        progressive = d.pop("progressive", UNSET)

        _renditions = d.pop("renditions", UNSET)
        renditions: list[OutputHlsRenditionsItem] | Unset = UNSET
        if _renditions is not UNSET:
            renditions = []
            for renditions_item_data in _renditions:
                renditions_item = OutputHlsRenditionsItem.from_dict(
                    renditions_item_data
                )

                renditions.append(renditions_item)

        output_hls = cls(
            segment_duration=segment_duration,
            progressive=progressive,
            renditions=renditions,
        )

        return output_hls
