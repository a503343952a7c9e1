"""A kind that falls short for want of room among its siblings is made once more (`_cousins` in
generate/family.py): the second pass is kept only when it makes more, and a family made in
full the first time comes out as before."""

from __future__ import annotations

from ifevalpp.generate import CousinBackend, generate_family
from ifevalpp.generate.backend import template_propose
from ifevalpp.generate.kinds.rephrasing import RephrasingDetail
from ifevalpp.generate.records import Candidate, CousinRequest
from ifevalpp.schema import Case

# A case written for these tests: one sentence to reword, one statement kept as it is.
CASE = Case(key=9001, prompt="Write a short poem about the tide. Make it rhyme, and do not use "
                             "any commas.",
            instruction_id_list=["punctuation:no_comma"], kwargs=[{}])

# Rephrasings far apart from the original and from each other.
APART = ("Could you please put together a short poem about the tide for me? Make it rhyme, and "
         "do not use any commas.",
         "I would love a short poem on the tide from you. Make it rhyme, and leave out every "
         "comma.",
         "The tide is my subject: rhyme it in a short poem, and keep every comma out of it.")


def _backend(first_pass_apart: int, second_pass_apart: int) -> CousinBackend:
    """Rephrasings from a table: the first `*_apart` of a pass are apart, the rest repeat the
    first (too close to a sibling)."""

    def propose(request: CousinRequest) -> Candidate:
        if request.kind != "rephrasing":
            return template_propose(request)
        apart = second_pass_apart if request.wide else first_pass_apart
        prompt = APART[request.index - 1] if request.index <= apart else APART[0]
        return Candidate(prompt, [{}], RephrasingDetail(presentation="inline"))

    return CousinBackend("table", propose)


def _rephrasings(variants):
    return [variant for variant in variants if variant.kind == "rephrasing"]


def test_a_kind_made_in_full_is_made_once():
    variants, failures = generate_family(CASE, kinds=("rephrasing",), backend=_backend(3, 0))
    assert [variant.prompt for variant in _rephrasings(variants)] == list(APART)
    assert not failures
    assert all("pass" not in variant.generator.detail for variant in _rephrasings(variants))


def test_a_kind_that_falls_short_for_want_of_room_is_made_again_and_says_so():
    variants, failures = generate_family(CASE, kinds=("rephrasing",), backend=_backend(1, 3))
    assert [variant.prompt for variant in _rephrasings(variants)] == list(APART)
    assert not failures
    assert {variant.generator.detail["pass"] for variant in _rephrasings(variants)} == {"room"}


def test_a_second_pass_that_makes_no_more_is_dropped():
    variants, failures = generate_family(CASE, kinds=("rephrasing",), backend=_backend(2, 2))
    assert [variant.prompt for variant in _rephrasings(variants)] == list(APART[:2])
    assert [(failure.index, failure.code) for failure in failures] == [(3, "too-close")]
    assert all("pass" not in variant.generator.detail for variant in _rephrasings(variants))


def test_a_failure_a_second_pass_cannot_mend_gets_none():
    calls = []

    def propose(request: CousinRequest) -> Candidate:
        calls.append(request.wide)
        raise ValueError("no wording")

    generate_family(CASE, kinds=("rephrasing",), backend=CousinBackend("none", propose))
    assert set(calls) == {""}


def test_rephrasings_still_too_close_get_a_last_pass_under_the_lower_floor():
    # Rephrasings whose statements stay word for word leave only the task's frame to reword
    # (manifest: 2207, 1000): the last pass keeps WIDE_FLOOR of the distance floor, as
    # distractors' does, while rule N119 still refuses any within 30 characters.
    from ifevalpp.generate.distance import far_enough
    from ifevalpp.generate.family import WIDE_FLOOR

    prompts = [CASE.prompt, *APART]
    nearest = min(far_enough(prompt, [other], 1.0)[1]  # (1.0: the distance, not a bound)
                  for prompt in prompts for other in prompts if other != prompt)
    floor = nearest / (WIDE_FLOOR + (1 - WIDE_FLOOR) / 2)  # above `nearest`, its share below
    assert floor * WIDE_FLOOR <= nearest < floor
    variants, failures = generate_family(CASE, kinds=("rephrasing",), backend=_backend(3, 3),
                                         min_distance=floor)
    assert [variant.prompt for variant in _rephrasings(variants)] == list(APART)
    assert not failures
    assert {variant.generator.detail["pass"] for variant in _rephrasings(variants)} == \
        {"far-floor"}


def test_a_cousin_crowded_out_before_its_last_refusal_gets_a_second_pass():
    # 2912: a reconfiguration 0.147 from a sibling, then refused as easier: the want of room
    # came first, so the second pass may still make it.
    def propose(request: CousinRequest) -> Candidate:
        if request.kind != "rephrasing":
            return template_propose(request)
        if request.wide or request.index == 1:
            prompt = APART[request.index - 1]
        elif request.attempt == 0:
            prompt = APART[0]  # too close to the first
        else:
            prompt = ("Put a tide poem down on paper for me, thanks. Keep it short and rhyming, "
                      "and let no comma appear in it.")  # far from all, but unnatural
        return Candidate(prompt, [{}], RephrasingDetail(presentation="inline"))

    variants, failures = generate_family(CASE, kinds=("rephrasing",),
                                         backend=CousinBackend("table", propose))
    assert [variant.prompt for variant in _rephrasings(variants)] == list(APART)
    assert not failures
