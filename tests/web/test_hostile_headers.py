"""Odd or hostile request headers, on the pages and the API alike: a 4xx that says which header
is wrong, in the reader's language, never a 500."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

#: 64 letters: one label longer than DNS allows (63), which no host name can hold.
LONG_LABEL = "x" * 64


@pytest.mark.parametrize("address", ["/", "/healthz", "/history.csv", "/players"])
def test_a_host_header_no_host_can_have_is_400_on_a_page(client: FlaskClient,
                                                          address: str) -> None:
    """A Host header with a 64-letter label cannot be read (werkzeug's BadHost): the page
    refuses it in words, not with a 500 from an error page whose links cannot be built."""
    response = client.get(address, headers={"Host": LONG_LABEL})
    assert response.status_code == 400
    assert "Host header" in response.get_data(as_text=True)


def test_a_host_header_no_host_can_have_is_400_at_the_api(client: FlaskClient) -> None:
    response = client.get("/api/games", headers={"Host": LONG_LABEL})
    assert response.status_code == 400
    assert response.json["where"] == "header.Host"


def test_a_bad_host_header_is_refused_in_french(client: FlaskClient) -> None:
    response = client.get("/", headers={"Host": LONG_LABEL, "Accept-Language": "fr"})
    assert response.status_code == 400
    assert "en-tête Host" in response.get_data(as_text=True)
