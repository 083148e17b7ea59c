from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.template_job_request import TemplateJobRequest
from ...models.validation import Validation
from ...types import Response


def _get_kwargs(
    *,
    body: Any | TemplateJobRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/validate",
    }

    if isinstance(body, TemplateJobRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Validation:
    if response.status_code == 200:
        response_200 = Validation.from_dict(response.json())

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
) -> Response[Problem | Validation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any | TemplateJobRequest,
) -> Response[Problem | Validation]:
    """Judge a spec as a submit would, without queueing it.

     The body is what `POST /v1/jobs` takes (a spec, or a template with `merge`), judged the same
    way: every problem at once — structure, sources (resolved and probed), the server's webhook
    and destination rules, `limits.maxJobPixels` — with the same pointers. The request to judge
    a spec is a good one whatever the verdict, so the verdict is a 200: `valid: false` with every
    problem the submit's 422 would list in `errors`, or `valid: true` with what the job would make (its
    duration, frame count and
    output parameters, defaults filled in from the sources). A source that may be reached later
    is a 503, as for a submit. Nothing is queued and no quota is used. `reel validate --json`
    prints the same verdict offline. A body that is not JSON at all is no spec to judge: a 422.

    Args:
        body (Any | TemplateJobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Validation]
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
    body: Any | TemplateJobRequest,
) -> Problem | Validation | None:
    """Judge a spec as a submit would, without queueing it.

     The body is what `POST /v1/jobs` takes (a spec, or a template with `merge`), judged the same
    way: every problem at once — structure, sources (resolved and probed), the server's webhook
    and destination rules, `limits.maxJobPixels` — with the same pointers. The request to judge
    a spec is a good one whatever the verdict, so the verdict is a 200: `valid: false` with every
    problem the submit's 422 would list in `errors`, or `valid: true` with what the job would make (its
    duration, frame count and
    output parameters, defaults filled in from the sources). A source that may be reached later
    is a 503, as for a submit. Nothing is queued and no quota is used. `reel validate --json`
    prints the same verdict offline. A body that is not JSON at all is no spec to judge: a 422.

    Args:
        body (Any | TemplateJobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Validation
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any | TemplateJobRequest,
) -> Response[Problem | Validation]:
    """Judge a spec as a submit would, without queueing it.

     The body is what `POST /v1/jobs` takes (a spec, or a template with `merge`), judged the same
    way: every problem at once — structure, sources (resolved and probed), the server's webhook
    and destination rules, `limits.maxJobPixels` — with the same pointers. The request to judge
    a spec is a good one whatever the verdict, so the verdict is a 200: `valid: false` with every
    problem the submit's 422 would list in `errors`, or `valid: true` with what the job would make (its
    duration, frame count and
    output parameters, defaults filled in from the sources). A source that may be reached later
    is a 503, as for a submit. Nothing is queued and no quota is used. `reel validate --json`
    prints the same verdict offline. A body that is not JSON at all is no spec to judge: a 422.

    Args:
        body (Any | TemplateJobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Validation]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Any | TemplateJobRequest,
) -> Problem | Validation | None:
    """Judge a spec as a submit would, without queueing it.

     The body is what `POST /v1/jobs` takes (a spec, or a template with `merge`), judged the same
    way: every problem at once — structure, sources (resolved and probed), the server's webhook
    and destination rules, `limits.maxJobPixels` — with the same pointers. The request to judge
    a spec is a good one whatever the verdict, so the verdict is a 200: `valid: false` with every
    problem the submit's 422 would list in `errors`, or `valid: true` with what the job would make (its
    duration, frame count and
    output parameters, defaults filled in from the sources). A source that may be reached later
    is a 503, as for a submit. Nothing is queued and no quota is used. `reel validate --json`
    prints the same verdict offline. A body that is not JSON at all is no spec to judge: a 422.

    Args:
        body (Any | TemplateJobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Validation
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
