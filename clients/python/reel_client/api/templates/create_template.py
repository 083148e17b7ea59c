from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.template import Template
from ...models.template_request import TemplateRequest
from ...types import Response


def _get_kwargs(
    *,
    body: TemplateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/templates",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Template:
    if response.status_code == 201:
        response_201 = Template.from_dict(response.json())

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
) -> Response[Problem | Template]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TemplateRequest,
) -> Response[Problem | Template]:
    """Store a spec with placeholders.

     `{{name}}` may stand in any string value of the spec (a letter or `_`, then letters, digits,
    `_`, `-` or `.`, at most 128 characters; spaces inside the braces are allowed). A string that is
    exactly one placeholder
    is replaced by the merge value whatever its JSON type (a number, an object, an array…); inside
    a longer string the value must be a string, number or boolean and is inserted as text.

    `placeholders` may declare each placeholder's type, label, description, default and whether
    a merge must give it (`PlaceholderDeclaration`); undeclared ones are required and of any type.

    The template is checked as far as it can be without the values: every problem of the spec is
    reported (at `/spec/…`) except those at or under a string holding a placeholder; every
    declaration at `/placeholders/NAME/…`, including a default that makes the spec invalid where
    it is used. Sources are resolved and probed only when a job is made from it.

    Args:
        body (TemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Template]
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
    body: TemplateRequest,
) -> Problem | Template | None:
    """Store a spec with placeholders.

     `{{name}}` may stand in any string value of the spec (a letter or `_`, then letters, digits,
    `_`, `-` or `.`, at most 128 characters; spaces inside the braces are allowed). A string that is
    exactly one placeholder
    is replaced by the merge value whatever its JSON type (a number, an object, an array…); inside
    a longer string the value must be a string, number or boolean and is inserted as text.

    `placeholders` may declare each placeholder's type, label, description, default and whether
    a merge must give it (`PlaceholderDeclaration`); undeclared ones are required and of any type.

    The template is checked as far as it can be without the values: every problem of the spec is
    reported (at `/spec/…`) except those at or under a string holding a placeholder; every
    declaration at `/placeholders/NAME/…`, including a default that makes the spec invalid where
    it is used. Sources are resolved and probed only when a job is made from it.

    Args:
        body (TemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Template
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TemplateRequest,
) -> Response[Problem | Template]:
    """Store a spec with placeholders.

     `{{name}}` may stand in any string value of the spec (a letter or `_`, then letters, digits,
    `_`, `-` or `.`, at most 128 characters; spaces inside the braces are allowed). A string that is
    exactly one placeholder
    is replaced by the merge value whatever its JSON type (a number, an object, an array…); inside
    a longer string the value must be a string, number or boolean and is inserted as text.

    `placeholders` may declare each placeholder's type, label, description, default and whether
    a merge must give it (`PlaceholderDeclaration`); undeclared ones are required and of any type.

    The template is checked as far as it can be without the values: every problem of the spec is
    reported (at `/spec/…`) except those at or under a string holding a placeholder; every
    declaration at `/placeholders/NAME/…`, including a default that makes the spec invalid where
    it is used. Sources are resolved and probed only when a job is made from it.

    Args:
        body (TemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Template]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: TemplateRequest,
) -> Problem | Template | None:
    """Store a spec with placeholders.

     `{{name}}` may stand in any string value of the spec (a letter or `_`, then letters, digits,
    `_`, `-` or `.`, at most 128 characters; spaces inside the braces are allowed). A string that is
    exactly one placeholder
    is replaced by the merge value whatever its JSON type (a number, an object, an array…); inside
    a longer string the value must be a string, number or boolean and is inserted as text.

    `placeholders` may declare each placeholder's type, label, description, default and whether
    a merge must give it (`PlaceholderDeclaration`); undeclared ones are required and of any type.

    The template is checked as far as it can be without the values: every problem of the spec is
    reported (at `/spec/…`) except those at or under a string holding a placeholder; every
    declaration at `/placeholders/NAME/…`, including a default that makes the spec invalid where
    it is used. Sources are resolved and probed only when a job is made from it.

    Args:
        body (TemplateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Template
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
