"""Tiny inline-SVG charts (no plotting dependency): a line chart with CI bands, grouped bars.

Every function returns an `<svg>` element as a string that a page can embed
directly; values are fractions in [0, 1] and are drawn as percentages. NaN
points are skipped.
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


def _y_range(series: Sequence[Series], y_min: Optional[float]) -> tuple[float, float]:
    points = [v for s in series for v in list(s.values) + list(s.low or []) + list(s.high or [])
              if _ok(v)]
    if y_min is not None:
        return y_min, 1.0
    if not points:
        return 0.0, 1.0
    low = max(0.0, math.floor((min(points) - 0.02) * 10) / 10)
    return low, 1.0


def line_chart(x: Sequence[int], series: Sequence[Series], *, title: str, x_label: str,
               y_label: str = "%", width: int = 640, height: int = 360,
               y_min: Optional[float] = None, chart_id: str = "chart") -> str:
    """Lines over integer x with shaded CI bands; y axis in percent."""
    left, right, top, bottom = 56, 150, 36, 46
    plot_w, plot_h = width - left - right, height - top - bottom
    lo, hi = _y_range(series, y_min)
    span_x = max(1, (max(x) - min(x))) if x else 1

    def px(value: float) -> float:
        return left + (value - min(x)) / span_x * plot_w if len(x) > 1 else left + plot_w / 2

    def py(value: float) -> float:
        return top + (hi - value) / (hi - lo) * plot_h if hi > lo else top + plot_h / 2

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" id="{escape(chart_id)}" role="img" '
             f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" {FONT} '
             f'font-size="12">',
             f'<title>{escape(title)}</title>',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
             f'<text x="{left}" y="20" font-size="14" font-weight="600">{escape(title)}</text>']
    # grid and axes: ticks every 10 points (5 when the range is narrow)
    step = 0.1 if hi - lo > 0.3 else 0.05
    steps = max(1, int(round((hi - lo) / step)))
    for i in range(steps + 1):
        value = lo + step * i
        y = py(value)
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{_fmt(y)}" y2="{_fmt(y)}" '
                     f'stroke="#e3e3e3" stroke-width="1"/>')
        parts.append(f'<text x="{left - 6}" y="{_fmt(y + 4)}" text-anchor="end" '
                     f'fill="#444">{100 * value:.0f}</text>')
    for value in x:
        parts.append(f'<text x="{_fmt(px(value))}" y="{top + plot_h + 16}" text-anchor="middle" '
                     f'fill="#444">{value}</text>')
    parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{top + plot_h}" '
                 f'y2="{top + plot_h}" stroke="#888"/>')
    parts.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + plot_h}" stroke="#888"/>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 8}" text-anchor="middle" '
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
    for s in reversed(series):  # the first series is drawn last, on top
        points = [(px(xv), py(v)) for xv, v in zip(x, s.values) if _ok(v)]
        if not points:
            continue
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        parts.append('<polyline class="curve" points="'
                     + " ".join(f"{_fmt(a)},{_fmt(b)}" for a, b in points)
                     + f'" fill="none" stroke="{s.color}" stroke-width="3"{dash}/>')
        for a, b in points:
            parts.append(f'<circle cx="{_fmt(a)}" cy="{_fmt(b)}" r="4" fill="{s.color}"/>')
    # legend
    for i, s in enumerate(series):
        y = top + 10 + 22 * i
        x0 = left + plot_w + 16
        dash = ' stroke-dasharray="6 4"' if s.dashed else ""
        parts.append(f'<line x1="{x0}" x2="{x0 + 24}" y1="{y}" y2="{y}" stroke="{s.color}" '
                     f'stroke-width="3"{dash}/>')
        parts.append(f'<text x="{x0 + 30}" y="{y + 4}" fill="#222">{escape(s.name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def bar_chart(categories: Sequence[str], series: Sequence[Series], *, title: str,
              width: int = 760, bar: int = 9, gap: int = 10, label_width: int = 280,
              chart_id: str = "bars") -> str:
    """Horizontal grouped bars (one group per category) with CI whiskers; x axis 0–100 %."""
    top, bottom, right = 56, 34, 40
    group_h = bar * max(1, len(series)) + gap
    height = top + bottom + group_h * len(categories)
    plot_w = width - label_width - right

    def px(value: float) -> float:
        return label_width + max(0.0, min(1.0, value)) * plot_w

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" id="{escape(chart_id)}" role="img" '
             f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" {FONT} '
             f'font-size="11">',
             f'<title>{escape(title)}</title>',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
             f'<text x="8" y="18" font-size="14" font-weight="600">{escape(title)}</text>']
    x_legend = label_width
    for s in series:
        parts.append(f'<rect x="{x_legend}" y="28" width="12" height="12" fill="{s.color}"/>')
        parts.append(f'<text x="{x_legend + 16}" y="38" fill="#222">{escape(s.name)}</text>')
        x_legend += 22 + 7 * len(s.name)
    for i in range(6):
        x = px(i / 5)
        parts.append(f'<line x1="{_fmt(x)}" x2="{_fmt(x)}" y1="{top - 6}" '
                     f'y2="{height - bottom}" stroke="#e3e3e3"/>')
        parts.append(f'<text x="{_fmt(x)}" y="{height - bottom + 14}" text-anchor="middle" '
                     f'fill="#444">{20 * i}</text>')
    for row, category in enumerate(categories):
        y0 = top + row * group_h
        parts.append(f'<text x="{label_width - 6}" y="{y0 + group_h / 2 + 2}" '
                     f'text-anchor="end" fill="#222">{escape(category)}</text>')
        for j, s in enumerate(series):
            value = s.values[row]
            if not _ok(value):
                continue
            y = y0 + j * bar
            parts.append(f'<rect class="bar" x="{label_width}" y="{y}" '
                         f'width="{_fmt(px(value) - label_width)}" height="{bar - 1}" '
                         f'fill="{s.color}"><title>{escape(category)} — {escape(s.name)}: '
                         f'{100 * value:.1f}%</title></rect>')
            if s.low is not None and s.high is not None and _ok(s.low[row]) and \
                    _ok(s.high[row]):
                ym = y + (bar - 1) / 2
                parts.append(f'<line x1="{_fmt(px(s.low[row]))}" x2="{_fmt(px(s.high[row]))}" '
                             f'y1="{_fmt(ym)}" y2="{_fmt(ym)}" stroke="#222" '
                             f'stroke-width="1"/>')
    parts.append(f'<text x="{label_width + plot_w / 2}" y="{height - 6}" text-anchor="middle" '
                 f'fill="#222">pass rate %</text>')
    parts.append("</svg>")
    return "\n".join(parts)
