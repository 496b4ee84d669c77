"""Every page in Chromium, read by a French browser and by an English one, checked by axe-core.

Requirements: "Browser tests in Chromium run in both locales (locale="fr-FR" and en-US
contexts) and assert translated text on every page"; "axe-core … reports no violation on any
page in either language"; "Dates and times in the reader's locale and in the server's time zone
(REFEREE_TIMEZONE)". axe-core is the npm package pinned in package.json (``npm ci`` installs it;
scripts/test and .ci/run do so when node_modules is missing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from referee import ROOT, create_app, database
from referee.cli import upgrade_database
from tests.night_fixture import build_night
from tests.web.helpers import Browser, create, joined, move, served

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = ROOT / "test-artifacts" / "screenshots" / "languages"
TIMEOUT = 10_000
LOCALES = {"en": "en-US", "fr": "fr-FR"}


@dataclass(frozen=True)
class Night:
    server: str
    night: int
    finished: int  # match A of the fixture night: finished, two rounds, times known
    live: int  # a match under way with two moves, joined as its host
    host: str
    alice: int
    bob: int
    neuro: int  # Neurotrio, its domain started: the pad's grid of "+" buttons
    croco: int  # CrocoNounours, its first player chosen: the board to deploy on
    rounds: dict[str, int]  # a rounds-only match of each game, nothing logged: its quick form
    hosts: tuple[tuple[int, str], ...]  # every match's host link, opened by each reader
    night_token: str  # the night's host link, opened by each reader (its points form)


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    """The fixture night (tests/night_fixture.py) on a real server whose clock reads Paris
    time: its matches were logged from 20:00 UTC, so 21:00 in Paris in November."""
    path = tmp_path_factory.mktemp("languages") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "TIMEZONE": "Europe/Paris",
                      "RATELIMIT_ENABLED": False})
    upgrade_database(app)
    app.test_client_class = Browser  # the setup's forms carry their CSRF token
    built = build_night(app.test_client())
    live = built["matches"][2]
    host = joined(app, live, built["host"])
    for kind, fields in (("draw", {"p.source": "stock"}), ("discard", {"p.value": "5"})):
        assert move(host, live, kind, 0, fields).status_code == 303
    client = app.test_client()
    neuro = create(client, "neurotrio", ("Alice", "Bob", "Chloé"))
    assert move(client, neuro.id, "start_domain", None,
                {"p.card": "coeur-noir-2"}).status_code == 303
    for card, row, col in (("coeur-vert-2", 0, 1), ("coeur-vert-1", 1, 1),
                           ("rose-noir-2", -1, 0)):
        placed = [move(client, neuro.id, "place", seat,
                       {"p.card": card, "p.row": str(row), "p.col": str(col)}).status_code
                  for seat in range(3)]
        assert 303 in placed, placed
    croco = create(client, "croconounours", ("Alice", "Bob"))
    assert move(client, croco.id, "first_player", None, {"p.seat": "0"}).status_code == 303
    quick = {game: create(client, game, names, mode="rounds", **options)
             for game, names, options in (
                 ("neurotrio", ("Alice", "Bob", "Chloé"), {}),
                 ("croconounours", ("Alice", "Bob"), {}),
                 ("plouc", ("Alice", "Bob", "Chloé"), {}),
                 ("citroncoco-teams", ("Alice", "Bob", "Chloé", "Dan"), {"o.nano": "on"}))}
    with served(app) as port:
        yield Night(f"http://127.0.0.1:{port}", built["night"], built["matches"][0],
                    live, built["host"], built["players"]["Alice"], built["players"]["Bob"],
                    neuro.id, croco.id, {game: made.id for game, made in quick.items()},
                    ((live, built["host"]), (neuro.id, neuro.host), (croco.id, croco.host),
                     *((made.id, made.host) for made in quick.values())),
                    built["night_token"])
    database(app).engine.dispose()


def axe_violations(page: Any) -> list[str]:
    """axe-core's violations on the page as it stands, one line each (rule, impact, where)."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => `${v.id} (${v.impact}): ${v.help} — ` +
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
    }""")
    return list(found)


def post(page: Any, form: str) -> None:
    """Send a page's form by its submit button, as a reader does."""
    page.locator(form).locator("button[type=submit]").first.click()
    page.wait_for_load_state()


def open_move(page: Any, move_type: str, seat: str) -> None:
    """Open a move's form on the pad's "All moves" list and send it for ``seat``."""
    details = page.locator(f"details.move:has(input[name=type][value={move_type}])").first
    details.locator("summary").click()
    details.locator("select[name=seat]").select_option(seat)
    details.locator("button[type=submit]").click()
    page.wait_for_load_state()


