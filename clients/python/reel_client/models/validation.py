from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.validation_errors_item import ValidationErrorsItem
    from ..models.validation_output import ValidationOutput


T = TypeVar("T", bound="Validation")


@_attrs_define
class Validation:
    """The verdict on a spec (`POST /v1/validate`'s 200, and what `reel validate --json` prints):
    what a valid spec makes, or `valid` false with every problem in `errors`.

        Attributes:
            valid (bool):
            errors (list[ValidationErrorsItem]): Every problem, each at its JSON pointer; empty when valid.
            duration (float | Unset): The output's length in seconds (exact decimal when it has one).
            frames (int | Unset): Video frames the output will have (0 for `m4a`).
            output (ValidationOutput | Unset):
    """

    valid: bool
    errors: list[ValidationErrorsItem]
    duration: float | Unset = UNSET
    frames: int | Unset = UNSET
    output: ValidationOutput | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        valid = self.valid

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        duration = self.duration

        frames = self.frames

        output: dict[str, Any] | Unset = UNSET
        if not isinstance(self.output, Unset):
            output = self.output.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "valid": valid,
                "errors": errors,
            }
        )
        if duration is not UNSET:
            field_dict["duration"] = duration
        if frames is not UNSET:
            field_dict["frames"] = frames
        if output is not UNSET:
            field_dict["output"] = output

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.validation_errors_item import (
            ValidationErrorsItem,  # noqa: PLC0415
        )
        from ..models.validation_output import ValidationOutput  # noqa: PLC0415

        d = dict(src_dict)
        valid = d.pop("valid")

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = ValidationErrorsItem.from_dict(errors_item_data)

            errors.append(errors_item)

        duration = d.pop("duration", UNSET)

        frames = d.pop("frames", UNSET)

        _output = d.pop("output", UNSET)
        output: ValidationOutput | Unset
        if isinstance(_output, Unset):
            output = UNSET
        else:
            output = ValidationOutput.from_dict(_output)

        validation = cls(
            valid=valid,
            errors=errors,
            duration=duration,
            frames=frames,
            output=output,
        )

        return validation
