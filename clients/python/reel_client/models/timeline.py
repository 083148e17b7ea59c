from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.color_card_item import ColorCardItem
    from ..models.media_video_item import MediaVideoItem
    from ..models.music_item import MusicItem
    from ..models.overlay import Overlay
    from ..models.transition import Transition
    from ..models.voice_over import VoiceOver


T = TypeVar("T", bound="Timeline")


@_attrs_define
class Timeline:
    """AVFoundation's editing model. `videos` play one after another from 0; `transitions[i]` joins
    `videos[i]` and `videos[i+1]` (at most one entry per join; `null` or a missing entry is a cut; a
    transition may not be longer than either neighbour, nor two transitions together longer than
    the video between them); `overlays` sit above at explicit starts; `voiceOvers` at explicit
    starts; `music` items play one after another from 0, and nothing may follow a looping one. A
    timeline made only of looping music has no end and is refused.

        Attributes:
            videos (list[ColorCardItem | MediaVideoItem] | Unset):
            transitions (list[None | Transition] | Unset):
            overlays (list[Overlay] | Unset):
            voice_overs (list[VoiceOver] | Unset):
            music (list[MusicItem] | Unset):
    """

    videos: list[ColorCardItem | MediaVideoItem] | Unset = UNSET
    transitions: list[None | Transition] | Unset = UNSET
    overlays: list[Overlay] | Unset = UNSET
    voice_overs: list[VoiceOver] | Unset = UNSET
    music: list[MusicItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.media_video_item import MediaVideoItem  # noqa: PLC0415
        from ..models.transition import Transition  # noqa: PLC0415

        videos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.videos, Unset):
            videos = []
            for videos_item_data in self.videos:
                videos_item: dict[str, Any]
                if isinstance(videos_item_data, MediaVideoItem):
                    videos_item = videos_item_data.to_dict()
                else:
                    videos_item = videos_item_data.to_dict()

                videos.append(videos_item)

        transitions: list[dict[str, Any] | None] | Unset = UNSET
        if not isinstance(self.transitions, Unset):
            transitions = []
            for transitions_item_data in self.transitions:
                transitions_item: dict[str, Any] | None
                if isinstance(transitions_item_data, Transition):
                    transitions_item = transitions_item_data.to_dict()
                else:
                    transitions_item = transitions_item_data
                transitions.append(transitions_item)

        overlays: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.overlays, Unset):
            overlays = []
            for overlays_item_data in self.overlays:
                overlays_item = overlays_item_data.to_dict()
                overlays.append(overlays_item)

        voice_overs: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.voice_overs, Unset):
            voice_overs = []
            for voice_overs_item_data in self.voice_overs:
                voice_overs_item = voice_overs_item_data.to_dict()
                voice_overs.append(voice_overs_item)

        music: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.music, Unset):
            music = []
            for music_item_data in self.music:
                music_item = music_item_data.to_dict()
                music.append(music_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if videos is not UNSET:
            field_dict["videos"] = videos
        if transitions is not UNSET:
            field_dict["transitions"] = transitions
        if overlays is not UNSET:
            field_dict["overlays"] = overlays
        if voice_overs is not UNSET:
            field_dict["voiceOvers"] = voice_overs
        if music is not UNSET:
            field_dict["music"] = music

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.color_card_item import ColorCardItem  # noqa: PLC0415
        from ..models.media_video_item import MediaVideoItem  # noqa: PLC0415
        from ..models.music_item import MusicItem  # noqa: PLC0415
        from ..models.overlay import Overlay  # noqa: PLC0415
        from ..models.transition import Transition  # noqa: PLC0415
        from ..models.voice_over import VoiceOver  # noqa: PLC0415

        d = dict(src_dict)
        _videos = d.pop("videos", UNSET)
        videos: list[ColorCardItem | MediaVideoItem] | Unset = UNSET
        if _videos is not UNSET:
            videos = []
            for videos_item_data in _videos:

                def _parse_videos_item(data: object) -> ColorCardItem | MediaVideoItem:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_video_item_type_0 = MediaVideoItem.from_dict(
                            data
                        )

                        return componentsschemas_video_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_video_item_type_1 = ColorCardItem.from_dict(data)

                    return componentsschemas_video_item_type_1

                videos_item = _parse_videos_item(videos_item_data)

                videos.append(videos_item)

        _transitions = d.pop("transitions", UNSET)
        transitions: list[None | Transition] | Unset = UNSET
        if _transitions is not UNSET:
            transitions = []
            for transitions_item_data in _transitions:

                def _parse_transitions_item(data: object) -> None | Transition:
                    if data is None:
                        return data
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        transitions_item_type_1 = Transition.from_dict(data)

                        return transitions_item_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(None | Transition, data)

                transitions_item = _parse_transitions_item(transitions_item_data)

                transitions.append(transitions_item)

        _overlays = d.pop("overlays", UNSET)
        overlays: list[Overlay] | Unset = UNSET
        if _overlays is not UNSET:
            overlays = []
            for overlays_item_data in _overlays:
                overlays_item = Overlay.from_dict(overlays_item_data)

                overlays.append(overlays_item)

        _voice_overs = d.pop("voiceOvers", UNSET)
        voice_overs: list[VoiceOver] | Unset = UNSET
        if _voice_overs is not UNSET:
            voice_overs = []
            for voice_overs_item_data in _voice_overs:
                voice_overs_item = VoiceOver.from_dict(voice_overs_item_data)

                voice_overs.append(voice_overs_item)

        _music = d.pop("music", UNSET)
        music: list[MusicItem] | Unset = UNSET
        if _music is not UNSET:
            music = []
            for music_item_data in _music:
                music_item = MusicItem.from_dict(music_item_data)

                music.append(music_item)

        timeline = cls(
            videos=videos,
            transitions=transitions,
            overlays=overlays,
            voice_overs=voice_overs,
            music=music,
        )

        return timeline
