from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.job_spec_schema_response_200 import JobSpecSchemaResponse200
from ...types import Response


def _get_kwargs() -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/schema/job-spec.json",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> JobSpecSchemaResponse200 | None:
    if response.status_code == 200:
        response_200 = JobSpecSchemaResponse200.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[JobSpecSchemaResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[JobSpecSchemaResponse200]:
    """The job spec's JSON Schema (draft 2020-12), open to callers without a key.

     The `JobSpec` of this file with the schemas it refers to as `$defs` (made by
    scripts/job_spec_schema.py; the same text as docs/job-spec.schema.json). A spec naming it in
    `"$schema"` is completed and checked by editors that read JSON Schema; the server checks more
    (sources, lengths against each other: docs/SPEC.md, *What only the server checks*).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobSpecSchemaResponse200]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> JobSpecSchemaResponse200 | None:
    """The job spec's JSON Schema (draft 2020-12), open to callers without a key.

     The `JobSpec` of this file with the schemas it refers to as `$defs` (made by
    scripts/job_spec_schema.py; the same text as docs/job-spec.schema.json). A spec naming it in
    `"$schema"` is completed and checked by editors that read JSON Schema; the server checks more
    (sources, lengths against each other: docs/SPEC.md, *What only the server checks*).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobSpecSchemaResponse200
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[JobSpecSchemaResponse200]:
    """The job spec's JSON Schema (draft 2020-12), open to callers without a key.

     The `JobSpec` of this file with the schemas it refers to as `$defs` (made by
    scripts/job_spec_schema.py; the same text as docs/job-spec.schema.json). A spec naming it in
    `"$schema"` is completed and checked by editors that read JSON Schema; the server checks more
    (sources, lengths against each other: docs/SPEC.md, *What only the server checks*).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobSpecSchemaResponse200]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> JobSpecSchemaResponse200 | None:
    """The job spec's JSON Schema (draft 2020-12), open to callers without a key.

     The `JobSpec` of this file with the schemas it refers to as `$defs` (made by
    scripts/job_spec_schema.py; the same text as docs/job-spec.schema.json). A spec naming it in
    `"$schema"` is completed and checked by editors that read JSON Schema; the server checks more
    (sources, lengths against each other: docs/SPEC.md, *What only the server checks*).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobSpecSchemaResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
