from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WaveformRequest")


@_attrs_define
class WaveformRequest:
    """
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
        points_per_second (int | Unset):  Default: 100.
    """

    src: str
    points_per_second: int | Unset = 100

    def to_dict(self) -> dict[str, Any]:
        src = self.src

        points_per_second = self.points_per_second

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "src": src,
            }
        )
        if points_per_second is not UNSET:
            field_dict["pointsPerSecond"] = points_per_second

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        src = d.pop("src")

        points_per_second = d.pop("pointsPerSecond", UNSET)

        waveform_request = cls(
            src=src,
            points_per_second=points_per_second,
        )

        return waveform_request
