"""The distractor kind (generate/kinds/distractor.py): which style a cousin gets, and the
context that stands in when no competing format requirement fits."""

from __future__ import annotations

import random

from ifevalpp.generate import kinds
from ifevalpp.generate.kinds.context_distractor import ContextDetail
from ifevalpp.generate.kinds.distractor import style_of
from ifevalpp.generate.kinds.format_distractor import NOTHING_COMPATIBLE, FormatDetail
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.records import CousinRequest

NOTE = "Write a note to a neighbour about a lost cat. Do not put any commas in your response."


def _request(prompt=NOTE, ids=("punctuation:no_comma",), kwargs=({},), index=1, attempt=0,
             style="format"):
    layout = build_layout(prompt, list(ids), [dict(item) for item in kwargs])
    return CousinRequest(case=1, layout=layout, kind="distractor", index=index, attempt=attempt,
                         seed=5, rng=random.Random(5), profile="official", accepted=(prompt,),
                         distractor_style=style)


def test_mixed_style_alternates_format_and_context_over_siblings_and_retries():
    assert [style_of(_request(index=index, style="mixed")) for index in (1, 2, 3)] == \
        ["format", "context", "format"]
    assert style_of(_request(index=1, attempt=1, style="mixed")) == "context"
    assert style_of(_request(index=2, style="format")) == "format"


def test_a_format_distractor_names_its_requirement_and_keeps_the_prompt_whole():
    candidate = kinds.get("distractor").propose(_request())
    assert isinstance(candidate.detail, FormatDetail) and candidate.distractor
    assert candidate.prompt.startswith(NOTE + " ") or candidate.prompt.startswith(NOTE + "\n")


def test_a_context_one_stands_in_when_no_requirement_can_be_proven_and_says_why():
    # A case that already fails its own witness (a 5-word cap beside a 300-word minimum) has
    # no joint witness, so no competing requirement is proven compatible.
    request = _request(prompt="Write an essay about rivers. Use at least 300 words. Use less "
                              "than 5 words.",
                       ids=("length_constraints:number_words", "length_constraints:number_words"),
                       kwargs=({"relation": "at least", "num_words": 300},
                               {"relation": "less than", "num_words": 5}))
    candidate = kinds.get("distractor").propose(request)
    assert isinstance(candidate.detail, ContextDetail)
    assert (candidate.detail.style, candidate.detail.format_refused) == ("context",
                                                                         NOTHING_COMPATIBLE)
    assert candidate.distractor is None


def test_an_original_kept_whole_with_a_mend_across_two_sentences_keeps_its_statements():
    # "starting with P.P.S Your entire response" is mended across the two sentences to
    # 'starting with "P.P.S". Your …': no statement is lost (the family of case 2908).
    from ifevalpp.generate.prompt.slips import mended
    from ifevalpp.generate.records import Candidate, Detail

    prompt = ("What makes a person successful? After your response, please add a postscript "
              "starting with P.P.S Your entire response should be in English and in all capital "
              "letters.")
    ids = ["detectable_content:postscript", "change_case:english_capital"]
    kwargs = [{"postscript_marker": "P.P.S"}, {}]
    layout = build_layout(prompt, ids, kwargs)
    kept = mended(prompt, ids, kwargs, prompt)
    assert '"P.P.S". Your' in kept
    candidate = Candidate(kept + " Add a short greeting first.", kwargs, Detail())
    assert kinds.get("distractor").broken_promise(layout, candidate) is None


def _distractors(prompt, ids, kwargs, key=9002):
    from ifevalpp.generate.family import generate_family

    case = {"key": key, "prompt": prompt, "instruction_id_list": ids, "kwargs": kwargs}
    variants, _ = generate_family(case, kinds=("distractor",))
    return [variant.prompt[len(prompt):] for variant in variants if variant.kind == "distractor"]


def test_no_example_in_parentheses_and_no_passing_on_beside_a_question():
    # Reads BBM (2829: "give one quick example in parentheses" after a why-question) and BBN
    # (340: "If it turns out well, I'll pass it on to a couple of friends" after one).
    for prompt in ("Why did the man travel from Saskatoon to Helsinki to buy a piano? Wrap your "
                   "entire response in double quotes.",
                   "Can you explain to me why there is so much fraud in the world? Wrap your "
                   "entire response in double quotes."):
        added = _distractors(prompt, ["startend:quotation"], [{}])
        assert added and not [text for text in added
                              if "parentheses" in text or "pass it on" in text], added
