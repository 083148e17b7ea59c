from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.media_info import MediaInfo
from ...models.probe_request import ProbeRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: ProbeRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/probe",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MediaInfo | Problem:
    if response.status_code == 200:
        response_200 = MediaInfo.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[MediaInfo | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ProbeRequest,
) -> Response[MediaInfo | Problem]:
    """Describe a media source.

     `src` follows the spec's source rules: a relative path under the media root, `upload:ID`, or
    an http(s) URL on a public host (or one `allowedHosts` lists), fetched once into the node's cache.
    Answers what `reel probe` prints.

    Args:
        body (ProbeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MediaInfo | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ProbeRequest,
) -> MediaInfo | Problem | None:
    """Describe a media source.

     `src` follows the spec's source rules: a relative path under the media root, `upload:ID`, or
    an http(s) URL on a public host (or one `allowedHosts` lists), fetched once into the node's cache.
    Answers what `reel probe` prints.

    Args:
        body (ProbeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MediaInfo | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ProbeRequest,
) -> Response[MediaInfo | Problem]:
    """Describe a media source.

     `src` follows the spec's source rules: a relative path under the media root, `upload:ID`, or
    an http(s) URL on a public host (or one `allowedHosts` lists), fetched once into the node's cache.
    Answers what `reel probe` prints.

    Args:
        body (ProbeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MediaInfo | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ProbeRequest,
) -> MediaInfo | Problem | None:
    """Describe a media source.

     `src` follows the spec's source rules: a relative path under the media root, `upload:ID`, or
    an http(s) URL on a public host (or one `allowedHosts` lists), fetched once into the node's cache.
    Answers what `reel probe` prints.

    Args:
        body (ProbeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MediaInfo | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
