"""Naturalness rules: each fires on its bad examples and not on its good ones, the original's
own wording is never blamed, and the registry holds every rule once."""

from __future__ import annotations

import pytest

from ifevalpp.generate.rules import RULES, Cousin, by_name, violations
from ifevalpp.generate.rules.base import EXAMPLE_ORIGINAL

ORIGINAL = EXAMPLE_ORIGINAL


def names(found):
    return [defect.code for defect in found]


def fired(rule: str, prompt: str, original: str = ORIGINAL, **given) -> list[str]:
    return names(by_name(rule).detect(Cousin(prompt=prompt, original=original, **given)))


# ---------------------------------------------------------------- the registry


def test_every_rule_has_a_unique_code_and_name():
    assert len({rule.code for rule in RULES}) == len(RULES)
    assert len({rule.name for rule in RULES}) == len(RULES)
    assert all(rule.code[0] == "N" and rule.code[1:].isdigit() for rule in RULES)


def test_every_rule_says_in_one_line_what_it_rejects_and_shows_both_sides():
    for rule in RULES:
        assert rule.description and "\n" not in rule.description, rule.code
        assert rule.bad and rule.good, rule.code


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.code)
def test_a_rule_fires_on_each_of_its_bad_examples(rule):
    for example in rule.bad:
        assert rule.detect(example.cousin()), (rule.code, example.prompt)


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.code)
def test_a_rule_is_silent_on_each_of_its_good_examples(rule):
    for example in rule.good:
        assert rule.detect(example.cousin()) == [], (rule.code, example.prompt)


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.code)
def test_a_rule_never_blames_the_original_for_its_own_wording(rule):
    for example in rule.bad:
        # (A prompt is always within 30 characters of itself: no cousin that must reword
        # its request here.)
        itself = Cousin(prompt=example.prompt, original=example.prompt, ids=example.ids,
                        kwargs=example.kwargs, original_kwargs=example.kwargs or ())
        assert rule.detect(itself) == [], (rule.code, example.prompt)


def test_violations_runs_every_rule():
    cousin = Cousin(prompt="This will be read aloud. Here is one. Here is two. Everything you "
                           "write must be in less than 701 words and.", original=ORIGINAL)
    assert {"stitched", "dangling", "leaked-bound", "doubled-opening",
            "response-named-oddly"} <= set(names(violations(cousin)))


# ---------------------------------------------------------------- behaviours of single rules


def test_a_lower_case_start_the_original_had_is_not_stitched():
    original = "Answer the riddle. what has keys but no locks?"
    assert fired("stitched", "Please help. Answer the riddle. what has keys but no locks?",
                 original) == []


def test_a_quotation_closed_with_a_stop_of_ours_is_not_glued():
    original = 'Write an article with title "Rain is good"\nUse no commas.'
    assert fired("glued-line", 'Write an article with title "Rain is good". Also, use no '
                               'commas.', original) == []


def test_a_label_before_a_question_of_the_original_with_a_colon_is_not_doubled():
    original = "Which is older: Rome or Athens? Do not use any commas."
    assert fired("doubled-label", "Quick question: Which is older: Rome or Athens? Leave "
                                  "commas out.", original) == []


@pytest.mark.parametrize("phrase, code", [
    ("Skip commas, as it must fit our layout.", "odd-reason"),
    ("The reply would ideally have no commas.", "hedged-requirement"),
    ("Whatever you say, skip commas.", "filler-frame"),
    ("My one rule: no commas.", "one-rule"),
    ("Could you confirm that your reply has no commas?", "confirm-in-question"),
    ("Skip commas, because my manager wants it that way.", "odd-reason"),
    ("To begin with, one rule. Skip commas.", "meta-commentary"),
    ("Is there a way to put a title at the top?", "question-frame"),
    ("I want you to produce a rap about it.", "awkward-subject"),
    ("One request: no commas anywhere.", "form-label"),
    ("Separately: use no commas.", "form-label"),
])
def test_each_stock_phrase_is_named_for_its_reason(phrase, code):
    assert fired("stock-phrase", "Write a poem about the sea. " + phrase) == [code]


def test_two_polite_requests_of_any_form_are_one_frame_said_twice():
    for cousin in ("Would you write a poem about the sea? Can you leave out every comma?",
                   "Could I get a poem about the sea? I'd like you to leave out every comma.",
                   "It would be great if you could write a poem. Would you mind no commas?"):
        assert fired("repeated-frame", cousin) == ["repeated-frame"], cousin


def test_a_make_sure_joined_on_mid_sentence_and_another_after_it_is_a_repeated_frame():
    assert fired("repeated-frame", "Write a resume, and make sure it is in quotes. Make sure "
                                   "you mention Python.") == ["repeated-frame"]
    assert fired("repeated-frame", "Write a resume, and make sure it is in quotes. Mention "
                                   "Python.") == []


