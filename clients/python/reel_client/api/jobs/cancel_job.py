from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.job import Job
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/jobs/{id}/cancel".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Job | Problem:
    if response.status_code == 202:
        response_202 = Job.from_dict(response.json())

        return response_202

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Job | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Job | Problem]:
    """Stop a queued or running job.

     A queued job is canceled at once (the answer shows `canceled`). A running job is asked to stop:
    the answer still shows `running`, and at its next heartbeat the worker stops, discards the
    partial file and marks the job `canceled` (poll the job to see it). A 202 means the job will
    end `canceled`: a render that finishes before it stops is discarded, not recorded. A job
    whose output was already committed answers 409 instead. No body is needed.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Job | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Job | Problem | None:
    """Stop a queued or running job.

     A queued job is canceled at once (the answer shows `canceled`). A running job is asked to stop:
    the answer still shows `running`, and at its next heartbeat the worker stops, discards the
    partial file and marks the job `canceled` (poll the job to see it). A 202 means the job will
    end `canceled`: a render that finishes before it stops is discarded, not recorded. A job
    whose output was already committed answers 409 instead. No body is needed.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Job | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Job | Problem]:
    """Stop a queued or running job.

     A queued job is canceled at once (the answer shows `canceled`). A running job is asked to stop:
    the answer still shows `running`, and at its next heartbeat the worker stops, discards the
    partial file and marks the job `canceled` (poll the job to see it). A 202 means the job will
    end `canceled`: a render that finishes before it stops is discarded, not recorded. A job
    whose output was already committed answers 409 instead. No body is needed.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Job | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Job | Problem | None:
    """Stop a queued or running job.

     A queued job is canceled at once (the answer shows `canceled`). A running job is asked to stop:
    the answer still shows `running`, and at its next heartbeat the worker stops, discards the
    partial file and marks the job `canceled` (poll the job to see it). A 202 means the job will
    end `canceled`: a render that finishes before it stops is discarded, not recorded. A job
    whose output was already committed answers 409 instead. No body is needed.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Job | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
