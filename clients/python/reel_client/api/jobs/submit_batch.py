from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.batch import Batch
from ...models.batch_from_template import BatchFromTemplate
from ...models.batch_of_specs import BatchOfSpecs
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BatchFromTemplate | BatchOfSpecs,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/batches",
    }

    if isinstance(body, BatchFromTemplate):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Batch | Problem:
    if response.status_code == 202:
        response_202 = Batch.from_dict(response.json())

        return response_202

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Batch | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BatchFromTemplate | BatchOfSpecs,
    idempotency_key: str | Unset = UNSET,
) -> Response[Batch | Problem]:
    """Submit many jobs at once, all or none.

     `{"template": "tpl_…", "rows": [{merge…}, …]}` (a job a row, as `POST /v1/jobs` with `merge`)
    or `{"jobs": [spec, …]}`, at most `limits.batchJobs` (default 1,000), the body at most 16 ×
    `limits.jsonBodyBytes`. Every job is judged as `POST /v1/jobs` would judge it, all before any
    is created: a 422 lists every problem at `/rows/N/…` (a row's merge value at `/rows/N/NAME`, a
    problem of its merged spec at `/rows/N` + the pointer into it) or `/jobs/N/…`, and nothing is
    created. Then every job is created in one transaction (a crash leaves none or all), within
    `limits.queuedJobsPerKey` for the whole batch (429 `too-many-jobs` while the project's queue is
    too full; a batch larger than the limit itself is a 422). `Idempotency-Key` works
    as for jobs. Projects take turns at the workers, so one project's batch does not hold up another
    project's jobs.

    Args:
        idempotency_key (str | Unset):
        body (BatchFromTemplate | BatchOfSpecs):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Batch | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: BatchFromTemplate | BatchOfSpecs,
    idempotency_key: str | Unset = UNSET,
) -> Batch | Problem | None:
    """Submit many jobs at once, all or none.

     `{"template": "tpl_…", "rows": [{merge…}, …]}` (a job a row, as `POST /v1/jobs` with `merge`)
    or `{"jobs": [spec, …]}`, at most `limits.batchJobs` (default 1,000), the body at most 16 ×
    `limits.jsonBodyBytes`. Every job is judged as `POST /v1/jobs` would judge it, all before any
    is created: a 422 lists every problem at `/rows/N/…` (a row's merge value at `/rows/N/NAME`, a
    problem of its merged spec at `/rows/N` + the pointer into it) or `/jobs/N/…`, and nothing is
    created. Then every job is created in one transaction (a crash leaves none or all), within
    `limits.queuedJobsPerKey` for the whole batch (429 `too-many-jobs` while the project's queue is
    too full; a batch larger than the limit itself is a 422). `Idempotency-Key` works
    as for jobs. Projects take turns at the workers, so one project's batch does not hold up another
    project's jobs.

    Args:
        idempotency_key (str | Unset):
        body (BatchFromTemplate | BatchOfSpecs):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Batch | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BatchFromTemplate | BatchOfSpecs,
    idempotency_key: str | Unset = UNSET,
) -> Response[Batch | Problem]:
    """Submit many jobs at once, all or none.

     `{"template": "tpl_…", "rows": [{merge…}, …]}` (a job a row, as `POST /v1/jobs` with `merge`)
    or `{"jobs": [spec, …]}`, at most `limits.batchJobs` (default 1,000), the body at most 16 ×
    `limits.jsonBodyBytes`. Every job is judged as `POST /v1/jobs` would judge it, all before any
    is created: a 422 lists every problem at `/rows/N/…` (a row's merge value at `/rows/N/NAME`, a
    problem of its merged spec at `/rows/N` + the pointer into it) or `/jobs/N/…`, and nothing is
    created. Then every job is created in one transaction (a crash leaves none or all), within
    `limits.queuedJobsPerKey` for the whole batch (429 `too-many-jobs` while the project's queue is
    too full; a batch larger than the limit itself is a 422). `Idempotency-Key` works
    as for jobs. Projects take turns at the workers, so one project's batch does not hold up another
    project's jobs.

    Args:
        idempotency_key (str | Unset):
        body (BatchFromTemplate | BatchOfSpecs):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Batch | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: BatchFromTemplate | BatchOfSpecs,
    idempotency_key: str | Unset = UNSET,
) -> Batch | Problem | None:
    """Submit many jobs at once, all or none.

     `{"template": "tpl_…", "rows": [{merge…}, …]}` (a job a row, as `POST /v1/jobs` with `merge`)
    or `{"jobs": [spec, …]}`, at most `limits.batchJobs` (default 1,000), the body at most 16 ×
    `limits.jsonBodyBytes`. Every job is judged as `POST /v1/jobs` would judge it, all before any
    is created: a 422 lists every problem at `/rows/N/…` (a row's merge value at `/rows/N/NAME`, a
    problem of its merged spec at `/rows/N` + the pointer into it) or `/jobs/N/…`, and nothing is
    created. Then every job is created in one transaction (a crash leaves none or all), within
    `limits.queuedJobsPerKey` for the whole batch (429 `too-many-jobs` while the project's queue is
    too full; a batch larger than the limit itself is a 422). `Idempotency-Key` works
    as for jobs. Projects take turns at the workers, so one project's batch does not hold up another
    project's jobs.

    Args:
        idempotency_key (str | Unset):
        body (BatchFromTemplate | BatchOfSpecs):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Batch | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
