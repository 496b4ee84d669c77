"""The round-by-round totals as an inline SVG line chart, drawn on the server (no JavaScript).

It draws what the engine's standings say (``rounds``: each side's running total after each
round, and the ``target``); it computes nothing about the game.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

WIDTH, HEIGHT = 800, 360
LEFT, RIGHT, TOP, BOTTOM = 64, 150, 20, 44
# Colours that keep apart for the common colour blindnesses (Okabe-Ito), with dash patterns too.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
           "#F0E442", "#999999"]
DASHES = ["", "8 4", "2 4", "12 4 2 4", "4 4", "1 3", "16 6", "6 2 2 2", "10 10"]


def nice_step(span: float) -> int:
    """A round step for the vertical axis (1, 2, 5, 10, 20, 50, …) giving about 5 lines."""
    raw = max(span / 5, 1)
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= raw:
                return step * factor
        step *= 10


def rounds_chart(standings: dict[str, Any], names: dict[str, str], title: str) -> Markup:
    """An SVG chart of each side's running total per round, with the target as a dashed line."""
    rounds: list[dict[str, Any]] = list(standings.get("rounds") or [])
    sides = [line["side"] for line in standings.get("lines", [])]
    target = standings.get("target")
    series = {side: [0] + [int(r.get(side, 0)) for r in rounds] for side in sides}
    values = [v for points in series.values() for v in points]
    if target:
        values.append(int(target))
    low, high = min(values + [0]), max(values + [1])
    step = nice_step(high - low)
    low, high = (low // step) * step, -(-high // step) * step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(len(rounds), 1)

    def x(i: int) -> float:
        return LEFT + plot_w * i / count

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low or 1)

    unit = escape(standings.get("unit", ""))
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<desc id="chart-desc">{escape(describe(series, names, rounds, target, unit))}</desc>',
    ]
    v = low
    while v <= high:
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(v):.1f}" '
                     f'y2="{y(v):.1f}"/>')
        parts.append(f'<text class="tick" x="{LEFT - 8}" y="{y(v) + 5:.1f}" '
                     f'text-anchor="end">{v}</text>')
        v += step
    for i in range(count + 1):
        if count <= 12 or i % max(count // 12, 1) == 0:
            parts.append(f'<text class="tick" x="{x(i):.1f}" y="{TOP + plot_h + 24}" '
                         f'text-anchor="middle">{i}</text>')
    parts.append(f'<text class="axis" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 4}" '
                 f'text-anchor="middle">round</text>')
    if target:
        parts.append(f'<line class="target" x1="{LEFT}" x2="{LEFT + plot_w}" '
                     f'y1="{y(target):.1f}" y2="{y(target):.1f}"/>')
        parts.append(f'<text class="target-label" x="{LEFT + plot_w + 6}" '
                     f'y="{y(target) + 5:.1f}">target {target}</text>')
    ends: list[tuple[float, str, str]] = []
    for n, (side, points) in enumerate(series.items()):
        colour, dash = COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]
        coords = " ".join(f"{x(i):.1f},{y(p):.1f}" for i, p in enumerate(points))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="series s{n}" points="{coords}" stroke="{colour}"'
                     f'{dash_attr}/>')
        for i, p in enumerate(points):
            parts.append(f'<circle class="dot s{n}" cx="{x(i):.1f}" cy="{y(p):.1f}" r="4" '
                         f'fill="{colour}"/>')
        ends.append((y(points[-1]), names.get(side, side), f"s{n}"))
    last = -100.0
    for end_y, name, cls in sorted(ends):  # labels at the lines' ends, kept apart
        end_y = max(end_y, last + 20)
        last = end_y
        colour = COLOURS[int(cls[1:]) % len(COLOURS)]
        parts.append(f'<text class="series-label {cls}" x="{LEFT + plot_w + 8}" '
                     f'y="{end_y + 6:.1f}" fill="{colour}">{escape(name)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def describe(series: dict[str, list[int]], names: dict[str, str], rounds: list[Any],
             target: Any, unit: str) -> str:
    """The chart in words, for screen readers."""
    if not rounds:
        return "No round has been scored yet."
    latest = "; ".join(f"{names.get(s, s)} {p[-1]}" for s, p in series.items())
    aim = f" Target: {target} {unit}." if target else ""
    return f"After {len(rounds)} round(s): {latest} {unit}.{aim}"
