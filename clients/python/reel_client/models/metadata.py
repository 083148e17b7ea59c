from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Metadata")


@_attrs_define
class Metadata:
    """Container metadata, written in the order given (values at most 1024 characters, may be empty).

    Attributes:
        title (str | Unset):
        artist (str | Unset):
        album_artist (str | Unset):
        album (str | Unset):
        composer (str | Unset):
        date (str | Unset):
        comment (str | Unset):
        genre (str | Unset):
        copyright_ (str | Unset):
        description (str | Unset):
        grouping (str | Unset):
    """

    title: str | Unset = UNSET
    artist: str | Unset = UNSET
    album_artist: str | Unset = UNSET
    album: str | Unset = UNSET
    composer: str | Unset = UNSET
    date: str | Unset = UNSET
    comment: str | Unset = UNSET
    genre: str | Unset = UNSET
    copyright_: str | Unset = UNSET
    description: str | Unset = UNSET
    grouping: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        artist = self.artist

        album_artist = self.album_artist

        album = self.album

        composer = self.composer

        date = self.date

        comment = self.comment

        genre = self.genre

        copyright_ = self.copyright_

        description = self.description

        grouping = self.grouping

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if artist is not UNSET:
            field_dict["artist"] = artist
        if album_artist is not UNSET:
            field_dict["albumArtist"] = album_artist
        if album is not UNSET:
            field_dict["album"] = album
        if composer is not UNSET:
            field_dict["composer"] = composer
        if date is not UNSET:
            field_dict["date"] = date
        if comment is not UNSET:
            field_dict["comment"] = comment
        if genre is not UNSET:
            field_dict["genre"] = genre
        if copyright_ is not UNSET:
            field_dict["copyright"] = copyright_
        if description is not UNSET:
            field_dict["description"] = description
        if grouping is not UNSET:
            field_dict["grouping"] = grouping

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        artist = d.pop("artist", UNSET)

        album_artist = d.pop("albumArtist", UNSET)

        album = d.pop("album", UNSET)

        composer = d.pop("composer", UNSET)

        date = d.pop("date", UNSET)

        comment = d.pop("comment", UNSET)

        genre = d.pop("genre", UNSET)

        copyright_ = d.pop("copyright", UNSET)

        description = d.pop("description", UNSET)

        grouping = d.pop("grouping", UNSET)

        metadata = cls(
            title=title,
            artist=artist,
            album_artist=album_artist,
            album=album,
            composer=composer,
            date=date,
            comment=comment,
            genre=genre,
            copyright_=copyright_,
            description=description,
            grouping=grouping,
        )

        return metadata