def test_a_frame_after_please_is_the_same_frame_said_again():
    # Read CGD (2395): "Be sure to give your entire answer as valid JSON. Please be sure to
    # leave out the words …".
    assert fired("repeated-frame", "Write an itinerary. Be sure to give it as JSON. Please be "
                                   "sure to leave out the word 'hotel'.") == ["repeated-frame"]
    assert fired("repeated-frame", "Write an itinerary. Please, be sure to give it as "
                                   "JSON.") == []


def test_please_said_twice_is_a_repeated_frame_unless_the_original_said_it_twice():
    assert fired("repeated-frame", "Could you please write a poem about the sea? Leave out "
                                   "every comma, please.") == ["repeated-frame"]
    assert fired("repeated-frame", "Please write a poem. Please skip commas.",
                 "Please write a poem. Please do not use commas.") == []


def test_a_title_said_to_come_first_beside_a_repeat_conflicts():
    ids = ("combination:repeat_prompt", "detectable_format:title")
    assert fired("conflicting-wording", "Write a poem. Start with a title in << and >>, such "
                                        "as <<rain>>.", ids=ids) == ["conflicting-wording"]


def test_a_reply_said_to_be_only_bullets_beside_a_postscript_conflicts():
    ids = ("detectable_format:number_bullet_lists", "detectable_content:postscript")
    assert fired("conflicting-wording", "Write a poem. Your answer consists of exactly 3 "
                                        "bullet points. Add a P.S.", ids=ids) == [
        "conflicting-wording"]
    assert fired("conflicting-wording", "Write a poem. Include 3 bullet points. Add a P.S.",
                 ids=ids) == []


def test_a_near_duplicate_is_measured_against_every_sibling_not_only_the_original():
    sibling = "Leave every comma out of a short poem you write about the sea."
    cousin = Cousin(prompt="Leave every comma out of the short poem you write about the sea.",
                    original=ORIGINAL, must_differ=True, siblings=(ORIGINAL, sibling))
    assert names(by_name("near-duplicate").detect(cousin)) == ["near-duplicate"]


def test_only_a_cousin_that_rewords_its_request_must_be_far_from_its_siblings():
    # A distractor keeps its original whole by design.
    cousin = Cousin(prompt=ORIGINAL + " Add a title.", original=ORIGINAL, siblings=(ORIGINAL,))
    assert by_name("near-duplicate").detect(cousin) == []


def test_a_question_the_original_puts_to_a_thing_is_not_blamed():
    original = "Could the meeting be moved? Write a short note asking."
    assert fired("question-to-the-text", "Could the meeting be moved? Please write a short "
                                         "note asking.", original) == []


def test_the_users_own_please_mended_is_still_the_users():
    # "Please, use any weird tone." mended to "Please use …" in a distractor (read ADA) is the
    # user's second "please", not ours.
    original = "Please provide five names in JSON. Please, use any weird tone you like here."
    mended = "Please provide five names in JSON. Please use any weird tone you like here."
    cousin = Cousin(prompt=mended + " Add a title.", original=original, original_mended=mended)
    assert names(by_name("courtesy-tacked-on").detect(cousin)) == []


def test_a_line_break_mended_inside_a_sentence_is_no_line_that_stands_alone():
    # "Mark the beginning⏎of each advertisement": mended in every cousin (read AKB).
    original = "Write two ads. Mark the beginning\nof each ad with Audience 1 and Audience 2."
    mended = "Write two ads. Mark the beginning of each ad with Audience 1 and Audience 2."
    cousin = Cousin(prompt=mended + " Avoid commas.", original=original, original_mended=mended)
    assert by_name("glued-line").detect(cousin) == []


def test_qualifiers_of_the_users_own_request_to_repeat_pile_nothing_when_mended():
    original = "Rewrite it.\nLet's repeat the request above word for word without change."
    mended = "Rewrite it.\nFirst repeat the request above word for word without change."
    cousin = Cousin(prompt=mended + " Avoid commas.", original=original, original_mended=mended)
    assert by_name("piled-qualifiers").detect(cousin) == []


def test_a_name_of_the_answer_the_original_s_slip_repeats_licenses_no_third_of_ours():
    # Reads CKY and CLA (3025): '… include the word "desert" in the answer. Set the answer out
    # in three bullets', where the original, mended, says "in it".
    rule = by_name("answer-said-thrice")
    original = ('Why is the sky blue? Keep the answer short and use the word "sky" in the '
                'answer. Make sure the answer has 3 bullet points.')
    mended = original.replace('"sky" in the answer', '"sky" in it')
    cousin = ('Why is the sky blue? Keep the answer short and use the word "sky" in it. Make '
              'sure the answer has 3 bullet points. Set the answer out in bold.')
    assert rule.detect(Cousin(prompt=cousin, original=original, original_mended=mended))
    assert not rule.detect(Cousin(prompt=cousin, original=original))
