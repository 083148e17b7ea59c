from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: File,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    params["expires"] = expires

    params["signature"] = signature

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/uploads/{id}".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["content"] = body.payload
    headers["Content-Type"] = "application/octet-stream"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    response_default = Problem.from_dict(response.json())

    return response_default


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
    *,
    client: AuthenticatedClient | Client,
    body: File,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
) -> Response[Any | Problem]:
    """The bytes of a direct upload on local storage, authorised by the URL's signature.

     The `upload.url` that `POST /v1/uploads` answered on local storage; no API key. A tampered or
    expired signature is 403; a body of another size than announced is 422. The asset stays
    `uploading` (a PUT may be repeated) until `POST /v1/assets/{id}/complete`.

    Args:
        id (str): `asset_` followed by a 26-character ULID.
        expires (int | Unset):
        signature (str | Unset):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        expires=expires,
        signature=signature,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: File,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
) -> Any | Problem | None:
    """The bytes of a direct upload on local storage, authorised by the URL's signature.

     The `upload.url` that `POST /v1/uploads` answered on local storage; no API key. A tampered or
    expired signature is 403; a body of another size than announced is 422. The asset stays
    `uploading` (a PUT may be repeated) until `POST /v1/assets/{id}/complete`.

    Args:
        id (str): `asset_` followed by a 26-character ULID.
        expires (int | Unset):
        signature (str | Unset):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        expires=expires,
        signature=signature,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: File,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
) -> Response[Any | Problem]:
    """The bytes of a direct upload on local storage, authorised by the URL's signature.

     The `upload.url` that `POST /v1/uploads` answered on local storage; no API key. A tampered or
    expired signature is 403; a body of another size than announced is 422. The asset stays
    `uploading` (a PUT may be repeated) until `POST /v1/assets/{id}/complete`.

    Args:
        id (str): `asset_` followed by a 26-character ULID.
        expires (int | Unset):
        signature (str | Unset):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        expires=expires,
        signature=signature,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: File,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
) -> Any | Problem | None:
    """The bytes of a direct upload on local storage, authorised by the URL's signature.

     The `upload.url` that `POST /v1/uploads` answered on local storage; no API key. A tampered or
    expired signature is 403; a body of another size than announced is 422. The asset stays
    `uploading` (a PUT may be repeated) until `POST /v1/assets/{id}/complete`.

    Args:
        id (str): `asset_` followed by a 26-character ULID.
        expires (int | Unset):
        signature (str | Unset):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            expires=expires,
            signature=signature,
        )
    ).parsed
