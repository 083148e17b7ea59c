from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.animation_type_0 import AnimationType0
from ..models.filter_type_0 import FilterType0
from ..models.overlay_align import OverlayAlign
from ..models.overlay_blend import OverlayBlend
from ..models.overlay_mode import OverlayMode
from ..models.overlay_shape import OverlayShape
from ..models.overlay_style import OverlayStyle
from ..models.overlay_type import OverlayType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.animation_type_1 import AnimationType1
    from ..models.chroma_key import ChromaKey
    from ..models.filter_type_1 import FilterType1
    from ..models.font import Font
    from ..models.gradient import Gradient
    from ..models.keyframe import Keyframe
    from ..models.overlay_box import OverlayBox
    from ..models.overlay_frame import OverlayFrame
    from ..models.overlay_highlight import OverlayHighlight
    from ..models.overlay_shadow import OverlayShadow
    from ..models.overlay_size import OverlaySize
    from ..models.point_type_1 import PointType1
    from ..models.shape_stroke import ShapeStroke
    from ..models.text_stroke import TextStroke
    from ..models.time_range import TimeRange
    from ..models.volume_point import VolumePoint


T = TypeVar("T", bound="Overlay")


@_attrs_define
class Overlay:
    """A visual above the videos from `start` for `duration` (default: to the end). `text` takes
    `text` and its styling (shaped with HarfBuzz, bidi-ordered, wrapped at UAX #14 opportunities;
    `position` is the centre of the text block); `captions` a `src` (SRT or WebVTT, each cue at
    its time offset by `start`), the same styling (default white 48 px with a 3 px black stroke,
    centred at (0.5, 0.88), `maxWidth` 0.9) and `highlight`; `image` a `src` (PNG alpha
    honoured); `video` a `src`, `sourceRange`, `volume` and `muted` (picture-in-picture with its
    audio); `shape` a vector shape (`shape`: `rect` and `ellipse` placed by `frame`, `rect` with
    corner `radius` px; `polygon` through `points`; `line` `from` → `to`, stroked only; `path`
    SVG path data `d` in output pixels moved to `position`), filled by `fill` (a colour or a
    gradient; white when neither `fill` nor `stroke` is given) and outlined by `stroke`, its
    edges anti-aliased by exact area coverage (nonzero winding); `group` a nested composition
    (`items` on its own canvas `size`, default the output's), flattened and then drawn as one
    layer, by default at its own size in the middle of the frame, with its own opacity,
    keyframes, animations, blend, mask and filters; `lottie` a Lottie (Bodymovin JSON) `src` drawn
    by rlottie at the overlay's size (default its own, centred; a `frame` without a height keeps
    its shape), frame ⌊ip + (t − start)·speed·fr⌋ at output time t, with `sourceRange` on its own
    timeline, `speed` and `loop` (default length: the animation's ÷ `speed`, cut at the timeline's
    end; a feature rlottie cannot draw is a 422 at `/src` naming it and its layer); `waveform` an audiogram of the mix
    or of one
    item (`audio`, `mode`, `bars`, `color` default white, `style`, `window`), drawn for each output
    frame from exactly that frame's samples, by default the frame's width and a quarter of its
    height in its middle (a `frame` without a height keeps that shape), laid on whole pixels.
    Placed by `position` (anchor point) or
    `frame` (centre-anchored rectangle), both in lengths on the frame, not both (a 422 at `frame`). A character of a
    text (or cue) that no font covers is a
    422 naming it as `U+XXXX` at `/text` (captions: `/src`); an unknown family is a 422 at
    `/font/family`.

        Attributes:
            type_ (OverlayType):
            start (float | str): A `Time` of at least 0.
            duration (float | str | Unset): A `Time` greater than 0.
            audio (str | Unset): A `waveform`'s sound: `mix` (every item heard, with its volume, fades, ducking, pan, speed
                and `normalize`; with an output loudness target, at its gain and through its limiter, as
                the output carries it), or the pointer of one item
                heard in the mix (a voice-over, a music item, a video item or video overlay with sound); a
                pointer that names none is a 422 here.
                 Default: 'mix'.
            mode (OverlayMode | Unset): A `waveform`'s measure. `spectrum`: over exactly the output frame's samples (Hann
                window,
                zero-padded to 16384 or more), `bars` bands spaced logarithmically from 50 Hz to 16 kHz,
                each band's level `10·log10(2·ms)` dBFS (ms its bins' share of the windowed mean square;
                a full-scale sine reads 0) drawn from nothing at −60 to the full height at 0.
                `amplitude`: the largest magnitude of each of `bars` equal slices of the last `window`
                seconds up to the frame's end (the newest on the right), drawn linearly to the full
                height at 1 (full scale).
                 Default: OverlayMode.SPECTRUM.
            bars (int | Unset): A `waveform`'s bars (each fills the middle 70 % of its slot of the width). Default: 48.
            color (str | Unset): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
            style (OverlayStyle | Unset): A `waveform`'s look: `bars` stand on a 2 px baseline along the bottom, `f·(h − 2)`
                tall;
                `mirror` reach `f·(h − 2)/2` up and down from a 2 px baseline across the middle; `line` is
                a 2 px line through the bars' tops (at silence, the bottom two rows).
                 Default: OverlayStyle.BARS.
            window (float | str | Unset): The `amplitude` mode's span, a `Time` up to 60 s, default 2 (not allowed with
                `spectrum`).
            speed (float | str | Unset): A `lottie`'s playback rate (¼…4), a `Time`-like exact number.
            loop (bool | Unset): A `lottie` starts again from its `sourceRange`'s beginning when it ends, until the overlay
                ends. Default: False.
            text (str | Unset): Any Unicode text, CJK included.
            font (Font | Unset): `family` or `src`, not both; neither is the system's sans-serif.
            stroke (ShapeStroke | TextStroke | Unset): A text's border (`TextStroke`) or a shape's outline (`ShapeStroke`).
            shape (OverlayShape | Unset): Shapes only, and required there.
            radius (float | Unset): A `rect`'s corner radius in pixels (at most half its shorter side is used). Default:
                0.0.
            points (list[list[float | str] | PointType1] | Unset): A `polygon`'s points, closed.
            from_ (list[float | str] | PointType1 | Unset): A point on the frame (or, in a gradient, on the shape's box) as
                `[x, y]` or `{x, y}`, each a `Length`.
            to (list[float | str] | PointType1 | Unset): A point on the frame (or, in a gradient, on the shape's box) as
                `[x, y]` or `{x, y}`, each a `Length`.
            d (str | Unset): A `path`'s SVG path data (every command of SVG 1.1, absolute or relative) in output pixels; a
                mistake is a 422 naming its character.
            fill (Gradient | str | Unset): A colour, or a gradient whose colours interpolate in premultiplied gamma-encoded
                RGB (as CSS
                gradients), the end colours continuing past the ends. Gradient points are on the shape's box
                (the bounding box of its geometry): a number is a fraction of the box, `"px"` pixels from its
                top-left corner. `linear` runs `from` (default [0.5, 0]) `to` (default [0.5, 1]); `radial`
                has offset 0 at `center` (default [0.5, 0.5]) and 1 at `radius` (a length along the box's
                width; default `"50vmax"`, half its longer side).
            items (list[Overlay] | Unset): A group's overlays (groups included, eight levels deep at most), timed from the
                group's
                `start` and placed on its canvas (their lengths refer to it). An item's `blend` mixes it
                with what the group holds beneath it (the canvas starts transparent: where nothing lies
                beneath, the item keeps its own colours); the group's own `blend` acts on the whole.
            size (OverlaySize | Unset): A group's canvas in pixels (even, 16–8192); default the output's size.
            shadow (OverlayShadow | Unset):
            box (OverlayBox | Unset): A background box behind the text.
            align (OverlayAlign | Unset):  Default: OverlayAlign.CENTER.
            max_width (float | Unset): Wrapping width as a fraction of the frame width.
            line_height (float | Unset): Distance between baselines, a multiple of the font size. Default: 1.2.
            highlight (OverlayHighlight | Unset): Captions only; colours the word being spoken (WebVTT inline timestamps,
                else the cue's time shared by word length).
            src (str | Unset): `upload:ID` (an uploaded asset), a relative path under the server's media root (with the CLI,
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
            source_range (TimeRange | Unset): A half-open range `[start, start + duration)`.
            volume (float | list[VolumePoint] | Unset): A gain 0–10 (1 = unchanged), or automation points joined linearly
                (AVAudioMix's setVolume and
                setVolumeRamp), at strictly increasing times relative to the item's start.
            muted (bool | Unset):  Default: False.
            position (list[float | str] | PointType1 | Unset): A point on the frame (or, in a gradient, on the shape's box)
                as `[x, y]` or `{x, y}`, each a `Length`.
            frame (OverlayFrame | Unset): Centre-anchored rectangle on the frame; height defaults to the aspect ratio (for a
                shape, to the width in pixels).
            opacity (float | Unset):
            blend (OverlayBlend | Unset): How the overlay's colours combine with what lies under it: the W3C Compositing and
                Blending Level 1 formulas on gamma-encoded RGB (as a browser's `mix-blend-mode`), then
                source-over with its alpha and opacity. On an output that keeps a transparent background
                it blends with the translucent picture beneath it by the formula with a backdrop alpha
                (where nothing is beneath, the overlay keeps its own colours).
                 Default: OverlayBlend.NORMAL.
            animations (list[AnimationType0 | AnimationType1] | Unset):
            keyframes (list[Keyframe] | Unset): At strictly increasing times.
            chroma_key (ChromaKey | Unset): A green screen taken out (video items with `src`, video and image overlays).
                With the
                pixel's and the key's chroma Cb, Cr in −0.5…0.5, d = √(((Cb−Kb)² + (Cr−Kr)²)/2) and alpha =
                clamp((d − similarity)/smoothness, 0, 1) (smoothness 0: a hard key). `spill` takes that
                share of each pixel's chroma along the key colour's direction (where it points that way)
                out of what remains. 4:2:0 pictures key each 2×2 block by its chroma.
            mask (Any | Unset): Where the item shows, weighted 0…1, on its own picture (lengths of a mask shape are of the
                item's picture, so the mask moves, scales and turns with it): a `shape` (its coverage), or a
                `src` image or video (a video plays along with the item from its start and holds its last
                frame), stretched to the picture, by its `alpha` or its `luma` (black 0, white 1). Default
                mode: alpha for shapes and sources with an alpha channel, luma otherwise; `mode: "alpha"` on a
                source without alpha is a 422 at `mode`, a source with no picture a 422 at `src`. `invert`
                shows the item where the mask is not; `feather` softens the edge by an exact Gaussian of
                standard deviation feather/2 px (CSS's blur radius). Exactly one of `shape` and `src`.
            filters (list[FilterType0 | FilterType1] | Unset):
    """

    type_: OverlayType
    start: float | str
    duration: float | str | Unset = UNSET
    audio: str | Unset = "mix"
    mode: OverlayMode | Unset = OverlayMode.SPECTRUM
    bars: int | Unset = 48
    color: str | Unset = UNSET
    style: OverlayStyle | Unset = OverlayStyle.BARS
    window: float | str | Unset = UNSET
    speed: float | str | Unset = UNSET
    loop: bool | Unset = False
    text: str | Unset = UNSET
    font: Font | Unset = UNSET
    stroke: ShapeStroke | TextStroke | Unset = UNSET
    shape: OverlayShape | Unset = UNSET
    radius: float | Unset = 0.0
    points: list[list[float | str] | PointType1] | Unset = UNSET
    from_: list[float | str] | PointType1 | Unset = UNSET
    to: list[float | str] | PointType1 | Unset = UNSET
    d: str | Unset = UNSET
    fill: Gradient | str | Unset = UNSET
    items: list[Overlay] | Unset = UNSET
    size: OverlaySize | Unset = UNSET
    shadow: OverlayShadow | Unset = UNSET
    box: OverlayBox | Unset = UNSET
    align: OverlayAlign | Unset = OverlayAlign.CENTER
    max_width: float | Unset = UNSET
    line_height: float | Unset = 1.2
    highlight: OverlayHighlight | Unset = UNSET
    src: str | Unset = UNSET
    source_range: TimeRange | Unset = UNSET
    volume: float | list[VolumePoint] | Unset = UNSET
    muted: bool | Unset = False
    position: list[float | str] | PointType1 | Unset = UNSET
    frame: OverlayFrame | Unset = UNSET
    opacity: float | Unset = UNSET
    blend: OverlayBlend | Unset = OverlayBlend.NORMAL
    animations: list[AnimationType0 | AnimationType1] | Unset = UNSET
    keyframes: list[Keyframe] | Unset = UNSET
    chroma_key: ChromaKey | Unset = UNSET
    mask: Any | Unset = UNSET
    filters: list[FilterType0 | FilterType1] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.gradient import Gradient  # noqa: PLC0415
        from ..models.text_stroke import TextStroke  # noqa: PLC0415

        type_ = self.type_.value

        start: float | str
        start = self.start

        duration: float | str | Unset
        if isinstance(self.duration, Unset):
            duration = UNSET
        else:
            duration = self.duration

        audio = self.audio

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        bars = self.bars

        color = self.color

        style: str | Unset = UNSET
        if not isinstance(self.style, Unset):
            style = self.style.value

        window: float | str | Unset
        if isinstance(self.window, Unset):
            window = UNSET
        else:
            window = self.window

        speed: float | str | Unset
        if isinstance(self.speed, Unset):
            speed = UNSET
        else:
            speed = self.speed

        loop = self.loop

        text = self.text

        font: dict[str, Any] | Unset = UNSET
        if not isinstance(self.font, Unset):
            font = self.font.to_dict()

        stroke: dict[str, Any] | Unset
        if isinstance(self.stroke, Unset):
            stroke = UNSET
        elif isinstance(self.stroke, TextStroke):
            stroke = self.stroke.to_dict()
        else:
            stroke = self.stroke.to_dict()

        shape: str | Unset = UNSET
        if not isinstance(self.shape, Unset):
            shape = self.shape.value

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

        items: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.items, Unset):
            items = []
            for items_item_data in self.items:
                items_item = items_item_data.to_dict()
                items.append(items_item)

        size: dict[str, Any] | Unset = UNSET
        if not isinstance(self.size, Unset):
            size = self.size.to_dict()

        shadow: dict[str, Any] | Unset = UNSET
        if not isinstance(self.shadow, Unset):
            shadow = self.shadow.to_dict()

        box: dict[str, Any] | Unset = UNSET
        if not isinstance(self.box, Unset):
            box = self.box.to_dict()

        align: str | Unset = UNSET
        if not isinstance(self.align, Unset):
            align = self.align.value

        max_width = self.max_width

        line_height = self.line_height

        highlight: dict[str, Any] | Unset = UNSET
        if not isinstance(self.highlight, Unset):
            highlight = self.highlight.to_dict()

        src = self.src

        source_range: dict[str, Any] | Unset = UNSET
        if not isinstance(self.source_range, Unset):
            source_range = self.source_range.to_dict()

        volume: float | list[dict[str, Any]] | Unset
        if isinstance(self.volume, Unset):
            volume = UNSET
        elif isinstance(self.volume, list):
            volume = []
            for componentsschemas_volume_type_1_item_data in self.volume:
                componentsschemas_volume_type_1_item = (
                    componentsschemas_volume_type_1_item_data.to_dict()
                )
                volume.append(componentsschemas_volume_type_1_item)

        else:
            volume = self.volume

        muted = self.muted

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

        frame: dict[str, Any] | Unset = UNSET
        if not isinstance(self.frame, Unset):
            frame = self.frame.to_dict()

        opacity = self.opacity

        blend: str | Unset = UNSET
        if not isinstance(self.blend, Unset):
            blend = self.blend.value

        animations: list[dict[str, Any] | str] | Unset = UNSET
        if not isinstance(self.animations, Unset):
            animations = []
            for animations_item_data in self.animations:
                animations_item: dict[str, Any] | str
                if isinstance(animations_item_data, AnimationType0):
                    animations_item = animations_item_data.value
                else:
                    animations_item = animations_item_data.to_dict()

                animations.append(animations_item)

        keyframes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.keyframes, Unset):
            keyframes = []
            for keyframes_item_data in self.keyframes:
                keyframes_item = keyframes_item_data.to_dict()
                keyframes.append(keyframes_item)

        chroma_key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.chroma_key, Unset):
            chroma_key = self.chroma_key.to_dict()

        mask: Any | Unset
        if isinstance(self.mask, Unset):
            mask = UNSET
        else:
            mask = self.mask

        filters: list[dict[str, Any] | str] | Unset = UNSET
        if not isinstance(self.filters, Unset):
            filters = []
            for filters_item_data in self.filters:
                filters_item: dict[str, Any] | str
                if isinstance(filters_item_data, FilterType0):
                    filters_item = filters_item_data.value
                else:
                    filters_item = filters_item_data.to_dict()

                filters.append(filters_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "start": start,
            }
        )
        if duration is not UNSET:
            field_dict["duration"] = duration
        if audio is not UNSET:
            field_dict["audio"] = audio
        if mode is not UNSET:
            field_dict["mode"] = mode
        if bars is not UNSET:
            field_dict["bars"] = bars
        if color is not UNSET:
            field_dict["color"] = color
        if style is not UNSET:
            field_dict["style"] = style
        if window is not UNSET:
            field_dict["window"] = window
        if speed is not UNSET:
            field_dict["speed"] = speed
        if loop is not UNSET:
            field_dict["loop"] = loop
        if text is not UNSET:
            field_dict["text"] = text
        if font is not UNSET:
            field_dict["font"] = font
        if stroke is not UNSET:
            field_dict["stroke"] = stroke
        if shape is not UNSET:
            field_dict["shape"] = shape
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
        if items is not UNSET:
            field_dict["items"] = items
        if size is not UNSET:
            field_dict["size"] = size
        if shadow is not UNSET:
            field_dict["shadow"] = shadow
        if box is not UNSET:
            field_dict["box"] = box
        if align is not UNSET:
            field_dict["align"] = align
        if max_width is not UNSET:
            field_dict["maxWidth"] = max_width
        if line_height is not UNSET:
            field_dict["lineHeight"] = line_height
        if highlight is not UNSET:
            field_dict["highlight"] = highlight
        if src is not UNSET:
            field_dict["src"] = src
        if source_range is not UNSET:
            field_dict["sourceRange"] = source_range
        if volume is not UNSET:
            field_dict["volume"] = volume
        if muted is not UNSET:
            field_dict["muted"] = muted
        if position is not UNSET:
            field_dict["position"] = position
        if frame is not UNSET:
            field_dict["frame"] = frame
        if opacity is not UNSET:
            field_dict["opacity"] = opacity
        if blend is not UNSET:
            field_dict["blend"] = blend
        if animations is not UNSET:
            field_dict["animations"] = animations
        if keyframes is not UNSET:
            field_dict["keyframes"] = keyframes
        if chroma_key is not UNSET:
            field_dict["chromaKey"] = chroma_key
        if mask is not UNSET:
            field_dict["mask"] = mask
        if filters is not UNSET:
            field_dict["filters"] = filters

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.animation_type_1 import AnimationType1  # noqa: PLC0415
        from ..models.chroma_key import ChromaKey  # noqa: PLC0415
        from ..models.filter_type_1 import FilterType1  # noqa: PLC0415
        from ..models.font import Font  # noqa: PLC0415
        from ..models.gradient import Gradient  # noqa: PLC0415
        from ..models.keyframe import Keyframe  # noqa: PLC0415
        from ..models.overlay_box import OverlayBox  # noqa: PLC0415
        from ..models.overlay_frame import OverlayFrame  # noqa: PLC0415
        from ..models.overlay_highlight import OverlayHighlight  # noqa: PLC0415
        from ..models.overlay_shadow import OverlayShadow  # noqa: PLC0415
        from ..models.overlay_size import OverlaySize  # noqa: PLC0415
        from ..models.point_type_1 import PointType1  # noqa: PLC0415
        from ..models.shape_stroke import ShapeStroke  # noqa: PLC0415
        from ..models.text_stroke import TextStroke  # noqa: PLC0415
        from ..models.time_range import TimeRange  # noqa: PLC0415
        from ..models.volume_point import VolumePoint  # noqa: PLC0415

        d = dict(src_dict)
        type_ = OverlayType(d.pop("type"))

        def _parse_start(data: object) -> float | str:
            return cast(float | str, data)

        start = _parse_start(d.pop("start"))

        def _parse_duration(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        duration = _parse_duration(d.pop("duration", UNSET))

        audio = d.pop("audio", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: OverlayMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = OverlayMode(_mode)

        bars = d.pop("bars", UNSET)

        color = d.pop("color", UNSET)

        _style = d.pop("style", UNSET)
        style: OverlayStyle | Unset
        if isinstance(_style, Unset):
            style = UNSET
        else:
            style = OverlayStyle(_style)

        def _parse_window(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        window = _parse_window(d.pop("window", UNSET))

        def _parse_speed(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        speed = _parse_speed(d.pop("speed", UNSET))

        loop = d.pop("loop", UNSET)

        text = d.pop("text", UNSET)

        _font = d.pop("font", UNSET)
        font: Font | Unset
        if isinstance(_font, Unset):
            font = UNSET
        else:
            font = Font.from_dict(_font)

        def _parse_stroke(data: object) -> ShapeStroke | TextStroke | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stroke_type_0 = TextStroke.from_dict(data)

                return stroke_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            stroke_type_1 = ShapeStroke.from_dict(data)

            return stroke_type_1

        stroke = _parse_stroke(d.pop("stroke", UNSET))

        _shape = d.pop("shape", UNSET)
        shape: OverlayShape | Unset
        if isinstance(_shape, Unset):
            shape = UNSET
        else:
            shape = OverlayShape(_shape)

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

        _items = d.pop("items", UNSET)
        items: list[Overlay] | Unset = UNSET
        if _items is not UNSET:
            items = []
            for items_item_data in _items:
                items_item = Overlay.from_dict(items_item_data)

                items.append(items_item)

        _size = d.pop("size", UNSET)
        size: OverlaySize | Unset
        if isinstance(_size, Unset):
            size = UNSET
        else:
            size = OverlaySize.from_dict(_size)

        _shadow = d.pop("shadow", UNSET)
        shadow: OverlayShadow | Unset
        if isinstance(_shadow, Unset):
            shadow = UNSET
        else:
            shadow = OverlayShadow.from_dict(_shadow)

        _box = d.pop("box", UNSET)
        box: OverlayBox | Unset
        if isinstance(_box, Unset):
            box = UNSET
        else:
            box = OverlayBox.from_dict(_box)

        _align = d.pop("align", UNSET)
        align: OverlayAlign | Unset
        if isinstance(_align, Unset):
            align = UNSET
        else:
            align = OverlayAlign(_align)

        max_width = d.pop("maxWidth", UNSET)

        line_height = d.pop("lineHeight", UNSET)

        _highlight = d.pop("highlight", UNSET)
        highlight: OverlayHighlight | Unset
        if isinstance(_highlight, Unset):
            highlight = UNSET
        else:
            highlight = OverlayHighlight.from_dict(_highlight)

        src = d.pop("src", UNSET)

        _source_range = d.pop("sourceRange", UNSET)
        source_range: TimeRange | Unset
        if isinstance(_source_range, Unset):
            source_range = UNSET
        else:
            source_range = TimeRange.from_dict(_source_range)

        def _parse_volume(data: object) -> float | list[VolumePoint] | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_volume_type_1 = []
                _componentsschemas_volume_type_1 = data
                for (
                    componentsschemas_volume_type_1_item_data
                ) in _componentsschemas_volume_type_1:
                    componentsschemas_volume_type_1_item = VolumePoint.from_dict(
                        componentsschemas_volume_type_1_item_data
                    )

                    componentsschemas_volume_type_1.append(
                        componentsschemas_volume_type_1_item
                    )

                return componentsschemas_volume_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(float | list[VolumePoint] | Unset, data)

        volume = _parse_volume(d.pop("volume", UNSET))

        muted = d.pop("muted", UNSET)

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

        _frame = d.pop("frame", UNSET)
        frame: OverlayFrame | Unset
        if isinstance(_frame, Unset):
            frame = UNSET
        else:
            frame = OverlayFrame.from_dict(_frame)

        opacity = d.pop("opacity", UNSET)

        _blend = d.pop("blend", UNSET)
        blend: OverlayBlend | Unset
        if isinstance(_blend, Unset):
            blend = UNSET
        else:
            blend = OverlayBlend(_blend)

        _animations = d.pop("animations", UNSET)
        animations: list[AnimationType0 | AnimationType1] | Unset = UNSET
        if _animations is not UNSET:
            animations = []
            for animations_item_data in _animations:

                def _parse_animations_item(
                    data: object,
                ) -> AnimationType0 | AnimationType1:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_animation_type_0 = AnimationType0(data)

                        return componentsschemas_animation_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_animation_type_1 = AnimationType1.from_dict(data)

                    return componentsschemas_animation_type_1

                animations_item = _parse_animations_item(animations_item_data)

                animations.append(animations_item)

        _keyframes = d.pop("keyframes", UNSET)
        keyframes: list[Keyframe] | Unset = UNSET
        if _keyframes is not UNSET:
            keyframes = []
            for keyframes_item_data in _keyframes:
                keyframes_item = Keyframe.from_dict(keyframes_item_data)

                keyframes.append(keyframes_item)

        _chroma_key = d.pop("chromaKey", UNSET)
        chroma_key: ChromaKey | Unset
        if isinstance(_chroma_key, Unset):
            chroma_key = UNSET
        else:
            chroma_key = ChromaKey.from_dict(_chroma_key)

        def _parse_mask(data: object) -> Any | Unset:
            if isinstance(data, Unset):
                return data
            return cast(Any | Unset, data)

        mask = _parse_mask(d.pop("mask", UNSET))

        _filters = d.pop("filters", UNSET)
        filters: list[FilterType0 | FilterType1] | Unset = UNSET
        if _filters is not UNSET:
            filters = []
            for filters_item_data in _filters:

                def _parse_filters_item(data: object) -> FilterType0 | FilterType1:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_filter_type_0 = FilterType0(data)

                        return componentsschemas_filter_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_filter_type_1 = FilterType1.from_dict(data)

                    return componentsschemas_filter_type_1

                filters_item = _parse_filters_item(filters_item_data)

                filters.append(filters_item)

        overlay = cls(
            type_=type_,
            start=start,
            duration=duration,
            audio=audio,
            mode=mode,
            bars=bars,
            color=color,
            style=style,
            window=window,
            speed=speed,
            loop=loop,
            text=text,
            font=font,
            stroke=stroke,
            shape=shape,
            radius=radius,
            points=points,
            from_=from_,
            to=to,
            d=d,
            fill=fill,
            items=items,
            size=size,
            shadow=shadow,
            box=box,
            align=align,
            max_width=max_width,
            line_height=line_height,
            highlight=highlight,
            src=src,
            source_range=source_range,
            volume=volume,
            muted=muted,
            position=position,
            frame=frame,
            opacity=opacity,
            blend=blend,
            animations=animations,
            keyframes=keyframes,
            chroma_key=chroma_key,
            mask=mask,
            filters=filters,
        )

        return overlay
