"""The fairness checks: what a cousin must keep of its original, and tokens nobody wrote."""

from __future__ import annotations

from ifevalpp.generate.fairness import (doubled_examples, dropped_from, forms, lead_ins,
                                        stray_tokens)

BULLETS = ["detectable_format:number_bullet_lists"]
SENTENCES = ["length_constraints:number_sentences"]


def _drops(original, ids, kwargs, cousin, **options):
    return [(drop.what, drop.value) for drop in dropped_from(original, ids, kwargs, cousin,
                                                             **options)]


def test_a_bullet_example_must_survive_as_a_bullet_form():
    original = ("Write about tea. Use exactly 3 bullet points in your answer, such as:\n"
                "* This is a point.\n* This is another point.")
    cousin = "Write about tea, using exactly three bullet points."
    assert ("form", "bullet") in _drops(original, BULLETS, [{"num_bullets": 3}], cousin)


def test_a_restatement_that_shows_the_bullet_marker_keeps_the_form():
    original = ("Write about tea. Use exactly 3 bullet points in your answer, such as:\n"
                "* This is a point.\n* This is another point.")
    cousin = "Write about tea, using exactly three bullet points, each starting with * and a space."
    assert _drops(original, BULLETS, [{"num_bullets": 3}], cousin) == []


def test_an_aside_of_a_statement_must_be_said_again():
    original = ("Can you write a poem about rain? It should run to at least 40 sentences "
                "(and do add punctuations).")
    kwargs = [{"relation": "at least", "num_sentences": 40}]
    cousin = "Can you write a poem about rain? Make it at least forty sentences long."
    assert ("word", "punctuations") in _drops(original, SENTENCES, kwargs, cousin)
    kept = cousin + " Remember the punctuation."
    assert _drops(original, SENTENCES, kwargs, kept) == []


def test_a_statement_kept_word_for_word_drops_nothing():
    original = "Write a poem about rain. Use markdown bullet points such as:\n* This is point 1"
    cousin = "Rain is my topic. Use markdown bullet points such as:\n* This is point 1"
    assert _drops(original, BULLETS, [{"num_bullets": 1}], cousin) == []


def test_a_quoted_passage_must_stay_word_for_word_while_the_task_stays():
    original = ('Make this note sound formal: "Hey all. The printer on floor two is fixed now, '
                'the issue was a loose cable." Do not include the words issue or fix.')
    ids, kwargs = ["keywords:forbidden_words"], [{"forbidden_words": ["issue", "fix"]}]
    lost = "Please make this note sound formal. Avoid \"issue\" and \"fix\"."
    assert ("passage", "Hey all. The printer on floor two is fixed now, the issue was a loose "
                       "cable.") in \
        _drops(original, ids, kwargs, lost)
    assert not [d for d in _drops(original, ids, kwargs, lost, task_kept=False)
                if d[0] == "passage"]


def test_a_spelled_out_outline_must_stay_line_for_line():
    original = ("Write a planning doc. Follow the exact format below:\n\nPart 1. Task Summary\n***\n"
                "Part 2. Motivation\n***\nPart 3. Timeline")
    ids, kwargs = ["length_constraints:number_paragraphs"], [{"num_paragraphs": 3}]
    mangled = ("Could you write a planning doc? Follow the exact format below: Task Summary\n*** "
               "Motivation\n*** Timeline\n\nWrite exactly 3 paragraphs separated by ***.")
    assert ("line", "Part 1. Task Summary") in _drops(original, ids, kwargs, mangled)


def test_forms_reads_examples_of_each_markup():
    assert forms("such as *key point*") == {"highlight"}
    assert forms("a title like <<my title>>") == {"title"}
    assert forms("placeholders such as [address]") == {"placeholder"}
    assert "bullet" in forms("each marked by * and a space")
    assert forms("Highlight some words with the asterisk symbol, *, please.") == {"asterisk"}


def test_a_stray_half_of_an_example_is_found():
    original = "Write a rhyme about a kettle with at least 3 italic parts, i.e *italic text*."
    cousin = "Highlight three parts, like *this part*.\n\nCould you write a rhyme about a kettle text*?"
    assert stray_tokens(cousin, original) == ["text*?"]


def test_whole_examples_and_dividers_are_not_stray():
    original = "Write about tea."
    cousin = ('Write about tea. Highlight a part, like *this part*, add a title such as <<Tea>>, '
              'a [name], and separate paragraphs with ***.')
    assert stray_tokens(cousin, original) == []


def test_a_mark_glued_to_a_url_is_stray():
    original = "Summarise this article: https://en.wikipedia.org/wiki/Tea"
    cousin = "Could you summarise this article: https://en.wikipedia.org/wiki/Tea?"
    assert stray_tokens(cousin, original) == ["https://en.wikipedia.org/wiki/Tea?"]


def test_two_examples_for_one_requirement_are_found():
    original = "Write a resume. Highlight a part, for example: *3 years of experience*."
    cousin = ("Write a resume. Would you highlight at least two parts, such as *an important "
              "line*? For example: *3 years of experience*.")
    assert doubled_examples(cousin, original)


def test_lead_ins_are_read_from_the_sentences_a_cousin_adds():
    original = "Write a poem."
    cousin = "Write a poem. Before you send it, check that it has a title. One request: no commas."
    assert lead_ins(cousin, original) == ["Before you send it", "One request"]


def test_a_content_phrase_of_a_statement_must_be_said_again():
    ids, kwargs = ["detectable_content:number_placeholders"], [{"num_placeholders": 1}]
    original = ("Plan a picnic in the park. Give it to me in the form of a list containing at "
                "least one placeholder, such as [snack].")
    lost = "Plan a picnic in the park. Include at least one placeholder, such as [snack]."
    assert ("word", "list") in _drops(original, ids, kwargs, lost)
    kept = "Plan a picnic in the park as a list, with at least one placeholder, like [snack]."
    assert ("word", "list") not in _drops(original, ids, kwargs, kept)


def test_a_passage_kept_word_for_word_is_not_dropped_by_a_mend_around_it():
    # 2485: "Please … Please also include … in the sentence: "…"" is mended to "Also include";
    # the passage stands word for word, so nothing is gone.
    original = ('Please rewrite the following sentence in a calm tone. Please also include the '
                'keywords "ink" and "paper" in the sentence: "The main points to consider are '
                'the following: first, the forecasts must be revised downwards."')
    cousin = original.replace("Please also include", "Also include")
    kwargs = [{"keywords": ["ink", "paper"]}]
    assert _drops(original, ["keywords:existence"], kwargs, cousin) == []
    assert _drops(original, ["keywords:existence"], kwargs,
                  cousin.replace("revised downwards", "cut")) != []
