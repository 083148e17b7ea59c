from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_webhook import BatchWebhook


T = TypeVar("T", bound="BatchOfSpecs")


@_attrs_define
class BatchOfSpecs:
    """
    Attributes:
        jobs (list[Any]): One spec a job.
        webhook (BatchWebhook | Unset): Told once every job of the batch has ended (the `batch` webhook). Needs the
            server's
            `webhookSecret`; the URL must be one the server may reach, as a job's webhook.
    """

    jobs: list[Any]
    webhook: BatchWebhook | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        jobs = []
        for jobs_item_data in self.jobs:
            jobs_item: Any
            jobs_item = jobs_item_data
            jobs.append(jobs_item)

        webhook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "jobs": jobs,
            }
        )
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_webhook import BatchWebhook  # noqa: PLC0415

        d = dict(src_dict)
        jobs = []
        _jobs = d.pop("jobs")
        for jobs_item_data in _jobs:

            def _parse_jobs_item(data: object) -> Any:
                return cast(Any, data)

            jobs_item = _parse_jobs_item(jobs_item_data)

            jobs.append(jobs_item)

        _webhook = d.pop("webhook", UNSET)
        webhook: BatchWebhook | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = BatchWebhook.from_dict(_webhook)

        batch_of_specs = cls(
            jobs=jobs,
            webhook=webhook,
        )

        return batch_of_specs
