"""What a `respond` run did, as a model to return and a small table to print."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Optional

from pydantic import BaseModel, Field

from ..schema import ResponseRecord
from ..wording import plural


class Tally(BaseModel):
    """Counts over a set of records (one session's, or the latest record of every pair)."""

    done: int = 0
    errors: int = 0
    truncated: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def add(self, record: ResponseRecord) -> None:
        if record.error is not None:
            self.errors += 1
            return
        self.done += 1
        if record.finish_reason == "length":
            self.truncated += 1
        usage = record.usage or {}
        self.prompt_tokens += _as_int(usage.get("prompt_tokens"))
        self.completion_tokens += _as_int(usage.get("completion_tokens"))

    @classmethod
    def of(cls, records: Iterable[ResponseRecord]) -> "Tally":
        tally = cls()
        for record in records:
            tally.add(record)
        return tally


def tally_by_session(records: Iterable[ResponseRecord]) -> dict[int, Tally]:
    """What each `respond` session wrote, from the records' `session` numbers."""
    tallies: dict[int, Tally] = {}
    for record in records:
        if record.session is not None:
            tallies.setdefault(record.session, Tally()).add(record)
    return tallies


def _as_int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


class RunSummary(BaseModel):
    """The result of `respond`: this session's work and the state of the whole output file."""

    out_dir: Path
    pairs: int = Field(description="(key, sample) pairs the command covers: prompts × samples")
    skipped: int = Field(description="pairs already answered by an earlier session")
    planned: int = Field(default=0, description="pairs this session set out to ask")
    asked: int = Field(description="requests this session sent (answered, failed or in flight "
                                   "when it stopped)")
    session: Tally
    total: Tally = Field(description="latest record of every covered pair")
    missing: int = Field(description="covered pairs with no record (interrupted run)")
    attempts: int = 0
    wall_s: float = 0.0
    requests_by_endpoint: dict[str, int] = Field(default_factory=dict)
    interrupted: bool = False
    stopped_by: Optional[str] = None

    @property
    def answered(self) -> int:
        """Answers this session received (failed requests not included)."""
        return self.session.done

    @property
    def rate(self) -> float:
        """Answers per second of wall time: what the endpoint really delivered."""
        return self.answered / self.wall_s if self.wall_s > 0 else 0.0

    @property
    def complete(self) -> bool:
        """Every covered pair has an answer (no errors, nothing missing)."""
        return self.total.errors == 0 and self.missing == 0


def format_rate(per_second: float) -> str:
    """`37.3/s`, or `0.029/s (35.0 s per answer)` for slow local models."""
    if per_second <= 0:
        return "0/s"
    if per_second >= 100:
        return f"{per_second:,.0f}/s"
    if per_second >= 1:
        return f"{per_second:.3g}/s"
    return f"{per_second:.2g}/s ({1 / per_second:.3g} s per answer)"


def format_summary(summary: RunSummary) -> str:
    """A closing table: this session next to the whole run directory."""
    rows = [
        ("done", summary.session.done, summary.total.done),
        ("errors", summary.session.errors, summary.total.errors),
        ("truncated (length)", summary.session.truncated, summary.total.truncated),
        ("prompt tokens", summary.session.prompt_tokens, summary.total.prompt_tokens),
        ("completion tokens", summary.session.completion_tokens, summary.total.completion_tokens),
    ]
    width = max(len(label) for label, _, _ in rows)
    lines = [f"{'':{width}}  {'this run':>12}  {'all runs':>12}"]
    lines += [f"{label:{width}}  {now:>12,}  {total:>12,}" for label, now, total in rows]
    lines.append(f"{'missing':{width}}  {'':>12}  {summary.missing:>12,}")
    wall = f"{summary.wall_s:.2f}" if summary.wall_s < 10 else f"{summary.wall_s:,.1f}"
    lines.append(f"{'wall time':{width}}  {wall:>11}s  {'':>12}")
    lines.append(f"{'answers/s':{width}}  {format_rate(summary.rate)}")
    if summary.skipped:
        lines.append(f"skipped {summary.skipped:,} pairs already answered in {summary.out_dir}")
    if len(summary.requests_by_endpoint) > 1:
        spread = ", ".join(f"{url}: {count:,}" for url, count in summary.requests_by_endpoint.items())
        lines.append(f"requests by endpoint: {spread}")
    if summary.stopped_by:
        lines.append(f"stopped early: {summary.stopped_by}")
    if summary.missing:
        lines.append(f"{plural(summary.missing, 'pair')} not asked yet; rerun the same command to "
                     f"resume (answers already written are kept and skipped)")
    if summary.total.errors:
        them = "it" if summary.total.errors == 1 else "them"
        lines.append(f"{plural(summary.total.errors, 'pair')} failed; rerun with --retry-errors "
                     f"to ask {them} again")
    return "\n".join(lines)
