from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.fit import Fit
from ..models.output_color import OutputColor
from ..models.output_format import OutputFormat
from ..models.output_preset import OutputPreset
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.audio_settings import AudioSettings
    from ..models.chapter import Chapter
    from ..models.metadata import Metadata
    from ..models.output_destinations_item import OutputDestinationsItem
    from ..models.output_hls import OutputHls
    from ..models.output_subtitles_item import OutputSubtitlesItem
    from ..models.time_range import TimeRange
    from ..models.video_settings import VideoSettings


T = TypeVar("T", bound="Output")


@_attrs_define
class Output:
    """How the file is written; every member is optional. Defaults copy AVFoundation's: size is the
    largest display size among the visual inputs, frame rate the highest input rate else 30.
    `width` and `height` go together unless a `preset` is given. The video and audio codecs must
    suit the format: mp4/mov/m4v take h264 or hevc with aac, webm vp9 with opus, m4a aac only (no
    `video`), gif/jpg/png no `video` settings, no `audio`, no `metadata` and no `chapters`.

        Attributes:
            name (str | Unset): An output's name among a spec's `outputs`: 1 to 32 lowercase letters, digits, hyphens or
                underscores, starting with a letter or digit (it goes into URLs, file names and bucket keys).
            format_ (OutputFormat | Unset): `jpg`/`png` are one frame at `time` (else at `range.start`, default 0; the
                range's duration is not used). `gif` loops forever, at 15 fps unless `frameRate` is given (at most 50), with a
                dithered palette per scene and no audio. Default: OutputFormat.MP4.
            width (int | Unset): Pixels, even.
            height (int | Unset): Pixels, even.
            frame_rate (float | str | Unset): Frames per second, 1–240 (a number or `"N/D"`, e.g. `"30000/1001"`).
            fit (Fit | Unset): `fit` letterboxes with the background (default), `fill` crops, `stretch` scales each axis,
                `blur` letterboxes over the same picture scaled to fill, blurred (`blurRadius`) and dimmed (`dim`); `blurRadius`
                and `dim` are allowed only with it.
            blur_radius (float | Unset): With `fit` blur, the standard deviation (px) of the Gaussian blur of the bars.
                Default: 40.0.
            dim (float | Unset): With `fit` blur, how much the bars are darkened (0 none, 1 black). Default: 0.2.
            background (str | Unset): sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
            color (OutputColor | Unset): The output's colour space. `sdr`: BT.709 (BT.601 below 720 lines), HDR sources tone
                mapped. `hlg` and `hdr10` (PQ): BT.2020, 10-bit, HEVC Main 10 in mp4/mov/m4v (the default codec then) or ProRes
                in mov; SDR sources, titles, images and colour cards are placed at HDR reference white (HLG 75 %, PQ 203 cd/m²);
                hdr10 declares the first PQ source's mastering display and light levels (else a 1000 cd/m² P3 display, MaxCLL
                1000, MaxFALL 400) in the SEI and the container. `auto`: `hlg` when the first clip is HDR and the output can
                carry it, else `sdr`. HDR asked of webm, gif, jpg, png or hls, of h264, of HEVC's main profile or of the
                passthrough preset is a 422 at `/output/color`. Default: OutputColor.SDR.
            preset (OutputPreset | Unset): AVAssetExportSession-style preset standing in for size and codec settings; a size
                preset fits the default size into its box.
            video (VideoSettings | Unset): Video encoder settings. Defaults: h264 (vp9 for webm), preset `veryfast`, CRF 23
                for h264/hevc
                and 32 for vp9 (18 and 24 with output preset `highest`), a keyframe every 2 s. For vp9 the
                preset chooses libvpx's speed: ultrafast/superfast are its realtime deadline at cpu-used 8/7,
                veryfast and faster `good` at cpu-used 5, fast 4, medium 3, slow 2, slower 1, veryslow 0. `crf` and `bitrate`
                exclude each other;
                `maxBitrate` needs one of them and is at least `bitrate`. `profile` is baseline, main or high
                for h264, main or main10 for hevc, not available for vp9, and proxy, lt, standard, hq (the
                default) or 4444 for prores (mov only: 10-bit 4:2:2, or 4:4:4 for 4444 with alpha where the
                background is transparent and shows, with 16-bit PCM audio by default; no crf, bitrate,
                preset or keyframeInterval).
            audio (AudioSettings | Unset): Audio encoder settings. Defaults aac (opus for webm), 128 kb/s, 48 kHz, 2
                channels. Opus takes only 8000, 12000, 16000, 24000 or 48000 Hz.
            range_ (TimeRange | Unset): A half-open range `[start, start + duration)`.
            time (float | str | Unset): A `Time` of at least 0.
            metadata (Metadata | Unset): Container metadata, written in the order given (values at most 1024 characters, may
                be empty).
            chapters (list[Chapter] | Unset): Chapter markers at strictly increasing starts.
            hls (OutputHls | Unset): Only for `hls` output: fMP4 segments of `segmentDuration` seconds (1–30, default 4),
                each
                starting on a keyframe on the same frames in every rendition, one media playlist per
                video rendition and one shared audio rendition, and `master.m3u8` with the measured peak
                and average BANDWIDTH, RESOLUTION, FRAME-RATE and CODECS. `renditions` (1–8, distinct
                heights, none taller than the output) each the output's picture at `height` (the width
                keeps the aspect) at `videoBitrate` (peak 1.5×), or at the output's constant quality
                without one; default one rendition at the output's size. A rendition is drawn at its own
                size where nothing on the timeline is measured in pixels (no overlays; every video item
                its fitted picture, nothing drawn as a layer (keyframes, filters, motion, opacity, chroma
                key, masks, blend modes) and no blur bars; transitions are fine), so sources smaller than
                the output keep their sharpness (720p clips in a 1080p ladder are their own pixels in its
                720p rendition, not scaled up and back down), in the output's colour (a rendition under
                720 lines of an HD output stays BT.709); it is then the pictures of an output of its size
                and colour. Otherwise it is the output's canvas scaled, the same design at every size. H.264 with B-frames (the
                init segment's edit list starts the video at 0, with the audio) and a keyframe every 2 s,
                as an MP4's default: where every segment starts on that grid (the default 4 s does) a
                rendition is encoded exactly as an MP4 of its size and settings, so a job's `outputs`
                encode the two once; other segment lengths force a keyframe at each segment start
                instead. AAC audio; no metadata or chapters; `subtitles` become WebVTT
                renditions cut on the same segment boundaries. `progressive: true` makes it watchable while
                it renders (EVENT playlists that grow segment by segment; see the job's `live`).
            subtitles (list[OutputSubtitlesItem] | Unset): Soft subtitle tracks (mp4, mov, m4v as mov_text; webm as WebVTT;
                hls as WebVTT renditions): SRT or WebVTT files from
                the media root or uploads (not URLs, at most 8 MiB), whose cue times are timeline times; the
                output range moves and cuts them, and a cue ends where the next begins. A file that does not
                parse is a 422 naming its line.
            optimize_for_network (bool | Unset): Put the index first (faststart). Default: True.
            draft (bool | Unset): A quick look: the whole job at most 480 lines high (the width in proportion, made even;
                an output already that small keeps its size), drawn at the output's size and scaled as a
                whole so every length keeps its proportion, encoded with the fastest preset (x264 and
                x265 `ultrafast`, VP9 realtime speed 8). mp4, mov, m4v and webm only; not with the
                `passthrough` preset, `prores`, or a `video.preset` of its own. The job says `draft: true`.
                 Default: False.
            destinations (list[OutputDestinationsItem] | Unset): Buckets the finished output is copied to (docs/API.md,
                *Destinations*). Credentials are never in the spec: `profile` names an entry of the server's `storageProfiles`;
                without it, the server's own S3 storage account signs (a server keeping outputs on local disk then answers 422).
                Each copy is durable and retried; its state is in the job's `output.destinations`. Ignored by `reel render`.
    """

    name: str | Unset = UNSET
    format_: OutputFormat | Unset = OutputFormat.MP4
    width: int | Unset = UNSET
    height: int | Unset = UNSET
    frame_rate: float | str | Unset = UNSET
    fit: Fit | Unset = UNSET
    blur_radius: float | Unset = 40.0
    dim: float | Unset = 0.2
    background: str | Unset = UNSET
    color: OutputColor | Unset = OutputColor.SDR
    preset: OutputPreset | Unset = UNSET
    video: VideoSettings | Unset = UNSET
    audio: AudioSettings | Unset = UNSET
    range_: TimeRange | Unset = UNSET
    time: float | str | Unset = UNSET
    metadata: Metadata | Unset = UNSET
    chapters: list[Chapter] | Unset = UNSET
    hls: OutputHls | Unset = UNSET
    subtitles: list[OutputSubtitlesItem] | Unset = UNSET
    optimize_for_network: bool | Unset = True
    draft: bool | Unset = False
    destinations: list[OutputDestinationsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        width = self.width

        height = self.height

        frame_rate: float | str | Unset
        if isinstance(self.frame_rate, Unset):
            frame_rate = UNSET
        else:
            frame_rate = self.frame_rate

        fit: str | Unset = UNSET
        if not isinstance(self.fit, Unset):
            fit = self.fit.value

        blur_radius = self.blur_radius

        dim = self.dim

        background = self.background

        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color.value

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        video: dict[str, Any] | Unset = UNSET
        if not isinstance(self.video, Unset):
            video = self.video.to_dict()

        audio: dict[str, Any] | Unset = UNSET
        if not isinstance(self.audio, Unset):
            audio = self.audio.to_dict()

        range_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.range_, Unset):
            range_ = self.range_.to_dict()

        time: float | str | Unset
        if isinstance(self.time, Unset):
            time = UNSET
        else:
            time = self.time

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        chapters: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.chapters, Unset):
            chapters = []
            for chapters_item_data in self.chapters:
                chapters_item = chapters_item_data.to_dict()
                chapters.append(chapters_item)

        hls: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hls, Unset):
            hls = self.hls.to_dict()

        subtitles: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.subtitles, Unset):
            subtitles = []
            for subtitles_item_data in self.subtitles:
                subtitles_item = subtitles_item_data.to_dict()
                subtitles.append(subtitles_item)

        optimize_for_network = self.optimize_for_network

        draft = self.draft

        destinations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.destinations, Unset):
            destinations = []
            for destinations_item_data in self.destinations:
                destinations_item = destinations_item_data.to_dict()
                destinations.append(destinations_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if format_ is not UNSET:
            field_dict["format"] = format_
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height
        if frame_rate is not UNSET:
            field_dict["frameRate"] = frame_rate
        if fit is not UNSET:
            field_dict["fit"] = fit
        if blur_radius is not UNSET:
            field_dict["blurRadius"] = blur_radius
        if dim is not UNSET:
            field_dict["dim"] = dim
        if background is not UNSET:
            field_dict["background"] = background
        if color is not UNSET:
            field_dict["color"] = color
        if preset is not UNSET:
            field_dict["preset"] = preset
        if video is not UNSET:
            field_dict["video"] = video
        if audio is not UNSET:
            field_dict["audio"] = audio
        if range_ is not UNSET:
            field_dict["range"] = range_
        if time is not UNSET:
            field_dict["time"] = time
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if chapters is not UNSET:
            field_dict["chapters"] = chapters
        if hls is not UNSET:
            field_dict["hls"] = hls
        if subtitles is not UNSET:
            field_dict["subtitles"] = subtitles
        if optimize_for_network is not UNSET:
            field_dict["optimizeForNetwork"] = optimize_for_network
        if draft is not UNSET:
            field_dict["draft"] = draft
        if destinations is not UNSET:
            field_dict["destinations"] = destinations

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audio_settings import AudioSettings  # noqa: PLC0415
        from ..models.chapter import Chapter  # noqa: PLC0415
        from ..models.metadata import Metadata  # noqa: PLC0415
        from ..models.output_destinations_item import (
            OutputDestinationsItem,  # noqa: PLC0415
        )
        from ..models.output_hls import OutputHls  # noqa: PLC0415
        from ..models.output_subtitles_item import OutputSubtitlesItem  # noqa: PLC0415
        from ..models.time_range import TimeRange  # noqa: PLC0415
        from ..models.video_settings import VideoSettings  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _format_ = d.pop("format", UNSET)
        format_: OutputFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = OutputFormat(_format_)

        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        def _parse_frame_rate(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        frame_rate = _parse_frame_rate(d.pop("frameRate", UNSET))

        _fit = d.pop("fit", UNSET)
        fit: Fit | Unset
        if isinstance(_fit, Unset):
            fit = UNSET
        else:
            fit = Fit(_fit)

        blur_radius = d.pop("blurRadius", UNSET)

        dim = d.pop("dim", UNSET)

        background = d.pop("background", UNSET)

        _color = d.pop("color", UNSET)
        color: OutputColor | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = OutputColor(_color)

        _preset = d.pop("preset", UNSET)
        preset: OutputPreset | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = OutputPreset(_preset)

        _video = d.pop("video", UNSET)
        video: VideoSettings | Unset
        if isinstance(_video, Unset):
            video = UNSET
        else:
            video = VideoSettings.from_dict(_video)

        _audio = d.pop("audio", UNSET)
        audio: AudioSettings | Unset
        if isinstance(_audio, Unset):
            audio = UNSET
        else:
            audio = AudioSettings.from_dict(_audio)

        _range_ = d.pop("range", UNSET)
        range_: TimeRange | Unset
        if isinstance(_range_, Unset):
            range_ = UNSET
        else:
            range_ = TimeRange.from_dict(_range_)

        def _parse_time(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        time = _parse_time(d.pop("time", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: Metadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = Metadata.from_dict(_metadata)

        _chapters = d.pop("chapters", UNSET)
        chapters: list[Chapter] | Unset = UNSET
        if _chapters is not UNSET:
            chapters = []
            for chapters_item_data in _chapters:
                chapters_item = Chapter.from_dict(chapters_item_data)

                chapters.append(chapters_item)

        _hls = d.pop("hls", UNSET)
        hls: OutputHls | Unset
        if isinstance(_hls, Unset):
            hls = UNSET
        else:
            hls = OutputHls.from_dict(_hls)

        _subtitles = d.pop("subtitles", UNSET)
        subtitles: list[OutputSubtitlesItem] | Unset = UNSET
        if _subtitles is not UNSET:
            subtitles = []
            for subtitles_item_data in _subtitles:
                subtitles_item = OutputSubtitlesItem.from_dict(subtitles_item_data)

                subtitles.append(subtitles_item)

        optimize_for_network = d.pop("optimizeForNetwork", UNSET)

        draft = d.pop("draft", UNSET)

        _destinations = d.pop("destinations", UNSET)
        destinations: list[OutputDestinationsItem] | Unset = UNSET
        if _destinations is not UNSET:
            destinations = []
            for destinations_item_data in _destinations:
                destinations_item = OutputDestinationsItem.from_dict(
                    destinations_item_data
                )

                destinations.append(destinations_item)

        output = cls(
            name=name,
            format_=format_,
            width=width,
            height=height,
            frame_rate=frame_rate,
            fit=fit,
            blur_radius=blur_radius,
            dim=dim,
            background=background,
            color=color,
            preset=preset,
            video=video,
            audio=audio,
            range_=range_,
            time=time,
            metadata=metadata,
            chapters=chapters,
            hls=hls,
            subtitles=subtitles,
            optimize_for_network=optimize_for_network,
            draft=draft,
            destinations=destinations,
        )

        return output
