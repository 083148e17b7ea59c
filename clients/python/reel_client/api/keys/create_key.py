from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.key_request import KeyRequest
from ...models.new_key import NewKey
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: KeyRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/keys",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> NewKey | Problem:
    if response.status_code == 201:
        response_201 = NewKey.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[NewKey | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: KeyRequest,
) -> Response[NewKey | Problem]:
    """A new key of the caller's project; its secret is in this answer only.

     Rotate a key by making a new one, switching the clients to it, then deleting the old one
    (`DELETE /v1/keys/{id}`): jobs, uploads, templates and batches belong to the project, not to
    a key, so nothing is orphaned. Only the secret's SHA-256 is stored.

    Args:
        body (KeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewKey | Problem]
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
    body: KeyRequest,
) -> NewKey | Problem | None:
    """A new key of the caller's project; its secret is in this answer only.

     Rotate a key by making a new one, switching the clients to it, then deleting the old one
    (`DELETE /v1/keys/{id}`): jobs, uploads, templates and batches belong to the project, not to
    a key, so nothing is orphaned. Only the secret's SHA-256 is stored.

    Args:
        body (KeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewKey | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: KeyRequest,
) -> Response[NewKey | Problem]:
    """A new key of the caller's project; its secret is in this answer only.

     Rotate a key by making a new one, switching the clients to it, then deleting the old one
    (`DELETE /v1/keys/{id}`): jobs, uploads, templates and batches belong to the project, not to
    a key, so nothing is orphaned. Only the secret's SHA-256 is stored.

    Args:
        body (KeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewKey | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: KeyRequest,
) -> NewKey | Problem | None:
    """A new key of the caller's project; its secret is in this answer only.

     Rotate a key by making a new one, switching the clients to it, then deleting the old one
    (`DELETE /v1/keys/{id}`): jobs, uploads, templates and batches belong to the project, not to
    a key, so nothing is orphaned. Only the secret's SHA-256 is stored.

    Args:
        body (KeyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewKey | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
