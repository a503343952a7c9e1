"""What a study sends by default, and how it chooses between an endpoint and the embedded model."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from ifevalpp.respond import SamplingParams
from ifevalpp.study import StudyConfig

ENDPOINT = dict(out_dir=Path("runs/x"), model="m", base_urls=["http://host:8000/v1/"])
EMBEDDED = dict(out_dir=Path("runs/x"), model="embedded")


def test_an_endpoint_is_asked_greedily_for_at_most_1280_tokens() -> None:
    sent = StudyConfig(**ENDPOINT).sent_sampling
    assert (sent.temperature, sent.max_tokens) == (0.0, 1280)


def test_the_embedded_model_answers_at_most_256_tokens() -> None:
    assert StudyConfig(**EMBEDDED).sent_sampling.max_tokens == 256


def test_an_explicit_cap_is_sent_as_given() -> None:
    config = StudyConfig(**EMBEDDED, sampling=SamplingParams(temperature=0.7, max_tokens=900))
    assert config.sent_sampling == SamplingParams(temperature=0.7, max_tokens=900)
    assert config.context_per_slot() == 2048 + 900


def test_requests_in_flight_are_16_for_endpoints_and_one_per_slot_embedded() -> None:
    assert StudyConfig(**ENDPOINT).workers() == 16
    assert StudyConfig(**EMBEDDED).workers() == 4
    assert StudyConfig(**EMBEDDED, concurrency=2).workers() == 2


def test_a_model_path_is_embedded_and_keeps_a_given_name() -> None:
    named = StudyConfig(out_dir=Path("r"), model="ckpt-7", model_path=Path("ckpt.gguf"))
    unnamed = StudyConfig(out_dir=Path("r"), model="embedded", model_path=Path("ckpt.gguf"))
    assert named.embedded and named.alias == "ckpt-7"
    assert unnamed.embedded and unnamed.alias == ""


def test_the_respond_run_writes_into_the_study_directory() -> None:
    config = StudyConfig(**ENDPOINT).respond_config(Path("p.jsonl"), model="m",
                                                    base_urls=["http://host:8000/v1"])
    assert config.out_dir == Path("runs/x") and config.inputs == [Path("p.jsonl")]
    assert config.sampling.max_tokens == 1280


@pytest.mark.parametrize("fields, message", [
    (dict(model="m"), "needs --base-url"),
    (dict(model="embedded", base_urls=["http://h/v1"]), "drop --base-url"),
    (dict(model="m", base_urls=["ftp://h"]), "must start with http"),
])
def test_a_model_without_a_way_to_reach_it_is_refused(fields: dict, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        StudyConfig(out_dir=Path("r"), **fields)
