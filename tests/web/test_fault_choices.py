"""The faults the host reports are offered in the page's language.

Requirement: "Everything a person reads is translated"; the fault is chosen from the game's
reportable missplays, described by the engine as messages (docs/engines.md).
"""

from __future__ import annotations

import html

from flask.testing import FlaskClient

from tests.web.helpers import create


def test_the_host_chooses_a_fault_in_the_pages_language(client: FlaskClient) -> None:
    """CC-MISS-3 (« regarder une carte sans autorisation »): described in French on a French
    page and in English on an English one, whichever language was read first."""
    made = create(client)
    french = html.unescape(client.get(f"/m/{made.id}/play?lang=fr").get_data(as_text=True))
    assert "CC-MISS-3: Un joueur a regardé une carte sans y être autorisé." in french
    english = html.unescape(client.get(f"/m/{made.id}/play?lang=en").get_data(as_text=True))
    assert "CC-MISS-3: A player looked at a card without permission." in english
    assert "Un joueur a regardé" not in english
