"""The kinds keep the contract: a registry in family order that the loop walks, promises that
refuse what breaks them (with a code, not a message to read back), and no kind named outside
generate/kinds/."""

from __future__ import annotations

import random
import re
from pathlib import Path

from ifevalpp.generate import kinds
from ifevalpp.generate.kinds.contract import CousinKind, changed_setting
from ifevalpp.generate.kinds.reconfiguration import ReconfigurationDetail
from ifevalpp.generate.kinds.rephrasing import RephrasingDetail
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.records import Candidate, CousinRequest, Rejection
from ifevalpp.schema import COUSIN_KINDS

GENERATE = Path(__file__).resolve().parents[3] / "ifevalpp" / "generate"
KIND_LITERAL = re.compile(r"""["'](?:rephrasing|distractor|reconfiguration)["']""")
NOTE = ("Write a note to a neighbour about a lost cat. Your note must contain at least 60 "
        "words. Do not put any commas in your response.")
IDS = ["length_constraints:number_words", "punctuation:no_comma"]
KWARGS = [{"relation": "at least", "num_words": 60}, {}]


def _layout():
    return build_layout(NOTE, IDS, KWARGS)


def _candidate(prompt=NOTE + " Thanks.", kwargs=KWARGS, detail=None):
    return Candidate(prompt, [dict(item) for item in kwargs], detail or RephrasingDetail())


def test_the_registry_is_in_family_order():
    assert tuple(kinds.REGISTRY) == COUSIN_KINDS
    assert all(isinstance(kind, CousinKind) and kind.name == name
               for name, kind in kinds.REGISTRY.items())


def test_no_module_outside_the_kinds_names_a_kind():
    named = [f"{path.relative_to(GENERATE)}: {match.group()}"
             for path in sorted(GENERATE.rglob("*.py"))
             if path.relative_to(GENERATE).parts[0] != "kinds"
             for match in KIND_LITERAL.finditer(path.read_text(encoding="utf-8"))]
    assert named == []


def test_every_kind_proposes_a_candidate_it_then_accepts():
    layout = _layout()
    for name, kind in kinds.REGISTRY.items():
        request = CousinRequest(case=1, layout=layout, kind=name, index=1, attempt=0, seed=3,
                                rng=random.Random(3), profile="official", accepted=(NOTE,))
        candidate = kind.propose(request)
        assert candidate.prompt != NOTE
        assert kind.refusal(layout, candidate, []) is None, (name, candidate.prompt)


def test_a_rephrasing_that_changes_a_setting_breaks_its_promise():
    changed = [{"relation": "at least", "num_words": 80}, {}]
    refusal = kinds.get("rephrasing").refusal(_layout(), _candidate(kwargs=changed), [])
    assert refusal == Rejection("promise", "length_constraints:number_words kwargs changed in "
                                           "a rephrasing")


def test_a_distractor_that_loses_a_statement_breaks_its_promise():
    candidate = _candidate(prompt="Write a note to a neighbour about a lost cat. Thanks.")
    refusal = kinds.get("distractor").refusal(_layout(), candidate, [])
    assert refusal is not None and refusal.code == "promise"


def test_a_reconfiguration_of_settings_must_change_one_and_no_sibling_s_again():
    kind = kinds.get("reconfiguration")
    unchanged = _candidate(detail=ReconfigurationDetail(strategy="parameters"))
    assert kind.refusal(_layout(), unchanged, []).code == "promise"
    harder = [{"relation": "at least", "num_words": 80}, {}]
    first = _candidate(kwargs=harder, detail=ReconfigurationDetail(strategy="parameters"))
    again = _candidate(kwargs=harder, detail=ReconfigurationDetail(strategy="parameters"))
    assert kind.refusal(_layout(), first, []) is None
    assert kind.refusal(_layout(), again, [first]).code == "same-settings"
    new_task = _candidate(kwargs=harder, detail=ReconfigurationDetail(strategy="task"))
    assert kind.refusal(_layout(), new_task, [first]) is None


def test_a_later_reconfiguration_never_asks_less_than_an_earlier_one():
    kind = kinds.get("reconfiguration")
    first = _candidate(kwargs=[{"relation": "at least", "num_words": 80}, {}],
                       detail=ReconfigurationDetail(strategy="parameters"))
    back = _candidate(detail=ReconfigurationDetail(strategy="task"))  # the case's own 60 words
    assert kind.refusal(_layout(), back, [first]).code == "sibling-easier"


def test_every_kind_promises_the_text_to_repeat_stands_in_the_prompt():
    request = "Write a limerick about an owl."
    layout = build_layout(f"{request}\n\nFirst repeat the request above, then answer.",
                          ["combination:repeat_prompt"], [{"prompt_to_repeat": request}])
    lost = Candidate("Write a poem about an owl.\n\nFirst repeat the request above, then answer.",
                     [{"prompt_to_repeat": "Write a limerick about a cat."}], RephrasingDetail())
    for kind in kinds.REGISTRY.values():
        refusal = kind.refusal(layout, lost, [])
        assert refusal is not None and refusal.code == "promise", kind


def _copied_keyword_case(relation: str, said: str):
    """A request to repeat that itself states a count of "owl"; (layout, candidate)."""
    request = f'Write a limerick about a bird. Use the word "owl" {said}.'
    prompt = f"{request}\n\nFirst repeat the request above, then answer."
    ids = ["combination:repeat_prompt", "keywords:frequency"]
    kwargs = [{"prompt_to_repeat": request},
              {"keyword": "owl", "frequency": 2, "relation": relation}]
    return build_layout(prompt, ids, kwargs), Candidate(prompt, kwargs, RephrasingDetail())


def test_a_capped_word_inside_the_text_to_repeat_is_a_trap():
    # The copy spends the allowance: "use 'owl' no more than once" fails on the first use.
    from ifevalpp.generate.kinds.contract import repeat_trap

    refusal = repeat_trap(*_copied_keyword_case("less than", "no more than once"))
    assert refusal is not None and refusal.code == "repeat-trap"


def test_a_required_word_inside_the_text_to_repeat_is_no_trap():
    from ifevalpp.generate.kinds.contract import repeat_trap

    assert repeat_trap(*_copied_keyword_case("at least", "at least twice")) is None


def test_a_distractor_may_show_the_request_to_repeat_with_its_slips_mended():
    request = "Write a limerick about a cat. In your entire response mark sure you do not use any commas."
    prompt = request + "\n\nFirst repeat the request above word for word, then give your answer."
    ids = ["combination:repeat_prompt", "punctuation:no_comma"]
    layout = build_layout(prompt, ids, [{"prompt_to_repeat": request}, {}])
    mended = request.replace("mark sure", "make sure")
    kept = Candidate(prompt.replace(request, mended) + " Thanks.",
                     [{"prompt_to_repeat": mended}, {}], RephrasingDetail())
    other = Candidate(prompt.replace(request, "Write a poem.") + " Thanks.",
                      [{"prompt_to_repeat": "Write a poem."}, {}], RephrasingDetail())
    assert changed_setting(layout, kept, except_request=False) is None
    assert changed_setting(layout, other, except_request=False) == 0