def rising_points(page: Any) -> None:
    """The night's placement-points form sent with points that rise: refused beside it."""
    page.locator("#leaderboard details.tool summary").click()
    page.fill("#points", "3, 5")
    post(page, "#leaderboard form")


#: Each page, how to reach it, and a sentence it shows in each language (English, French).
Visit = tuple[str, Callable[[Any, Night], None], str, str]


def go(path: str) -> Callable[[Any, Night], None]:
    def visit(page: Any, n: Night) -> None:
        path_now = path.format(night=n.night, finished=n.finished, live=n.live,
                               alice=n.alice, bob=n.bob, neuro=n.neuro, croco=n.croco,
                               **{f"rounds_{g.replace('-', '_')}": m for g, m in n.rounds.items()})
        page.goto(n.server + path_now)
    return visit


def then(first: Callable[[Any, Night], None],
         action: Callable[[Any], None]) -> Callable[[Any, Night], None]:
    def visit(page: Any, n: Night) -> None:
        first(page, n)
        action(page)
    return visit


PAGES: list[Visit] = [
    ("home", go("/"), "Game nights", "Soirées jeux"),
    ("new", go("/new"), "Which game is the table playing?", "À quel jeu joue la table ?"),
    ("new-match", go("/new/citroncoco"), "Sum of two cards", "La somme de deux cartes"),
    ("match", go("/m/{live}"), "Timeline", "Chronologie"),
    # Logged from 20:00 to 20:40 UTC: 21:40 in Paris (REFEREE_TIMEZONE), in the reader's words.
    ("match-finished", go("/m/{finished}"), "Nov 20, 2026", "20 nov. 2026 21:40"),
    ("play", go("/m/{live}/play"), "All moves of CitronCoco (each for themself)",
     "Tous les coups du jeu « Le Citron Coco en individuel »"),
    ("confirm", then(go("/m/{live}/play"), lambda p: open_move(p, "citron_coco", "0")),
     "Not logged yet. Logged now, it will do this:",
     "Pas encore noté. Noté maintenant, voici ce qu'il fera :"),
    ("play-neurotrio", go("/m/{neuro}/play"), "All moves of Neurotrio: the treasure hunt",
     "Tous les coups du jeu « Neurotrio : la chasse au trésor »"),
    ("match-neurotrio", go("/m/{neuro}?at=1#table"), "The table right after #1",
     "La table juste après le n° 1"),
    ("play-croconounours", go("/m/{croco}/play"), "All moves of CrocoNounours",
     "Tous les coups du jeu « CrocoNounours »"),
    ("match-croconounours", go("/m/{croco}?at=1#table"), "Standings then",
     "Classement à ce moment"),
    ("play-rounds-neurotrio", go("/m/{rounds_neurotrio}/play"), "Alice's victory points",
     "Points de victoire d'Alice"),
    ("play-rounds-croconounours", go("/m/{rounds_croconounours}/play"),
     "Warriors left standing", "Warriors encore debout"),
    ("play-rounds-plouc", go("/m/{rounds_plouc}/play"), "Cards left in each hand",
     "Cartes restantes dans chaque main"),
    ("play-rounds-citroncoco-teams", go("/m/{rounds_citroncoco_teams}/play"),
     "Who said Nano!", "Qui a dit « Nano ! »"),
    ("board", go("/m/{live}/board"), "CitronCoco (each for themself)",
     "Le Citron Coco en individuel"),
    ("history", go("/history"), "These matches as CSV", "Ces parties en CSV"),
    ("players", go("/players"), "Players", "Joueurs"),
    ("player", go("/players/{alice}"), "Record per game", "Palmarès par jeu"),
    ("versus", go("/players/{alice}/versus?other={bob}"),
     "Finished matches both played: who placed ahead of whom.",
     "Parties terminées jouées par les deux : qui a fini devant qui."),
    ("night", go("/nights/{night}"), "New match in this night",
     "Nouvelle partie dans cette soirée"),
    ("night-points-refused", then(go("/nights/{night}"), rising_points),
     "The night's placement points are unchanged.",
     "Les points de classement de la soirée n'ont pas changé."),
    ("night-tv", go("/nights/{night}/tv"), "Biggest Citron Coco", "Plus gros Citron Coco"),
    ("recap", go("/nights/{night}/recap"), "Final board", "Classement final"),
    ("invite", go("/m/{live}/invite"), "The host may log any seat's move",
     "L'hôte peut noter le coup de n'importe quelle place"),
    ("import", go("/import"), "Import a match", "Importer une partie"),
    ("what-if", then(go("/m/{finished}/what-if"), lambda p: post(p, ".what-if-form")),
     "Totals side by side", "Totaux côte à côte"),
    ("correction", go("/m/{live}/correct/2"), "The move that should have been logged",
     "Le coup qui aurait dû être noté"),
    ("correction-preview", then(go("/m/{live}/correct/2"),
                                lambda p: post(p, ".correction-form")),
     "Preview: nothing is logged until you confirm",
     "Aperçu : rien n'est noté avant votre confirmation"),
    ("error", go("/no-such-page"), "There is no page at /no-such-page.",
     "Il n'y a pas de page à l'adresse /no-such-page."),
    ("join", go("/m/{live}/join/link"), "Your join link", "Le lien de votre place"),
]


