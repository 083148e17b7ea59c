from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="JobOutputLoudness")


@_attrs_define
class JobOutputLoudness:
    """For a spec with `output.audio.loudness`: the output's audio as written (decoded after the codec), measured by ITU-R
    BS.1770-4; null values for silence.

        Attributes:
            integrated (float | None): Integrated loudness, LUFS.
            true_peak (float | None): The highest true peak of any channel, dBTP.
            range_ (float | None): Loudness range, LU.
    """

    integrated: float | None
    true_peak: float | None
    range_: float | None

    def to_dict(self) -> dict[str, Any]:
        integrated: float | None
        integrated = self.integrated

        true_peak: float | None
        true_peak = self.true_peak

        range_: float | None
        range_ = self.range_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "integrated": integrated,
                "truePeak": true_peak,
                "range": range_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_integrated(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        integrated = _parse_integrated(d.pop("integrated"))

        def _parse_true_peak(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        true_peak = _parse_true_peak(d.pop("truePeak"))

        def _parse_range_(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        range_ = _parse_range_(d.pop("range"))

        job_output_loudness = cls(
            integrated=integrated,
            true_peak=true_peak,
            range_=range_,
        )

        return job_output_loudness
