"""Progress for long work: a bar on a terminal, periodic plain lines in a log, nothing for short jobs.

Every command shows progress the same way (`progress_bar`):

* on a terminal: a tqdm bar that appears only once the work has taken more
  than `delay_s` (a second), so quick commands stay quiet;
* when stderr is not a terminal (a log file, CI, `nohup`): one plain line every
  `interval_s` seconds, and a last one at the end if any was printed — no
  carriage returns, no bar characters filling the log;
* `enabled=False`: nothing.

Counts read `done/total`, or `earlier + now / total` when a resumed run
started with pairs already done; rate and ETA come from `RateMeter`, which
looks at the recent completions only, so the ETA does not swing with each
slow or fast answer and does not pretend a stalled run is still moving.
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections import deque
from typing import IO, Any, Callable, Optional

DEFAULT_DELAY_S = 1.0
DEFAULT_INTERVAL_S = 30.0
MIN_FOR_ETA = 3  # completions before an ETA is shown (one answer is not a rate)


class RateMeter:
    """Completions per second over the last `window` completions (or since the start)."""

    def __init__(self, window: int = 50, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._times: deque[float] = deque(maxlen=window)
        self._start = clock()

    def add(self, count: int = 1, *, now: Optional[float] = None) -> None:
        moment = self._clock() if now is None else now
        for _ in range(count):
            self._times.append(moment)

    def rate(self, *, now: Optional[float] = None) -> Optional[float]:
        """Recent completions per second; None before a few completions (one is not a rate).

        Measured up to `now`, not to the last completion: a run that has stopped
        answering shows a falling rate and a growing ETA.
        """
        if len(self._times) < MIN_FOR_ETA:
            return None
        moment = self._clock() if now is None else now
        if len(self._times) == self._times.maxlen:
            count, since = len(self._times) - 1, self._times[0]
        else:
            count, since = len(self._times), self._start
        span = moment - since
        if count == 0 or span <= 0:
            return None
        return count / span

    def eta_s(self, remaining: int, *, now: Optional[float] = None) -> Optional[float]:
        """Seconds left at the recent rate; None until a few completions make a rate."""
        rate = self.rate(now=now)
        return remaining / rate if rate else None

    def restart(self, *, now: Optional[float] = None) -> None:
        """Measure from now on (the work proper starts after a setup phase)."""
        self._times.clear()
        self._start = self._clock() if now is None else now


def format_duration(seconds: float) -> str:
    """45s, 6m48s, 2h05m."""
    seconds = max(0, int(round(seconds)))
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


def format_rate(per_second: Optional[float], unit: str) -> str:
    """`12.3 req/s` for fast work, `18.7 s/req` for slow (a local model's 0.05/s reads badly)."""
    if not per_second:
        return f"-- {unit}/s"
    if per_second >= 100:
        return f"{per_second:,.0f} {unit}/s"
    if per_second >= 1:
        return f"{per_second:.3g} {unit}/s"
    return f"{1 / per_second:.3g} s/{unit}"


def is_terminal(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def _text_bar(**options: Any) -> Any:
    """A tqdm bar whose format may use `{text}`: our own counts, rate and ETA."""
    from tqdm import tqdm

    class TextBar(tqdm):
        text = ""

        @property
        def format_dict(self) -> dict[str, Any]:
            values = super().format_dict
            values["text"] = self.text
            return values

    return TextBar(**options)


def _width(stream: Any) -> dict[str, Any]:
    """Follow the terminal's width as it changes; a terminal that reports no size (some
    pseudo-terminals) gets $COLUMNS or 80 instead of an invisible zero-width bar."""
    try:
        if os.get_terminal_size(stream.fileno()).columns > 0:
            return {"dynamic_ncols": True}
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        pass
    import shutil  # (here: a bar that is shown on a terminal never needs it)

    size = shutil.get_terminal_size((80, 24))
    return {"ncols": size.columns, "nrows": size.lines}


class ProgressBar:
    """Counts done/total and shows them as a bar (terminal) or periodic lines (log); see module doc."""

    def __init__(self, total: int, *, desc: str, unit: str = "it", initial: int = 0,
                 enabled: bool = True, stream: Optional[IO[str]] = None,
                 status: Optional[Callable[[], str]] = None, delay_s: float = DEFAULT_DELAY_S,
                 interval_s: float = DEFAULT_INTERVAL_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.initial = initial
        self.done = initial
        self.desc = desc
        self.unit = unit
        self._stream = stream if stream is not None else sys.stderr
        self._status = status
        self._clock = clock
        self._meter = RateMeter(clock=clock)
        self._interval_s = interval_s
        self._started = clock()
        self._last_line: Optional[float] = None
        self._bar: Optional[Any] = None
        self._mode = "off" if not enabled else (
            "terminal" if is_terminal(self._stream) else "lines")
        if self._mode == "terminal":
            self._bar = _text_bar(total=total, initial=initial, desc=desc, file=self._stream,
                                  delay=delay_s, leave=True, **_width(self._stream),
                                  bar_format="{desc}: {percentage:3.0f}%|{bar}| {text}")
            self._bar.text = self.text()

    @property
    def mode(self) -> str:
        """terminal, lines or off."""
        return self._mode

    def text(self, *, final: bool = False) -> str:
        """`185/400` or `6 + 185 / 400`, the recent rate (the overall one at the end), the ETA
        and any status."""
        now = self._clock()
        counted = (f"{self.initial:,} + {self.done - self.initial:,} / {self.total:,}"
                   if self.initial else f"{self.done:,}/{self.total:,}")
        elapsed = now - self._started
        rate = ((self.done - self.initial) / elapsed if elapsed > 0 else None) if final \
            else self._meter.rate(now=now)
        parts = [counted, format_rate(rate, self.unit)]
        eta = None if final else self._meter.eta_s(self.total - self.done, now=now)
        if eta is not None and self.done < self.total:
            parts.append(f"ETA {format_duration(eta)}")
        parts.append(f"elapsed {format_duration(elapsed)}")
        if self._status is not None:
            extra = self._status()
            if extra:
                parts.append(extra)
        return "  ".join(parts)

    def update(self, count: int = 1) -> None:
        self.done += count
        self._meter.add(count)
        if self._mode == "terminal":
            assert self._bar is not None
            self._bar.text = self.text()
            self._bar.update(count)
        elif self._mode == "lines":
            now = self._clock()
            since = self._last_line if self._last_line is not None else self._started
            if now - since >= self._interval_s:
                self._line()

    def report(self, done: int, total: int) -> None:
        """Follow a library call's `progress(done, total)` callback."""
        if total != self.total:
            if self.total == 0:  # the work proper starts now; reading the input is not in the rate
                self._meter.restart()
                self._started = self._clock()
            self.total = total
            if self._bar is not None:
                self._bar.total = total
        if done > self.done:
            self.update(done - self.done)

    def _line(self, *, final: bool = False) -> None:
        self._last_line = self._clock()
        print(f"{self.desc}: {self.text(final=final)}", file=self._stream, flush=True)

    def close(self) -> None:
        if self._mode == "terminal" and self._bar is not None:
            self._bar.text = self.text(final=True)
            if self._bar.last_print_t >= self._bar.start_t + self._bar.delay:
                self._bar.refresh()  # shown already: end on the final numbers
            self._bar.close()
            self._bar = None
        elif self._mode == "lines" and self._last_line is not None:
            self._line(final=True)  # the log ends with where the work ended
        self._mode = "off"

    def __enter__(self) -> "ProgressBar":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def step_counter(total: int, report: Optional[Callable[[int, int], None]]
                 ) -> Callable[[int], None]:
    """Turn "n more done" calls into `report(done, total)` calls (the library's progress shape)."""
    done = 0

    def step(count: int) -> None:
        nonlocal done
        done += count
        if report is not None:
            report(done, total)

    return step


__all__ = ["ProgressBar", "RateMeter", "format_duration", "format_rate", "is_terminal", "step_counter"]
