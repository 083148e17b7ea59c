from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OutputSubtitlesItem")


@_attrs_define
class OutputSubtitlesItem:
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
        language (str | Unset): ISO 639-2.
        title (str | Unset):
        default (bool | Unset):  Default: False.
    """

    src: str
    language: str | Unset = UNSET
    title: str | Unset = UNSET
    default: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        src = self.src

        language = self.language

        title = self.title

        default = self.default

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "src": src,
            }
        )
        if language is not UNSET:
            field_dict["language"] = language
        if title is not UNSET:
            field_dict["title"] = title
        if default is not UNSET:
            field_dict["default"] = default

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        src = d.pop("src")

        language = d.pop("language", UNSET)

        title = d.pop("title", UNSET)

        default = d.pop("default", UNSET)

        output_subtitles_item = cls(
            src=src,
            language=language,
            title=title,
            default=default,
        )

        return output_subtitles_item
