from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: str,
    output: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "options",
        "url": "/v1/jobs/{id}/outputs/{output}".format(
            id=quote(str(id), safe=""),
            output=quote(str(output), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    output: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Problem]:
    """The allowed methods, and a CORS preflight answer when `corsOrigins` allows the Origin.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        output=output,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    output: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Problem | None:
    """The allowed methods, and a CORS preflight answer when `corsOrigins` allows the Origin.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        id=id,
        output=output,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    output: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Problem]:
    """The allowed methods, and a CORS preflight answer when `corsOrigins` allows the Origin.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        output=output,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    output: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Problem | None:
    """The allowed methods, and a CORS preflight answer when `corsOrigins` allows the Origin.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            output=output,
            client=client,
        )
    ).parsed
