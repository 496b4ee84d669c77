"""The round-by-round totals as an inline SVG line chart, and the score sheet beside it, drawn
on the server (no JavaScript).

Both draw what the engine's standings say (``rounds``: each side's running total after each
round, and the ``target``); they compute nothing about the game. The chart's labels keep apart
however close the totals are (equal totals included), and the TV board draws them large enough
to read from the sofa.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from referee.edge.i18n import gettext as _
from referee.edge.i18n import ngettext

WIDTH, HEIGHT = 800, 360
LEFT, RIGHT, TOP, BOTTOM = 64, 150, 20, 44
# Colours that keep apart for the common colour blindnesses (Okabe-Ito), with dash patterns too.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
           "#F0E442", "#999999"]
DASHES = ["", "8 4", "2 4", "12 4 2 4", "4 4", "1 3", "16 6", "6 2 2 2", "10 10"]
# Font sizes in the SVG's units (about its pixels), the style sheet's too (svg.chart, .tv).
LABEL, TICK = 17, 16
TV_LABEL, TV_TICK = 40, 30  # the TV board's
TV_HEIGHT = 540
GLYPH = 0.62  # a label's average glyph width, in font sizes (bold sans-serif)
LINE = 1.4  # a label's line, ascent to descent with room, in font sizes


def nice_step(span: float) -> int:
    """A round step for the vertical axis (1, 2, 5, 10, 20, 50, …) giving about 5 lines."""
    raw = max(span / 5, 1)
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= raw:
                return step * factor
        step *= 10


@dataclass(frozen=True)
class Frame:
    """The plot's geometry in the SVG's own units."""

    width: float
    height: float
    right: float
    low: int
    high: int
    count: int
    size: float  # the labels' font size
    left: float = LEFT  # room for the vertical axis' numbers

    @property
    def plot_w(self) -> float:
        return self.width - self.left - self.right

    @property
    def plot_h(self) -> float:
        return self.height - TOP - BOTTOM - self.size

    def x(self, i: int) -> float:
        return self.left + self.plot_w * i / self.count

    def y(self, v: float) -> float:
        return TOP + self.plot_h * (self.high - v) / (self.high - self.low or 1)


def frame_for(series: dict[str, list[int]], labels: list[str], target: Any, rounds: int,
              size: float, least_height: int = HEIGHT, tick: float = TICK) -> Frame:
    """The plot's geometry: room on the left for the widest number of the axis, on the right
    for the longest label at the lines' ends (none: ``labels`` empty)."""
    values = [v for points in series.values() for v in points]
    if target:
        values.append(int(target))
    low, high = min(values + [0]), max(values + [1])
    step = nice_step(high - low)
    low, high = (low // step) * step, -(-high // step) * step
    longest = max([len(t) for t in labels] + [8])
    right = max(RIGHT, longest * size * GLYPH + 16) if labels else 24
    height = max(least_height, TOP + BOTTOM + (len(labels) + 2) * size * LINE)
    left = max(LEFT, max(len(str(low)), len(str(high))) * tick * GLYPH + 16)
    return Frame(WIDTH + right - RIGHT, height, right, low, high, max(rounds, 1), size, left)


def rounds_chart(standings: dict[str, Any], names: dict[str, str], title: str, *,
                 tv: bool = False, legend: bool = False) -> Markup:
    """An SVG chart of each side's running total per round, with the target as a dashed line;
    the TV board's (``tv``) has larger labels and height, and leaves the names at the lines'
    ends to its score sheet's colour keys when it has one (``legend``). The font sizes are the
    style sheet's (``svg.chart`` and ``svg.chart.tv``), by class: a style attribute would not
    pass the pages' Content-Security-Policy."""
    label_size, tick_size, height = (TV_LABEL, TV_TICK, TV_HEIGHT) if tv else (LABEL, TICK,
                                                                               HEIGHT)
    rounds: list[dict[str, Any]] = list(standings.get("rounds") or [])
    sides = [line["side"] for line in standings.get("lines", [])]
    target = standings.get("target")
    series = {side: [0] + [int(r.get(side, 0)) for r in rounds] for side in sides}
    labelled = not (tv and legend)
    frame = frame_for(series, [names.get(s, s) for s in sides] if labelled else [], target,
                      len(rounds), label_size, height, tick_size)
    unit = escape(standings.get("unit", ""))
    parts = [
        f'<svg class="chart{" tv" if tv else ""}" viewBox="0 0 {frame.width:.0f} '
        f'{frame.height:.0f}" role="img" aria-labelledby="chart-title chart-desc" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<desc id="chart-desc">{escape(describe(series, names, rounds, target, unit))}</desc>',
        *axes(frame, tick_size),
        *target_line(frame, target, tick_size),
        *lines(frame, series),
        *(end_labels(frame, series, names) if labelled else []),
        "</svg>",
    ]
    return Markup("".join(parts))


def axes(frame: Frame, tick_size: float) -> list[str]:
    parts = []
    step = nice_step(frame.high - frame.low)
    right = frame.left + frame.plot_w
    for v in range(frame.low, frame.high + 1, step):
        parts.append(f'<line class="grid" x1="{frame.left:.1f}" x2="{right:.1f}" '
                     f'y1="{frame.y(v):.1f}" '
                     f'y2="{frame.y(v):.1f}"/>')
        parts.append(f'<text class="tick" x="{frame.left - 8:.1f}" '
                     f'y="{frame.y(v) + tick_size / 3:.1f}" '
                     f'text-anchor="end">{v}</text>')
    bottom = TOP + frame.plot_h
    every = max(frame.count // 12, 1)
    for i in range(frame.count + 1):
        if frame.count <= 12 or i % every == 0:
            parts.append(f'<text class="tick" x="{frame.x(i):.1f}" '
                         f'y="{bottom + tick_size * 1.4:.1f}" text-anchor="middle">{i}</text>')
    axis = escape(_("round"))
    parts.append(f'<text class="axis" x="{frame.left + frame.plot_w / 2:.1f}" '
                 f'y="{frame.height - 6:.1f}" text-anchor="middle">{axis}</text>')
    return parts


def target_line(frame: Frame, target: Any, tick_size: float) -> list[str]:
    if not target:
        return []
    y = frame.y(target)
    above = y - 6 if y - tick_size - 6 > 0 else y + tick_size + 4  # inside the picture
    label = escape(_("target {target}", target=target))
    return [f'<line class="target" x1="{frame.left:.1f}" x2="{frame.left + frame.plot_w:.1f}" '
            f'y1="{y:.1f}" '
            f'y2="{y:.1f}"/>',
            f'<text class="target-label" x="{frame.left + 6:.1f}" y="{above:.1f}">'
            f'{label}</text>']


#: How far apart, in the SVG's units, the lines of sides tied at a round are drawn.
TIE_GAP = 7


def tie_offsets(series: dict[str, list[int]]) -> dict[str, list[float]]:
    """For each side and round, how far its line is moved off its total so that sides tied
    there are drawn side by side, centred on the total, instead of one over the other."""
    offsets = {side: [0.0] * len(points) for side, points in series.items()}
    count = max((len(p) for p in series.values()), default=0)
    for i in range(count):
        by_total: dict[int, list[str]] = {}
        for side, points in series.items():
            if i < len(points):
                by_total.setdefault(points[i], []).append(side)
        for tied in by_total.values():
            for k, side in enumerate(tied):
                offsets[side][i] = (k - (len(tied) - 1) / 2) * TIE_GAP
    return offsets


def lines(frame: Frame, series: dict[str, list[int]]) -> list[str]:
    """Each side's line, dashed its own way; tied sides' lines drawn side by side."""
    parts = []
    offsets = tie_offsets(series)
    for n, (side, points) in enumerate(series.items()):
        colour, dash = COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]
        ys = [frame.y(p) + off for p, off in zip(points, offsets[side], strict=True)]
        coords = " ".join(f"{frame.x(i):.1f},{y:.1f}" for i, y in enumerate(ys))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="series s{n}" points="{coords}" stroke="{colour}"'
                     f'{dash_attr}/>')
        parts += [f'<circle class="dot s{n}" cx="{frame.x(i):.1f}" cy="{y:.1f}" r="4" '
                  f'fill="{colour}"/>' for i, y in enumerate(ys)]
    return parts


def spread(wanted: list[float], gap: float, top: float, bottom: float) -> list[float]:
    """Label baselines as near ``wanted`` (sorted) as they can be while ``gap`` apart and
    within ``top``..``bottom``: equal totals get labels one above the other."""
    placed: list[float] = []
    for y in wanted:
        placed.append(max(y, placed[-1] + gap) if placed else max(y, top))
    for i in range(len(placed) - 1, -1, -1):  # pushed past the bottom: move the stack up
        limit = bottom if i == len(placed) - 1 else placed[i + 1] - gap
        placed[i] = min(placed[i], limit)
    return placed


def end_labels(frame: Frame, series: dict[str, list[int]], names: dict[str, str]) -> list[str]:
    """Each side's name at its line's end, kept a line apart from the others."""
    ends = sorted((frame.y(points[-1]) + frame.size / 3, n, side)
                  for n, (side, points) in enumerate(series.items()))
    ys = spread([e[0] for e in ends], frame.size * LINE, TOP + frame.size,
                frame.height - BOTTOM + frame.size / 2)
    x = frame.left + frame.plot_w + 8
    return [f'<text class="series-label s{n}" x="{x:.1f}" y="{y:.1f}" '
            f'fill="{COLOURS[n % len(COLOURS)]}">{escape(names.get(side, side))}</text>'
            for y, (_y, n, side) in zip(ys, ends, strict=True)]


def describe(series: dict[str, list[int]], names: dict[str, str], rounds: list[Any],
             target: Any, unit: str) -> str:
    """The chart in words, for screen readers."""
    if not rounds:
        return _("No round has been scored yet.")
    latest = "; ".join(f"{names.get(s, s)} {p[-1]}" for s, p in series.items())
    aim = " " + _("Target: {target} {unit}.", target=target, unit=unit) if target else ""
    after = ngettext("After {num} round: {totals} {unit}.",
                     "After {num} rounds: {totals} {unit}.", len(rounds),
                     totals=latest, unit=unit)
    return after + aim


def score_sheet(standings: dict[str, Any]) -> list[dict[str, Any]]:
    """The score sheet: for each round, each side's points that round and its running total
    (the standings' running totals, read round by round)."""
    sides = [line["side"] for line in standings.get("lines", [])]
    before = dict.fromkeys(sides, 0)
    sheet = []
    for n, totals in enumerate(standings.get("rounds") or [], start=1):
        cells = []
        for side in sides:
            total = int(totals.get(side, before[side]))
            cells.append({"side": side, "points": total - before[side], "total": total})
            before[side] = total
        sheet.append({"round": n, "cells": cells})
    return sheet


#: The rounds the TV board's sheet shows one by one; the earlier ones are folded into a total.
SHEET_ROUNDS = 12


def sheet_by_side(standings: dict[str, Any], names: dict[str, str],
                  shown: int = SHEET_ROUNDS) -> dict[str, Any]:
    """The score sheet one side a row, best place first: its place, its name, the points of
    the rounds before the last ``shown`` folded into one figure, each shown round's points,
    and its total now (the standings' running totals, read round by round); ``series``: its
    line's number on the chart (its colour key)."""
    sheet = score_sheet(standings)
    earlier, last = sheet[:-shown] if len(sheet) > shown else [], sheet[-shown:]
    ranks = {line["side"]: line.get("rank") for line in standings.get("lines", [])}
    rows = []
    for i, line in enumerate(standings.get("lines", [])):
        side = line["side"]
        rows.append({
            "series": i, "side": side, "rank": ranks.get(side), "name": names.get(side, side),
            "earlier": earlier[-1]["cells"][i]["total"] if earlier else None,
            "points": [r["cells"][i]["points"] for r in last],
            "total": last[-1]["cells"][i]["total"] if last else line.get("total")})
    rows.sort(key=lambda r: r["rank"] if isinstance(r["rank"], int) else len(rows))
    return {"rounds": [r["round"] for r in last], "earlier": len(earlier), "rows": rows}
