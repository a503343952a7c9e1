"""Template-backend quality fixes, one behaviour per test, on hand-written prompts."""

from __future__ import annotations

import random

from ifevalpp.generate.prompt.plan import plan
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.kinds.reconfiguration import new_task
from ifevalpp.generate.kinds.rephrasing import rephrase
from ifevalpp.validate import validate_case
from ifevalpp.schema import Case

NTH = "length_constraints:nth_paragraph_first_word"


def _layout(prompt, ids, kwargs):
    return build_layout(prompt, ids, kwargs)


def _plan(layout):
    targets = {index for index, item in enumerate(layout.ids)
               if item != "combination:repeat_prompt"}
    return plan(layout, targets, params=layout.params)


def _no_errors(prompt, ids, kwargs):
    case = Case(key=1, prompt=prompt, instruction_id_list=ids, kwargs=kwargs)
    findings = validate_case(case)
    return [finding for finding in findings if getattr(finding, "severity", None) == "error"]


# ---------------------------------------------------------------- 1. nothing stated twice


def test_boilerplate_paragraph_sentence_is_a_statement_not_task():
    # "… like '\n\n' does in python." says nothing but the paragraph rule: rephrasings drop
    # it with the other statement instead of keeping it next to the new one.
    prompt = ("Which city is older, Rome or Athens? Use exactly 2 paragraphs where the "
              "paragraphs are split by two new lines, just like '\\n\\n' does in python. "
              "Paragraph 2 has to open with the word fortune.")
    kwargs = [{"num_paragraphs": 2, "nth_paragraph": 2, "first_word": "fortune"}]
    layout = _layout(prompt, [NTH], kwargs)
    for index in (1, 2, 3):
        composed = rephrase(layout, random.Random(index), index)
        assert "in python" not in composed.prompt, composed.prompt
        assert composed.prompt.count("fortune") == 1


def test_count_left_in_task_sentence_is_not_stated_anew():
    # The count cannot be cut from the task sentence, so the constraint keeps its own
    # statements as they are instead of getting a second, rendered one.
    prompt = ("Is tea healthier than coffee? Give exactly 3 paragraphs split by two new lines "
              "weighing this question up. Paragraph 1 has to open with the word steam.")
    layout = _layout(prompt, [NTH], [{"num_paragraphs": 3, "nth_paragraph": 1,
                                      "first_word": "steam"}])
    the_plan = _plan(layout)
    assert the_plan.render == []
    kept = [layout.units[position].text for position in the_plan.kept]
    assert kept == ["Paragraph 1 has to open with the word steam."]


def test_count_after_the_opening_verb_is_cut():
    prompt = ("Write exactly 4 paragraphs about caring for houseplants. Put two new lines "
              "between paragraphs. Paragraph 4 has to open with the word \"moss\".")
    layout = _layout(prompt, [NTH], [{"num_paragraphs": 4, "nth_paragraph": 4,
                                      "first_word": "moss"}])
    the_plan = _plan(layout)
    assert the_plan.unit_text[0] == "Write a piece about caring for houseplants."
    assert the_plan.render == [0]


def test_format_phrase_in_task_is_cut_when_stated_again_elsewhere():
    prompt = ("List five rivers of Europe in JSON format. Your entire output should only be a "
              "JSON block, nothing else.")
    layout = _layout(prompt, ["detectable_format:json_format"], [{}])
    the_plan = _plan(layout)
    assert the_plan.unit_text[0] == "List five rivers of Europe."


def test_phrase_that_completes_the_entire_output_is_not_cut_into_a_fragment():
    prompt = ("Describe a sunrise over the harbour for my travel blog and I want the entire "
              "output in JSON format.")
    layout = _layout(prompt, ["detectable_format:json_format"], [{}])
    for index in (1, 2, 3):
        composed = rephrase(layout, random.Random(index), index)
        assert "entire output." not in composed.prompt, composed.prompt


def test_scope_after_a_language_phrase_goes_with_it():
    prompt = ("Write a travel guide for Lisbon using only the Portuguese language throughout "
              "your entire response.")
    layout = _layout(prompt, ["language:response_language"], [{"language": "pt"}])
    the_plan = _plan(layout)
    assert the_plan.unit_text[0] == "Write a travel guide for Lisbon."


# ---------------------------------------------------------------- 2. new task keywords


def test_a_new_task_replaces_a_keyword_taken_from_the_old_task():
    prompt = ('My bakery is called "crumb" and we need a slogan. Can you write one that says '
              "the name of the bakery at least three times?")
    kwargs = [{"relation": "at least", "keyword": "crumb", "frequency": 3}]
    layout = _layout(prompt, ["keywords:frequency"], kwargs)
    composed = new_task(layout, random.Random(0), index=1)
    assert "crumb" not in composed.prompt.lower()
    new = composed.kwargs[0]
    assert new["keyword"] != "crumb" and new["keyword"] in composed.prompt
    assert (new["relation"], new["frequency"]) == ("at least", 3)
    assert composed.detail.keywords_swapped == [f"crumb->{new['keyword']}"]
    assert not _no_errors(composed.prompt, ["keywords:frequency"], composed.kwargs)


def test_a_new_task_keeps_a_keyword_that_only_its_statement_names():
    prompt = ("Write a poem about autumn rain. Make sure the word \"lantern\" appears at least "
              "twice.")
    kwargs = [{"relation": "at least", "keyword": "lantern", "frequency": 2}]
    layout = _layout(prompt, ["keywords:frequency"], kwargs)
    composed = new_task(layout, random.Random(0), index=1)
    assert composed.kwargs[0] == kwargs[0]
    assert composed.detail.keywords_swapped is None


# ---------------------------------------------------------------- 3. asides survive


