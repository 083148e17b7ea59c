from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.job_list import JobList
from ...models.job_status import JobStatus
from ...models.list_jobs_include import ListJobsInclude
from ...models.list_jobs_metadata import ListJobsMetadata
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: JobStatus | Unset = UNSET,
    batch: str | Unset = UNSET,
    metadata: ListJobsMetadata | Unset = UNSET,
    q: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListJobsInclude | Unset = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["batch"] = batch

    json_metadata: dict[str, Any] | Unset = UNSET
    if not isinstance(metadata, Unset):
        json_metadata = metadata.to_dict()
    if not isinstance(json_metadata, Unset):
        params.update(json_metadata)

    params["q"] = q

    params["limit"] = limit

    params["cursor"] = cursor

    json_include: str | Unset = UNSET
    if not isinstance(include, Unset):
        json_include = include.value

    params["include"] = json_include

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/jobs",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> JobList | Problem:
    if response.status_code == 200:
        response_200 = JobList.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[JobList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: JobStatus | Unset = UNSET,
    batch: str | Unset = UNSET,
    metadata: ListJobsMetadata | Unset = UNSET,
    q: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListJobsInclude | Unset = UNSET,
) -> Response[JobList | Problem]:
    """List jobs, newest first.

    Args:
        status (JobStatus | Unset): `queued` → `running` → `succeeded` | `failed` | `canceled`. A
            running job whose attempt failed
            for a passing reason (`render_failed`) or whose worker stopped renewing its lease goes
            back to
            `queued` while attempts remain. The last three are final.
        batch (str | Unset): `bat_` followed by a 26-character ULID.
        metadata (ListJobsMetadata | Unset):
        q (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        include (ListJobsInclude | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobList | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        batch=batch,
        metadata=metadata,
        q=q,
        limit=limit,
        cursor=cursor,
        include=include,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    status: JobStatus | Unset = UNSET,
    batch: str | Unset = UNSET,
    metadata: ListJobsMetadata | Unset = UNSET,
    q: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListJobsInclude | Unset = UNSET,
) -> JobList | Problem | None:
    """List jobs, newest first.

    Args:
        status (JobStatus | Unset): `queued` → `running` → `succeeded` | `failed` | `canceled`. A
            running job whose attempt failed
            for a passing reason (`render_failed`) or whose worker stopped renewing its lease goes
            back to
            `queued` while attempts remain. The last three are final.
        batch (str | Unset): `bat_` followed by a 26-character ULID.
        metadata (ListJobsMetadata | Unset):
        q (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        include (ListJobsInclude | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobList | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        batch=batch,
        metadata=metadata,
        q=q,
        limit=limit,
        cursor=cursor,
        include=include,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: JobStatus | Unset = UNSET,
    batch: str | Unset = UNSET,
    metadata: ListJobsMetadata | Unset = UNSET,
    q: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListJobsInclude | Unset = UNSET,
) -> Response[JobList | Problem]:
    """List jobs, newest first.

    Args:
        status (JobStatus | Unset): `queued` → `running` → `succeeded` | `failed` | `canceled`. A
            running job whose attempt failed
            for a passing reason (`render_failed`) or whose worker stopped renewing its lease goes
            back to
            `queued` while attempts remain. The last three are final.
        batch (str | Unset): `bat_` followed by a 26-character ULID.
        metadata (ListJobsMetadata | Unset):
        q (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        include (ListJobsInclude | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobList | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        batch=batch,
        metadata=metadata,
        q=q,
        limit=limit,
        cursor=cursor,
        include=include,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: JobStatus | Unset = UNSET,
    batch: str | Unset = UNSET,
    metadata: ListJobsMetadata | Unset = UNSET,
    q: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListJobsInclude | Unset = UNSET,
) -> JobList | Problem | None:
    """List jobs, newest first.

    Args:
        status (JobStatus | Unset): `queued` → `running` → `succeeded` | `failed` | `canceled`. A
            running job whose attempt failed
            for a passing reason (`render_failed`) or whose worker stopped renewing its lease goes
            back to
            `queued` while attempts remain. The last three are final.
        batch (str | Unset): `bat_` followed by a 26-character ULID.
        metadata (ListJobsMetadata | Unset):
        q (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        include (ListJobsInclude | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobList | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            batch=batch,
            metadata=metadata,
            q=q,
            limit=limit,
            cursor=cursor,
            include=include,
        )
    ).parsed
