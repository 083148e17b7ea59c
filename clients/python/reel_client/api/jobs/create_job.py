from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.job import Job
from ...models.problem import Problem
from ...models.template_job_request import TemplateJobRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Any | TemplateJobRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/jobs",
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
) -> Job | Problem:
    if response.status_code == 202:
        response_202 = Job.from_dict(response.json())

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

    if response.status_code == 507:
        response_507 = Problem.from_dict(response.json())

        return response_507

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Job | Problem]:
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
    idempotency_key: str | Unset = UNSET,
) -> Response[Job | Problem]:
    """Validate a job spec and queue it.

     The spec is checked completely before anything is queued: its syntax and rules, the features the
    engine cannot render yet ("is not supported yet"), and every source (resolved under the media
    root or among uploads, and probed). Every problem is reported at once, each with a JSON pointer
    into the body. A spec that passes becomes a `queued` job.

    With `Idempotency-Key`, a repeated request with the same key and the same JSON (compared by
    meaning: member order and whitespace may differ) answers 202 with the job the first request created
    and queues nothing new. The same key with a
    different body is refused with 422 (`urn:reel:problem:idempotency-key-reused`). Idempotency keys
    are per project.

    With `{"template": "tpl_…", "merge": {…}}` instead of a spec, the template's placeholders are
    filled from `merge` first (see `POST /v1/templates`); a placeholder without a value, a value no
    placeholder uses, or an object/array/null for a placeholder inside a longer string is a 422 at
    `/merge/NAME`; values that would make the merged spec longer than `limits.jsonBodyBytes` are a
    422 at `/merge` naming the limit; the merged spec is then checked like any other, its problems'
    pointers being into the merged spec (the job's `spec`).

    Limits: a job may encode at most `limits.maxJobPixels` pixels (width × height × frame rate ×
    output duration; 422 `job-too-large` naming the limit), and one project may have at most
    `limits.queuedJobsPerKey` jobs queued (429 `too-many-jobs` with `Retry-After`; running jobs do
    not count). Projects take turns at the workers; the spec's `priority` orders a project's own jobs.

    Args:
        idempotency_key (str | Unset):
        body (Any | TemplateJobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Job | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: Any | TemplateJobRequest,
    idempotency_key: str | Unset = UNSET,
) -> Job | Problem | None:
    """Validate a job spec and queue it.

     The spec is checked completely before anything is queued: its syntax and rules, the features the
    engine cannot render yet ("is not supported yet"), and every source (resolved under the media
    root or among uploads, and probed). Every problem is reported at once, each with a JSON pointer
    into the body. A spec that passes becomes a `queued` job.

    With `Idempotency-Key`, a repeated request with the same key and the same JSON (compared by
    meaning: member order and whitespace may differ) answers 202 with the job the first request created
    and queues nothing new. The same key with a
    different body is refused with 422 (`urn:reel:problem:idempotency-key-reused`). Idempotency keys
    are per project.

    With `{"template": "tpl_…", "merge": {…}}` instead of a spec, the template's placeholders are
    filled from `merge` first (see `POST /v1/templates`); a placeholder without a value, a value no
    placeholder uses, or an object/array/null for a placeholder inside a longer string is a 422 at
    `/merge/NAME`; values that would make the merged spec longer than `limits.jsonBodyBytes` are a
    422 at `/merge` naming the limit; the merged spec is then checked like any other, its problems'
    pointers being into the merged spec (the job's `spec`).

    Limits: a job may encode at most `limits.maxJobPixels` pixels (width × height × frame rate ×
    output duration; 422 `job-too-large` naming the limit), and one project may have at most
    `limits.queuedJobsPerKey` jobs queued (429 `too-many-jobs` with `Retry-After`; running jobs do
    not count). Projects take turns at the workers; the spec's `priority` orders a project's own jobs.

    Args:
        idempotency_key (str | Unset):
        body (Any | TemplateJobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Job | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Any | TemplateJobRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Job | Problem]:
    """Validate a job spec and queue it.

     The spec is checked completely before anything is queued: its syntax and rules, the features the
    engine cannot render yet ("is not supported yet"), and every source (resolved under the media
    root or among uploads, and probed). Every problem is reported at once, each with a JSON pointer
    into the body. A spec that passes becomes a `queued` job.

    With `Idempotency-Key`, a repeated request with the same key and the same JSON (compared by
    meaning: member order and whitespace may differ) answers 202 with the job the first request created
    and queues nothing new. The same key with a
    different body is refused with 422 (`urn:reel:problem:idempotency-key-reused`). Idempotency keys
    are per project.

    With `{"template": "tpl_…", "merge": {…}}` instead of a spec, the template's placeholders are
    filled from `merge` first (see `POST /v1/templates`); a placeholder without a value, a value no
    placeholder uses, or an object/array/null for a placeholder inside a longer string is a 422 at
    `/merge/NAME`; values that would make the merged spec longer than `limits.jsonBodyBytes` are a
    422 at `/merge` naming the limit; the merged spec is then checked like any other, its problems'
    pointers being into the merged spec (the job's `spec`).

    Limits: a job may encode at most `limits.maxJobPixels` pixels (width × height × frame rate ×
    output duration; 422 `job-too-large` naming the limit), and one project may have at most
    `limits.queuedJobsPerKey` jobs queued (429 `too-many-jobs` with `Retry-After`; running jobs do
    not count). Projects take turns at the workers; the spec's `priority` orders a project's own jobs.

    Args:
        idempotency_key (str | Unset):
        body (Any | TemplateJobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Job | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Any | TemplateJobRequest,
    idempotency_key: str | Unset = UNSET,
) -> Job | Problem | None:
    """Validate a job spec and queue it.

     The spec is checked completely before anything is queued: its syntax and rules, the features the
    engine cannot render yet ("is not supported yet"), and every source (resolved under the media
    root or among uploads, and probed). Every problem is reported at once, each with a JSON pointer
    into the body. A spec that passes becomes a `queued` job.

    With `Idempotency-Key`, a repeated request with the same key and the same JSON (compared by
    meaning: member order and whitespace may differ) answers 202 with the job the first request created
    and queues nothing new. The same key with a
    different body is refused with 422 (`urn:reel:problem:idempotency-key-reused`). Idempotency keys
    are per project.

    With `{"template": "tpl_…", "merge": {…}}` instead of a spec, the template's placeholders are
    filled from `merge` first (see `POST /v1/templates`); a placeholder without a value, a value no
    placeholder uses, or an object/array/null for a placeholder inside a longer string is a 422 at
    `/merge/NAME`; values that would make the merged spec longer than `limits.jsonBodyBytes` are a
    422 at `/merge` naming the limit; the merged spec is then checked like any other, its problems'
    pointers being into the merged spec (the job's `spec`).

    Limits: a job may encode at most `limits.maxJobPixels` pixels (width × height × frame rate ×
    output duration; 422 `job-too-large` naming the limit), and one project may have at most
    `limits.queuedJobsPerKey` jobs queued (429 `too-many-jobs` with `Retry-After`; running jobs do
    not count). Projects take turns at the workers; the spec's `priority` orders a project's own jobs.

    Args:
        idempotency_key (str | Unset):
        body (Any | TemplateJobRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Job | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
