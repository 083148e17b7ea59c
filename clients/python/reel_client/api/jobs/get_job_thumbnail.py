from http import HTTPStatus
from io import BytesIO
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    id: str,
    *,
    time: str | Unset = UNSET,
    output: str | Unset = UNSET,
    width: int | Unset = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    params["time"] = time

    params["output"] = output

    params["width"] = width

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/jobs/{id}/thumbnail".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> File | Problem:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())

        return response_410

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[File | Problem]:
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
    time: str | Unset = UNSET,
    output: str | Unset = UNSET,
    width: int | Unset = UNSET,
) -> Response[File | Problem]:
    """A JPEG of the output at a time.

     The frame shown at `time` (as AVAssetImageGenerator with zero tolerance: the last frame whose
    time is at or before `time`), scaled to `width` with the output's aspect ratio kept. Drawn
    in an engine process (the output was made from untrusted input), as previews are.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        time (str | Unset): A `TimeString` without a sign.
        output (str | Unset): An output's name among a spec's `outputs`: 1 to 32 lowercase
            letters, digits, hyphens or underscores, starting with a letter or digit (it goes into
            URLs, file names and bucket keys).
        width (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        time=time,
        output=output,
        width=width,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    time: str | Unset = UNSET,
    output: str | Unset = UNSET,
    width: int | Unset = UNSET,
) -> File | Problem | None:
    """A JPEG of the output at a time.

     The frame shown at `time` (as AVAssetImageGenerator with zero tolerance: the last frame whose
    time is at or before `time`), scaled to `width` with the output's aspect ratio kept. Drawn
    in an engine process (the output was made from untrusted input), as previews are.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        time (str | Unset): A `TimeString` without a sign.
        output (str | Unset): An output's name among a spec's `outputs`: 1 to 32 lowercase
            letters, digits, hyphens or underscores, starting with a letter or digit (it goes into
            URLs, file names and bucket keys).
        width (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        time=time,
        output=output,
        width=width,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    time: str | Unset = UNSET,
    output: str | Unset = UNSET,
    width: int | Unset = UNSET,
) -> Response[File | Problem]:
    """A JPEG of the output at a time.

     The frame shown at `time` (as AVAssetImageGenerator with zero tolerance: the last frame whose
    time is at or before `time`), scaled to `width` with the output's aspect ratio kept. Drawn
    in an engine process (the output was made from untrusted input), as previews are.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        time (str | Unset): A `TimeString` without a sign.
        output (str | Unset): An output's name among a spec's `outputs`: 1 to 32 lowercase
            letters, digits, hyphens or underscores, starting with a letter or digit (it goes into
            URLs, file names and bucket keys).
        width (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        time=time,
        output=output,
        width=width,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    time: str | Unset = UNSET,
    output: str | Unset = UNSET,
    width: int | Unset = UNSET,
) -> File | Problem | None:
    """A JPEG of the output at a time.

     The frame shown at `time` (as AVAssetImageGenerator with zero tolerance: the last frame whose
    time is at or before `time`), scaled to `width` with the output's aspect ratio kept. Drawn
    in an engine process (the output was made from untrusted input), as previews are.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        time (str | Unset): A `TimeString` without a sign.
        output (str | Unset): An output's name among a spec's `outputs`: 1 to 32 lowercase
            letters, digits, hyphens or underscores, starting with a letter or digit (it goes into
            URLs, file names and bucket keys).
        width (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            time=time,
            output=output,
            width=width,
        )
    ).parsed
