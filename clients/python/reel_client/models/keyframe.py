from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.keyframe_easing import KeyframeEasing
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.crop_rect import CropRect
    from ..models.gradient import Gradient
    from ..models.keyframe_mask_frame import KeyframeMaskFrame
    from ..models.point_type_1 import PointType1


T = TypeVar("T", bound="Keyframe")


@_attrs_define
class Keyframe:
    """A value of AVFoundation-style opacity/transform/crop ramps at `time` (relative to the item's
    start); `easing` shapes the way from the previous keyframe. Sets at least one property.
    Besides placement, keyframes animate the item's own numbers where it has the feature (else
    a 422 at the property): a rect shape's `radius`, a shape's `strokeWidth` and a dashed stroke's `dash` and
    `dashOffset`, a polygon's
    `points` or a line's ends (`points`: from, to), a shape's `fill` and `strokeColor` (colour or gradient), a masked
    item's `feather`, a keyed item's `similarity`, `smoothness` and `spill`,
    and the amount of the item's filters of a type (`brightness`, `contrast`, `saturation`, `blur`: every filter of that
    type in its `filters`, in that filter's range),
    a video item's `fit: "blur"` bars (`blurRadius`, `dim`), a rect or ellipse mask shape's frame (`maskFrame`), a
    polygon mask's points (`maskPoints`);
    each property follows only
    the keyframes that set it, holding its first keyframe's value before it and its last after
    (the item's own value where no keyframe sets it).

        Attributes:
            time (float | str): A `Time` of at least 0.
            opacity (float | Unset):
            x (float | str | Unset): A coordinate or size on the frame: a number is a fraction of the frame (of its width
                along
                x, its height along y); a string gives a unit: `"50%"` (of the width or height, by axis),
                `"120px"` (output pixels), `"10vw"`/`"10vh"` (hundredths of the width/height),
                `"10vmin"`/`"10vmax"` (of the smaller/larger side). A width or height must be greater than 0.
            y (float | str | Unset): A coordinate or size on the frame: a number is a fraction of the frame (of its width
                along
                x, its height along y); a string gives a unit: `"50%"` (of the width or height, by axis),
                `"120px"` (output pixels), `"10vw"`/`"10vh"` (hundredths of the width/height),
                `"10vmin"`/`"10vmax"` (of the smaller/larger side). A width or height must be greater than 0.
            scale (float | Unset):
            rotation (float | Unset): Degrees, clockwise.
            crop (CropRect | Unset): Fractions of the source; `x + width` and `y + height` are at most 1.
            radius (float | Unset): A rect shape's corner radius, in pixels.
            stroke_width (float | Unset): A shape's stroke width, in pixels (the shape must have a `stroke`).
            dash_offset (float | Unset): A dashed stroke's `dashOffset`, in pixels (the shape's stroke must have a `dash`):
                dashes that march, or, with one dash as long as the line and an offset going from that
                length to 0, a line that draws itself on.
            feather (float | Unset): The mask's feather (the item must have a `mask`).
            similarity (float | Unset): The chroma key's similarity (the item must have a `chromaKey`).
            smoothness (float | Unset):
            spill (float | Unset):
            mask_frame (KeyframeMaskFrame | Unset): A rect or ellipse mask shape's frame, in lengths of the item's picture
                (as the mask's own):
                its centre and size travel, each resolved to pixels first (units may differ between
                keyframes); the mask is drawn again where they change (an iris, a reveal).
            mask_points (list[list[float | str] | PointType1] | Unset): A polygon mask shape's points (as many as it has),
                in lengths of the item's picture: each
                travels to its place here, resolved to pixels first.
            dash (list[float] | Unset): A dashed stroke's dash and gap lengths, in pixels (the shape's stroke must have a
                `dash`): as
                many as the stroke's `dash` (an odd pattern, which repeats, as written or repeated), each
                travelling to its length here; not all 0, adding up to at least 1 pixel.
            brightness (float | Unset): The amount of the item's `brightness` filters.
            contrast (float | Unset): The amount of the item's `contrast` filters.
            saturation (float | Unset): The amount of the item's `saturation` filters.
            blur (float | Unset): The radius of the item's `blur` filters, in output pixels.
            blur_radius (float | Unset): The blur of `fit` blur's bars (a video item whose fit, its own or the output's, is
                blur).
            dim (float | Unset): The dimming of `fit` blur's bars (a video item whose fit is blur).
            points (list[list[float | str] | PointType1] | Unset): A polygon shape's points (as many as it has), or a line
                shape's two ends (`from`, then
                `to`): each point travels to its place here, x and y resolved to pixels first (units may
                differ between keyframes).
            fill (Gradient | str | Unset): A colour, or a gradient whose colours interpolate in premultiplied gamma-encoded
                RGB (as CSS
                gradients), the end colours continuing past the ends. Gradient points are on the shape's box
                (the bounding box of its geometry): a number is a fraction of the box, `"px"` pixels from its
                top-left corner. `linear` runs `from` (default [0.5, 0]) `to` (default [0.5, 1]); `radial`
                has offset 0 at `center` (default [0.5, 0.5]) and 1 at `radius` (a length along the box's
                width; default `"50vmax"`, half its longer side).
            stroke_color (Gradient | str | Unset): A colour, or a gradient whose colours interpolate in premultiplied gamma-
                encoded RGB (as CSS
                gradients), the end colours continuing past the ends. Gradient points are on the shape's box
                (the bounding box of its geometry): a number is a fraction of the box, `"px"` pixels from its
                top-left corner. `linear` runs `from` (default [0.5, 0]) `to` (default [0.5, 1]); `radial`
                has offset 0 at `center` (default [0.5, 0.5]) and 1 at `radius` (a length along the box's
                width; default `"50vmax"`, half its longer side).
            easing (KeyframeEasing | Unset):  Default: KeyframeEasing.LINEAR.
    """

    time: float | str
    opacity: float | Unset = UNSET
    x: float | str | Unset = UNSET
    y: float | str | Unset = UNSET
    scale: float | Unset = UNSET
    rotation: float | Unset = UNSET
    crop: CropRect | Unset = UNSET
    radius: float | Unset = UNSET
    stroke_width: float | Unset = UNSET
    dash_offset: float | Unset = UNSET
    feather: float | Unset = UNSET
    similarity: float | Unset = UNSET
    smoothness: float | Unset = UNSET
    spill: float | Unset = UNSET
    mask_frame: KeyframeMaskFrame | Unset = UNSET
    mask_points: list[list[float | str] | PointType1] | Unset = UNSET
    dash: list[float] | Unset = UNSET
    brightness: float | Unset = UNSET
    contrast: float | Unset = UNSET
    saturation: float | Unset = UNSET
    blur: float | Unset = UNSET
    blur_radius: float | Unset = UNSET
    dim: float | Unset = UNSET
    points: list[list[float | str] | PointType1] | Unset = UNSET
    fill: Gradient | str | Unset = UNSET
    stroke_color: Gradient | str | Unset = UNSET
    easing: KeyframeEasing | Unset = KeyframeEasing.LINEAR

    def to_dict(self) -> dict[str, Any]:
        from ..models.gradient import Gradient  # noqa: PLC0415

        time: float | str
        time = self.time

        opacity = self.opacity

        x: float | str | Unset
        if isinstance(self.x, Unset):
            x = UNSET
        else:
            x = self.x

        y: float | str | Unset
        if isinstance(self.y, Unset):
            y = UNSET
        else:
            y = self.y

        scale = self.scale

        rotation = self.rotation

        crop: dict[str, Any] | Unset = UNSET
        if not isinstance(self.crop, Unset):
            crop = self.crop.to_dict()

        radius = self.radius

        stroke_width = self.stroke_width

        dash_offset = self.dash_offset

        feather = self.feather

        similarity = self.similarity

        smoothness = self.smoothness

        spill = self.spill

        mask_frame: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mask_frame, Unset):
            mask_frame = self.mask_frame.to_dict()

        mask_points: list[dict[str, Any] | list[float | str]] | Unset = UNSET
        if not isinstance(self.mask_points, Unset):
            mask_points = []
            for mask_points_item_data in self.mask_points:
                mask_points_item: dict[str, Any] | list[float | str]
                if isinstance(mask_points_item_data, list):
                    mask_points_item = []
                    for (
                        componentsschemas_point_type_0_item_data
                    ) in mask_points_item_data:
                        componentsschemas_point_type_0_item: float | str
                        componentsschemas_point_type_0_item = (
                            componentsschemas_point_type_0_item_data
                        )
                        mask_points_item.append(componentsschemas_point_type_0_item)

                else:
                    mask_points_item = mask_points_item_data.to_dict()

                mask_points.append(mask_points_item)

        dash: list[float] | Unset = UNSET
        if not isinstance(self.dash, Unset):
            dash = self.dash

        brightness = self.brightness

        contrast = self.contrast

        saturation = self.saturation

        blur = self.blur

        blur_radius = self.blur_radius

        dim = self.dim

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

        fill: dict[str, Any] | str | Unset
        if isinstance(self.fill, Unset):
            fill = UNSET
        elif isinstance(self.fill, Gradient):
            fill = self.fill.to_dict()
        else:
            fill = self.fill

        stroke_color: dict[str, Any] | str | Unset
        if isinstance(self.stroke_color, Unset):
            stroke_color = UNSET
        elif isinstance(self.stroke_color, Gradient):
            stroke_color = self.stroke_color.to_dict()
        else:
            stroke_color = self.stroke_color

        easing: str | Unset = UNSET
        if not isinstance(self.easing, Unset):
            easing = self.easing.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "time": time,
            }
        )
        if opacity is not UNSET:
            field_dict["opacity"] = opacity
        if x is not UNSET:
            field_dict["x"] = x
        if y is not UNSET:
            field_dict["y"] = y
        if scale is not UNSET:
            field_dict["scale"] = scale
        if rotation is not UNSET:
            field_dict["rotation"] = rotation
        if crop is not UNSET:
            field_dict["crop"] = crop
        if radius is not UNSET:
            field_dict["radius"] = radius
        if stroke_width is not UNSET:
            field_dict["strokeWidth"] = stroke_width
        if dash_offset is not UNSET:
            field_dict["dashOffset"] = dash_offset
        if feather is not UNSET:
            field_dict["feather"] = feather
        if similarity is not UNSET:
            field_dict["similarity"] = similarity
        if smoothness is not UNSET:
            field_dict["smoothness"] = smoothness
        if spill is not UNSET:
            field_dict["spill"] = spill
        if mask_frame is not UNSET:
            field_dict["maskFrame"] = mask_frame
        if mask_points is not UNSET:
            field_dict["maskPoints"] = mask_points
        if dash is not UNSET:
            field_dict["dash"] = dash
        if brightness is not UNSET:
            field_dict["brightness"] = brightness
        if contrast is not UNSET:
            field_dict["contrast"] = contrast
        if saturation is not UNSET:
            field_dict["saturation"] = saturation
        if blur is not UNSET:
            field_dict["blur"] = blur
        if blur_radius is not UNSET:
            field_dict["blurRadius"] = blur_radius
        if dim is not UNSET:
            field_dict["dim"] = dim
        if points is not UNSET:
            field_dict["points"] = points
        if fill is not UNSET:
            field_dict["fill"] = fill
        if stroke_color is not UNSET:
            field_dict["strokeColor"] = stroke_color
        if easing is not UNSET:
            field_dict["easing"] = easing

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.crop_rect import CropRect  # noqa: PLC0415
        from ..models.gradient import Gradient  # noqa: PLC0415
        from ..models.keyframe_mask_frame import KeyframeMaskFrame  # noqa: PLC0415
        from ..models.point_type_1 import PointType1  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_time(data: object) -> float | str:
            return cast(float | str, data)

        time = _parse_time(d.pop("time"))

        opacity = d.pop("opacity", UNSET)

        def _parse_x(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        x = _parse_x(d.pop("x", UNSET))

        def _parse_y(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        y = _parse_y(d.pop("y", UNSET))

        scale = d.pop("scale", UNSET)

        rotation = d.pop("rotation", UNSET)

        _crop = d.pop("crop", UNSET)
        crop: CropRect | Unset
        if isinstance(_crop, Unset):
            crop = UNSET
        else:
            crop = CropRect.from_dict(_crop)

        radius = d.pop("radius", UNSET)

        stroke_width = d.pop("strokeWidth", UNSET)

        dash_offset = d.pop("dashOffset", UNSET)

        feather = d.pop("feather", UNSET)

        similarity = d.pop("similarity", UNSET)

        smoothness = d.pop("smoothness", UNSET)

        spill = d.pop("spill", UNSET)

        _mask_frame = d.pop("maskFrame", UNSET)
        mask_frame: KeyframeMaskFrame | Unset
        if isinstance(_mask_frame, Unset):
            mask_frame = UNSET
        else:
            mask_frame = KeyframeMaskFrame.from_dict(_mask_frame)

        _mask_points = d.pop("maskPoints", UNSET)
        mask_points: list[list[float | str] | PointType1] | Unset = UNSET
        if _mask_points is not UNSET:
            mask_points = []
            for mask_points_item_data in _mask_points:

                def _parse_mask_points_item(
                    data: object,
                ) -> list[float | str] | PointType1:
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

                mask_points_item = _parse_mask_points_item(mask_points_item_data)

                mask_points.append(mask_points_item)

        dash = cast(list[float], d.pop("dash", UNSET))

        brightness = d.pop("brightness", UNSET)

        contrast = d.pop("contrast", UNSET)

        saturation = d.pop("saturation", UNSET)

        blur = d.pop("blur", UNSET)

        blur_radius = d.pop("blurRadius", UNSET)

        dim = d.pop("dim", UNSET)

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

        def _parse_stroke_color(data: object) -> Gradient | str | Unset:
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

        stroke_color = _parse_stroke_color(d.pop("strokeColor", UNSET))

        _easing = d.pop("easing", UNSET)
        easing: KeyframeEasing | Unset
        if isinstance(_easing, Unset):
            easing = UNSET
        else:
            easing = KeyframeEasing(_easing)

        keyframe = cls(
            time=time,
            opacity=opacity,
            x=x,
            y=y,
            scale=scale,
            rotation=rotation,
            crop=crop,
            radius=radius,
            stroke_width=stroke_width,
            dash_offset=dash_offset,
            feather=feather,
            similarity=similarity,
            smoothness=smoothness,
            spill=spill,
            mask_frame=mask_frame,
            mask_points=mask_points,
            dash=dash,
            brightness=brightness,
            contrast=contrast,
            saturation=saturation,
            blur=blur,
            blur_radius=blur_radius,
            dim=dim,
            points=points,
            fill=fill,
            stroke_color=stroke_color,
            easing=easing,
        )

        return keyframe
