from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.media_info_chapters_item import MediaInfoChaptersItem
    from ..models.media_info_metadata import MediaInfoMetadata
    from ..models.stream_info import StreamInfo


T = TypeVar("T", bound="MediaInfo")


@_attrs_define
class MediaInfo:
    """What `reel probe` prints. Times are seconds; durations are absent when the file does not say.

    Attributes:
        format_ (str): FFmpeg's demuxer name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `png_pipe`.
        still (bool): True when the file is a single picture (PNG, JPEG, …).
        streams (list[StreamInfo]):
        metadata (MediaInfoMetadata): Container tags as FFmpeg reports them.
        chapters (list[MediaInfoChaptersItem]):
        duration (float | Unset): Container duration (absent for stills).
        bit_rate (int | Unset):
    """

    format_: str
    still: bool
    streams: list[StreamInfo]
    metadata: MediaInfoMetadata
    chapters: list[MediaInfoChaptersItem]
    duration: float | Unset = UNSET
    bit_rate: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        still = self.still

        streams = []
        for streams_item_data in self.streams:
            streams_item = streams_item_data.to_dict()
            streams.append(streams_item)

        metadata = self.metadata.to_dict()

        chapters = []
        for chapters_item_data in self.chapters:
            chapters_item = chapters_item_data.to_dict()
            chapters.append(chapters_item)

        duration = self.duration

        bit_rate = self.bit_rate

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "still": still,
                "streams": streams,
                "metadata": metadata,
                "chapters": chapters,
            }
        )
        if duration is not UNSET:
            field_dict["duration"] = duration
        if bit_rate is not UNSET:
            field_dict["bitRate"] = bit_rate

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.media_info_chapters_item import (
            MediaInfoChaptersItem,  # noqa: PLC0415
        )
        from ..models.media_info_metadata import MediaInfoMetadata  # noqa: PLC0415
        from ..models.stream_info import StreamInfo  # noqa: PLC0415

        d = dict(src_dict)
        format_ = d.pop("format")

        still = d.pop("still")

        streams = []
        _streams = d.pop("streams")
        for streams_item_data in _streams:
            streams_item = StreamInfo.from_dict(streams_item_data)

            streams.append(streams_item)

        metadata = MediaInfoMetadata.from_dict(d.pop("metadata"))

        chapters = []
        _chapters = d.pop("chapters")
        for chapters_item_data in _chapters:
            chapters_item = MediaInfoChaptersItem.from_dict(chapters_item_data)

            chapters.append(chapters_item)

        duration = d.pop("duration", UNSET)

        bit_rate = d.pop("bitRate", UNSET)

        media_info = cls(
            format_=format_,
            still=still,
            streams=streams,
            metadata=metadata,
            chapters=chapters,
            duration=duration,
            bit_rate=bit_rate,
        )

        return media_info
