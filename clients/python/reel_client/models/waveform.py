from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Waveform")


@_attrs_define
class Waveform:
    """
    Attributes:
        sample_rate (int):
        points_per_second (int):
        channels (int):
        length (int): Points per channel.
        peaks (list[list[float]]): Per channel, min and max of each point in turn (2 × length numbers, −1…1).
    """

    sample_rate: int
    points_per_second: int
    channels: int
    length: int
    peaks: list[list[float]]

    def to_dict(self) -> dict[str, Any]:
        sample_rate = self.sample_rate

        points_per_second = self.points_per_second

        channels = self.channels

        length = self.length

        peaks = []
        for peaks_item_data in self.peaks:
            peaks_item = peaks_item_data

            peaks.append(peaks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sampleRate": sample_rate,
                "pointsPerSecond": points_per_second,
                "channels": channels,
                "length": length,
                "peaks": peaks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sample_rate = d.pop("sampleRate")

        points_per_second = d.pop("pointsPerSecond")

        channels = d.pop("channels")

        length = d.pop("length")

        peaks = []
        _peaks = d.pop("peaks")
        for peaks_item_data in _peaks:
            peaks_item = cast(list[float], peaks_item_data)

            peaks.append(peaks_item)

        waveform = cls(
            sample_rate=sample_rate,
            points_per_second=points_per_second,
            channels=channels,
            length=length,
            peaks=peaks,
        )

        return waveform
