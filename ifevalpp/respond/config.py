"""Everything a `respond` run is told, as validated models: what to ask, where, and how hard to try.

The CLI builds a `RespondConfig`; a notebook can build the same object and get
the same run. Only `SamplingParams`, the model, the system prompt, reasoning
handling and the input files decide what the answers mean (the protocol, see
`manifest.py`); the rest only decides how fast and how stubbornly they are
fetched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..reasoning import ReasoningHandling

DEFAULT_API_KEY_ENV = "OPENAI_API_KEY"
# The usual IFEval protocol, the same for `respond` and `study`: greedy, at most 1,280 new
# tokens. Sent and recorded unless the user asks for the server's own default.
DEFAULT_TEMPERATURE = 0.0
DEFAULT_MAX_TOKENS = 1280
# Asked for explicitly: the value is not sent, and the manifest says the server chose it.
SERVER_DEFAULT = "server-default"
ServerDefault = Literal["server-default"]
# Local servers (vLLM, llama.cpp, SGLang) accept any key but the openai client insists on one.
DUMMY_API_KEY = "EMPTY"


class SamplingParams(BaseModel):
    """Generation settings sent with every request.

    By default greedy (temperature 0) with at most 1,280 new tokens, both sent and
    recorded, so two runs with defaults ask the same on any server. "server-default"
    (asked for explicitly) sends nothing and records that the server chose; None (top_p,
    seed, and manifests of earlier releases) means "not sent".
    With a seed, sample i is asked with seed + i, so `--samples N` gives N
    reproducible but different draws instead of N copies of one.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    temperature: Union[Annotated[float, Field(ge=0)], ServerDefault, None] = DEFAULT_TEMPERATURE
    top_p: Optional[float] = Field(default=None, gt=0, le=1)
    max_tokens: Union[Annotated[int, Field(ge=1)], ServerDefault, None] = DEFAULT_MAX_TOKENS
    seed: Optional[int] = None
    stop: list[str] = Field(default_factory=list)
    extra_body: dict[str, Any] = Field(default_factory=dict)

    def request_kwargs(self, sample: int) -> dict[str, Any]:
        """Keyword arguments for `chat.completions.create`, leaving unset values out."""
        kwargs: dict[str, Any] = {}
        if self.temperature not in (None, SERVER_DEFAULT):
            kwargs["temperature"] = self.temperature
        if self.top_p is not None:
            kwargs["top_p"] = self.top_p
        if self.max_tokens not in (None, SERVER_DEFAULT):
            kwargs["max_tokens"] = self.max_tokens
        if self.seed is not None:
            kwargs["seed"] = self.seed + sample
        if self.stop:
            kwargs["stop"] = list(self.stop)
        if self.extra_body:
            kwargs["extra_body"] = dict(self.extra_body)
        return kwargs


class RetryPolicy(BaseModel):
    """Bounded exponential backoff with full jitter; a server's Retry-After is a floor, not a hint."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_attempts: int = Field(default=6, ge=1)
    backoff_base_s: float = Field(default=1.0, ge=0)
    backoff_max_s: float = Field(default=60.0, ge=0)
    # A Retry-After longer than this is cut to it, so one odd header cannot stall a run for hours.
    retry_after_max_s: float = Field(default=300.0, ge=0)


class RespondConfig(BaseModel):
    """One `ifevalpp respond` invocation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    inputs: list[Path] = Field(min_length=1)
    out_dir: Path
    model: str = Field(min_length=1)
    base_urls: list[str] = Field(min_length=1)
    api_key_env: str = DEFAULT_API_KEY_ENV
    system_prompt: Optional[str] = None
    sampling: SamplingParams = Field(default_factory=SamplingParams)
    reasoning: ReasoningHandling = Field(default_factory=ReasoningHandling)
    samples: int = Field(default=1, ge=1)
    limit: Optional[int] = Field(default=None, ge=0)
    concurrency: int = Field(default=16, ge=1)
    timeout_s: float = Field(default=600.0, gt=0)
    retry: RetryPolicy = Field(default_factory=RetryPolicy)
    retry_errors: bool = False
    force: bool = False
    # Send --model even when the server lists its models and this name is not among them
    # (a proxy that routes names it does not list). Off: such a run is refused before any
    # request, since single-model servers (llama.cpp) answer any name with their one model.
    allow_unlisted_model: bool = False
    # Durability: completed records reach the disk (fsync) after at most this many records
    # or this many seconds, whichever comes first.
    flush_records: int = Field(default=16, ge=1)
    flush_interval_s: float = Field(default=0.5, gt=0)
    # A server that died mid-run: stop when every endpoint has failed this many attempts in a
    # row to connect (refused, reset), over at least the grace period; resume by rerunning.
    unreachable_after: int = Field(default=5, ge=1)
    unreachable_grace_s: float = Field(default=10.0, ge=0)

    @field_validator("base_urls")
    @classmethod
    def _strip_slash(cls, urls: list[str]) -> list[str]:
        cleaned = [url.rstrip("/") for url in urls]
        for url in cleaned:
            if not url.startswith(("http://", "https://")):
                raise ValueError(f"base URL {url!r} must start with http:// or https://")
        return cleaned

    @property
    def responses_path(self) -> Path:
        return self.out_dir / "responses.jsonl"

    @property
    def manifest_path(self) -> Path:
        return self.out_dir / "manifest.json"
