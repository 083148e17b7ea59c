from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.shape_shape import ShapeShape
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.gradient import Gradient
    from ..models.point_type_1 import PointType1
    from ..models.shape_frame import ShapeFrame
    from ..models.shape_stroke import ShapeStroke


T = TypeVar("T", bound="Shape")


@_attrs_define
class Shape:
    """A shape as a shape overlay has it (its `shape` kind, geometry, `fill` and `stroke`), for a mask.

    Attributes:
        shape (ShapeShape):
        frame (ShapeFrame | Unset):
        position (list[float | str] | PointType1 | Unset): A point on the frame (or, in a gradient, on the shape's box)
            as `[x, y]` or `{x, y}`, each a `Length`.
        radius (float | Unset):
        points (list[list[float | str] | PointType1] | Unset):
        from_ (list[float | str] | PointType1 | Unset): A point on the frame (or, in a gradient, on the shape's box) as
            `[x, y]` or `{x, y}`, each a `Length`.
        to (list[float | str] | PointType1 | Unset): A point on the frame (or, in a gradient, on the shape's box) as
            `[x, y]` or `{x, y}`, each a `Length`.
        d (str | Unset):
        fill (Gradient | str | Unset): A colour, or a gradient whose colours interpolate in premultiplied gamma-encoded
            RGB (as CSS
            gradients), the end colours continuing past the ends. Gradient points are on the shape's box
            (the bounding box of its geometry): a number is a fraction of the box, `"px"` pixels from its
            top-left corner. `linear` runs `from` (default [0.5, 0]) `to` (default [0.5, 1]); `radial`
            has offset 0 at `center` (default [0.5, 0.5]) and 1 at `radius` (a length along the box's
            width; default `"50vmax"`, half its longer side).
        stroke (ShapeStroke | Unset): A shape's outline, `width` pixels centred on its edge (SVG's stroke; miter joins
            fall back to bevel past a miter length of 4 widths).
    """

    shape: ShapeShape
    frame: ShapeFrame | Unset = UNSET
    position: list[float | str] | PointType1 | Unset = UNSET
    radius: float | Unset = UNSET
    points: list[list[float | str] | PointType1] | Unset = UNSET
    from_: list[float | str] | PointType1 | Unset = UNSET
    to: list[float | str] | PointType1 | Unset = UNSET
    d: str | Unset = UNSET
    fill: Gradient | str | Unset = UNSET
    stroke: ShapeStroke | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.gradient import Gradient  # noqa: PLC0415

        shape = self.shape.value

        frame: dict[str, Any] | Unset = UNSET
        if not isinstance(self.frame, Unset):
            frame = self.frame.to_dict()

        position: dict[str, Any] | list[float | str] | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        elif isinstance(self.position, list):
            position = []
            for componentsschemas_point_type_0_item_data in self.position:
                componentsschemas_point_type_0_item: float | str
                componentsschemas_point_type_0_item = (
                    componentsschemas_point_type_0_item_data
                )
                position.append(componentsschemas_point_type_0_item)

        else:
            position = self.position.to_dict()

        radius = self.radius

        points: list[dict[str, Any] | list[float | str]] | Unset = UNSET
        if not isinstance(self.points, Unset):
            points = []
            for points_item_data in self.points:
                points_item: dict[str, Any] | list[float | str]
                if isinstance(points_item_data, list):
                    points_item = []
                    for componentsschemas_point_type_0_item_data in points_item_data:
                        componentsschemas_point_type_0_item: float | str
                        componentsschemas_point_type_0_item = (
                            componentsschemas_point_type_0_item_data
                        )
                        points_item.append(componentsschemas_point_type_0_item)

                else:
                    points_item = points_item_data.to_dict()

                points.append(points_item)

        from_: dict[str, Any] | list[float | str] | Unset
        if isinstance(self.from_, Unset):
            from_ = UNSET
        elif isinstance(self.from_, list):
            from_ = []
            for componentsschemas_point_type_0_item_data in self.from_:
                componentsschemas_point_type_0_item: float | str
                componentsschemas_point_type_0_item = (
                    componentsschemas_point_type_0_item_data
                )
                from_.append(componentsschemas_point_type_0_item)

        else:
            from_ = self.from_.to_dict()

        to: dict[str, Any] | list[float | str] | Unset
        if isinstance(self.to, Unset):
            to = UNSET
        elif isinstance(self.to, list):
            to = []
            for componentsschemas_point_type_0_item_data in self.to:
                componentsschemas_point_type_0_item: float | str
                componentsschemas_point_type_0_item = (
                    componentsschemas_point_type_0_item_data
                )
                to.append(componentsschemas_point_type_0_item)

        else:
            to = self.to.to_dict()

        d = self.d

        fill: dict[str, Any] | str | Unset
        if isinstance(self.fill, Unset):
            fill = UNSET
        elif isinstance(self.fill, Gradient):
            fill = self.fill.to_dict()
        else:
            fill = self.fill

        stroke: dict[str, Any] | Unset = UNSET
        if not isinstance(self.stroke, Unset):
            stroke = self.stroke.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "shape": shape,
            }
        )
        if frame is not UNSET:
            field_dict["frame"] = frame
        if position is not UNSET:
            field_dict["position"] = position
        if radius is not UNSET:
            field_dict["radius"] = radius
        if points is not UNSET:
            field_dict["points"] = points
        if from_ is not UNSET:
            field_dict["from"] = from_
        if to is not UNSET:
            field_dict["to"] = to
        if d is not UNSET:
            field_dict["d"] = d
        if fill is not UNSET:
            field_dict["fill"] = fill
        if stroke is not UNSET:
            field_dict["stroke"] = stroke

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gradient import Gradient  # noqa: PLC0415
        from ..models.point_type_1 import PointType1  # noqa: PLC0415
        from ..models.shape_frame import ShapeFrame  # noqa: PLC0415
        from ..models.shape_stroke import ShapeStroke  # noqa: PLC0415

        d = dict(src_dict)
        shape = ShapeShape(d.pop("shape"))

        _frame = d.pop("frame", UNSET)
        frame: ShapeFrame | Unset
        if isinstance(_frame, Unset):
            frame = UNSET
        else:
            frame = ShapeFrame.from_dict(_frame)

        def _parse_position(data: object) -> list[float | str] | PointType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_point_type_0 = []
                _componentsschemas_point_type_0 = data
                for (
                    componentsschemas_point_type_0_item_data
                ) in _componentsschemas_point_type_0:

                    def _parse_componentsschemas_point_type_0_item(
                        data: object,
                    ) -> float | str:
                        return cast(float | str, data)

                    componentsschemas_point_type_0_item = (
                        _parse_componentsschemas_point_type_0_item(
                            componentsschemas_point_type_0_item_data
                        )
                    )

                    componentsschemas_point_type_0.append(
                        componentsschemas_point_type_0_item
                    )

                return componentsschemas_point_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_point_type_1 = PointType1.from_dict(data)

            return componentsschemas_point_type_1

        position = _parse_position(d.pop("position", UNSET))

        radius = d.pop("radius", UNSET)

        _points = d.pop("points", UNSET)
        points: list[list[float | str] | PointType1] | Unset = UNSET
        if _points is not UNSET:
            points = []
            for points_item_data in _points:

                def _parse_points_item(data: object) -> list[float | str] | PointType1:
                    try:
                        if not isinstance(data, list):
                            raise TypeError()
                        componentsschemas_point_type_0 = []
                        _componentsschemas_point_type_0 = data
                        for (
                            componentsschemas_point_type_0_item_data
                        ) in _componentsschemas_point_type_0:

                            def _parse_componentsschemas_point_type_0_item(
                                data: object,
                            ) -> float | str:
                                return cast(float | str, data)

                            componentsschemas_point_type_0_item = (
                                _parse_componentsschemas_point_type_0_item(
                                    componentsschemas_point_type_0_item_data
                                )
                            )

                            componentsschemas_point_type_0.append(
                                componentsschemas_point_type_0_item
                            )

                        return componentsschemas_point_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_point_type_1 = PointType1.from_dict(data)

                    return componentsschemas_point_type_1

                points_item = _parse_points_item(points_item_data)

                points.append(points_item)

        def _parse_from_(data: object) -> list[float | str] | PointType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_point_type_0 = []
                _componentsschemas_point_type_0 = data
                for (
                    componentsschemas_point_type_0_item_data
                ) in _componentsschemas_point_type_0:

                    def _parse_componentsschemas_point_type_0_item(
                        data: object,
                    ) -> float | str:
                        return cast(float | str, data)

                    componentsschemas_point_type_0_item = (
                        _parse_componentsschemas_point_type_0_item(
                            componentsschemas_point_type_0_item_data
                        )
                    )

                    componentsschemas_point_type_0.append(
                        componentsschemas_point_type_0_item
                    )

                return componentsschemas_point_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_point_type_1 = PointType1.from_dict(data)

            return componentsschemas_point_type_1

        from_ = _parse_from_(d.pop("from", UNSET))

        def _parse_to(data: object) -> list[float | str] | PointType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_point_type_0 = []
                _componentsschemas_point_type_0 = data
                for (
                    componentsschemas_point_type_0_item_data
                ) in _componentsschemas_point_type_0:

                    def _parse_componentsschemas_point_type_0_item(
                        data: object,
                    ) -> float | str:
                        return cast(float | str, data)

                    componentsschemas_point_type_0_item = (
                        _parse_componentsschemas_point_type_0_item(
                            componentsschemas_point_type_0_item_data
                        )
                    )

                    componentsschemas_point_type_0.append(
                        componentsschemas_point_type_0_item
                    )

                return componentsschemas_point_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_point_type_1 = PointType1.from_dict(data)

            return componentsschemas_point_type_1

        to = _parse_to(d.pop("to", UNSET))

        d = d.pop("d", UNSET)

        def _parse_fill(data: object) -> Gradient | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_paint_type_1 = Gradient.from_dict(data)

                return componentsschemas_paint_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Gradient | str | Unset, data)

        fill = _parse_fill(d.pop("fill", UNSET))

        _stroke = d.pop("stroke", UNSET)
        stroke: ShapeStroke | Unset
        if isinstance(_stroke, Unset):
            stroke = UNSET
        else:
            stroke = ShapeStroke.from_dict(_stroke)

        shape = cls(
            shape=shape,
            frame=frame,
            position=position,
            radius=radius,
            points=points,
            from_=from_,
            to=to,
            d=d,
            fill=fill,
            stroke=stroke,
        )

        return shape
