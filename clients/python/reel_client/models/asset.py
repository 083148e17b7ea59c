from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.asset_kind import AssetKind
from ..models.asset_status import AssetStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.asset_upload import AssetUpload
    from ..models.captions_info import CaptionsInfo
    from ..models.font_info import FontInfo
    from ..models.lottie_info import LottieInfo
    from ..models.media_info import MediaInfo


T = TypeVar("T", bound="Asset")


@_attrs_define
class Asset:
    """
    Attributes:
        id (str): `asset_` followed by a 26-character ULID.
        src (str): What a spec writes to use this asset (once it is `ready`).
        status (AssetStatus): `uploading` (a direct upload waiting for its bytes and `complete`), `importing` (being
            fetched from its URL), `ready` (usable as a source) or `failed` (see `error`). Raw uploads are ready at once.
        error (None | str): Why the asset failed.
        kind (AssetKind): What the upload is: a font, caption file or Lottie file told by its first bytes, else media
            told apart by FFmpeg's probe (`image`: a still; `video`: a picture stream; `audio`); `probe`
            is the kind's. `media`: an upload still on its way, or one from before the three were told
            apart whose probe could not tell.
        bytes_ (int): The file's size (announced, while uploading; 0 while importing).
        sha256 (None | str): Null until the asset is ready.
        content_type (None | str): The upload's `Content-Type`, as sent.
        filename (None | str): The upload's `X-Filename`, as sent.
        created_at (datetime.datetime):
        expires_at (datetime.datetime | None): When retention deletes the asset (`assetRetentionHours` after upload;
            null when kept
            forever). An asset a queued or running job uses is kept until the next sweep after that.
        probe (CaptionsInfo | FontInfo | LottieInfo | MediaInfo | None): The kind's probe; null until the asset is
            ready.
        upload (AssetUpload | Unset): Only in the answer of `POST /v1/uploads`, where to PUT the bytes.
    """

    id: str
    src: str
    status: AssetStatus
    error: None | str
    kind: AssetKind
    bytes_: int
    sha256: None | str
    content_type: None | str
    filename: None | str
    created_at: datetime.datetime
    expires_at: datetime.datetime | None
    probe: CaptionsInfo | FontInfo | LottieInfo | MediaInfo | None
    upload: AssetUpload | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.captions_info import CaptionsInfo  # noqa: PLC0415
        from ..models.font_info import FontInfo  # noqa: PLC0415
        from ..models.lottie_info import LottieInfo  # noqa: PLC0415
        from ..models.media_info import MediaInfo  # noqa: PLC0415

        id = self.id

        src = self.src

        status = self.status.value

        error: None | str
        error = self.error

        kind = self.kind.value

        bytes_ = self.bytes_

        sha256: None | str
        sha256 = self.sha256

        content_type: None | str
        content_type = self.content_type

        filename: None | str
        filename = self.filename

        created_at = self.created_at.isoformat()

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        probe: dict[str, Any] | None
        if isinstance(self.probe, MediaInfo):
            probe = self.probe.to_dict()
        elif isinstance(self.probe, FontInfo):
            probe = self.probe.to_dict()
        elif isinstance(self.probe, CaptionsInfo):
            probe = self.probe.to_dict()
        elif isinstance(self.probe, LottieInfo):
            probe = self.probe.to_dict()
        else:
            probe = self.probe

        upload: dict[str, Any] | Unset = UNSET
        if not isinstance(self.upload, Unset):
            upload = self.upload.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "src": src,
                "status": status,
                "error": error,
                "kind": kind,
                "bytes": bytes_,
                "sha256": sha256,
                "contentType": content_type,
                "filename": filename,
                "createdAt": created_at,
                "expiresAt": expires_at,
                "probe": probe,
            }
        )
        if upload is not UNSET:
            field_dict["upload"] = upload

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.asset_upload import AssetUpload  # noqa: PLC0415
        from ..models.captions_info import CaptionsInfo  # noqa: PLC0415
        from ..models.font_info import FontInfo  # noqa: PLC0415
        from ..models.lottie_info import LottieInfo  # noqa: PLC0415
        from ..models.media_info import MediaInfo  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        src = d.pop("src")

        status = AssetStatus(d.pop("status"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        kind = AssetKind(d.pop("kind"))

        bytes_ = d.pop("bytes")

        def _parse_sha256(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sha256 = _parse_sha256(d.pop("sha256"))

        def _parse_content_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content_type = _parse_content_type(d.pop("contentType"))

        def _parse_filename(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        filename = _parse_filename(d.pop("filename"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

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

        def _parse_probe(
            data: object,
        ) -> CaptionsInfo | FontInfo | LottieInfo | MediaInfo | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                probe_type_0 = MediaInfo.from_dict(data)

                return probe_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                probe_type_1 = FontInfo.from_dict(data)

                return probe_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                probe_type_2 = CaptionsInfo.from_dict(data)

                return probe_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                probe_type_3 = LottieInfo.from_dict(data)

                return probe_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CaptionsInfo | FontInfo | LottieInfo | MediaInfo | None, data)

        probe = _parse_probe(d.pop("probe"))

        _upload = d.pop("upload", UNSET)
        upload: AssetUpload | Unset
        if isinstance(_upload, Unset):
            upload = UNSET
        else:
            upload = AssetUpload.from_dict(_upload)

        asset = cls(
            id=id,
            src=src,
            status=status,
            error=error,
            kind=kind,
            bytes_=bytes_,
            sha256=sha256,
            content_type=content_type,
            filename=filename,
            created_at=created_at,
            expires_at=expires_at,
            probe=probe,
            upload=upload,
        )

        return asset
