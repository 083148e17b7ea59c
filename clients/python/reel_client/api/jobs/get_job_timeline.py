from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.otio_timeline import OTIOTimeline
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/jobs/{id}/timeline.otio".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OTIOTimeline | Problem:
    if response.status_code == 200:
        response_200 = OTIOTimeline.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[OTIOTimeline | Problem]:
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
) -> Response[OTIOTimeline | Problem]:
    """The job's timeline as OpenTimelineIO, for an editor.

     An OTIO `Timeline.1` (docs/API.md, *Timelines from editors*): the videos track as clips
    (`ExternalReference`s to the
    items' `src`, `ImageSequenceReference`s for `sequence:` sources), colour cards (`SolidColor`
    generators) and transitions centred on their cuts, chapters as markers, and, once the job has
    succeeded, the output as the media of a disabled track. What OTIO cannot say (fit, filters,
    keyframes, volume, titles, captions, images, voice-overs, music, non-dissolve transitions) is
    kept under `metadata.reel`, which Reel reads back: submitting the file as `otio` renders the
    same frames. Overlays with media, voice-overs and music are also shown as tracks of their own,
    marked `metadata.reel.mirror` (Reel reads them from `metadata.reel`, not from those tracks). A job
    submitted as OTIO comes back as it was submitted (the editor's references,
    tracks and metadata), with the output's track added. Sources are probed again.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OTIOTimeline | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> OTIOTimeline | Problem | None:
    """The job's timeline as OpenTimelineIO, for an editor.

     An OTIO `Timeline.1` (docs/API.md, *Timelines from editors*): the videos track as clips
    (`ExternalReference`s to the
    items' `src`, `ImageSequenceReference`s for `sequence:` sources), colour cards (`SolidColor`
    generators) and transitions centred on their cuts, chapters as markers, and, once the job has
    succeeded, the output as the media of a disabled track. What OTIO cannot say (fit, filters,
    keyframes, volume, titles, captions, images, voice-overs, music, non-dissolve transitions) is
    kept under `metadata.reel`, which Reel reads back: submitting the file as `otio` renders the
    same frames. Overlays with media, voice-overs and music are also shown as tracks of their own,
    marked `metadata.reel.mirror` (Reel reads them from `metadata.reel`, not from those tracks). A job
    submitted as OTIO comes back as it was submitted (the editor's references,
    tracks and metadata), with the output's track added. Sources are probed again.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OTIOTimeline | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[OTIOTimeline | Problem]:
    """The job's timeline as OpenTimelineIO, for an editor.

     An OTIO `Timeline.1` (docs/API.md, *Timelines from editors*): the videos track as clips
    (`ExternalReference`s to the
    items' `src`, `ImageSequenceReference`s for `sequence:` sources), colour cards (`SolidColor`
    generators) and transitions centred on their cuts, chapters as markers, and, once the job has
    succeeded, the output as the media of a disabled track. What OTIO cannot say (fit, filters,
    keyframes, volume, titles, captions, images, voice-overs, music, non-dissolve transitions) is
    kept under `metadata.reel`, which Reel reads back: submitting the file as `otio` renders the
    same frames. Overlays with media, voice-overs and music are also shown as tracks of their own,
    marked `metadata.reel.mirror` (Reel reads them from `metadata.reel`, not from those tracks). A job
    submitted as OTIO comes back as it was submitted (the editor's references,
    tracks and metadata), with the output's track added. Sources are probed again.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OTIOTimeline | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> OTIOTimeline | Problem | None:
    """The job's timeline as OpenTimelineIO, for an editor.

     An OTIO `Timeline.1` (docs/API.md, *Timelines from editors*): the videos track as clips
    (`ExternalReference`s to the
    items' `src`, `ImageSequenceReference`s for `sequence:` sources), colour cards (`SolidColor`
    generators) and transitions centred on their cuts, chapters as markers, and, once the job has
    succeeded, the output as the media of a disabled track. What OTIO cannot say (fit, filters,
    keyframes, volume, titles, captions, images, voice-overs, music, non-dissolve transitions) is
    kept under `metadata.reel`, which Reel reads back: submitting the file as `otio` renders the
    same frames. Overlays with media, voice-overs and music are also shown as tracks of their own,
    marked `metadata.reel.mirror` (Reel reads them from `metadata.reel`, not from those tracks). A job
    submitted as OTIO comes back as it was submitted (the editor's references,
    tracks and metadata), with the output's track added. Sources are probed again.

    Args:
        id (str): `job_` followed by a 26-character ULID (so ids sort by creation time).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OTIOTimeline | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
