from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="JobError")


@_attrs_define
class JobError:
    """
    Attributes:
        code (str): Machine-readable reason: `render_failed` (encoding or writing failed; retried while attempts
            remain unless the encoder refused its settings), `source_failed` (a source could not be
            decoded; retried only when the cause was the network or the machine), `source_unavailable`
            (a source's server answered 5xx, timed out or refused the connection; retried), `invalid`
            (the spec no longer plans, e.g. a source was removed after submission), `canceled` (canceled by a client),
            `lease_expired` (the worker stopped renewing its lease, e.g. its process died, on the last
            allowed attempt). A queued job may still show the error of its previous attempt.
        message (str): A sentence for people, with the spec pointer when one applies.
    """

    code: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        job_error = cls(
            code=code,
            message=message,
        )

        return job_error
