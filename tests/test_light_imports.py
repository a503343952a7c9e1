"""Start-up costs only what is used: heavy libraries load where their work is asked for.

Each case runs in a fresh interpreter, so what an earlier test imported does not count.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("pandas", "scipy", "scipy.stats", "numpy", "pydantic")


def loaded_after(code: str) -> set[str]:
    """Which of HEAVY are in sys.modules after running `code` in a new interpreter."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    completed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                               check=True)
    return set(json.loads(completed.stdout.strip().splitlines()[-1]))


def test_import_ifevalpp_loads_no_numeric_or_record_library():
    assert loaded_after("import ifevalpp") == set()


def test_the_checkers_still_answer_from_the_top_level_package():
    assert loaded_after("import ifevalpp\nassert ifevalpp.check('punctuation:no_comma', 'a b', {})"
                        ) <= {"pydantic"}


def test_import_ifevalpp_reward_loads_neither_pandas_nor_scipy_stats():
    assert not loaded_after("import ifevalpp.reward") & {"pandas", "scipy.stats"}


def test_scoring_a_batch_for_a_reward_loads_neither_pandas_nor_scipy():
    code = ("from ifevalpp.reward import score_batch\n"
            "assert score_batch(['Hola, amigos.'], [['language:response_language']],"
            " [[{'language': 'es'}]], workers=1) == [1.0]")
    assert not loaded_after(code) & {"pandas", "scipy", "scipy.stats"}


@pytest.mark.parametrize("module", ["ifevalpp.evaluate.score_run", "ifevalpp.evaluate.plain",
                                    "ifevalpp.evaluate.intervals"])
def test_the_score_modules_load_neither_pandas_nor_scipy_stats(module):
    assert not loaded_after(f"import {module}") & {"pandas", "scipy.stats"}


def test_the_score_command_builds_no_frame_and_needs_no_scipy_stats(tmp_path):
    responses = tmp_path / "responses.jsonl"
    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps({"key": 1, "prompt": "Write without commas.",
                                 "instruction_id_list": ["punctuation:no_comma"],
                                 "kwargs": [{}]}) + "\n", encoding="utf-8")
    responses.write_text(json.dumps({"prompt": "Write without commas.",
                                     "response": "No commas here."}) + "\n", encoding="utf-8")
    code = ("import sys\nfrom ifevalpp.cli import main\n"
            f"sys.argv = ['ifevalpp', 'score', {str(responses)!r}, '--input', {str(cases)!r},"
            f" '--out', {str(tmp_path / 'out')!r}]\n"
            "try:\n    main()\nexcept SystemExit as stop:\n    assert not stop.code, stop.code")
    assert not loaded_after(code) & {"pandas", "scipy.stats"}
    assert (tmp_path / "out" / "families.csv").exists()


def last_line_printed(code: str) -> str:
    """The last line `code` prints, run in a new interpreter."""
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               check=True)
    return completed.stdout.strip().splitlines()[-1]


def modules_after(code: str, prefix: str) -> bool:
    probe = f"{code}\nimport sys\nprint(any(m.startswith({prefix!r}) for m in sys.modules))"
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True).stdout.strip().splitlines()[-1] == "True"


def test_the_score_modules_load_no_wording_grammar():
    # Reports say "1 prompt" / "2 prompts" (wording.plural); the grammar machinery is the
    # generators'.
    assert not modules_after("import ifevalpp.evaluate.score_run, ifevalpp.report.files",
                             "ifevalpp.wording.grammar")


def test_the_wording_grammar_loads_when_asked_for():
    assert modules_after("from ifevalpp.wording import Grammar, Sampler, GrammarError, load",
                         "ifevalpp.wording.grammar")


def test_checking_ifeval_types_does_not_load_ifbench_types():
    code = "from ifevalpp import check\nassert check('punctuation:no_comma', 'a b', {})"
    assert not modules_after(code, "ifevalpp.constraints.ifbench")


# The prompt readers and generation helpers of constraints/support/ (and the groups' own
# readers): the validator and the generators load them, checking never does.
PROMPT_READERS = ("phrases", "count_phrases", "statements", "case", "cues", "edits", "mentions",
                  "reflection", "choosing", "draft", "sketch", "wording", "languages",
                  "letter_case", "harder", "interference")


def test_checking_every_type_loads_no_prompt_reader():
    code = ("from ifevalpp import check\n"
            "from ifevalpp.constraints import instruction_ids, suite_ids\n"
            "assert check('punctuation:no_comma', 'a b', {})\n"
            "assert len(instruction_ids()) == 25 and suite_ids('ifbench')\n"
            "import sys\n"
            "readers = [f'ifevalpp.constraints.support.{name}' for name in "
            f"{PROMPT_READERS!r}]\n"
            "readers += [f'ifevalpp.constraints.{group}._reading' for group in "
            "('case', 'keywords', 'format', 'length')]\n"
            "print(sorted(name for name in readers if name in sys.modules))")
    assert last_line_printed(code) == "[]"


def test_the_prompt_readers_load_when_a_prompt_is_read():
    code = ("from ifevalpp.constraints import get\n"
            "assert get('punctuation:no_comma').locate('Do not use any commas.', None)")
    assert modules_after(code, "ifevalpp.constraints.support.statements")


def test_span_is_still_served_by_the_checkers_package():
    code = ("from ifevalpp.constraints import Span\n"
            "from ifevalpp.constraints.support.phrases import Span as Same\n"
            "assert Span is Same")
    assert modules_after(code, "ifevalpp.constraints.support.phrases")


def test_an_ifbench_id_loads_its_suite_on_first_use():
    code = ("from ifevalpp import check\n"
            "assert check('words:vowel', 'Aeiou apple.', {}) in (True, False)")
    assert modules_after(code, "ifevalpp.constraints.ifbench")


def test_the_offline_generator_loads_no_network_client():
    # Issue #32: the template backend never loads respond/, openai or httpx; only the model
    # backend (generate/llm/backend.py) does, when a model is used.
    probe = ("import sys, ifevalpp.generate.family\n"
             "print(sorted(m for m in ('openai', 'httpx', 'ifevalpp.respond') if m in sys.modules))")
    completed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                               check=True)
    assert completed.stdout.strip() == "[]"


def test_listing_the_verbs_loads_no_network_client_and_no_numerics():
    # `ifevalpp --help` imports every verb's module for its one-line help: they name respond's
    # and the bootstrap's defaults, not the HTTP client or numpy behind them.
    probe = ("import sys\nfrom click.testing import CliRunner\nfrom ifevalpp.cli import main\n"
             "result = CliRunner().invoke(main, ['--help'])\n"
             "assert result.exit_code == 0 and 'respond' in result.output, result.output\n"
             "print(sorted(m for m in ('openai', 'httpx', 'numpy', 'pandas') if m in sys.modules))")
    assert last_line_printed(probe) == "[]"


def test_the_respond_package_still_serves_every_name_it_exports():
    probe = ("import ifevalpp.respond as package\n"
             "missing = [name for name in package.__all__ if not hasattr(package, name)]\n"
             "assert not missing, missing\n"
             "assert package.respond is __import__('ifevalpp.respond.run').respond.run.respond")
    subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
