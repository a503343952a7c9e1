"""Every figure README.md and docs/ quote that the code produces is the code's figure now.

The figures are marked where they stand (`tests/figures.py` says how, and rewrites them):
the pins give the default file's prompt count and coverage, `ifevalpp score` on GPT-4's
answers replayed on the default families gives the replay's accuracy and reliable@10, and
the build time is a measured range kept in one place.
"""

from __future__ import annotations

import shutil

from ifevalpp.io import write_jsonl
from tests.figures import (FAMILIES_BUILD_SECONDS, ROOT, differences, family_figure_names,
                           family_figures, marked, pinned_figures, replay_figures, rewrite)

REPLAY_NAMES = {"gpt4_replay_prompt_strict", "gpt4_replay_reliable10_strict",
                "gpt4_replay_reliable10_loose"}


def test_the_docs_quote_the_prompt_count_coverage_and_build_time_the_code_gives():
    assert differences(pinned_figures(), unknown=False) == []


def test_every_marked_figure_is_one_the_code_makes():
    names = {name for _, _, name, _ in marked()}
    known = set(pinned_figures()) | REPLAY_NAMES | family_figure_names()
    assert names == known


def test_the_build_time_is_quoted_as_the_measured_range():
    low, high = FAMILIES_BUILD_SECONDS
    assert pinned_figures()["families_build_time"] == f"{low}–{high} s"


def test_the_generation_and_gpt4_replay_figures_are_what_the_code_gives_now(
        default_file, original_path, reference_dir, tmp_path):
    # The default file as generate-families makes it: its manifest's figures, and GPT-4's
    # answers replayed on it and scored.
    result, _ = default_file
    families = tmp_path / "template.jsonl"
    write_jsonl(families, result.variants)
    figures = {**pinned_figures(), **family_figures(result),
               **replay_figures(families, original_path,
                                reference_dir / "gpt4_responses.jsonl", tmp_path)}
    assert set(figures) == set(pinned_figures()) | REPLAY_NAMES | family_figure_names()
    assert differences(figures) == []


def test_one_edited_figure_fails_the_check_and_rewrite_restores_it(tmp_path):
    page = tmp_path / "README.md"
    shutil.copy(ROOT / "README.md", page)
    figures = pinned_figures()
    text = page.read_text(encoding="utf-8")
    edited = text.replace(f"<!-- figure: default_prompts -->{figures['default_prompts']}<",
                          "<!-- figure: default_prompts -->5,369<", 1)
    assert edited != text
    page.write_text(edited, encoding="utf-8")
    found = differences(figures, [page], unknown=False)
    assert len(found) == 1 and "default_prompts is '5,369' in the docs" in found[0]
    assert rewrite(figures, [page]) == [page] and page.read_text(encoding="utf-8") == text
