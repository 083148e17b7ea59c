from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/jobs/{id}/events".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | str]:
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
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The job's changes as Server-Sent Events, until it can change no more.

     A `text/event-stream` (docs/API.md, *Watching jobs*): first the job as it is now (unless `Last-
    Event-ID`
    says the client has seen it), then an event on every change: status, each progress step
    (with the lease's beat, at most 4 a second), output, destinations. Each event is
    `event: job`, `id:` the change's number (rising), and `data:` the job as `GET /v1/jobs` lists
    it (without its spec). The stream ends after the event in which the job has finished and
    has no destination copy left to make; a job deleted meanwhile ends it with `event: deleted`
    (`data: {"id": …}`). A comment (`: heartbeat`) is sent after `eventHeartbeatSeconds` of quiet.
    A client more than `limits.eventBufferBytes` behind is disconnected; it resumes with
    `Last-Event-ID` and misses nothing. The response is chunked (HTTP/1.1) and open while the
    job runs, on any node of a cluster.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """The job's changes as Server-Sent Events, until it can change no more.

     A `text/event-stream` (docs/API.md, *Watching jobs*): first the job as it is now (unless `Last-
    Event-ID`
    says the client has seen it), then an event on every change: status, each progress step
    (with the lease's beat, at most 4 a second), output, destinations. Each event is
    `event: job`, `id:` the change's number (rising), and `data:` the job as `GET /v1/jobs` lists
    it (without its spec). The stream ends after the event in which the job has finished and
    has no destination copy left to make; a job deleted meanwhile ends it with `event: deleted`
    (`data: {"id": …}`). A comment (`: heartbeat`) is sent after `eventHeartbeatSeconds` of quiet.
    A client more than `limits.eventBufferBytes` behind is disconnected; it resumes with
    `Last-Event-ID` and misses nothing. The response is chunked (HTTP/1.1) and open while the
    job runs, on any node of a cluster.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        id=id,
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The job's changes as Server-Sent Events, until it can change no more.

     A `text/event-stream` (docs/API.md, *Watching jobs*): first the job as it is now (unless `Last-
    Event-ID`
    says the client has seen it), then an event on every change: status, each progress step
    (with the lease's beat, at most 4 a second), output, destinations. Each event is
    `event: job`, `id:` the change's number (rising), and `data:` the job as `GET /v1/jobs` lists
    it (without its spec). The stream ends after the event in which the job has finished and
    has no destination copy left to make; a job deleted meanwhile ends it with `event: deleted`
    (`data: {"id": …}`). A comment (`: heartbeat`) is sent after `eventHeartbeatSeconds` of quiet.
    A client more than `limits.eventBufferBytes` behind is disconnected; it resumes with
    `Last-Event-ID` and misses nothing. The response is chunked (HTTP/1.1) and open while the
    job runs, on any node of a cluster.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """The job's changes as Server-Sent Events, until it can change no more.

     A `text/event-stream` (docs/API.md, *Watching jobs*): first the job as it is now (unless `Last-
    Event-ID`
    says the client has seen it), then an event on every change: status, each progress step
    (with the lease's beat, at most 4 a second), output, destinations. Each event is
    `event: job`, `id:` the change's number (rising), and `data:` the job as `GET /v1/jobs` lists
    it (without its spec). The stream ends after the event in which the job has finished and
    has no destination copy left to make; a job deleted meanwhile ends it with `event: deleted`
    (`data: {"id": …}`). A comment (`: heartbeat`) is sent after `eventHeartbeatSeconds` of quiet.
    A client more than `limits.eventBufferBytes` behind is disconnected; it resumes with
    `Last-Event-ID` and misses nothing. The response is chunked (HTTP/1.1) and open while the
    job runs, on any node of a cluster.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed
