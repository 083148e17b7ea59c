from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_live_outputs_item import JobLiveOutputsItem


T = TypeVar("T", bound="JobLive")


@_attrs_define
class JobLive:
    """Present while a progressive `hls` job (`output.hls.progressive`, or a progressive one among `outputs`) runs: where
    its output plays as it renders (409 with `Retry-After` until its first segments are written), the same address it
    keeps once done.

        Attributes:
            url (str): `/v1/jobs/{id}/output`, with the API key; for a job with `outputs`, the first progressive one's
                `/v1/jobs/{id}/outputs/{name}`.
            download_url (str | Unset): The same through an output link (no key), valid as long as `output.downloadUrl`
                would be.
            outputs (list[JobLiveOutputsItem] | Unset): A job with `outputs`, each progressive one of them in the spec's
                order.
    """

    url: str
    download_url: str | Unset = UNSET
    outputs: list[JobLiveOutputsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        download_url = self.download_url

        outputs: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.outputs, Unset):
            outputs = []
            for outputs_item_data in self.outputs:
                outputs_item = outputs_item_data.to_dict()
                outputs.append(outputs_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if download_url is not UNSET:
            field_dict["downloadUrl"] = download_url
        if outputs is not UNSET:
            field_dict["outputs"] = outputs

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_live_outputs_item import JobLiveOutputsItem  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        download_url = d.pop("downloadUrl", UNSET)

        _outputs = d.pop("outputs", UNSET)
        outputs: list[JobLiveOutputsItem] | Unset = UNSET
        if _outputs is not UNSET:
            outputs = []
            for outputs_item_data in _outputs:
                outputs_item = JobLiveOutputsItem.from_dict(outputs_item_data)

                outputs.append(outputs_item)

        job_live = cls(
            url=url,
            download_url=download_url,
            outputs=outputs,
        )

        return job_live
