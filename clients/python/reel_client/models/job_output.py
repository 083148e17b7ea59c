from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.destination_state import DestinationState
    from ..models.job_output_loudness import JobOutputLoudness


T = TypeVar("T", bound="JobOutput")


@_attrs_define
class JobOutput:
    """
    Attributes:
        url (str): `/v1/jobs/{id}/output`, or `/v1/jobs/{id}/outputs/{name}` for one of `outputs` (needs the API key).
        bytes_ (int):
        duration (float): Seconds.
        sha256 (str):
        content_type (str):
        expires_at (datetime.datetime | None): When retention deletes the file (`finishedAt` + `outputRetentionHours`);
            null when outputs are kept forever.
        expired (bool): True once retention has deleted the file (the download then answers 410).
        name (str | Unset): An output's name among a spec's `outputs`: 1 to 32 lowercase letters, digits, hyphens or
            underscores, starting with a letter or digit (it goes into URLs, file names and bucket keys).
        download_url (str | Unset): A link to the output that works without the API key until it expires (`linkSeconds`,
            an hour by default, from when this answer was made): `/v1/jobs/{id}/output?expires=…&signature=…`, absolute when
            the server has a `publicURL`. For `hls`, the master playlist, whose URIs carry the link. Absent once the output
            has expired.
        copied_frames (int | Unset): Video frames copied from the sources as they were (`preset: "passthrough"`, see
            docs/PASSTHROUGH.md); 0 for other renders. Absent for outputs without video (m4a) and for jobs finished before
            Reel counted frames. For `hls`, per rendition.
        encoded_frames (int | Unset): Video frames encoded (all of them unless passthrough copied some); absent when
            `copiedFrames` is. For `hls`, per rendition: each rendition encodes every frame of the timeline, so a ladder of
            three renditions of a 150-frame output says 150 (and encoded 450 pictures in all).
        loudness (JobOutputLoudness | Unset): For a spec with `output.audio.loudness`: the output's audio as written
            (decoded after the codec), measured by ITU-R BS.1770-4; null values for silence.
        first_segment_seconds (float | Unset): For a progressive `hls` output (`output.hls.progressive`): seconds from
            the start of its render until it could be played (the master playlist written, every rendition with a segment).
        destinations (list[DestinationState] | Unset): The copies of the output the spec's `output.destinations` asked
            for, in its order (absent when it asked for none). The job is `succeeded` as soon as the output is made; its
            `succeeded` webhook is sent once every copy here is `delivered` or `failed`.
    """

    url: str
    bytes_: int
    duration: float
    sha256: str
    content_type: str
    expires_at: datetime.datetime | None
    expired: bool
    name: str | Unset = UNSET
    download_url: str | Unset = UNSET
    copied_frames: int | Unset = UNSET
    encoded_frames: int | Unset = UNSET
    loudness: JobOutputLoudness | Unset = UNSET
    first_segment_seconds: float | Unset = UNSET
    destinations: list[DestinationState] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        bytes_ = self.bytes_

        duration = self.duration

        sha256 = self.sha256

        content_type = self.content_type

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        expired = self.expired

        name = self.name

        download_url = self.download_url

        copied_frames = self.copied_frames

        encoded_frames = self.encoded_frames

        loudness: dict[str, Any] | Unset = UNSET
        if not isinstance(self.loudness, Unset):
            loudness = self.loudness.to_dict()

        first_segment_seconds = self.first_segment_seconds

        destinations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.destinations, Unset):
            destinations = []
            for destinations_item_data in self.destinations:
                destinations_item = destinations_item_data.to_dict()
                destinations.append(destinations_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "bytes": bytes_,
                "duration": duration,
                "sha256": sha256,
                "contentType": content_type,
                "expiresAt": expires_at,
                "expired": expired,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if download_url is not UNSET:
            field_dict["downloadUrl"] = download_url
        if copied_frames is not UNSET:
            field_dict["copiedFrames"] = copied_frames
        if encoded_frames is not UNSET:
            field_dict["encodedFrames"] = encoded_frames
        if loudness is not UNSET:
            field_dict["loudness"] = loudness
        if first_segment_seconds is not UNSET:
            field_dict["firstSegmentSeconds"] = first_segment_seconds
        if destinations is not UNSET:
            field_dict["destinations"] = destinations

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.destination_state import DestinationState  # noqa: PLC0415
        from ..models.job_output_loudness import JobOutputLoudness  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        bytes_ = d.pop("bytes")

        duration = d.pop("duration")

        sha256 = d.pop("sha256")

        content_type = d.pop("contentType")

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))

        expired = d.pop("expired")

        name = d.pop("name", UNSET)

        download_url = d.pop("downloadUrl", UNSET)

        copied_frames = d.pop("copiedFrames", UNSET)

        encoded_frames = d.pop("encodedFrames", UNSET)

        _loudness = d.pop("loudness", UNSET)
        loudness: JobOutputLoudness | Unset
        if isinstance(_loudness, Unset):
            loudness = UNSET
        else:
            loudness = JobOutputLoudness.from_dict(_loudness)

        first_segment_seconds = d.pop("firstSegmentSeconds", UNSET)

        _destinations = d.pop("destinations", UNSET)
        destinations: list[DestinationState] | Unset = UNSET
        if _destinations is not UNSET:
            destinations = []
            for destinations_item_data in _destinations:
                destinations_item = DestinationState.from_dict(destinations_item_data)

                destinations.append(destinations_item)

        job_output = cls(
            url=url,
            bytes_=bytes_,
            duration=duration,
            sha256=sha256,
            content_type=content_type,
            expires_at=expires_at,
            expired=expired,
            name=name,
            download_url=download_url,
            copied_frames=copied_frames,
            encoded_frames=encoded_frames,
            loudness=loudness,
            first_segment_seconds=first_segment_seconds,
            destinations=destinations,
        )

        return job_output
