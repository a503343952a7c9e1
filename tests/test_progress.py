"""Progress: a bar on a terminal after a second, plain periodic lines in a log, quiet otherwise;
counts of a resumed run and an ETA that does not swing with each answer."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from ifevalpp.progress import ProgressBar, RateMeter, format_duration, format_rate
from tests.helpers import ROOT, SMALL_CASES, SMALL_RESPONSES, run_cli, write_lines


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_log_gets_a_plain_line_per_interval_and_one_at_the_end():
    clock, log = Clock(), io.StringIO()
    bar = ProgressBar(100, desc="score", unit="response", stream=log, interval_s=30,
                      clock=clock)
    assert bar.mode == "lines"
    for _ in range(100):
        clock.now += 1
        bar.update()
    bar.close()
    lines = log.getvalue().splitlines()
    assert [line.split()[1] for line in lines] == ["30/100", "60/100", "90/100", "100/100"]
    assert "\r" not in log.getvalue() and "█" not in log.getvalue()
    assert lines[0] == "score: 30/100  1 response/s  ETA 1m10s  elapsed 30s"


def test_a_short_job_in_a_log_prints_nothing():
    clock, log = Clock(), io.StringIO()
    with ProgressBar(10, desc="validate", stream=log, clock=clock) as bar:
        for _ in range(10):
            clock.now += 0.1
            bar.update()
    assert log.getvalue() == ""


def test_on_a_terminal_the_bar_waits_a_second_before_it_appears():
    screen = Terminal()
    with ProgressBar(5, desc="score", stream=screen) as bar:
        assert bar.mode == "terminal"
        bar.update(5)
    assert screen.getvalue() == ""  # done within the delay: nothing drawn
    screen = Terminal()
    with ProgressBar(5, desc="score", stream=screen, delay_s=0) as bar:
        bar.update(5)
    assert "score: 100%" in screen.getvalue() and "5/5" in screen.getvalue()


def test_disabled_progress_writes_nothing():
    screen = Terminal()
    with ProgressBar(5, desc="x", stream=screen, enabled=False, delay_s=0) as bar:
        bar.update(5)
    assert screen.getvalue() == "" and bar.mode == "off"


def test_a_resumed_run_counts_the_whole_run():
    clock = Clock()
    bar = ProgressBar(400, initial=6, desc="respond", unit="req", stream=io.StringIO(),
                      clock=clock)
    for _ in range(185):
        clock.now += 2
        bar.update()
    assert bar.text().startswith("6 + 185 / 400  2 s/req")


def test_the_eta_is_smoothed_over_recent_answers():
    clock = Clock()
    meter = RateMeter(window=50, clock=clock)
    etas = []
    for answer in range(200):
        clock.now += 2 if answer % 2 else 40   # a fast and a slow answer in turn
        meter.add()
        if answer >= 60:
            etas.append(meter.eta_s(1000 - answer))
    # One answer's 2 s or 40 s moves the ETA by a few per cent, never by half.
    swings = [abs(b - a) / a for a, b in zip(etas, etas[1:])]
    assert max(swings) < 0.06


def test_a_stalled_run_shows_a_falling_rate():
    clock = Clock()
    meter = RateMeter(clock=clock)
    for _ in range(10):
        clock.now += 1
        meter.add()
    before = meter.rate()
    clock.now += 60
    assert meter.rate() < before / 5


def test_rates_and_durations_read_well_at_any_speed():
    assert format_rate(0.054, "req") == "18.5 s/req"
    assert format_rate(12.34, "req") == "12.3 req/s"
    assert format_duration(45) == "45s" and format_duration(408) == "6m48s"
    assert format_duration(7500) == "2h05m"


# the real commands -------------------------------------------------------------------------

def test_score_in_a_log_writes_no_bar(tmp_path):
    cases = write_lines(tmp_path / "c.jsonl", SMALL_CASES)
    responses = write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES)
    result = run_cli("score", str(responses), "--input", str(cases), "--bootstrap", "0")
    assert result.returncode == 0 and result.stderr == ""


def _on_a_terminal(*args: str, timeout: float = 300) -> str:
    """Run ifevalpp with stderr on a pseudo-terminal; return what the terminal showed."""
    master, slave = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "ifevalpp", *args], cwd=ROOT,
                               env=dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100"),
                               stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    shown = b""
    while True:
        ready, _, _ = select.select([master], [], [], timeout)
        if not ready:
            process.kill()
            raise AssertionError("no output before the timeout")
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    process.wait(timeout=60)
    os.close(master)
    return shown.decode("utf-8", errors="replace")


def _slow_cases(path: Path, count: int) -> Path:
    cases = [{"key": 10_000 + n, "prompt": f"Case {n}: write about the sea in at least 200 words "
              f"and include the word tide.",
              "instruction_id_list": ["length_constraints:number_words", "keywords:existence",
                                      "language:response_language"],
              "kwargs": [{"relation": "at least", "num_words": 200}, {"keywords": ["tide"]},
                         {"language": "en"}]} for n in range(count)]
    write_lines(path, cases)
    return path


@pytest.mark.slow
def test_validate_and_score_show_a_bar_on_a_terminal_when_they_take_over_a_second(tmp_path):
    cases = _slow_cases(tmp_path / "cases.jsonl", 6000)
    shown = _on_a_terminal("validate", str(cases), "--fail-on", "never")
    assert "validate:" in shown and "6,000/6,000" in shown and "case/s" in shown
    words = " ".join(["The harbour lantern glows while the tide rolls in"] * 30)
    write_lines(tmp_path / "r.jsonl", [{"key": 10_000 + n, "response": f"{words} {n}."}
                                       for n in range(6000)])
    shown = _on_a_terminal("score", str(tmp_path / "r.jsonl"), "--input", str(cases),
                           "--bootstrap", "0", "--workers", "1")
    assert "score:" in shown and "6,000/6,000" in shown
