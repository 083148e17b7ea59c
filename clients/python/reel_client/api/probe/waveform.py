from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.waveform import Waveform
from ...models.waveform_request import WaveformRequest
from ...types import Response


def _get_kwargs(
    *,
    body: WaveformRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/waveform",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Waveform:
    if response.status_code == 200:
        response_200 = Waveform.from_dict(response.json())

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
) -> Response[Problem | Waveform]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WaveformRequest,
) -> Response[Problem | Waveform]:
    """A source's audio as min/max peaks per channel.

     For drawing a clip's sound (audiowaveform's idea): the source's best audio stream at its own
    sample rate and channel count, in points of `pointsPerSecond` (default 100); point k of a
    channel covers the samples ⌊k·sampleRate/pointsPerSecond⌋ up to the next point's, and `peaks`
    holds, per channel, its minimum and maximum sample (−1…1) for each point in turn. `src`
    follows the spec's source rules. The same file at the same density is answered from a cache
    (a file is known by its path, size and modification time).

    Args:
        body (WaveformRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Waveform]
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
    body: WaveformRequest,
) -> Problem | Waveform | None:
    """A source's audio as min/max peaks per channel.

     For drawing a clip's sound (audiowaveform's idea): the source's best audio stream at its own
    sample rate and channel count, in points of `pointsPerSecond` (default 100); point k of a
    channel covers the samples ⌊k·sampleRate/pointsPerSecond⌋ up to the next point's, and `peaks`
    holds, per channel, its minimum and maximum sample (−1…1) for each point in turn. `src`
    follows the spec's source rules. The same file at the same density is answered from a cache
    (a file is known by its path, size and modification time).

    Args:
        body (WaveformRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Waveform
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WaveformRequest,
) -> Response[Problem | Waveform]:
    """A source's audio as min/max peaks per channel.

     For drawing a clip's sound (audiowaveform's idea): the source's best audio stream at its own
    sample rate and channel count, in points of `pointsPerSecond` (default 100); point k of a
    channel covers the samples ⌊k·sampleRate/pointsPerSecond⌋ up to the next point's, and `peaks`
    holds, per channel, its minimum and maximum sample (−1…1) for each point in turn. `src`
    follows the spec's source rules. The same file at the same density is answered from a cache
    (a file is known by its path, size and modification time).

    Args:
        body (WaveformRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Waveform]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: WaveformRequest,
) -> Problem | Waveform | None:
    """A source's audio as min/max peaks per channel.

     For drawing a clip's sound (audiowaveform's idea): the source's best audio stream at its own
    sample rate and channel count, in points of `pointsPerSecond` (default 100); point k of a
    channel covers the samples ⌊k·sampleRate/pointsPerSecond⌋ up to the next point's, and `peaks`
    holds, per channel, its minimum and maximum sample (−1…1) for each point in turn. `src`
    follows the spec's source rules. The same file at the same density is answered from a cache
    (a file is known by its path, size and modification time).

    Args:
        body (WaveformRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Waveform
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
