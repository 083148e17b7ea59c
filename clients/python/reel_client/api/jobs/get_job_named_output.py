from http import HTTPStatus
from io import BytesIO
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    id: str,
    output: str,
    *,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
    range_: str | Unset = UNSET,
    if_range: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(range_, Unset):
        headers["Range"] = range_

    if not isinstance(if_range, Unset):
        headers["If-Range"] = if_range

    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["expires"] = expires

    params["signature"] = signature

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/jobs/{id}/outputs/{output}".format(
            id=quote(str(id), safe=""),
            output=quote(str(output), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | File | Problem:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

    if response.status_code == 206:
        response_206 = File(payload=BytesIO(response.content))

        return response_206

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())

        return response_410

    if response.status_code == 416:
        response_416 = Problem.from_dict(response.json())

        return response_416

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | File | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    output: str,
    *,
    client: AuthenticatedClient,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
    range_: str | Unset = UNSET,
    if_range: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | File | Problem]:
    """Download one of a job's named outputs.

     One output of a succeeded job with `outputs` (its `outputs[].url`), served as
    `/v1/jobs/{id}/output` serves a job's one output: a strong `ETag` (the output's SHA-256), one
    `Range`, `If-None-Match`, `If-Range`, immutable caching, a presigned redirect or the object
    streamed through Reel where outputs are kept in a bucket, and the same output links (the
    job's link query opens each of its outputs). The download's file name is `{id}-{output}.ext`.
    An `hls` output is its master playlist, its URIs rewritten to `{output}/NAME` so that they
    resolve below this address (`/v1/jobs/{id}/outputs/{output}/{name}`). A name the job has not,
    or a job with one `output`, is a 404 naming where its outputs are; `GET /v1/jobs/{id}/output`
    of a job with `outputs` is a 404 listing them. A progressive `hls` output
    (`hls.progressive`) is served while its job runs as `/v1/jobs/{id}/output` serves a
    progressive job's: its master playlist as far as it is (`Cache-Control: no-store`), 409 with
    `Retry-After` until every rendition has its first segment.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).
        expires (int | Unset):
        signature (str | Unset):
        range_ (str | Unset):
        if_range (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | File | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        output=output,
        expires=expires,
        signature=signature,
        range_=range_,
        if_range=if_range,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    output: str,
    *,
    client: AuthenticatedClient,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
    range_: str | Unset = UNSET,
    if_range: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | File | Problem | None:
    """Download one of a job's named outputs.

     One output of a succeeded job with `outputs` (its `outputs[].url`), served as
    `/v1/jobs/{id}/output` serves a job's one output: a strong `ETag` (the output's SHA-256), one
    `Range`, `If-None-Match`, `If-Range`, immutable caching, a presigned redirect or the object
    streamed through Reel where outputs are kept in a bucket, and the same output links (the
    job's link query opens each of its outputs). The download's file name is `{id}-{output}.ext`.
    An `hls` output is its master playlist, its URIs rewritten to `{output}/NAME` so that they
    resolve below this address (`/v1/jobs/{id}/outputs/{output}/{name}`). A name the job has not,
    or a job with one `output`, is a 404 naming where its outputs are; `GET /v1/jobs/{id}/output`
    of a job with `outputs` is a 404 listing them. A progressive `hls` output
    (`hls.progressive`) is served while its job runs as `/v1/jobs/{id}/output` serves a
    progressive job's: its master playlist as far as it is (`Cache-Control: no-store`), 409 with
    `Retry-After` until every rendition has its first segment.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).
        expires (int | Unset):
        signature (str | Unset):
        range_ (str | Unset):
        if_range (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | File | Problem
    """

    return sync_detailed(
        id=id,
        output=output,
        client=client,
        expires=expires,
        signature=signature,
        range_=range_,
        if_range=if_range,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    id: str,
    output: str,
    *,
    client: AuthenticatedClient,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
    range_: str | Unset = UNSET,
    if_range: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | File | Problem]:
    """Download one of a job's named outputs.

     One output of a succeeded job with `outputs` (its `outputs[].url`), served as
    `/v1/jobs/{id}/output` serves a job's one output: a strong `ETag` (the output's SHA-256), one
    `Range`, `If-None-Match`, `If-Range`, immutable caching, a presigned redirect or the object
    streamed through Reel where outputs are kept in a bucket, and the same output links (the
    job's link query opens each of its outputs). The download's file name is `{id}-{output}.ext`.
    An `hls` output is its master playlist, its URIs rewritten to `{output}/NAME` so that they
    resolve below this address (`/v1/jobs/{id}/outputs/{output}/{name}`). A name the job has not,
    or a job with one `output`, is a 404 naming where its outputs are; `GET /v1/jobs/{id}/output`
    of a job with `outputs` is a 404 listing them. A progressive `hls` output
    (`hls.progressive`) is served while its job runs as `/v1/jobs/{id}/output` serves a
    progressive job's: its master playlist as far as it is (`Cache-Control: no-store`), 409 with
    `Retry-After` until every rendition has its first segment.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).
        expires (int | Unset):
        signature (str | Unset):
        range_ (str | Unset):
        if_range (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | File | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        output=output,
        expires=expires,
        signature=signature,
        range_=range_,
        if_range=if_range,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    output: str,
    *,
    client: AuthenticatedClient,
    expires: int | Unset = UNSET,
    signature: str | Unset = UNSET,
    range_: str | Unset = UNSET,
    if_range: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | File | Problem | None:
    """Download one of a job's named outputs.

     One output of a succeeded job with `outputs` (its `outputs[].url`), served as
    `/v1/jobs/{id}/output` serves a job's one output: a strong `ETag` (the output's SHA-256), one
    `Range`, `If-None-Match`, `If-Range`, immutable caching, a presigned redirect or the object
    streamed through Reel where outputs are kept in a bucket, and the same output links (the
    job's link query opens each of its outputs). The download's file name is `{id}-{output}.ext`.
    An `hls` output is its master playlist, its URIs rewritten to `{output}/NAME` so that they
    resolve below this address (`/v1/jobs/{id}/outputs/{output}/{name}`). A name the job has not,
    or a job with one `output`, is a 404 naming where its outputs are; `GET /v1/jobs/{id}/output`
    of a job with `outputs` is a 404 listing them. A progressive `hls` output
    (`hls.progressive`) is served while its job runs as `/v1/jobs/{id}/output` serves a
    progressive job's: its master playlist as far as it is (`Cache-Control: no-store`), 409 with
    `Retry-After` until every rendition has its first segment.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).
        output (str): An output's name among a spec's `outputs`: 1 to 32 lowercase letters,
            digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file
            names and bucket keys).
        expires (int | Unset):
        signature (str | Unset):
        range_ (str | Unset):
        if_range (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | File | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            output=output,
            client=client,
            expires=expires,
            signature=signature,
            range_=range_,
            if_range=if_range,
            if_none_match=if_none_match,
        )
    ).parsed
