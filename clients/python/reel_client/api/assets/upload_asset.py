from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.asset import Asset
from ...models.asset_import import AssetImport
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    *,
    body: AssetImport | File | Unset = UNSET,
    x_filename: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_filename, Unset):
        headers["X-Filename"] = x_filename

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/assets",
    }

    if isinstance(body, AssetImport):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, File):
        _kwargs["content"] = body.payload
        headers["Content-Type"] = "application/octet-stream"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Asset | Problem:
    if response.status_code == 201:
        response_201 = Asset.from_dict(response.json())

        return response_201

    if response.status_code == 202:
        response_202 = Asset.from_dict(response.json())

        return response_202

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 507:
        response_507 = Problem.from_dict(response.json())

        return response_507

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
    body: AssetImport | File | Unset = UNSET,
    x_filename: str | Unset = UNSET,
) -> Response[Asset | Problem]:
    """Upload a media file, a font, a caption file or a Lottie file as the raw request body, or import one
    from a URL.

     With `Content-Type: application/json` and `{"url": "https://…"}`, the file is imported from the
    web instead: 202 and the asset in status `importing`, fetched under the rules of sources (a
    public host or one of `allowedHosts`, redirects checked, `limits.sourceBytes`) and then
    `ready` or `failed` with the reason; poll `GET /v1/assets/{id}`.

    The body is the file itself (not multipart), streamed to disk and then probed by its kind,
    told by its first bytes: a font (TrueType/OpenType/collection magic; probed by FreeType), a
    caption file (a `WEBVTT` first line, or SRT's counter and times; parsed), a Lottie file (a JSON
    object; read as a Lottie document: `w`, `h`, `fr`, `ip`, `op`), else media (FFmpeg).
    `Content-Type` is recorded as given: any media type is accepted (`video/mp4`, `font/ttf`,
    `text/vtt`…) but `application/json`, which asks for an import (a Lottie file sent so is a 422
    saying to send it as another type), the body being read the same way; the schema names
    `application/octet-stream`, which every client generator understands. A body larger than
    `limits.uploadBytes` (default 2 GiB) is
    refused with 413 and nothing is kept; an empty body, or a file its kind's probe cannot read, is
    refused with 422 and deleted. Use the answer's `src` (`upload:<id>`) in a spec.

    Args:
        x_filename (str | Unset):
        body (AssetImport):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Asset | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_filename=x_filename,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: AssetImport | File | Unset = UNSET,
    x_filename: str | Unset = UNSET,
) -> Asset | Problem | None:
    """Upload a media file, a font, a caption file or a Lottie file as the raw request body, or import one
    from a URL.

     With `Content-Type: application/json` and `{"url": "https://…"}`, the file is imported from the
    web instead: 202 and the asset in status `importing`, fetched under the rules of sources (a
    public host or one of `allowedHosts`, redirects checked, `limits.sourceBytes`) and then
    `ready` or `failed` with the reason; poll `GET /v1/assets/{id}`.

    The body is the file itself (not multipart), streamed to disk and then probed by its kind,
    told by its first bytes: a font (TrueType/OpenType/collection magic; probed by FreeType), a
    caption file (a `WEBVTT` first line, or SRT's counter and times; parsed), a Lottie file (a JSON
    object; read as a Lottie document: `w`, `h`, `fr`, `ip`, `op`), else media (FFmpeg).
    `Content-Type` is recorded as given: any media type is accepted (`video/mp4`, `font/ttf`,
    `text/vtt`…) but `application/json`, which asks for an import (a Lottie file sent so is a 422
    saying to send it as another type), the body being read the same way; the schema names
    `application/octet-stream`, which every client generator understands. A body larger than
    `limits.uploadBytes` (default 2 GiB) is
    refused with 413 and nothing is kept; an empty body, or a file its kind's probe cannot read, is
    refused with 422 and deleted. Use the answer's `src` (`upload:<id>`) in a spec.

    Args:
        x_filename (str | Unset):
        body (AssetImport):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Asset | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        x_filename=x_filename,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AssetImport | File | Unset = UNSET,
    x_filename: str | Unset = UNSET,
) -> Response[Asset | Problem]:
    """Upload a media file, a font, a caption file or a Lottie file as the raw request body, or import one
    from a URL.

     With `Content-Type: application/json` and `{"url": "https://…"}`, the file is imported from the
    web instead: 202 and the asset in status `importing`, fetched under the rules of sources (a
    public host or one of `allowedHosts`, redirects checked, `limits.sourceBytes`) and then
    `ready` or `failed` with the reason; poll `GET /v1/assets/{id}`.

    The body is the file itself (not multipart), streamed to disk and then probed by its kind,
    told by its first bytes: a font (TrueType/OpenType/collection magic; probed by FreeType), a
    caption file (a `WEBVTT` first line, or SRT's counter and times; parsed), a Lottie file (a JSON
    object; read as a Lottie document: `w`, `h`, `fr`, `ip`, `op`), else media (FFmpeg).
    `Content-Type` is recorded as given: any media type is accepted (`video/mp4`, `font/ttf`,
    `text/vtt`…) but `application/json`, which asks for an import (a Lottie file sent so is a 422
    saying to send it as another type), the body being read the same way; the schema names
    `application/octet-stream`, which every client generator understands. A body larger than
    `limits.uploadBytes` (default 2 GiB) is
    refused with 413 and nothing is kept; an empty body, or a file its kind's probe cannot read, is
    refused with 422 and deleted. Use the answer's `src` (`upload:<id>`) in a spec.

    Args:
        x_filename (str | Unset):
        body (AssetImport):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Asset | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_filename=x_filename,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AssetImport | File | Unset = UNSET,
    x_filename: str | Unset = UNSET,
) -> Asset | Problem | None:
    """Upload a media file, a font, a caption file or a Lottie file as the raw request body, or import one
    from a URL.

     With `Content-Type: application/json` and `{"url": "https://…"}`, the file is imported from the
    web instead: 202 and the asset in status `importing`, fetched under the rules of sources (a
    public host or one of `allowedHosts`, redirects checked, `limits.sourceBytes`) and then
    `ready` or `failed` with the reason; poll `GET /v1/assets/{id}`.

    The body is the file itself (not multipart), streamed to disk and then probed by its kind,
    told by its first bytes: a font (TrueType/OpenType/collection magic; probed by FreeType), a
    caption file (a `WEBVTT` first line, or SRT's counter and times; parsed), a Lottie file (a JSON
    object; read as a Lottie document: `w`, `h`, `fr`, `ip`, `op`), else media (FFmpeg).
    `Content-Type` is recorded as given: any media type is accepted (`video/mp4`, `font/ttf`,
    `text/vtt`…) but `application/json`, which asks for an import (a Lottie file sent so is a 422
    saying to send it as another type), the body being read the same way; the schema names
    `application/octet-stream`, which every client generator understands. A body larger than
    `limits.uploadBytes` (default 2 GiB) is
    refused with 413 and nothing is kept; an empty body, or a file its kind's probe cannot read, is
    refused with 422 and deleted. Use the answer's `src` (`upload:<id>`) in a spec.

    Args:
        x_filename (str | Unset):
        body (AssetImport):
        body (File):

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
            x_filename=x_filename,
        )
    ).parsed
