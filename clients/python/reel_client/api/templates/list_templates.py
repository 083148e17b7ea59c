from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.list_templates_include import ListTemplatesInclude
from ...models.list_templates_response_200 import ListTemplatesResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListTemplatesInclude | Unset = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_include: str | Unset = UNSET
    if not isinstance(include, Unset):
        json_include = include.value

    params["include"] = json_include

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/templates",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListTemplatesResponse200 | Problem:
    if response.status_code == 200:
        response_200 = ListTemplatesResponse200.from_dict(response.json())

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
) -> Response[ListTemplatesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListTemplatesInclude | Unset = UNSET,
) -> Response[ListTemplatesResponse200 | Problem]:
    """The caller's templates, newest first.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        include (ListTemplatesInclude | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListTemplatesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
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
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListTemplatesInclude | Unset = UNSET,
) -> ListTemplatesResponse200 | Problem | None:
    """The caller's templates, newest first.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        include (ListTemplatesInclude | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListTemplatesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        include=include,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListTemplatesInclude | Unset = UNSET,
) -> Response[ListTemplatesResponse200 | Problem]:
    """The caller's templates, newest first.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        include (ListTemplatesInclude | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListTemplatesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        include=include,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    include: ListTemplatesInclude | Unset = UNSET,
) -> ListTemplatesResponse200 | Problem | None:
    """The caller's templates, newest first.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        include (ListTemplatesInclude | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListTemplatesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            include=include,
        )
    ).parsed