#: The French reader on a phone, the English one on a laptop: both sizes are checked.
VIEWPORTS = {"fr": {"width": 390, "height": 844}, "en": {"width": 1280, "height": 900}}


def reader(chromium: Any, n: Night, language: str) -> Any:
    """A browser whose language is ``language`` and which opened every match's host link and
    the night's.

    It sets the pages' Content-Security-Policy aside (``bypass_csp``), for axe-core is added to
    each page as an inline script, which the policy would refuse; the policy itself is checked
    by its own test below, page by page."""
    context = chromium.new_context(locale=LOCALES[language], viewport=VIEWPORTS[language],
                                   bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    for match_id, token in n.hosts:
        page.goto(f"{n.server}/m/{match_id}/join?token={token}")
    page.goto(f"{n.server}/nights/{n.night}/host?token={n.night_token}")
    return page


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_page_reads_in_the_browsers_language_with_no_axe_violation(
        chromium: Any, night: Night, language: str) -> None:
    page = reader(chromium, night, language)
    failures = []
    for name, visit, english, french in PAGES:
        visit(page, night)
        body = page.locator("body").inner_text()
        if page.locator("html").get_attribute("lang") != language:
            failures.append(f"{name}: <html lang> is not {language}")
        expected, other = (french, english) if language == "fr" else (english, french)
        if expected not in body:
            failures.append(f"{name}: {expected!r} is not on the page")
        if other in body and other != expected:
            failures.append(f"{name}: {other!r} (the other language) is on the page")
        failures.extend(f"{name}: axe: {line}" for line in axe_violations(page))
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-{language}.png"), full_page=True)
    page.context.close()
    assert failures == [], "\n".join(failures)


def test_the_switch_on_every_page_keeps_the_readers_choice(chromium: Any, night: Night) -> None:
    """A French browser switched to English stays in English from page to page, and back."""
    page = reader(chromium, night, "fr")
    page.goto(f"{night.server}/history")
    assert page.locator("h1").inner_text() == "Historique"
    page.get_by_role("navigation", name="Langue").get_by_role("link", name="English").click()
    assert page.locator("h1").inner_text() == "History"
    page.goto(f"{night.server}/players")
    assert page.locator("h1").inner_text() == "Players"
    page.get_by_role("navigation", name="Language").get_by_role("link", name="Français").click()
    assert page.locator("h1").inner_text() == "Joueurs"
    page.goto(f"{night.server}/nights/{night.night}/tv")
    assert page.get_by_role("navigation", name="Langue").count() == 1, "the TV view has it too"
    page.context.close()


#: Besides the pages above: the API's interactive docs (in English only).
UNDER_POLICY = [*PAGES, ("api-docs", then(go("/api/docs"),
                                          lambda p: p.locator(".opblock").first.wait_for()),
                         "", "")]

#: What each page's Content-Security-Policy refused, said on the page's console.
REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) =>
    console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ` +
                  `${e.sourceFile}:${e.lineNumber}`));"""


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_page_runs_under_the_content_security_policy(chromium: Any, night: Night,
                                                           language: str) -> None:
    """Every page, reached as a reader does (the host's links opened by their "#" token, forms
    sent), under the site's policy: nothing refused, no script error. (The other browser tests
    run under it too: the pads and boards that follow the match, the pickers.)"""
    context = chromium.new_context(locale=LOCALES[language], viewport=VIEWPORTS[language])
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    refused: list[str] = []
    where = ["join"]
    page.on("console", lambda m: refused.append(f"{where[0]}: {m.text}")
            if m.type == "error" and ("Content Security Policy" in m.text
                                      or m.text.startswith("CSP violation")) else None)
    page.on("pageerror", lambda error: refused.append(f"{where[0]}: script error: {error}"))
    for match_id, token in night.hosts:
        page.goto(f"{night.server}/m/{match_id}/join/link#t={token}")
        page.wait_for_url(f"**/m/{match_id}/play")
    page.goto(f"{night.server}/nights/{night.night}/host#t={night.night_token}")
    page.wait_for_url(f"**/nights/{night.night}")
    for name, visit, _english, _french in UNDER_POLICY:
        where[0] = name
        visit(page, night)
        page.wait_for_load_state()
    page.context.close()
    assert refused == [], "\n".join(refused)
