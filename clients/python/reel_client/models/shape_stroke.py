from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.shape_stroke_cap import ShapeStrokeCap
from ..models.shape_stroke_join import ShapeStrokeJoin
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.gradient import Gradient


T = TypeVar("T", bound="ShapeStroke")


@_attrs_define
class ShapeStroke:
    """A shape's outline, `width` pixels centred on its edge (SVG's stroke; miter joins fall back to bevel past a miter
    length of 4 widths).

        Attributes:
            color (Gradient | str): A colour, or a gradient whose colours interpolate in premultiplied gamma-encoded RGB (as
                CSS
                gradients), the end colours continuing past the ends. Gradient points are on the shape's box
                (the bounding box of its geometry): a number is a fraction of the box, `"px"` pixels from its
                top-left corner. `linear` runs `from` (default [0.5, 0]) `to` (default [0.5, 1]); `radial`
                has offset 0 at `center` (default [0.5, 0.5]) and 1 at `radius` (a length along the box's
                width; default `"50vmax"`, half its longer side).
            width (float):
            dash (list[float] | Unset): Dash and gap lengths in pixels, repeated from the start of each subpath (an odd list
                is repeated twice); not all 0, adding up to at least 1 pixel (a shorter pattern would cut the stroke into more
                dashes than it has pixels, and is refused).
            dash_offset (float | Unset): How far into the dash pattern each subpath starts, in pixels (SVG's
                stroke-dashoffset; taken modulo the pattern's length): a growing offset moves the dashes
                back along the line. Only with a `dash` (else a 422 here); keyframes animate it.
                 Default: 0.0.
            join (ShapeStrokeJoin | Unset):  Default: ShapeStrokeJoin.MITER.
            cap (ShapeStrokeCap | Unset):  Default: ShapeStrokeCap.BUTT.
    """

    color: Gradient | str
    width: float
    dash: list[float] | Unset = UNSET
    dash_offset: float | Unset = 0.0
    join: ShapeStrokeJoin | Unset = ShapeStrokeJoin.MITER
    cap: ShapeStrokeCap | Unset = ShapeStrokeCap.BUTT

    def to_dict(self) -> dict[str, Any]:
        from ..models.gradient import Gradient  # noqa: PLC0415

        color: dict[str, Any] | str
        if isinstance(self.color, Gradient):
            color = self.color.to_dict()
        else:
            color = self.color

        width = self.width

        dash: list[float] | Unset = UNSET
        if not isinstance(self.dash, Unset):
            dash = self.dash

        dash_offset = self.dash_offset

        join: str | Unset = UNSET
        if not isinstance(self.join, Unset):
            join = self.join.value

        cap: str | Unset = UNSET
        if not isinstance(self.cap, Unset):
            cap = self.cap.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "color": color,
                "width": width,
            }
        )
        if dash is not UNSET:
            field_dict["dash"] = dash
        if dash_offset is not UNSET:
            field_dict["dashOffset"] = dash_offset
        if join is not UNSET:
            field_dict["join"] = join
        if cap is not UNSET:
            field_dict["cap"] = cap

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gradient import Gradient  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_color(data: object) -> Gradient | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_paint_type_1 = Gradient.from_dict(data)

                return componentsschemas_paint_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Gradient | str, data)

        color = _parse_color(d.pop("color"))

        width = d.pop("width")

        dash = cast(list[float], d.pop("dash", UNSET))

        dash_offset = d.pop("dashOffset", UNSET)

        _join = d.pop("join", UNSET)
        join: ShapeStrokeJoin | Unset
        if isinstance(_join, Unset):
            join = UNSET
        else:
            join = ShapeStrokeJoin(_join)

        _cap = d.pop("cap", UNSET)
        cap: ShapeStrokeCap | Unset
        if isinstance(_cap, Unset):
            cap = UNSET
        else:
            cap = ShapeStrokeCap(_cap)

        shape_stroke = cls(
            color=color,
            width=width,
            dash=dash,
            dash_offset=dash_offset,
            join=join,
            cap=cap,
        )

        return shape_stroke
