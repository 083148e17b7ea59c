from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors_item import ProblemErrorsItem


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """RFC 9457 problem details, served as `application/problem+json`. Types used:
    `urn:reel:problem:validation` (422), `urn:reel:problem:idempotency-key-reused` (422),
    `urn:reel:problem:not-media` (422), `urn:reel:problem:not-found` (404),
    `urn:reel:problem:method-not-allowed` (405), `urn:reel:problem:output-not-ready` (409),
    `urn:reel:problem:no-picture` (409), `urn:reel:problem:job-finished` (409),
    `urn:reel:problem:output-expired` (410), `urn:reel:problem:output-gone` (410),
    `urn:reel:problem:range-not-satisfiable` (416),
    `urn:reel:problem:unauthorized` (401), `urn:reel:problem:too-many-jobs` (429),
    `urn:reel:problem:job-too-large` (422), `urn:reel:problem:asset-in-use` (409),
    `urn:reel:problem:too-many-requests` (429),
    `urn:reel:problem:store-busy` (503), `urn:reel:problem:store-read-only` (503),
    `urn:reel:problem:store-unavailable` (503), `urn:reel:problem:storage-unavailable` (503),
    `urn:reel:problem:engine-busy` (503), `urn:reel:problem:engine-limit` (503),
    `urn:reel:problem:preview-unavailable` (503),
    `urn:reel:problem:insufficient-storage` (507), `urn:reel:problem:internal` (500), and
    `urn:reel:problem:http-<status>` for what the HTTP layer
    refuses itself (400, 408, 411, 413, 414, 415, 431, 503, 505).

        Attributes:
            type_ (str):
            title (str): Short and the same for every problem of a type.
            status (int):
            detail (str): This occurrence, in a sentence.
            instance (str | Unset): The request's id, as in its `X-Request-Id` header and the server's log line.
            errors (list[ProblemErrorsItem] | Unset): For validation problems: every problem found, each with an RFC 6901
                pointer into the request
                body (`""` is the whole body) — or, for a query parameter, `/` and the parameter's name.
    """

    type_: str
    title: str
    status: int
    detail: str
    instance: str | Unset = UNSET
    errors: list[ProblemErrorsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        instance = self.instance

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
            }
        )
        if instance is not UNSET:
            field_dict["instance"] = instance
        if errors is not UNSET:
            field_dict["errors"] = errors

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors_item import ProblemErrorsItem  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        instance = d.pop("instance", UNSET)

        _errors = d.pop("errors", UNSET)
        errors: list[ProblemErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ProblemErrorsItem.from_dict(errors_item_data)

                errors.append(errors_item)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            instance=instance,
            errors=errors,
        )

        problem.additional_properties = d
        return problem

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
