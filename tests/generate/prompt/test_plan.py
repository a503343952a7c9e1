"""What the plan decides for each unit (generate/prompt/plan.py), one situation per test."""

from __future__ import annotations

from ifevalpp.generate.prompt.layout import build_layout

from .cases import NTH, layout_of, plan_all

TWO = "combination:two_responses"


def test_count_left_in_task_sentence_is_not_stated_anew():
    # The count cannot be cut from the task sentence, so the constraint keeps its own
    # statements as they are instead of getting a second, rendered one.
    prompt = ("Is tea healthier than coffee? Give exactly 3 paragraphs split by two new lines "
              "weighing this question up. Paragraph 1 has to open with the word steam.")
    layout = layout_of(prompt, [NTH], [{"num_paragraphs": 3, "nth_paragraph": 1,
                                      "first_word": "steam"}])
    the_plan = plan_all(layout)
    assert the_plan.render == []
    kept = [layout.units[position].text for position in the_plan.kept]
    assert kept == ["Paragraph 1 has to open with the word steam."]


def test_format_phrase_in_task_is_cut_when_stated_again_elsewhere():
    prompt = ("List five rivers of Europe in JSON format. Your entire output should only be a "
              "JSON block, nothing else.")
    layout = layout_of(prompt, ["detectable_format:json_format"], [{}])
    the_plan = plan_all(layout)
    assert the_plan.unit_text[0] == "List five rivers of Europe."


def test_clause_remainder_without_a_request_is_not_an_aside():
    prompt = ("Write a poem about the sea. In your poem, the word \"tide\" should appear at "
              "least 2 times.")
    layout = layout_of(prompt, ["keywords:frequency"],
                     [{"relation": "at least", "keyword": "tide", "frequency": 2}])
    the_plan = plan_all(layout)
    assert not the_plan.asides


def test_cut_inside_a_clause_leaves_no_fragment_aside():
    prompt = ("Write a lullaby for a baby fox. The lullaby should be in English and all in "
              "lowercase letters.")
    layout = layout_of(prompt, ["change_case:english_lowercase"], [{}])
    the_plan = plan_all(layout)
    assert not the_plan.asides
    assert all(text is None or not text.endswith("should be.")
               for text in the_plan.unit_text.values())


def test_a_split_statement_is_not_left_as_a_bare_fragment():
    prompt = ("Write a fable about a fox. Then retell the fable as a limerick. Separate the "
              "fable and the limerick with 6 asterisk symbols: ******")
    layout = build_layout(prompt, [TWO], [{}])
    the_plan = plan_all(layout)
    texts = [text for text in the_plan.unit_text.values() if text]
    assert not any(text.strip().endswith("the limerick") for text in texts), texts
    assert the_plan.render == [0]


def test_a_cut_keeps_the_tasks_own_words_ahead_of_the_statement():
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.prompt.plan import plan
    layout = build_layout("Write an essay about Alvin and the Chipmunks in English and in all "
                          "capital letters.", ["change_case:english_capital"], [{}])
    kept = plan(layout, {0}, drop_task=False, params=layout.params).unit_text[0]
    assert kept == "Write an essay about Alvin and the Chipmunks."


def test_a_cut_never_takes_the_task_that_follows_the_count():
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.prompt.plan import plan
    layout = build_layout("For a bunch of students, write a 200+ word poem that professionally "
                          "describes a new line of shoes.", ["length_constraints:number_words"],
                          [{"relation": "at least", "num_words": 200}])
    kept = plan(layout, {0}, drop_task=False, params=layout.params).unit_text[0]
    assert kept == ("For a bunch of students, write a poem that professionally describes a new "
                    "line of shoes.")


def _implied_count():
    """A poem whose sentence count the prompt says only by implication: 12 lines, one
    sentence each."""
    prompt = ("Write a 12-line poem about rain without any commas. Each line should contain "
              "exactly one sentence.")
    return layout_of(prompt, ["punctuation:no_comma", "length_constraints:number_sentences"],
                     [{}, {"relation": "at least", "num_sentences": 12}])


def test_a_count_the_original_only_implies_is_not_stated_while_task_and_value_stay():
    # "a 30-line poem … Each line should contain exactly one sentence" says the count;
    # "Write exactly thirty sentences" beside it says it twice (reads CJK, CJS, CJW on 1418).
    layout = _implied_count()
    assert not layout.units_of(1)
    assert 1 not in plan_all(layout).render


def test_a_count_the_original_only_implies_is_stated_beside_a_new_task():
    from ifevalpp.generate.prompt.plan import plan
    layout = _implied_count()
    assert 1 in plan(layout, {0, 1}, drop_task=True, params=layout.params).render
