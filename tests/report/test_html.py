"""report.html is one self-contained page whose charts really render (headless Chromium)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ifevalpp.evaluate.family_report import write_outputs
from ifevalpp.report.html import LOOSE_COLOR, STRICT_COLOR, render_html

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--hide-scrollbars"]


def test_the_page_is_self_contained_with_the_reliability_chart_and_tables(family_report):
    page = render_html(family_report)
    assert page.startswith("<!DOCTYPE html>")
    assert '<svg xmlns="http://www.w3.org/2000/svg" id="reliable-at-k"' in page
    assert 'id="reliable-by-kind"' in page and 'id="by-type"' in page
    assert "<script" not in page and "<link" not in page and "<img" not in page
    # Nothing is fetched: the only URL is the SVG namespace.
    assert set(re.findall(r"https?://[^\s\"']+", page)) == {"http://www.w3.org/2000/svg"}
    assert page.count('class="band"') == 2 + 3  # strict + loose; one per kind
    assert "reliable@10" in page and "relative drop" in page


def test_a_plain_run_page_has_the_ifeval_chart_and_no_reliability_curve(plain_report):
    page = render_html(plain_report)
    assert 'id="ifeval-metrics"' in page and 'id="reliable-at-k"' not in page


def _hex_rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _pixels_near(image, rgb: tuple[int, int, int], tolerance: int = 12) -> int:
    return sum(count for count, pixel in image.getcolors(maxcolors=1 << 24)
               if all(abs(channel - target) <= tolerance for channel, target in zip(pixel, rgb)))


@pytest.mark.skipif(not CHROMIUM.exists(), reason="headless Chromium is not installed at "
                    "/usr/bin/chromium (Debian: apt-get install -y chromium)")
def test_headless_chromium_draws_the_reliability_curve_and_its_band(family_report, tmp_path):
    image_module = pytest.importorskip("PIL.Image", reason="Pillow reads the screenshot")
    write_outputs(family_report, tmp_path / "out")
    shot = tmp_path / "shot.png"
    command = [str(CHROMIUM), *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
               f"--screenshot={shot}", "--window-size=1000,500",  # the header and the first chart
               (tmp_path / "out" / "report.html").as_uri()]
    subprocess.run(command, capture_output=True, timeout=120, check=False)
    assert shot.exists(), "Chromium wrote no screenshot"
    with image_module.open(shot) as raw:
        image = raw.convert("RGB")
    assert image.size == (1000, 500)
    assert len(image.getcolors(maxcolors=1 << 24)) > 50, "the page rendered blank"
    # Only the reliable@k chart is in view: its strict curve (3 px line, markers, legend) and
    # its loose curve are drawn in their colours.
    assert _pixels_near(image, _hex_rgb(STRICT_COLOR)) > 500
    assert _pixels_near(image, _hex_rgb(LOOSE_COLOR)) > 500
    # The band is the curve colour at 18% opacity over white: a light tint of it.
    tint = tuple(round(255 + 0.18 * (channel - 255)) for channel in _hex_rgb(STRICT_COLOR))
    assert _pixels_near(image, tint, tolerance=6) > 1000
    shutil.rmtree(tmp_path / "profile", ignore_errors=True)
