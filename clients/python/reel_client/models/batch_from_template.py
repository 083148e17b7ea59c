from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_webhook import BatchWebhook
    from ..models.merge_values import MergeValues


T = TypeVar("T", bound="BatchFromTemplate")


@_attrs_define
class BatchFromTemplate:
    """
    Attributes:
        template (str): A template of the caller's (`tpl_…`).
        rows (list[MergeValues]): Each row's merge values (as `merge` of `POST /v1/jobs`); one job a row.
        webhook (BatchWebhook | Unset): Told once every job of the batch has ended (the `batch` webhook). Needs the
            server's
            `webhookSecret`; the URL must be one the server may reach, as a job's webhook.
    """

    template: str
    rows: list[MergeValues]
    webhook: BatchWebhook | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template = self.template

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        webhook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "template": template,
                "rows": rows,
            }
        )
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_webhook import BatchWebhook  # noqa: PLC0415
        from ..models.merge_values import MergeValues  # noqa: PLC0415

        d = dict(src_dict)
        template = d.pop("template")

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = MergeValues.from_dict(rows_item_data)

            rows.append(rows_item)

        _webhook = d.pop("webhook", UNSET)
        webhook: BatchWebhook | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = BatchWebhook.from_dict(_webhook)

        batch_from_template = cls(
            template=template,
            rows=rows,
            webhook=webhook,
        )

        return batch_from_template