def test_unchecked_aside_before_a_constraint_clause_is_kept():
    prompt = ("I need a cover letter for a bakery job. Please keep the tone warm, and don't use "
              "any commas in your entire response.")
    layout = _layout(prompt, ["punctuation:no_comma"], [{}])
    for index in (1, 2, 3):
        composed = rephrase(layout, random.Random(index), index)
        # Kept (a requirement may be woven onto its end, "…warm; avoid commas.", and its frame
        # reworded like any sentence after the request, "Be sure to keep the tone warm.")
        assert "keep the tone warm" in composed.prompt, composed.prompt
        assert composed.prompt.count("tone warm") == 1


def test_clause_remainder_without_a_request_is_not_an_aside():
    prompt = ("Write a poem about the sea. In your poem, the word \"tide\" should appear at "
              "least 2 times.")
    layout = _layout(prompt, ["keywords:frequency"],
                     [{"relation": "at least", "keyword": "tide", "frequency": 2}])
    the_plan = _plan(layout)
    assert not the_plan.asides


# ---------------------------------------------------------------- 4. coverage: more text moves


def test_statement_between_task_and_quoted_passage_is_cut():
    prompt = ('Summarize the following note for a colleague, and be sure to add a title '
              'inside double angular brackets, e.g. <<title>>: "The meeting moved to Friday '
              'because the projector is broken and nobody could fix it in time."')
    layout = _layout(prompt, ["detectable_format:title"], [{}])
    the_plan = _plan(layout)
    assert the_plan.unit_text[0] == (
        'Summarize the following note for a colleague: "The meeting moved to Friday because '
        'the projector is broken and nobody could fix it in time."')


def test_prepositional_statement_before_a_quoted_passage_is_cut():
    prompt = ('Continue the following story with the letter k appearing at least 4 times: "The '
              'old ferry left the dock an hour late and nobody on board seemed to mind."')
    layout = _layout(prompt, ["keywords:letter_frequency"],
                     [{"letter": "k", "let_frequency": 4, "let_relation": "at least"}])
    the_plan = _plan(layout)
    assert the_plan.unit_text[0].startswith('Continue the following story: "The old ferry')


def test_cut_inside_a_clause_leaves_no_fragment_aside():
    prompt = ("Write a lullaby for a baby fox. The lullaby should be in English and all in "
              "lowercase letters.")
    layout = _layout(prompt, ["change_case:english_lowercase"], [{}])
    the_plan = _plan(layout)
    assert not the_plan.asides
    assert all(text is None or not text.endswith("should be.")
               for text in the_plan.unit_text.values())


def test_a_sentence_wrapped_onto_the_next_line_is_one_unit():
    from ifevalpp.generate.prompt.segment import segment

    text = "Write two ads. Mark the beginning\nof each ad with Ad 1 and Ad 2. Keep it short."
    units = [text[start:end] for start, end, _ in segment(text)]
    assert units == ["Write two ads.", "Mark the beginning\nof each ad with Ad 1 and Ad 2.",
                     "Keep it short."]


def test_a_line_break_after_a_full_stop_still_starts_a_new_unit():
    from ifevalpp.generate.prompt.segment import segment

    text = "Write two ads.\nthen stop."
    assert [text[start:end] for start, end, _ in segment(text)] == ["Write two ads.", "then stop."]


# ---------------------------------------------------------------- outlines stay with the task


def test_statement_naming_the_parts_of_the_answer_stays_with_the_task():
    # Only the count is the paragraph rule's; "your working and the result" says what the
    # two parts are, and a generic restatement would drop it.
    prompt = ("A tank holds 40 litres and leaks 2 litres an hour. When is it empty? Separate "
              "your reasoning and the final result by a line holding only ***")
    layout = _layout(prompt, ["length_constraints:number_paragraphs"], [{"num_paragraphs": 2}])
    outline = [unit for unit in layout.units if "reasoning" in unit.text]
    assert outline and not outline[0].pure


def test_a_word_naming_the_task_does_not_make_a_count_an_outline():
    prompt = "Write an essay about tides. The essay should be at least 30 sentences long."
    layout = _layout(prompt, ["length_constraints:number_sentences"],
                     [{"relation": "at least", "num_sentences": 30}])
    assert [unit.pure for unit in layout.units] == [False, True]


def test_pieces_named_in_a_two_part_split_stay_with_the_task():
    prompt = ("Write a limerick and a haiku about frost. Separate the limerick and the haiku "
              "with six asterisks: ******")
    layout = _layout(prompt, ["combination:two_responses"], [{}])
    assert not any(unit.pure for unit in layout.units)


def test_exact_count_tied_to_a_spelled_out_block_is_not_reconfigured():
    from ifevalpp.generate.new_settings import targets as _targets

    prompt = ("Give me three tips, following this format:\nTip one\n***\nTip two\n***\n"
              "Tip three\nAnswer in lowercase letters only.")
    layout = _layout(prompt, ["length_constraints:number_paragraphs",
                              "change_case:english_lowercase"], [{"num_paragraphs": 3}, {}])
    assert 0 not in _targets(layout)


def test_a_task_ending_in_a_quotation_gets_a_stop_before_a_new_sentence():
    from ifevalpp.generate.prompt.assemble import closed as _closed

    assert _closed('Write an article with title "Rain is good"') == \
        'Write an article with title "Rain is good".'
    assert _closed('Reply with "Done."') == 'Reply with "Done."'


def test_a_verb_left_bare_by_a_cut_goes_with_its_phrase():
    prompt = "Write me a riddle in the form of a poem and end it with a post script starting with P.S."
    layout = _layout(prompt, ["detectable_content:postscript"], [{"postscript_marker": "P.S."}])
    for index in range(1, 4):
        text = rephrase(layout, random.Random(index), index).prompt
        assert "end it" not in text
