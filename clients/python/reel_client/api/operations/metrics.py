from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:
    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | str]:
    """Prometheus metrics (text exposition format 0.0.4).

     * `reel_jobs{status}` gauge — jobs in each status (queued, running, succeeded, failed, canceled).
    * `reel_queue_depth` gauge — jobs waiting to run.
    * `reel_job_outcomes_total{outcome}` counter — succeeded, failed, canceled, retried, lease_expired.
    * `reel_render_seconds` histogram — wall time of successful renders.
    * `reel_http_request_duration_seconds{route}` histogram — head to answer, by route.
    * `reel_http_requests_total{route,method,code}` counter — HTTP requests answered.
    * `reel_workers`, `reel_workers_busy` gauges — render workers, and those rendering now.
    * `reel_webhook_deliveries{status}`, `reel_destination_copies{status}` gauges — the outboxes
    (pending: the backlog; failed: given up).
    * `reel_disk_free_bytes` gauge — free space on the data directory's disk.
    * `process_*` (CPU, memory, descriptors, threads, start time) and `reel_build_info`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | str | None:
    """Prometheus metrics (text exposition format 0.0.4).

     * `reel_jobs{status}` gauge — jobs in each status (queued, running, succeeded, failed, canceled).
    * `reel_queue_depth` gauge — jobs waiting to run.
    * `reel_job_outcomes_total{outcome}` counter — succeeded, failed, canceled, retried, lease_expired.
    * `reel_render_seconds` histogram — wall time of successful renders.
    * `reel_http_request_duration_seconds{route}` histogram — head to answer, by route.
    * `reel_http_requests_total{route,method,code}` counter — HTTP requests answered.
    * `reel_workers`, `reel_workers_busy` gauges — render workers, and those rendering now.
    * `reel_webhook_deliveries{status}`, `reel_destination_copies{status}` gauges — the outboxes
    (pending: the backlog; failed: given up).
    * `reel_disk_free_bytes` gauge — free space on the data directory's disk.
    * `process_*` (CPU, memory, descriptors, threads, start time) and `reel_build_info`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | str]:
    """Prometheus metrics (text exposition format 0.0.4).

     * `reel_jobs{status}` gauge — jobs in each status (queued, running, succeeded, failed, canceled).
    * `reel_queue_depth` gauge — jobs waiting to run.
    * `reel_job_outcomes_total{outcome}` counter — succeeded, failed, canceled, retried, lease_expired.
    * `reel_render_seconds` histogram — wall time of successful renders.
    * `reel_http_request_duration_seconds{route}` histogram — head to answer, by route.
    * `reel_http_requests_total{route,method,code}` counter — HTTP requests answered.
    * `reel_workers`, `reel_workers_busy` gauges — render workers, and those rendering now.
    * `reel_webhook_deliveries{status}`, `reel_destination_copies{status}` gauges — the outboxes
    (pending: the backlog; failed: given up).
    * `reel_disk_free_bytes` gauge — free space on the data directory's disk.
    * `process_*` (CPU, memory, descriptors, threads, start time) and `reel_build_info`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | str | None:
    """Prometheus metrics (text exposition format 0.0.4).

     * `reel_jobs{status}` gauge — jobs in each status (queued, running, succeeded, failed, canceled).
    * `reel_queue_depth` gauge — jobs waiting to run.
    * `reel_job_outcomes_total{outcome}` counter — succeeded, failed, canceled, retried, lease_expired.
    * `reel_render_seconds` histogram — wall time of successful renders.
    * `reel_http_request_duration_seconds{route}` histogram — head to answer, by route.
    * `reel_http_requests_total{route,method,code}` counter — HTTP requests answered.
    * `reel_workers`, `reel_workers_busy` gauges — render workers, and those rendering now.
    * `reel_webhook_deliveries{status}`, `reel_destination_copies{status}` gauges — the outboxes
    (pending: the backlog; failed: given up).
    * `reel_disk_free_bytes` gauge — free space on the data directory's disk.
    * `process_*` (CPU, memory, descriptors, threads, start time) and `reel_build_info`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
