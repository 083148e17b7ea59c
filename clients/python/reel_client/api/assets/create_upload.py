from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.asset import Asset
from ...models.problem import Problem
from ...models.upload_request import UploadRequest
from ...types import Response


def _get_kwargs(
    *,
    body: UploadRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/uploads",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Asset | Problem:
    if response.status_code == 201:
        response_201 = Asset.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[Asset | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UploadRequest,
) -> Response[Asset | Problem]:
    """Open a direct upload that bypasses the API server.

     Answers an asset in status `uploading` and where to PUT its bytes: a presigned PUT URL of the
    bucket when storage is S3, or Reel's own `/v1/uploads/{id}?expires=…&signature=…` on local
    storage (no key needed; CORS as everywhere). The URL works for `linkSeconds` (an hour by
    default); the body must be exactly `bytes` long. Then `POST /v1/assets/{id}/complete`. An
    upload not completed is deleted an hour after its URL expired.

    Args:
        body (UploadRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Asset | Problem]
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
    body: UploadRequest,
) -> Asset | Problem | None:
    """Open a direct upload that bypasses the API server.

     Answers an asset in status `uploading` and where to PUT its bytes: a presigned PUT URL of the
    bucket when storage is S3, or Reel's own `/v1/uploads/{id}?expires=…&signature=…` on local
    storage (no key needed; CORS as everywhere). The URL works for `linkSeconds` (an hour by
    default); the body must be exactly `bytes` long. Then `POST /v1/assets/{id}/complete`. An
    upload not completed is deleted an hour after its URL expired.

    Args:
        body (UploadRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Asset | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: UploadRequest,
) -> Response[Asset | Problem]:
    """Open a direct upload that bypasses the API server.

     Answers an asset in status `uploading` and where to PUT its bytes: a presigned PUT URL of the
    bucket when storage is S3, or Reel's own `/v1/uploads/{id}?expires=…&signature=…` on local
    storage (no key needed; CORS as everywhere). The URL works for `linkSeconds` (an hour by
    default); the body must be exactly `bytes` long. Then `POST /v1/assets/{id}/complete`. An
    upload not completed is deleted an hour after its URL expired.

    Args:
        body (UploadRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Asset | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: UploadRequest,
) -> Asset | Problem | None:
    """Open a direct upload that bypasses the API server.

     Answers an asset in status `uploading` and where to PUT its bytes: a presigned PUT URL of the
    bucket when storage is S3, or Reel's own `/v1/uploads/{id}?expires=…&signature=…` on local
    storage (no key needed; CORS as everywhere). The URL works for `linkSeconds` (an hour by
    default); the body must be exactly `bytes` long. Then `POST /v1/assets/{id}/complete`. An
    upload not completed is deleted an hour after its URL expired.

    Args:
        body (UploadRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Asset | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
