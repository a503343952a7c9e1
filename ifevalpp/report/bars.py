"""Horizontal bar charts as plain HTML and CSS: they reflow to any page width, text stays text.

Every bar sits on the same 0–100 % track, so charts of this kind share their
axis; a bar of 0 % is still drawn (a thin sliver) and every bar carries its
value. CI whiskers are drawn over the bar. One CSS grid holds a whole chart, so
labels, tracks, values and the axis line up. All text is escaped.
"""

from __future__ import annotations

import math
from html import escape
from typing import Optional, Sequence

from .svg import Series

CSS = """
.bars { margin: 12px 0 20px; }
.bars .caption { font-weight: 600; font-size: 15px; margin-bottom: 6px; }
.bars .legend { font-size: 12px; color: #333; margin-bottom: 6px; }
.bars .legend span.swatch { display: inline-block; width: 11px; height: 11px;
  margin: 0 4px 0 10px; vertical-align: -1px; }
.bars .legend span.swatch:first-child { margin-left: 0; }
.bars .grid { display: grid; grid-template-columns: minmax(5em, 16em) 1fr 3.6em;
  column-gap: 8px; row-gap: 2px; align-items: center; }
.bars .label { grid-column: 1; font-size: 12px; overflow-wrap: anywhere; padding: 2px 0; }
.bars .track { grid-column: 2; position: relative; height: 12px;
  background: repeating-linear-gradient(to right, #e6e6e6 0 1px, transparent 1px 20%); }
.bars .bar { position: absolute; left: 0; top: 1px; bottom: 1px; min-width: 2px; }
.bars .ci { position: absolute; top: 50%; height: 0; border-top: 1px solid #222; }
.bars .value { grid-column: 3; font-size: 12px; text-align: right;
  font-variant-numeric: tabular-nums; }
.bars .rule { grid-column: 1 / 4; border-bottom: 1px solid #eee; }
.bars .ticks { grid-column: 2; position: relative; height: 14px; font-size: 11px; color: #555; }
.bars .ticks span { position: absolute; transform: translateX(-50%); }
.bars .ticks span:first-child { transform: none; }
.bars .ticks span:last-child { transform: translateX(-100%); }
.bars .axis-name { grid-column: 2; text-align: center; font-size: 11px; color: #555; }
@media (max-width: 640px) {  /* phones: each label above its bars, the bars full width */
  .bars .grid { grid-template-columns: 1fr 3.6em; }
  .bars .label { grid-column: 1 / -1; grid-row: auto !important; padding-top: 4px; }
  .bars .track, .bars .ticks, .bars .axis-name { grid-column: 1; }
  .bars .value { grid-column: 2; }
  .bars .rule { grid-column: 1 / -1; }
}
"""


def _ok(value: Optional[float]) -> bool:
    return value is not None and not math.isnan(value)


def _pct(value: float) -> str:
    return f"{100 * max(0.0, min(1.0, value)):.2f}%"


def _bar(category: str, s: Series, row: int) -> str:
    value = s.values[row]
    if not _ok(value):
        return '<div class="track"></div><div class="value">n/a</div>'
    tip = f"{category} — {s.name}: {100 * value:.1f}%"
    whisker = ""
    if s.low is not None and s.high is not None and _ok(s.low[row]) and _ok(s.high[row]):
        low, high = max(0.0, s.low[row]), min(1.0, s.high[row])
        tip += f" (CI {100 * low:.1f}–{100 * high:.1f})"
        whisker = (f'<div class="ci" style="left:{_pct(low)};width:{_pct(max(0.0, high - low))}">'
                   f"</div>")
    return (f'<div class="track" title="{escape(tip)}"><div class="bar" style="width:'
            f'{_pct(value)};background:{s.color}"></div>{whisker}</div>'
            f'<div class="value">{100 * value:.1f}%</div>')


def bar_chart(categories: Sequence[str], series: Sequence[Series], *, title: str,
              chart_id: str) -> str:
    """One group of bars per category (one bar per series) on a shared 0–100 % axis."""
    head = f'<div class="bars" id="{escape(chart_id)}"><div class="caption">{escape(title)}</div>'
    if not categories or not any(_ok(value) for s in series for value in s.values):
        return head + '<p class="nodata">no data</p></div>'
    parts = [head]
    if len(series) > 1:
        parts.append('<div class="legend">' + "".join(
            f'<span class="swatch" style="background:{s.color}"></span>{escape(s.name)}'
            for s in series) + "</div>")
    parts.append('<div class="grid">')
    for row, category in enumerate(categories):
        parts.append(f'<div class="label" style="grid-row: span {len(series)}">'
                     f"{escape(category)}</div>")
        parts.extend(_bar(category, s, row) for s in series)
        parts.append('<div class="rule"></div>')
    ticks = "".join(f'<span style="left:{20 * i}%">{20 * i}</span>' for i in range(6))
    parts.append(f'<div class="ticks">{ticks}</div><div class="axis-name">pass rate %</div>'
                 "</div></div>")
    return "".join(parts)


__all__ = ["CSS", "bar_chart"]
