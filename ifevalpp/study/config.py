"""What a study is told, as validated models: which model, which prompts, how to ask and score.

The CLI builds a `StudyConfig`; a notebook can build the same object and run
the same study. Sampling defaults are the usual IFEval protocol (greedy,
1,280 new tokens at most), so two studies run with defaults are comparable.
The embedded CPU model answers at most 256 tokens unless told otherwise: at
greedy decoding SmolLM2-135M often repeats itself until the cap, and on one
core 1,280-token loops would turn a five-minute demo into an hour.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..errors import InputError
from ..evaluate.bootstrap import DEFAULT_RESAMPLES
from ..profiles import Profile
from ..protocols import MissingPolicy
from ..reasoning import ReasoningHandling
from ..respond.config import (DEFAULT_API_KEY_ENV, DEFAULT_MAX_TOKENS, RespondConfig, RetryPolicy,
                              SamplingParams)

EMBEDDED = "embedded"
# max_tokens None: the study's cap below (respond's default, or the embedded model's)
DEFAULT_SAMPLING = SamplingParams(temperature=0.0, max_tokens=None)
DEFAULT_EMBEDDED_MAX_TOKENS = 256
DEFAULT_ENDPOINT_CONCURRENCY = 16
DEFAULT_EMBEDDED_SLOTS = 4
# Context per embedded server slot: the answer cap plus room for the prompt (the longest
# default family prompt is about 600 tokens).
PROMPT_ALLOWANCE_TOKENS = 2048


class CaseSelection(BaseModel):
    """`--cases`: a seeded sample of `count` whole families, or the families of these case keys.

    The sample draws from the complete families (every cousin present), so all
    of them enter reliable@10. It ranks those cases by SHA-256 of (seed, case)
    and keeps the first `count`: the same on every machine and Python, and a
    larger count extends a smaller one (`--cases 20` holds `--cases 2`'s families).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    count: Optional[int] = Field(default=None, ge=1)
    keys: tuple[str, ...] = ()
    seed: int = 0

    @model_validator(mode="after")
    def _one_way(self) -> "CaseSelection":
        if (self.count is None) == (not self.keys):
            raise ValueError("give either a number of families or a list of case keys")
        return self

    @classmethod
    def parse(cls, text: str, *, seed: int = 0) -> "CaseSelection":
        """`20` means a sample of 20 families; `1000,1001` (or `1000,` for one) means those cases."""
        value = text.strip()
        if "," not in value:
            if not value.isdigit() or int(value) < 1:
                raise InputError(f"--cases {text!r}: give a number of families (e.g. 20) or "
                                 "comma-separated case keys (e.g. 1000,1001; one key: 1000,)")
            return cls(count=int(value), seed=seed)
        keys = tuple(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
        if not keys:
            raise InputError(f"--cases {text!r}: no case keys given")
        return cls(keys=keys, seed=seed)

    def describe(self) -> str:
        if self.count is not None:
            return f"a sample of {self.count} families (seed {self.seed})"
        return f"the families of case{'s' if len(self.keys) > 1 else ''} {', '.join(self.keys)}"


class StudyConfig(BaseModel):
    """One `ifevalpp study` invocation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    out_dir: Path
    model: str = Field(min_length=1, description="model name the endpoint serves, or "
                                                 "'embedded' for the bundled SmolLM2-135M")
    base_urls: list[str] = Field(default_factory=list)
    model_path: Optional[Path] = Field(default=None, description="a local GGUF to serve "
                                                                 "embedded instead")
    original: str = Field(default="github", description="a revision name (fetched or reused) "
                                                        "or a path to IFEval cases")
    families: Optional[Path] = Field(default=None, description="a family file to use instead "
                                                               "of generating the default one")
    cases: Optional[CaseSelection] = None
    profile: Profile = "official"
    # Pairs still without an answer when the study scores (failed requests): left out of every
    # number, counted and said on the first line, or scored as failing every instruction.
    missing: MissingPolicy = "exclude"
    k: Optional[int] = Field(default=None, ge=1, description="largest k of reliable@k; "
                             "None: the family size")
    bootstrap: int = Field(default=DEFAULT_RESAMPLES, ge=0)
    baseline: Optional[Path] = Field(default=None, description="another study (or `score "
                                                               "--out` directory) to compare to")
    allow_different_families: bool = False
    # How to ask (see RespondConfig); concurrency None: 16 for endpoints, the slots embedded.
    api_key_env: str = DEFAULT_API_KEY_ENV
    system_prompt: Optional[str] = None
    sampling: SamplingParams = Field(default=DEFAULT_SAMPLING, description="max_tokens None: "
                                     "1280, or 256 for the embedded model")
    reasoning: ReasoningHandling = Field(default_factory=ReasoningHandling)
    samples: int = Field(default=1, ge=1)
    concurrency: Optional[int] = Field(default=None, ge=1)
    timeout_s: float = Field(default=600.0, gt=0)
    retry: RetryPolicy = Field(default_factory=RetryPolicy)
    retry_errors: bool = False
    force: bool = False
    allow_unlisted_model: bool = False  # as respond's: send a name the server does not list

    @field_validator("base_urls")
    @classmethod
    def _urls(cls, urls: list[str]) -> list[str]:
        return RespondConfig._strip_slash(urls)  # the same rule as `respond`

    @model_validator(mode="after")
    def _model_source(self) -> "StudyConfig":
        if self.embedded and self.base_urls:
            raise ValueError("an embedded model is served here: drop --base-url (or name the "
                             "endpoint's model with --model instead of --model-path/embedded)")
        if not self.embedded and not self.base_urls:
            raise ValueError(f"--model {self.model} needs --base-url (or use --model "
                             f"{EMBEDDED} to run the bundled SmolLM2-135M here)")
        return self

    @property
    def embedded(self) -> bool:
        """The model is served inside this process (bundled SmolLM2, or --model-path)."""
        return self.model == EMBEDDED or self.model_path is not None

    @property
    def alias(self) -> str:
        """The name an embedded model is served under ('' means the GGUF file name)."""
        return "" if self.model == EMBEDDED else self.model

    @property
    def sent_sampling(self) -> SamplingParams:
        """The sampling parameters sent, with the study's answer cap filled in."""
        if self.sampling.max_tokens is not None:
            return self.sampling
        cap = DEFAULT_EMBEDDED_MAX_TOKENS if self.embedded else DEFAULT_MAX_TOKENS
        return self.sampling.model_copy(update={"max_tokens": cap})

    def context_per_slot(self) -> int:
        """Tokens per embedded server slot: prompt room plus the answer cap."""
        cap = self.sent_sampling.max_tokens
        return PROMPT_ALLOWANCE_TOKENS + (cap if isinstance(cap, int) else DEFAULT_MAX_TOKENS)

    def workers(self) -> int:
        """Requests in flight (and server slots when embedded)."""
        if self.concurrency is not None:
            return self.concurrency
        return DEFAULT_EMBEDDED_SLOTS if self.embedded else DEFAULT_ENDPOINT_CONCURRENCY

    def respond_config(self, prompts: Path, *, model: str, base_urls: list[str]) -> RespondConfig:
        """The `respond` run of this study: answers land in the study directory itself."""
        return RespondConfig(
            inputs=[prompts], out_dir=self.out_dir, model=model, base_urls=base_urls,
            api_key_env=self.api_key_env, system_prompt=self.system_prompt,
            sampling=self.sent_sampling, reasoning=self.reasoning, samples=self.samples,
            concurrency=self.workers(), timeout_s=self.timeout_s, retry=self.retry,
            retry_errors=self.retry_errors, force=self.force,
            allow_unlisted_model=self.allow_unlisted_model)
