from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.loudness_target_type_1 import LoudnessTargetType1
from ..types import UNSET, Unset

T = TypeVar("T", bound="Loudness")


@_attrs_define
class Loudness:
    """The mix brought to a loudness: measured over the whole output (ITU-R BS.1770-4 integrated
    loudness, gated), gained to `target`, with a true-peak limiter (look-ahead, ×4 oversampled)
    holding it at or under `truePeak`; measured again through the output's codec until both hold
    (within 0.2 LU). The job's `output.loudness` reports the output as written. Not for outputs
    without audio (gif, png, jpg).

        Attributes:
            target (float | LoudnessTargetType1): LUFS, or a name: `streaming` −14, `podcast` −16, `broadcast` −23 (EBU
                R128), `atsc` −24.
            true_peak (float | Unset): The ceiling, dBTP. Default: -1.0.
    """

    target: float | LoudnessTargetType1
    true_peak: float | Unset = -1.0

    def to_dict(self) -> dict[str, Any]:
        target: float | str
        if isinstance(self.target, LoudnessTargetType1):
            target = self.target.value
        else:
            target = self.target

        true_peak = self.true_peak

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target": target,
            }
        )
        if true_peak is not UNSET:
            field_dict["truePeak"] = true_peak

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_target(data: object) -> float | LoudnessTargetType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                target_type_1 = LoudnessTargetType1(data)

                return target_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(float | LoudnessTargetType1, data)

        target = _parse_target(d.pop("target"))

        true_peak = d.pop("truePeak", UNSET)

        loudness = cls(
            target=target,
            true_peak=true_peak,
        )

        return loudness
