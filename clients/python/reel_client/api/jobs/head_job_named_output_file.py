from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    output: str,
    name: str,
    *,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
    range_: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(range_, Unset):
        headers["Range"] = range_

    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["expires"] = expires

    params["signature"] = signature

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "head",
        "url": "/v1/jobs/{id}/outputs/{output}/{name}".format(
            id=quote(str(id), safe=""),
            output=quote(str(output), safe=""),
            name=quote(str(name), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | None:
    if response.status_code == 200:
        return None

    if response.status_code == 206:
        return None

    if response.status_code == 302:
        return None

    if response.status_code == 304:
        return None

    if response.status_code == 400:
        return None

    if response.status_code == 401:
        return None

    if response.status_code == 403:
        return None

    if response.status_code == 404:
        return None

    if response.status_code == 409:
        return None

    if response.status_code == 410:
        return None

    if response.status_code == 416:
        return None

    if response.status_code == 422:
        return None

    if response.status_code == 429:
        return None

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    output: str,
    name: str,
    *,
    client: AuthenticatedClient,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
    range_: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any]:
    """The headers a GET of the file would send, without the body.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).
        name (str):
        expires (int | Unset):
        signature (str | Unset):
        range_ (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        id=id,
        output=output,
        name=name,
        expires=expires,
        signature=signature,
        range_=range_,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


async def asyncio_detailed(
    id: str,
    output: str,
    name: str,
    *,
    client: AuthenticatedClient,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
    range_: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any]:
    """The headers a GET of the file would send, without the body.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).
        name (str):
        expires (int | Unset):
        signature (str | Unset):
        range_ (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        id=id,
        output=output,
        name=name,
        expires=expires,
        signature=signature,
        range_=range_,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)
