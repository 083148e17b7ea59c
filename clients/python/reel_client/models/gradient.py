from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.gradient_type import GradientType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.gradient_stop import GradientStop
    from ..models.point_type_1 import PointType1


T = TypeVar("T", bound="Gradient")


@_attrs_define
class Gradient:
    """
    Attributes:
        type_ (GradientType):
        stops (list[GradientStop]): Offsets never decreasing.
        from_ (list[float | str] | PointType1 | Unset): A point on the frame (or, in a gradient, on the shape's box) as
            `[x, y]` or `{x, y}`, each a `Length`.
        to (list[float | str] | PointType1 | Unset): A point on the frame (or, in a gradient, on the shape's box) as
            `[x, y]` or `{x, y}`, each a `Length`.
        center (list[float | str] | PointType1 | Unset): A point on the frame (or, in a gradient, on the shape's box) as
            `[x, y]` or `{x, y}`, each a `Length`.
        radius (float | str | Unset): A coordinate or size on the frame: a number is a fraction of the frame (of its
            width along
            x, its height along y); a string gives a unit: `"50%"` (of the width or height, by axis),
            `"120px"` (output pixels), `"10vw"`/`"10vh"` (hundredths of the width/height),
            `"10vmin"`/`"10vmax"` (of the smaller/larger side). A width or height must be greater than 0.
    """

    type_: GradientType
    stops: list[GradientStop]
    from_: list[float | str] | PointType1 | Unset = UNSET
    to: list[float | str] | PointType1 | Unset = UNSET
    center: list[float | str] | PointType1 | Unset = UNSET
    radius: float | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        stops = []
        for stops_item_data in self.stops:
            stops_item = stops_item_data.to_dict()
            stops.append(stops_item)

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

        center: dict[str, Any] | list[float | str] | Unset
        if isinstance(self.center, Unset):
            center = UNSET
        elif isinstance(self.center, list):
            center = []
            for componentsschemas_point_type_0_item_data in self.center:
                componentsschemas_point_type_0_item: float | str
                componentsschemas_point_type_0_item = (
                    componentsschemas_point_type_0_item_data
                )
                center.append(componentsschemas_point_type_0_item)

        else:
            center = self.center.to_dict()

        radius: float | str | Unset
        if isinstance(self.radius, Unset):
            radius = UNSET
        else:
            radius = self.radius

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "stops": stops,
            }
        )
        if from_ is not UNSET:
            field_dict["from"] = from_
        if to is not UNSET:
            field_dict["to"] = to
        if center is not UNSET:
            field_dict["center"] = center
        if radius is not UNSET:
            field_dict["radius"] = radius

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gradient_stop import GradientStop  # noqa: PLC0415
        from ..models.point_type_1 import PointType1  # noqa: PLC0415

        d = dict(src_dict)
        type_ = GradientType(d.pop("type"))

        stops = []
        _stops = d.pop("stops")
        for stops_item_data in _stops:
            stops_item = GradientStop.from_dict(stops_item_data)

            stops.append(stops_item)

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

        def _parse_center(data: object) -> list[float | str] | PointType1 | Unset:
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

        center = _parse_center(d.pop("center", UNSET))

        def _parse_radius(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        radius = _parse_radius(d.pop("radius", UNSET))

        gradient = cls(
            type_=type_,
            stops=stops,
            from_=from_,
            to=to,
            center=center,
            radius=radius,
        )

        return gradient
