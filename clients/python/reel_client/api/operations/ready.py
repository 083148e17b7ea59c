from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.readiness import Readiness
from ...types import Response


def _get_kwargs() -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/readyz",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Readiness | None:
    if response.status_code == 200:
        response_200 = Readiness.from_dict(response.json())

        return response_200

    if response.status_code == 503:
        response_503 = Readiness.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Readiness]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Readiness]:
    """Readiness (open to callers without a key).

     200 when the server can take work: the job store can be written within a second (SQLite:
    a change to a row of its own is committed and checkpointed into the file, so a file made
    read-only or immutable under the server is found; PostgreSQL: the server is reachable and
    not read-only), the bucket of uploads and outputs answers (S3 storage: one listing, tried
    once), and the data directory's disk has at least 16 MiB free. Otherwise 503 with
    `Retry-After` and the problems (`store`: `locked by another writer`, `read-only`, `full`,
    `unreachable` or `failing`; `storage`: `unavailable` or `failing`). `/healthz` is liveness only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Readiness]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Readiness | None:
    """Readiness (open to callers without a key).

     200 when the server can take work: the job store can be written within a second (SQLite:
    a change to a row of its own is committed and checkpointed into the file, so a file made
    read-only or immutable under the server is found; PostgreSQL: the server is reachable and
    not read-only), the bucket of uploads and outputs answers (S3 storage: one listing, tried
    once), and the data directory's disk has at least 16 MiB free. Otherwise 503 with
    `Retry-After` and the problems (`store`: `locked by another writer`, `read-only`, `full`,
    `unreachable` or `failing`; `storage`: `unavailable` or `failing`). `/healthz` is liveness only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Readiness
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Readiness]:
    """Readiness (open to callers without a key).

     200 when the server can take work: the job store can be written within a second (SQLite:
    a change to a row of its own is committed and checkpointed into the file, so a file made
    read-only or immutable under the server is found; PostgreSQL: the server is reachable and
    not read-only), the bucket of uploads and outputs answers (S3 storage: one listing, tried
    once), and the data directory's disk has at least 16 MiB free. Otherwise 503 with
    `Retry-After` and the problems (`store`: `locked by another writer`, `read-only`, `full`,
    `unreachable` or `failing`; `storage`: `unavailable` or `failing`). `/healthz` is liveness only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Readiness]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Readiness | None:
    """Readiness (open to callers without a key).

     200 when the server can take work: the job store can be written within a second (SQLite:
    a change to a row of its own is committed and checkpointed into the file, so a file made
    read-only or immutable under the server is found; PostgreSQL: the server is reachable and
    not read-only), the bucket of uploads and outputs answers (S3 storage: one listing, tried
    once), and the data directory's disk has at least 16 MiB free. Otherwise 503 with
    `Retry-After` and the problems (`store`: `locked by another writer`, `read-only`, `full`,
    `unreachable` or `failing`; `storage`: `unavailable` or `failing`). `/healthz` is liveness only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Readiness
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
