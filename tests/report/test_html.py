"""report.html is one self-contained page whose charts really render (headless Chromium), at a
desktop and a phone width, with every input-derived text escaped."""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ifevalpp.evaluate import score
from ifevalpp.report.files import write_outputs
from ifevalpp.report.bars import bar_chart
from ifevalpp.report.html import LOOSE_COLOR, STRICT_COLOR, render_html
from ifevalpp.report.svg import Series
from tests.evaluate.builders import score_families, write_lines

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--hide-scrollbars"]
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="headless Chromium is not installed at /usr/bin/chromium "
    "(Debian: apt-get install -y chromium)")
HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>'


class Tags(HTMLParser):
    """Every element and attribute the browser would build from the page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attributes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes.extend(name for name, _ in attrs)


def parsed(page: str) -> Tags:
    tags = Tags()
    tags.feed(page)
    return tags


def test_the_page_is_self_contained_with_the_reliability_chart_and_tables(family_report):
    page = render_html(family_report)
    assert page.startswith("<!DOCTYPE html>")
    assert '<svg xmlns="http://www.w3.org/2000/svg" id="reliable-at-k"' in page
    assert 'id="reliable-at-k-narrow"' in page  # the phone layout of the same chart
    assert 'id="reliable-by-kind"' in page and 'id="by-type"' in page
    assert "<script" not in page and "<link" not in page and "<img" not in page
    # Nothing is fetched: the only URL is the SVG namespace.
    assert set(re.findall(r"https?://[^\s\"']+", page)) == {"http://www.w3.org/2000/svg"}
    # strict + loose; one per kind: each chart twice (wide and narrow layouts)
    assert page.count('class="band"') == 2 * (2 + 3)
    assert "reliable@10" in page and "relative drop" in page
    assert "ifevalpp 0.1.0, profile official" in page


def test_a_plain_run_page_has_the_ifeval_chart_and_no_reliability_curve_or_notes(plain_report):
    page = render_html(plain_report)
    assert 'id="ifeval-metrics"' in page and 'id="reliable-at-k"' not in page
    assert "reliable@k" not in page and "cousins" not in page


def test_every_line_chart_shares_the_0_to_100_axis(family_report):
    page = render_html(family_report)
    for chart_id in ("reliable-at-k", "reliable-by-kind"):
        svg = page.split(f'id="{chart_id}"')[1].split("</svg>")[0]
        ticks = re.findall(r'text-anchor="end" fill="#444">(\d+)</text>', svg)
        assert ticks[0] == "0" and ticks[-1] == "100", chart_id


def test_a_zero_bar_is_drawn_and_every_bar_carries_its_value():
    chart = bar_chart(["never", "half"], [Series("strict", [0.0, 0.5], [0.0, 0.3], [0.0, 0.7])],
                      title="t", chart_id="c")
    bars = re.findall(r'<div class="bar" style="width:([\d.]+)%', chart)
    assert bars == ["0.00", "50.00"]  # a 0 % bar exists (CSS gives it a 2 px sliver)
    assert re.findall(r'<div class="value">([^<]+)</div>', chart) == ["0.0%", "50.0%"]
    assert ".bars .bar { position: absolute; left: 0; top: 1px; bottom: 1px; min-width: 2px; }" \
        in render_html.__globals__["STYLE"]


def test_an_empty_chart_says_no_data():
    assert "no data" in bar_chart([], [Series("s", [])], title="t", chart_id="c")
    assert "no data" in bar_chart(["a"], [Series("s", [float("nan")])], title="t", chart_id="c")


def test_a_report_without_answered_originals_says_no_data(tmp_path):
    report = score_families(tmp_path, [1, 2], drop=["1:original:0", "2:original:0"])
    page = render_html(report)
    ifeval = page.split('id="ifeval-metrics"')[1].split('<div class="chart">')[0]
    assert "no data" in ifeval
    assert "reliable@k with its confidence band</div><p class=\"nodata\">no data</p>" in page


def test_keys_are_shown_as_people_read_them(tmp_path):
    page = render_html(score_families(tmp_path, [1000, 1001], drop=["1000:rephrasing:2"]))
    assert "1000 / rephrasing 2" in page and "1000:rephrasing:2" not in page


def test_text_from_input_files_is_escaped_everywhere(tmp_path):
    hostile_dir = tmp_path / f"runs{HOSTILE.replace('/', '_')}"
    hostile_dir.mkdir()
    cases = [{"key": HOSTILE.replace(":", ""), "prompt": f"{HOSTILE} no commas please.",
              "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]},
             {"key": 7, "prompt": "Seven, no commas.", "instruction_id_list":
              ["punctuation:no_comma"], "kwargs": [{}]}]
    answers = [{"key": 7, "response": f"{HOSTILE} fine"}]
    report = score(write_lines(hostile_dir / "responses.jsonl", answers),
                   write_lines(hostile_dir / "cases.jsonl", cases), missing="exclude")
    page = render_html(report)
    tags = parsed(page)
    assert "script" not in tags.tags and "img" not in tags.tags
    assert not [name for name in tags.attributes if name.startswith("on")]
    assert "&lt;script&gt;alert(1)&lt;" in page  # the key, in the missing list
    write_outputs(report, tmp_path / "out")
    markdown = (tmp_path / "out" / "report.md").read_text(encoding="utf-8")
    notes = markdown.split("## Notes")[1]
    assert "\\<script\\>alert(1)\\</script\\>" in notes and "<script>" not in notes


# in a real browser -------------------------------------------------------------------------

def _hex_rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _pixels_near(image, rgb: tuple[int, int, int], tolerance: int = 12) -> int:
    return sum(count for count, pixel in image.getcolors(maxcolors=1 << 24)
               if all(abs(channel - target) <= tolerance for channel, target in zip(pixel, rgb)))


def screenshot(page: Path, tmp_path: Path, width: int, height: int, name: str):
    """The page in headless Chromium at width × height, as an RGB image."""
    image_module = pytest.importorskip("PIL.Image", reason="Pillow reads the screenshot")
    shot = tmp_path / f"{name}.png"
    command = [str(CHROMIUM), *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
               f"--screenshot={shot}", f"--window-size={width},{height}", page.as_uri()]
    subprocess.run(command, capture_output=True, timeout=120, check=False)
    shutil.rmtree(tmp_path / "profile", ignore_errors=True)
    assert shot.exists(), "Chromium wrote no screenshot"
    with image_module.open(shot) as raw:
        return raw.convert("RGB")


def content_box(image):
    from PIL import ImageChops

    blank = image.copy()
    blank.paste((255, 255, 255), (0, 0, *image.size))
    return ImageChops.difference(image, blank).getbbox()


@needs_chromium
def test_headless_chromium_draws_the_reliability_curve_and_its_band(family_report, tmp_path):
    write_outputs(family_report, tmp_path / "out")
    # The page opens with the answered count and the headline table; the reliable@k chart
    # comes right after them, within the first 1,400 pixels (it used to fill the top 700).
    image = screenshot(tmp_path / "out" / "report.html", tmp_path, 1280, 1400, "top")
    assert image.size == (1280, 1400)
    assert len(image.getcolors(maxcolors=1 << 24)) > 50, "the page rendered blank"
    # The reliable@k chart: its strict and loose curves in their colours.
    assert _pixels_near(image, _hex_rgb(STRICT_COLOR)) > 800
    assert _pixels_near(image, _hex_rgb(LOOSE_COLOR)) > 800
    # The band is the curve colour at 18% opacity over white: a light tint of it.
    tint = tuple(round(255 + 0.18 * (channel - 255)) for channel in _hex_rgb(STRICT_COLOR))
    assert _pixels_near(image, tint, tolerance=6) > 1000


@needs_chromium
@pytest.mark.parametrize("width", [1280, 390])
def test_the_whole_page_renders_at_desktop_and_phone_width(family_report, tmp_path, width):
    write_outputs(family_report, tmp_path / "out")
    height = 9000
    image = screenshot(tmp_path / "out" / "report.html", tmp_path, width, height, f"w{width}")
    left, top, right, bottom = content_box(image)
    # The page ends well inside the screenshot: nothing is cut, whatever the height.
    assert bottom < height - 100
    # Content uses the width (charts fill the page) and stays inside it (nothing overflows).
    assert right <= width and right - left > 0.9 * min(width, 1120) - 40
    # The last thing on the page is the footer naming the evaluator: drawn (dark text) near
    # the bottom of the content.
    footer = image.crop((left, bottom - 40, right, bottom + 1))
    assert _pixels_near(footer, (85, 85, 85), tolerance=40) > 20
    # Both charts' curves are visible at this width (the narrow layout on the phone).
    assert _pixels_near(image, _hex_rgb(STRICT_COLOR)) > 1500
    assert _pixels_near(image, _hex_rgb(LOOSE_COLOR)) > 800
