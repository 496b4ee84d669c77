"""Pictures drawn on the server as SVG: a night's final board, a player's results over time.

Like ``chart.py`` they draw what the service computed and compute nothing themselves.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from referee.edge.i18n import gettext as _
from referee.edge.i18n import ngettext
from referee.web import vocabulary
from referee.web.chart import COLOURS

ROW, HEAD, WIDTH = 56, 120, 900


def board_svg(board: dict[str, Any]) -> str:
    """The night's leaderboard as a standalone SVG image (to share or print)."""
    lines = board["leaderboard"]
    height = HEAD + ROW * max(len(lines), 1) + 40
    points = ", ".join(str(p) for p in board["placement_points"])
    title = _("{night}: final board", night=escape(board["name"]))
    finished = ngettext("{num} match finished", "{num} matches finished", board["finished"])
    scale = _("placement points {points}", points=escape(points))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" role="img" aria-labelledby="t">',
        f'<title id="t">{title}</title>',
        f'<rect width="{WIDTH}" height="{height}" fill="#0d1117"/>',
        f'<text x="40" y="60" fill="#f0f3f6" font-family="sans-serif" font-size="36" '
        f'font-weight="700">{escape(board["name"])}</text>',
        f'<text x="40" y="96" fill="#aab4c0" font-family="sans-serif" font-size="20">'
        f'{finished} · {scale}</text>',
    ]
    for i, line in enumerate(lines):
        y = HEAD + ROW * i
        fill = "#17452b" if line["place"] == 1 else "#161b22"
        parts.append(f'<rect x="30" y="{y}" width="{WIDTH - 60}" height="{ROW - 8}" rx="8" '
                     f'fill="{fill}"/>')
        text = 'fill="#f0f3f6" font-family="sans-serif" font-size="26"'
        record = ngettext("{num} won / {played}", "{num} won / {played}", line["won"],
                          played=line["played"])
        score = _("{points} pts", points=line["points"])
        parts.append(f'<text x="50" y="{y + 34}" {text}>{line["place"]}.</text>')
        parts.append(f'<text x="110" y="{y + 34}" {text} class="name">'
                     f'{escape(line["name"])}</text>')
        parts.append(f'<text x="{WIDTH - 260}" y="{y + 34}" {text} text-anchor="end">'
                     f'{record}</text>')
        parts.append(f'<text x="{WIDTH - 50}" y="{y + 34}" {text} font-weight="700" '
                     f'text-anchor="end" class="points">{score}</text>')
    if not lines:
        empty = _("No match finished yet.")
        parts.append(f'<text x="40" y="{HEAD + 30}" fill="#aab4c0" font-family="sans-serif" '
                     f'font-size="24">{empty}</text>')
    parts.append("</svg>")
    return "".join(parts)


def results_chart(results: list[dict[str, Any]], name: str) -> Markup:
    """A player's placements over time: one dot per finished match, first place on top.

    Placement is drawn as a share of the field (1st of 2 and 1st of 6 both on top; last at the
    bottom), so that games of different sizes sit on one scale.
    """
    # drawn small, so that its labels read on a phone (the figure is kept narrow on a screen)
    width, height, left, right, top, bottom = 480, 220, 64, 16, 16, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    count = len(results)
    title = _("{name}: placement in each finished match, oldest first", name=name)
    parts = [f'<svg class="chart results" viewBox="0 0 {width} {height}" role="img" '
             f'aria-labelledby="rc-title rc-desc" xmlns="http://www.w3.org/2000/svg">',
             f'<title id="rc-title">{escape(title)}</title>']
    won = sum(1 for r in results if r["won"])
    desc = _("{finished}, {won}.",
             finished=ngettext("{num} finished match", "{num} finished matches", count),
             won=ngettext("{num} won", "{num} won", won))
    parts.append(f'<desc id="rc-desc">{desc}</desc>')
    for label, share in ((_("1st"), 0.0), (_("last"), 1.0)):
        y = top + plot_h * share
        parts.append(f'<line class="grid" x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" '
                     f'y2="{y:.1f}"/>')
        parts.append(f'<text class="tick" x="{left - 8}" y="{y + 5:.1f}" '
                     f'text-anchor="end">{label}</text>')
    axis = _("finished matches, oldest first")
    parts.append(f'<text class="axis" x="{left + plot_w / 2:.1f}" y="{height - 8}" '
                 f'text-anchor="middle">{axis}</text>')
    points = []
    for i, r in enumerate(results):
        x = left + (plot_w * (i + 0.5) / count if count else 0)
        share = (r["rank"] - 1) / max(r["sides"] - 1, 1)
        y = top + plot_h * min(share, 1.0)
        points.append(f"{x:.1f},{y:.1f}")
        colour = COLOURS[2] if r["won"] else COLOURS[0]
        parts.append(f'<circle class="dot{" won" if r["won"] else ""}" cx="{x:.1f}" '
                     f'cy="{y:.1f}" r="6" fill="{colour}"><title>#{r["match_id"]} '
                     + _("{game}: place {rank} of {sides}, score {score}",
                         game=escape(vocabulary.game_title(r["game"], r["game"])),
                         rank=r["rank"], sides=r["sides"],
                         score=r["score"]) + '</title></circle>')
    if len(points) > 1:
        parts.insert(4, f'<polyline class="series s0" points="{" ".join(points)}" '
                        f'stroke="{COLOURS[0]}"/>')
    parts.append("</svg>")
    return Markup("".join(parts))
