from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.preview_request_format import PreviewRequestFormat
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.preview_request_merge import PreviewRequestMerge


T = TypeVar("T", bound="PreviewRequest")


@_attrs_define
class PreviewRequest:
    """A `spec`, or a `template` with its `merge` values, and the time to show.

    Attributes:
        time (float | str): A `Time` of at least 0.
        spec (Any | Unset): A version-1 job: what to render (`timeline`) and how to write it (`output`); docs/SPEC.md is
            its reference.
            Every object rejects unknown members. An `m4a` output needs at least one video, voice-over or
            music item; every other format needs at least one video item.
        template (str | Unset): The id of one of the caller's templates (instead of `spec`).
        merge (PreviewRequestMerge | Unset): The template's placeholder values, as for `POST /v1/jobs`.
        format_ (PreviewRequestFormat | Unset):  Default: PreviewRequestFormat.PNG.
        width (int | Unset): Scales the frame down to this width (at most the output's), the height in proportion.
        output (str | Unset): For a spec with `outputs`: the name of the one whose frame is drawn (its size, rate, fit,
            colour and background); default the first. A name the spec has not, or any name for a spec with one `output`, is
            a 422 at `/output`.
    """

    time: float | str
    spec: Any | Unset = UNSET
    template: str | Unset = UNSET
    merge: PreviewRequestMerge | Unset = UNSET
    format_: PreviewRequestFormat | Unset = PreviewRequestFormat.PNG
    width: int | Unset = UNSET
    output: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        time: float | str
        time = self.time

        spec: Any | Unset
        if isinstance(self.spec, Unset):
            spec = UNSET
        else:
            spec = self.spec

        template = self.template

        merge: dict[str, Any] | Unset = UNSET
        if not isinstance(self.merge, Unset):
            merge = self.merge.to_dict()

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        width = self.width

        output = self.output

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "time": time,
            }
        )
        if spec is not UNSET:
            field_dict["spec"] = spec
        if template is not UNSET:
            field_dict["template"] = template
        if merge is not UNSET:
            field_dict["merge"] = merge
        if format_ is not UNSET:
            field_dict["format"] = format_
        if width is not UNSET:
            field_dict["width"] = width
        if output is not UNSET:
            field_dict["output"] = output

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preview_request_merge import PreviewRequestMerge  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_time(data: object) -> float | str:
            return cast(float | str, data)

        time = _parse_time(d.pop("time"))

        def _parse_spec(data: object) -> Any | Unset:
            if isinstance(data, Unset):
                return data
            return cast(Any | Unset, data)

        spec = _parse_spec(d.pop("spec", UNSET))

        template = d.pop("template", UNSET)

        _merge = d.pop("merge", UNSET)
        merge: PreviewRequestMerge | Unset
        if isinstance(_merge, Unset):
            merge = UNSET
        else:
            merge = PreviewRequestMerge.from_dict(_merge)

        _format_ = d.pop("format", UNSET)
        format_: PreviewRequestFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = PreviewRequestFormat(_format_)

        width = d.pop("width", UNSET)

        output = d.pop("output", UNSET)

        preview_request = cls(
            time=time,
            spec=spec,
            template=template,
            merge=merge,
            format_=format_,
            width=width,
            output=output,
        )

        return preview_request
