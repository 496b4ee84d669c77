"""schemathesis over the app's own OpenAPI document: no 5xx, responses fit their schemas."""

from __future__ import annotations

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import response_schema_conformance

from tests.helpers import new_match


@pytest.fixture
def api_schema(app: Flask) -> schemathesis.BaseSchema:
    table = new_match(app.test_client(), players=2)  # so that match 1 exists to be poked at
    app.config["FUZZ_TOKEN"] = table.host
    return schemathesis.openapi.from_wsgi("/api/openapi.json", app)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.filter_too_much])
def test_no_server_error_and_responses_fit_their_schemas(case: schemathesis.Case,
                                                         app: Flask) -> None:
    case.headers = {**(case.headers or {}),
                    "Authorization": f"Bearer {app.config['FUZZ_TOKEN']}"}
    response = case.call()
    case.validate_response(response, checks=[schemathesis.checks.not_a_server_error,
                                             response_schema_conformance])
