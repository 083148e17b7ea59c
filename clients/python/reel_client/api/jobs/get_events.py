from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/events",
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
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """Every job of the caller's key as Server-Sent Events, from now on or since the last seen.

     As `GET /v1/jobs/{id}/events`, for every job of the key, without end: an event on each
    change of any of them, from the moment the stream opens. With `Last-Event-ID`, first every
    job changed since that event, once each, as it is now, in the order of their last change
    (`0`: all of the key's jobs). A job deleted is not announced here.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """Every job of the caller's key as Server-Sent Events, from now on or since the last seen.

     As `GET /v1/jobs/{id}/events`, for every job of the key, without end: an event on each
    change of any of them, from the moment the stream opens. With `Last-Event-ID`, first every
    job changed since that event, once each, as it is now, in the order of their last change
    (`0`: all of the key's jobs). A job deleted is not announced here.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """Every job of the caller's key as Server-Sent Events, from now on or since the last seen.

     As `GET /v1/jobs/{id}/events`, for every job of the key, without end: an event on each
    change of any of them, from the moment the stream opens. With `Last-Event-ID`, first every
    job changed since that event, once each, as it is now, in the order of their last change
    (`0`: all of the key's jobs). A job deleted is not announced here.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """Every job of the caller's key as Server-Sent Events, from now on or since the last seen.

     As `GET /v1/jobs/{id}/events`, for every job of the key, without end: an event on each
    change of any of them, from the moment the stream opens. With `Last-Event-ID`, first every
    job changed since that event, once each, as it is now, in the order of their last change
    (`0`: all of the key's jobs). A job deleted is not announced here.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed
