"""A tiny inline-SVG line chart with CI bands (no plotting dependency).

`line_chart` returns an `<svg>` element a page embeds directly; values are
fractions in [0, 1] drawn as percentages on a fixed 0–100 axis, NaN points are
skipped, and every text is escaped. Bar charts are plain HTML (`report/bars.py`),
which reflows to any width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Optional, Sequence

# Colour-blind-safe palette (Okabe–Ito); the first is the reliable@k strict curve.
PALETTE: tuple[str, ...] = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#56b4e9")
FONT = "font-family=\"system-ui, -apple-system, 'Segoe UI', sans-serif\""


@dataclass
class Series:
    """One line (or one bar group) with optional lower and upper CI bounds."""

    name: str
    values: Sequence[float]
    low: Optional[Sequence[float]] = None
    high: Optional[Sequence[float]] = None
    color: str = PALETTE[0]
    dashed: bool = False


def _ok(value: Optional[float]) -> bool:
    return value is not None and not (isinstance(value, float) and math.isnan(value))


def _fmt(value: float) -> str:
    return f"{value:.1f}"


def line_chart(x: Sequence[int], series: Sequence[Series], *, title: str, x_label: str,
               y_label: str = "%", width: int = 960, height: int = 360,
               legend: str = "right", chart_id: str = "chart", caption: bool = True) -> str:
    """Lines over integer x with shaded CI bands; the y axis runs 0–100 % on every chart, so
    two charts of this kind compare at a glance. The SVG scales to its container's width
    (viewBox); `legend` "below" suits a narrow screen; `caption=False` leaves the title to
    the page (it is still the SVG's accessible <title>)."""
    right = 150 if legend == "right" else 22
    bottom = 46 + (22 * len(series) if legend == "below" else 0)
    left, top = 52, 36 if caption else 14
    plot_w, plot_h = width - left - right, height - top - bottom
    lo, hi = 0.0, 1.0
    span_x = max(1, (max(x) - min(x))) if x else 1

    def px(value: float) -> float:
        return left + (value - min(x)) / span_x * plot_w if len(x) > 1 else left + plot_w / 2

    def py(value: float) -> float:
        return top + (hi - value) / (hi - lo) * plot_h

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" id="{escape(chart_id)}" role="img" '
             f'viewBox="0 0 {width} {height}" preserveAspectRatio="xMidYMid meet" {FONT} '
             f'font-size="13">',
             f'<title>{escape(title)}</title>',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']
    if caption:
        parts.append(f'<text x="{left}" y="20" font-size="15" font-weight="600">'
                     f'{escape(title)}</text>')
    for i in range(11):
        value = lo + 0.1 * i
        y = py(value)
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{_fmt(y)}" y2="{_fmt(y)}" '
                     f'stroke="#e3e3e3" stroke-width="1"/>')
        if i % 2 == 0 or legend == "right":
            parts.append(f'<text x="{left - 6}" y="{_fmt(y + 4)}" text-anchor="end" '
                         f'fill="#444">{100 * value:.0f}</text>')
    for value in x:
        parts.append(f'<text x="{_fmt(px(value))}" y="{top + plot_h + 16}" text-anchor="middle" '
                     f'fill="#444">{value}</text>')
    parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{top + plot_h}" '
                 f'y2="{top + plot_h}" stroke="#888"/>')
    parts.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + plot_h}" stroke="#888"/>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h + 36}" text-anchor="middle" '
                 f'fill="#222">{escape(x_label)}</text>')
    parts.append(f'<text x="14" y="{top + plot_h / 2}" text-anchor="middle" fill="#222" '
                 f'transform="rotate(-90 14 {top + plot_h / 2})">{escape(y_label)}</text>')
    # bands first, lines on top
    for s in series:
        if s.low is None or s.high is None:
            continue
        upper = [(px(xv), py(h)) for xv, h in zip(x, s.high) if _ok(h)]
        lower = [(px(xv), py(lv)) for xv, lv in zip(x, s.low) if _ok(lv)]
        if len(upper) >= 1 and len(lower) >= 1:
            points = upper + lower[::-1]
            parts.append('<polygon class="band" points="'
                         + " ".join(f"{_fmt(a)},{_fmt(b)}" for a, b in points)
                         + f'" fill="{s.color}" fill-opacity="0.18" stroke="none"/>')
    labelled = len(series) <= 2  # more lines would bury each other's numbers
    for position in reversed(range(len(series))):  # the first series is drawn last, on top
        s = series[position]
        points = [(xv, v, i) for i, (xv, v) in enumerate(zip(x, s.values)) if _ok(v)]
        if not points:
            continue
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        parts.append('<polyline class="curve" points="'
                     + " ".join(f"{_fmt(px(xv))},{_fmt(py(v))}" for xv, v, _ in points)
                     + f'" fill="none" stroke="{s.color}" stroke-width="3"{dash}/>')
        for xv, v, i in points:
            tip = f"{s.name}, {x_label} = {xv}: {100 * v:.2f}%"
            if s.low is not None and s.high is not None and _ok(s.low[i]) and _ok(s.high[i]):
                tip += f" [{100 * s.low[i]:.2f}, {100 * s.high[i]:.2f}]"
            parts.append(f'<circle cx="{_fmt(px(xv))}" cy="{_fmt(py(v))}" r="4" '
                         f'fill="{s.color}"><title>{escape(tip)}</title></circle>')
            if labelled:  # the higher of the two curves is labelled above, the lower below
                other = series[1 - position].values[i] if len(series) == 2 else None
                below = _ok(other) and (v < other or (v == other and position == 1))
                dy = 18 if below else -9
                parts.append(f'<text class="point-value" x="{_fmt(px(xv))}" '
                             f'y="{_fmt(py(v) + dy)}" text-anchor="middle" font-size="11" '
                             f'fill="{s.color}">{100 * v:.1f}</text>')
    for i, s in enumerate(series):
        if legend == "right":
            x0, y = left + plot_w + 16, top + 10 + 22 * i
        else:
            x0, y = left, top + plot_h + 58 + 22 * i
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        parts.append(f'<line x1="{x0}" x2="{x0 + 24}" y1="{y}" y2="{y}" stroke="{s.color}" '
                     f'stroke-width="3"{dash}/>')
        parts.append(f'<text x="{x0 + 30}" y="{y + 4}" fill="#222">{escape(s.name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def has_points(series: Sequence[Series]) -> bool:
    """Any defined value to draw (a chart of nothing says "no data" instead)."""
    return any(_ok(value) for s in series for value in s.values)
