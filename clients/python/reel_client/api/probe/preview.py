from http import HTTPStatus
from io import BytesIO
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.preview_request import PreviewRequest
from ...models.problem import Problem
from ...types import File, Response


def _get_kwargs(
    *,
    body: PreviewRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/preview",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> File | Problem:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[File | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PreviewRequest,
) -> Response[File | Problem]:
    """The output frame at a time, as a PNG or JPEG, drawn by the render engine.

     The output frame whose interval holds `time` (frame ⌊time × frameRate⌋), drawn by the same
    engine as a render: a `png` preview is the same picture, pixel for pixel, as the `png` output of
    the same spec with `output.range.start` at that frame's time (`Reel-Frame-Time`), compressed
    faster (a file of its own: the output's bytes differ). The spec is judged as `POST
    /v1/jobs` judges it; its problems are at pointers under `/spec` (or into the merged spec, for a
    template). The preview has the output's size, frame rate, colour and background (a PNG keeps a
    transparent background's alpha; a JPEG lays it over black); `width` scales it down, the height
    in proportion. An HDR output's preview shows its signal as it is, not tone-mapped.

    Previews of the same spec in a row (by the same key, in the same format) reuse a context kept
    on the node that answered: the plan, and each source's decoder where the last preview left it;
    a frame up to a second on decodes only what lies between, a farther one seeks to the keyframe
    before it (by the container's index) when that is shorter, and an earlier one is shown from
    the source's latest decoded frames (kept, up to 96 MiB a source, for the spec being
    previewed) or seeks back. The 32 most recently
    used contexts are kept, each at most 5 minutes unused. `Server-Timing` names where the time
    went: `plan` (planning, or finding the context: its `desc` says which), `draw` (seeking,
    decoding and compositing) and `encode`.

    Args:
        body (PreviewRequest): A `spec`, or a `template` with its `merge` values, and the time to
            show.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
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
    body: PreviewRequest,
) -> File | Problem | None:
    """The output frame at a time, as a PNG or JPEG, drawn by the render engine.

     The output frame whose interval holds `time` (frame ⌊time × frameRate⌋), drawn by the same
    engine as a render: a `png` preview is the same picture, pixel for pixel, as the `png` output of
    the same spec with `output.range.start` at that frame's time (`Reel-Frame-Time`), compressed
    faster (a file of its own: the output's bytes differ). The spec is judged as `POST
    /v1/jobs` judges it; its problems are at pointers under `/spec` (or into the merged spec, for a
    template). The preview has the output's size, frame rate, colour and background (a PNG keeps a
    transparent background's alpha; a JPEG lays it over black); `width` scales it down, the height
    in proportion. An HDR output's preview shows its signal as it is, not tone-mapped.

    Previews of the same spec in a row (by the same key, in the same format) reuse a context kept
    on the node that answered: the plan, and each source's decoder where the last preview left it;
    a frame up to a second on decodes only what lies between, a farther one seeks to the keyframe
    before it (by the container's index) when that is shorter, and an earlier one is shown from
    the source's latest decoded frames (kept, up to 96 MiB a source, for the spec being
    previewed) or seeks back. The 32 most recently
    used contexts are kept, each at most 5 minutes unused. `Server-Timing` names where the time
    went: `plan` (planning, or finding the context: its `desc` says which), `draw` (seeking,
    decoding and compositing) and `encode`.

    Args:
        body (PreviewRequest): A `spec`, or a `template` with its `merge` values, and the time to
            show.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PreviewRequest,
) -> Response[File | Problem]:
    """The output frame at a time, as a PNG or JPEG, drawn by the render engine.

     The output frame whose interval holds `time` (frame ⌊time × frameRate⌋), drawn by the same
    engine as a render: a `png` preview is the same picture, pixel for pixel, as the `png` output of
    the same spec with `output.range.start` at that frame's time (`Reel-Frame-Time`), compressed
    faster (a file of its own: the output's bytes differ). The spec is judged as `POST
    /v1/jobs` judges it; its problems are at pointers under `/spec` (or into the merged spec, for a
    template). The preview has the output's size, frame rate, colour and background (a PNG keeps a
    transparent background's alpha; a JPEG lays it over black); `width` scales it down, the height
    in proportion. An HDR output's preview shows its signal as it is, not tone-mapped.

    Previews of the same spec in a row (by the same key, in the same format) reuse a context kept
    on the node that answered: the plan, and each source's decoder where the last preview left it;
    a frame up to a second on decodes only what lies between, a farther one seeks to the keyframe
    before it (by the container's index) when that is shorter, and an earlier one is shown from
    the source's latest decoded frames (kept, up to 96 MiB a source, for the spec being
    previewed) or seeks back. The 32 most recently
    used contexts are kept, each at most 5 minutes unused. `Server-Timing` names where the time
    went: `plan` (planning, or finding the context: its `desc` says which), `draw` (seeking,
    decoding and compositing) and `encode`.

    Args:
        body (PreviewRequest): A `spec`, or a `template` with its `merge` values, and the time to
            show.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: PreviewRequest,
) -> File | Problem | None:
    """The output frame at a time, as a PNG or JPEG, drawn by the render engine.

     The output frame whose interval holds `time` (frame ⌊time × frameRate⌋), drawn by the same
    engine as a render: a `png` preview is the same picture, pixel for pixel, as the `png` output of
    the same spec with `output.range.start` at that frame's time (`Reel-Frame-Time`), compressed
    faster (a file of its own: the output's bytes differ). The spec is judged as `POST
    /v1/jobs` judges it; its problems are at pointers under `/spec` (or into the merged spec, for a
    template). The preview has the output's size, frame rate, colour and background (a PNG keeps a
    transparent background's alpha; a JPEG lays it over black); `width` scales it down, the height
    in proportion. An HDR output's preview shows its signal as it is, not tone-mapped.

    Previews of the same spec in a row (by the same key, in the same format) reuse a context kept
    on the node that answered: the plan, and each source's decoder where the last preview left it;
    a frame up to a second on decodes only what lies between, a farther one seeks to the keyframe
    before it (by the container's index) when that is shorter, and an earlier one is shown from
    the source's latest decoded frames (kept, up to 96 MiB a source, for the spec being
    previewed) or seeks back. The 32 most recently
    used contexts are kept, each at most 5 minutes unused. `Server-Timing` names where the time
    went: `plan` (planning, or finding the context: its `desc` says which), `draw` (seeking,
    decoding and compositing) and `encode`.

    Args:
        body (PreviewRequest): A `spec`, or a `template` with its `merge` values, and the time to
            show.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
