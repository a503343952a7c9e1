"""A requirement's wording fits what else the case asks (generate/prompt/render.py, `wording_context`)."""

from __future__ import annotations

import random
import re
from typing import Sequence

from ifevalpp.constraints import parse_params
from ifevalpp.generate.prompt.render import ranges, render, wording_context

TITLE = "detectable_format:title"
BULLETS = "detectable_format:number_bullet_lists"
REPEAT = "combination:repeat_prompt"
POSTSCRIPT = "detectable_content:postscript"
WORDS = "length_constraints:number_words"


def _wordings(instruction_id, kwargs, context, styles=("imperative", "declarative", "question")):
    params = parse_params(instruction_id, kwargs)
    return {render(instruction_id, params, random.Random(seed), styles=styles, context=context)
            for seed in range(300)}


def test_context_names_a_copy_first_and_a_shared_reply():
    plain = {"own_example": None, "letter_case": None, "foreign": None, "two_questions": None,
             "two_things": None, "pair": None, "whole": None, "in_parts": None,
             "beside_versions": None, "stanzas": None,
             "parts": None, "ticks_required": None, "asked": None, "nothing_after": None, "at_least_said": None,
             "only_paragraphs": None, "contains_said": None, "exactly_one": None, "in_task": None, "placeholders": None,
             "presence": None, "single_quotes": None, "keeps_keywords": None,
             "other_punctuation": None, "english_said": True, "short_reply": None,
             "new_task": None}
    assert wording_context([TITLE, REPEAT], 0) == {"after_copy": True, "shares_reply": True,
                                                   "ahead": None, "show_form": None, **plain}
    assert wording_context([BULLETS], 0) == {"after_copy": None, "shares_reply": None,
                                             "ahead": None, "show_form": None, **plain}
    assert wording_context([BULLETS], 0, ahead=True)["ahead"] is True


def test_a_title_is_never_said_to_come_first_when_the_reply_opens_with_the_copy():
    first = re.compile(r"(?i)\b(?:start|head|open)\w* (?:\w+ ){0,3}with a title|at the top")
    alone = _wordings(TITLE, {}, wording_context([TITLE], 0))
    assert any(first.search(text) for text in alone)  # the forms exist
    beside = _wordings(TITLE, {}, wording_context([TITLE, REPEAT], 0))
    assert not [text for text in beside if first.search(text)]


def test_bullets_are_never_the_whole_reply_beside_other_checks():
    whole = re.compile(r"(?i)\b(?:consists? of|answer in|set the answer out as)\b")
    alone = _wordings(BULLETS, {"num_bullets": 3}, wording_context([BULLETS], 0))
    assert any(whole.search(text) for text in alone)
    beside = _wordings(BULLETS, {"num_bullets": 3},
                       wording_context([WORDS, BULLETS, POSTSCRIPT], 1))
    assert not [text for text in beside if whole.search(text)]


def test_a_requirement_before_the_task_never_points_at_it():
    pointer = re.compile(r"(?i)\b(?:make it|keep it|head it|open it|end it|finish it|close it|"
                         r"give it|(?:send|submit|write|hand) it\b|it over|work on it)\b")
    for instruction_id, kwargs, ids in (
            (WORDS, {"relation": "less than", "num_words": 200}, [WORDS]),
            (TITLE, {}, [TITLE]),
            ("startend:end_checker", {"end_phrase": "See you soon."}, ["startend:end_checker"])):
        ahead = _wordings(instruction_id, kwargs, wording_context(ids, 0, ahead=True),
                          styles=("imperative", "declarative"))
        assert not [text for text in ahead if pointer.search(text)], instruction_id


def test_nothing_is_woven_onto_a_sentence_that_ends_with_the_user_s_text_after_a_colon():
    import random

    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.prompt.render import weave

    task = "Put this into Spanish: My aunt keeps bees on the roof."
    layout = build_layout(task + ' Avoid the word "abeja".', ["keywords:forbidden_words"],
                          [{"forbidden_words": ["abeja"]}])
    assert all(weave(task, layout, layout.params, [0], random.Random(seed)) is None
               for seed in range(20))


def _layout(prompt, ids, kwargs):
    from ifevalpp.generate.prompt.layout import build_layout
    return build_layout(prompt, ids, kwargs)


PLACEHOLDERS = "detectable_content:number_placeholders"


def test_a_restatement_keeps_the_example_its_original_gives():
    layout = _layout("Write a forum thread. Use square brackets for placeholders, like "
                     "[username1], [username2]. Include at least 20 placeholders.",
                     [PLACEHOLDERS], [{"num_placeholders": 20}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["own_example"] == "[username1], [username2]"
    said = _wordings(PLACEHOLDERS, {"num_placeholders": 20}, context)
    assert all("[username1], [username2]" in text for text in said)


def test_a_new_task_takes_an_example_of_ours_not_the_originals():
    layout = _layout("Write a forum thread. Include at least 20 placeholders such as "
                     "[username1].", [PLACEHOLDERS], [{"num_placeholders": 20}])
    assert wording_context(layout.ids, 0, layout=layout, own_task=False)["own_example"] is None


def test_examples_of_ours_follow_the_case_rule_and_the_language():
    lower = wording_context(["change_case:english_lowercase", TITLE], 1)
    assert lower["letter_case"] == "lower"
    # (not the marks named as "<< and >>")
    assert not any(re.search(r"<<(?! )[^<>]*[A-Z]", text) for text in _wordings(TITLE, {}, lower))
    upper = wording_context(["change_case:english_capital", TITLE], 1)
    assert not any(re.search(r"<<(?! )[^<>]*[a-z]", text) for text in _wordings(TITLE, {}, upper))
    layout = _layout("Answer in Bengali only. Include at least 2 placeholders.",
                     ["language:response_language", PLACEHOLDERS],
                     [{"language": "bn"}, {"num_placeholders": 2}])
    foreign = wording_context(layout.ids, 1, layout=layout)
    assert foreign["foreign"] is True
    assert not any(re.search(r"\[[a-z][a-z ]*\]", text)
                   for text in _wordings(PLACEHOLDERS, {"num_placeholders": 2}, foreign))


def test_another_language_beside_keywords_keeps_the_keywords_as_written():
    # "Use only Korean" beside "Use the keywords 'indicator' and 'management'" reads as a
    # clash (reads CFI, CFJ on 3311): the language is said with the keywords kept.
    language = "language:response_language"
    layout = _layout("What is an SRE? Use only Korean in your response. Use the keywords "
                     "'indicator' and 'management'.", [language, "keywords:existence"],
                     [{"language": "ko"}, {"keywords": ["indicator", "management"]}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["keeps_keywords"] is True
    said = _wordings(language, {"language": "ko"}, context)
    assert said and all("keywords" in text and "English" in text and " only" not in text
                        for text in said)


def test_no_commas_is_not_said_with_other_punctuation_the_original_asks_itself():
    # Read CFM/CFN (3256): "Use other punctuation in place of commas - Don't forget to add
    # other punctuation".
    comma = "punctuation:no_comma"
    layout = _layout("Write a poem about a curious cat. The poem must contain no commas. Don't "
                     "forget to add other punctuations.", [comma], [{}])
    assert layout.units[-1].owners == frozenset()  # (the task's, not the statement's)
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["other_punctuation"] is True
    assert not any("punctuation" in text for text in _wordings(comma, {}, context))
    alone = _layout("Write a poem about a curious cat. Do not use commas.", [comma], [{}])
    assert any("punctuation" in text
               for text in _wordings(comma, {}, wording_context(alone.ids, 0, layout=alone)))


def test_a_cap_on_a_word_is_said_of_its_use_not_had():
    # Read CFM (1928): "your reply has to have "teacher" no more than once"; nor an order to
    # use it (tests/constraints/test_keywords.py).
    frequency = "keywords:frequency"
    kwargs = {"keyword": "teacher", "frequency": 2, "relation": "less than"}
    said = _wordings(frequency, kwargs, wording_context([frequency], 0), styles=("declarative",))
    assert said and not any(re.search(r'\bha(?:s|ve) (?:the word )?"', text) for text in said)


def test_section_labels_are_shown_not_specified():
    # Read CFO (2475): "labelling each of them Section X, where X is its number"; read CFV
    # (1021): "starting each of them with PARAGRAPH X, numbered from 1".
    sections = "detectable_format:multiple_sections"
    for n in (2, 3, 5):
        kwargs = {"section_spliter": "Section", "num_sections": n}
        said = _wordings(sections, kwargs, wording_context([sections], 0),
                         styles=("imperative", "declarative", "list"))
        assert said and not any("where X" in text or "numbered from" in text for text in said)


def test_a_first_word_is_never_hung_on_the_count_as_a_phrase():
    # Read CFV (1954): "Write exactly 7 paragraphs, separated by blank lines, the last
    # paragraph opening with the word "Summary"." dangles.
    first = "length_constraints:nth_paragraph_first_word"
    kwargs = {"num_paragraphs": 7, "nth_paragraph": 7, "first_word": "summary"}
    said = _wordings(first, kwargs, wording_context([first], 0),
                     styles=("imperative", "declarative", "question"))
    assert said and not any(re.search(r"lines, the \w+ paragraph", text) for text in said)


def test_another_language_alone_is_said_without_keywords():
    language = "language:response_language"
    layout = _layout("What is an SRE? Use only Korean in your response.", [language],
                     [{"language": "ko"}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["keeps_keywords"] is None
    assert not any("keywords" in text for text in _wordings(language, {"language": "ko"}, context))


def test_an_example_list_follows_its_statement_on_lines_of_its_own():
    from ifevalpp.generate.prompt.render import example_block, render_group
    layout = _layout("Explain it. Your answer must contain exactly 3 bullet points. Use * to "
                     "indicate bullets, like:\n* xyz\n* abc", [BULLETS], [{"num_bullets": 3}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert example_block(BULLETS, context) == "* xyz\n* abc"
    text = render_group(layout, layout.params, (0,), random.Random(1), context=context)
    assert text.endswith(":\n* xyz\n* abc") and "\n" not in text.split(":\n")[0]


def test_no_language_is_woven_onto_a_task_that_names_it():
    # Read CFR (2464): "Write a Hindi poem about this, replying only in Hindi."
    from ifevalpp.generate.prompt.render import weave
    layout = _layout("What are some good ideas for startup companies? Write a Hindi poem about "
                     "this. Use only Hindi in your response.", ["language:response_language"],
                     [{"language": "hi"}])
    task = "Could you tell me some good ideas for startup companies? Write a Hindi poem about this."
    assert all(weave(task, layout, layout.params, [0], random.Random(seed)) is None
               for seed in range(20))
    other = "Could you tell me some good ideas for startup companies? Write a poem about this."
    assert any(weave(other, layout, layout.params, [0], random.Random(seed)) is not None
               for seed in range(20))


def test_no_requirement_is_woven_onto_a_task_that_ends_in_a_relative_clause():
    from ifevalpp.generate.prompt.render import weave
    layout = _layout('Write a post about a restaurant called "Buena Onda" which serves '
                     'Argentinian food. Do not use any commas.', ["punctuation:no_comma"], [{}])
    task = 'Write a post about a restaurant called "Buena Onda" which serves Argentinian food.'
    assert all(weave(task, layout, layout.params, [0], random.Random(seed)) is None
               for seed in range(20))


def test_no_requirement_is_woven_onto_a_task_that_ends_in_a_clause_of_why():
    # "… about why they need to be more mindful about their environments and close your
    # answer with the line …" reads as part of the topic (read BAU).
    from ifevalpp.generate.prompt.render import weave
    end = "startend:end_checker"
    kwargs = [{"end_phrase": "Thanks for reading."}]
    layout = _layout('Write a blog post about why the team needs to be more mindful. End it '
                     'with "Thanks for reading."', [end], kwargs)
    task = "Write a blog post about why the team needs to be more mindful."
    assert all(weave(task, layout, layout.params, [0], random.Random(seed)) is None
               for seed in range(20))


def test_no_clause_after_a_comma_is_woven_onto_a_task_with_a_comma_of_its_own():
    # Read CFC (3629): "continue writing this text in a formal tone, using notation, and see
    # to it that your response has …" runs on.
    from ifevalpp.generate.prompt.render import weave
    highlights = "detectable_format:number_highlighted_sections"
    task = "Please continue this text in a formal tone, using notation."
    layout = _layout(task + " Highlight a part, like *this*.", [highlights],
                     [{"num_highlights": 1}])
    woven = [weave(task, layout, layout.params, [0], random.Random(seed)) for seed in range(30)]
    assert not [found for found in woven if found is not None and ", using notation," in found[0]]


def test_no_clause_after_a_comma_is_woven_onto_a_task_the_slips_give_a_comma():
    # "… in weird language, using mathematical notation, including a postscript …" (2273):
    # the comma the slips put in counts as the task's own.
    from ifevalpp.generate.prompt.render import weave
    task = "Write a story in exactly 3 paragraphs each separated by a blank line."
    layout = _layout(task + " Do not use commas.", ["punctuation:no_comma"], [{}])
    woven = [weave(task, layout, layout.params, [0], random.Random(seed)) for seed in range(30)]
    assert not [found for found in woven if found is not None and "blank line," in found[0]]


def _comma_ban_woven(task, seeds=20):
    """What weaving a comma ban onto `task` gives, seed by seed (None: not woven)."""
    from ifevalpp.generate.prompt.render import weave
    layout = _layout(task + " Do not use any commas.", ["punctuation:no_comma"], [{}])
    return [weave(task, layout, layout.params, [0], random.Random(seed))
            for seed in range(seeds)]


def test_no_requirement_is_woven_onto_a_sentence_that_makes_sure():
    # Read CKZ (2616): "Make sure the poem is written for teenagers and use the word "singles"
    # at least twice" joins an order to what is made sure of.
    assert all(found is None for found in
               _comma_ban_woven("Make sure the poem you write about a lonely Hue is for teens."))
    assert any(found is not None for found in
               _comma_ban_woven("Write a poem about a lonely Hue for teens."))


def test_no_requirement_is_woven_onto_a_long_task_sentence():
    # "… armchairs designed to withstand the scrutiny of any interior designer and write 3
    # paragraphs in all …" runs on (read BAW).
    assert all(found is None for found in _comma_ban_woven(
        "Write an ad for a new line of comfortable armchairs designed to withstand the "
        "scrutiny of any interior designer."))
    assert any(found is not None for found in _comma_ban_woven("Write an ad for a new armchair."))


def test_a_word_capitalised_only_because_it_opens_a_sentence_keeps_the_checkers_case():
    from ifevalpp.generate.prompt.render import spelled
    layout = _layout('Write a letter. Do not use the words "write" or "hope".',
                     ["keywords:forbidden_words"], [{"forbidden_words": ["write", "hope"]}])
    assert spelled(layout, layout.ids[0], layout.params[0]).forbidden_words == ["write", "hope"]


def test_an_upper_limit_is_never_something_to_include():
    said = _wordings("keywords:letter_frequency",
                     {"letter": "w", "let_relation": "less than", "let_frequency": 2}, {})
    said |= _wordings("keywords:frequency",
                      {"keyword": "owl", "relation": "less than", "frequency": 3}, {})
    assert said and not any(re.search(r"\b(?:include|contain)s?\b", text) for text in said)


def test_no_requirement_is_woven_onto_a_task_sentence_that_names_it_already():
    from ifevalpp.generate.prompt.render import weave
    prompt = ("Write a rant about traffic. Use all capital letters to express the anger. Your "
              "entire response should be in English and in capital letters only.")
    layout = _layout(prompt, ["change_case:english_capital"], [{}])
    task = "Write a rant about traffic. Use all capital letters to express the anger."
    assert all(weave(task, layout, layout.params, [0], random.Random(seed)) is None
               for seed in range(20))


def test_a_paragraph_s_first_word_is_spelt_as_the_original_writes_it():
    from ifevalpp.generate.prompt.render import spelled
    nth = "length_constraints:nth_paragraph_first_word"
    layout = _layout("Write an essay in lowercase letters. Write 3 paragraphs separated by two new "
                     "lines. Start paragraph 2 with the word Jasper.", [nth],
                     [{"first_word": "jasper", "num_paragraphs": 3, "nth_paragraph": 2}])
    assert spelled(layout, nth, layout.params[0]).first_word == "Jasper"


def test_a_new_first_word_takes_a_capital_where_the_original_writes_its_own_with_one():
    # Read CFH (181): 'the second paragraph starting with the word "luckily"' after an
    # original that asks for "President".
    from ifevalpp.constraints import get
    from ifevalpp.generate.prompt.render import spelled
    nth = "length_constraints:nth_paragraph_first_word"
    capital = _layout('Write a fake news article in exactly six paragraphs. The second paragraph '
                      'must start with the word "President".', [nth],
                      [{"first_word": "president", "num_paragraphs": 6, "nth_paragraph": 2}])
    small = _layout('Write an essay in exactly three paragraphs. The first paragraph must start '
                    'with the word "send".', [nth],
                    [{"first_word": "send", "num_paragraphs": 3, "nth_paragraph": 1}])
    new = get(nth).Params(first_word="luckily", num_paragraphs=6, nth_paragraph=2)
    assert spelled(capital, nth, new).first_word == "Luckily"
    assert spelled(small, nth, new).first_word == "luckily"


def test_a_bullet_count_beside_sections_says_it_counts_the_whole_answer():
    said = _wordings("detectable_format:number_bullet_lists", {"num_bullets": 2},
                     {"in_parts": True})
    # "… across your whole answer" of a command, "in all" of the reply itself ("Your response
    # should have exactly two bullet points in all"), never both; never "Give precisely two
    # bullets in your whole answer" (read CLB, 1481).
    assert said and all(("whole answer" in text) != (" in all" in text) for text in said), said
    assert not [text for text in said if "in your whole answer" in text]


def test_a_bullet_count_of_the_whole_answer_takes_no_second_in_phrase():
    # Read CFB (3098): "exactly three bullet points in all, in a markdown list" reads clunky.
    for show_form in (True, False):
        said = _wordings("detectable_format:number_bullet_lists", {"num_bullets": 3},
                         {"in_parts": True, "show_form": show_form})
        assert said and not any("in all, in" in text for text in said), said


def test_a_task_that_names_its_two_pieces_has_them_separated_as_the_two():
    from ifevalpp.generate.prompt.layout import build_layout

    layout = build_layout("Write two jokes about rockets. Separate the two jokes with 6 asterisk "
                          "symbols: ******.", ["combination:two_responses"], [{}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["two_things"] is True and context["pair"] == "jokes"
    wordings = _wordings("combination:two_responses", {}, context)
    assert wordings and not [text for text in wordings if "responses" in text]
    # "between the two parts" stood for the jokes the prompt had just named (read BAO)
    assert not [text for text in wordings if "two parts" in text or text.endswith("the two")]


def test_a_count_of_the_entire_reply_beside_a_title_keeps_its_scope():
    # "Answer in fewer than 20 words" beside "Add a title" leaves open whether the title
    # counts (read BAN).
    context = wording_context([WORDS, TITLE], 0)
    context.update(whole=True)
    wordings = _wordings(WORDS, {"num_words": 20, "relation": "less than"}, context,
                         styles=("imperative",))
    assert wordings and all(re.search(r"\b(?:entire|whole|in all|reply|response|answer)\b", text)
                            for text in wordings), wordings
    assert not [text for text in wordings if text.lower().startswith(("answer in", "use "))]


def test_a_bullet_count_says_markdown_as_people_say_it():
    context = wording_context([BULLETS], 0)
    wordings = _wordings(BULLETS, {"num_bullets": 3}, context)
    assert wordings and not [text for text in wordings if "list item" in text], wordings


def test_a_cap_of_one_on_a_required_word_is_said_once():
    from ifevalpp.generate.prompt.layout import build_layout

    ids = ["keywords:frequency", "keywords:existence"]
    kwargs = [{"keyword": "Sarah", "frequency": 2, "relation": "less than"},
              {"keywords": ["Sarah"]}]
    layout = build_layout("Write a limerick about Sarah. Mention the name Sarah only once.",
                          ids, kwargs)
    assert ranges(layout, layout.params, [0, 1]) == [(0, 1)]


def test_a_count_of_the_whole_reply_is_never_narrowed_to_the_piece():
    from ifevalpp.generate.prompt.layout import build_layout

    layout = build_layout("Give me an example of a journal entry. Tell me how you came up with "
                          "it. Your entire response should contain less than 6 sentences.",
                          ["length_constraints:number_sentences"],
                          [{"relation": "less than", "num_sentences": 6}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["whole"] is True
    wordings = _wordings("length_constraints:number_sentences",
                         {"relation": "less than", "num_sentences": 6}, context)
    assert not [text for text in wordings if re.search(r"(?i)\bkeep it\b", text)]


def test_one_instruction_listed_twice_is_said_once():
    from ifevalpp.generate.prompt.layout import build_layout

    ids = ["startend:quotation", "startend:quotation"]
    layout = build_layout('Tell me about moss. Wrap your entire response in double quotes.',
                          ids, [{}, {}])
    assert ranges(layout, layout.params, [0, 1]) == [(0, 1)]


def test_no_requirement_is_joined_by_a_second_and_onto_a_task_that_has_one():
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.prompt.render import weave

    task = 'Write a limerick. Make sure it is funny and includes the word "cheese".'
    layout = build_layout(task + " Do not use any commas.", ["punctuation:no_comma"], [{}])
    joined = [weave(task, layout, layout.params, [0], random.Random(seed), None)
              for seed in range(60)]
    woven = [found[0] for found in joined if found is not None]
    assert not [text for text in woven if re.search(r'"cheese",? and ', text)]


def test_a_requirement_is_never_joined_onto_a_question_that_asks_no_task():
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.prompt.render import weave

    task = "What are the biggest challenges faced by the country?"
    layout = build_layout(task + " Answer with at least 220 words.",
                          ["length_constraints:number_words"],
                          [{"relation": "at least", "num_words": 220}])
    assert all(weave(task, layout, layout.params, [0], random.Random(seed), None) is None
               for seed in range(40))


def test_a_fenced_example_follows_its_restated_statement():
    from ifevalpp.generate.prompt.layout import build_layout

    prompt = ("Write a proposal about sleep. Please wrap the entire output in JSON format. You "
              "can use markdown ticks like\n\n```JSON\n[json content]\n```")
    layout = build_layout(prompt, ["detectable_format:json_format"], [{}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["own_example"] == "```JSON\n[json content]\n```"


def test_fewer_than_three_times_is_said_no_more_than_twice():
    params = parse_params("keywords:letter_frequency",
                          {"let_relation": "less than", "letter": "i", "let_frequency": 3})
    said = {render("keywords:letter_frequency", params, random.Random(seed))
            for seed in range(40)}
    assert all("3 times" not in text and "three times" not in text for text in said), said
    assert any("twice" in text for text in said)


def test_a_highlight_beside_a_paragraph_count_is_never_a_part_or_a_section():
    ids = ["detectable_format:number_highlighted_sections", "length_constraints:number_paragraphs"]
    params = parse_params(ids[0], {"num_highlights": 3})
    context = wording_context(ids, 0)
    said = {render(ids[0], params, random.Random(seed), context=context) for seed in range(40)}
    unexampled = [re.sub(r"\*[^*]*\*", "", text) for text in said]  # "*this part*" is markup
    assert not any(re.search(r"\b(?:parts?|sections?)\b", text) for text in unexampled), said


def test_two_sections_are_never_followed_by_and_so_on():
    params = parse_params("detectable_format:multiple_sections",
                          {"section_spliter": "Section", "num_sections": 2})
    said = {render("detectable_format:multiple_sections", params, random.Random(seed))
            for seed in range(60)}
    assert not any("and so on" in text for text in said)


def test_parts_labelled_paragraph_are_called_paragraphs():
    params = parse_params("detectable_format:multiple_sections",
                          {"section_spliter": "PARAGRAPH", "num_sections": 3})
    said = {render("detectable_format:multiple_sections", params, random.Random(seed))
            for seed in range(40)}
    assert not any(re.search(r"\b(?:sections?|parts?)\b", text) for text in said), said


def test_after_a_question_a_section_count_names_the_answer_never_it():
    sections = "detectable_format:multiple_sections"
    kwargs = {"section_spliter": "SECTION", "num_sections": 2}
    after_question = {**wording_context([sections], 0), "asked": True}
    wordings = _wordings(sections, kwargs, after_question)
    assert not any(re.search(r"\b(?:divide|split|break|organise|structure) it\b", text)
                   for text in wordings), wordings
    assert any(re.search(r"\b(?:divide|split|break|organise|structure) it\b", text)
               for text in _wordings(sections, kwargs, wording_context([sections], 0)))


def test_where_the_original_says_nothing_may_follow_every_end_wording_says_so():
    end = "startend:end_checker"
    kwargs = {"end_phrase": "Any questions?"}
    said = {**wording_context([end], 0), "nothing_after": True}
    wordings = _wordings(end, kwargs, said, styles=("imperative", "declarative"))
    assert all(re.search(r"nothing (?:after (?:it|that)|more)", text) for text in wordings), wordings


def test_where_the_original_counts_over_the_entire_response_a_letter_count_says_so():
    letters = "keywords:letter_frequency"
    kwargs = {"letter": "t", "let_frequency": 2, "let_relation": "less than"}
    whole = {**wording_context([letters], 0), "whole": True}
    imperatives = _wordings(letters, kwargs, whole, styles=("imperative",))
    assert all(re.search(r"(?i)\byour (?:entire|whole|reply|response|answer)", text)
               for text in imperatives), imperatives


HIGHLIGHTS = "detectable_format:number_highlighted_sections"


def test_a_run_of_highlight_examples_is_kept_whole():
    layout = _layout("Write a summary of a page. Highlight at least 3 sections, for example "
                     "*part 1*, *part 2*, *part 3*.", [HIGHLIGHTS], [{"num_highlights": 3}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["own_example"] == "*part 1*, *part 2*, *part 3*"


def test_a_placeholder_the_original_names_so_is_never_called_a_blank():
    layout = _layout("Write a forum thread. Use placeholders for usernames. Include at least "
                     "20 placeholders in square brackets.", [PLACEHOLDERS],
                     [{"num_placeholders": 20}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["placeholders"] is True
    said = _wordings(PLACEHOLDERS, {"num_placeholders": 20}, context)
    assert not any("blank" in text for text in said)


def test_a_task_sentence_that_speaks_of_the_json_takes_no_second_nothing_outside():
    json_id = "detectable_format:json_format"
    layout = _layout('Can you give me a nickname for Stafford? Please use JSON format. Do not '
                     'add anything outside of the JSON block.', [json_id], [{}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["in_task"] is True
    assert not any("outside" in text for text in _wordings(json_id, {}, context))


CAPITALS = "change_case:capital_word_frequency"


def test_a_cap_the_original_also_asks_some_of_is_restated_with_the_ask():
    layout = _layout("Write a story. Add stress words which are capitalized. Limit those stress "
                     "words for less than 20 times.", [CAPITALS],
                     [{"capital_relation": "less than", "capital_frequency": 20}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["presence"] is True
    said = _wordings(CAPITALS, {"capital_relation": "less than", "capital_frequency": 20},
                     context, styles=("imperative", "declarative"))
    assert all(re.search(r"\b(?:some|a few)\b", text) for text in said), said


def test_a_cap_alone_is_restated_as_a_cap():
    layout = _layout("Write a story. Use fewer than 20 words in all capitals.", [CAPITALS],
                     [{"capital_relation": "less than", "capital_frequency": 20}])
    assert wording_context(layout.ids, 0, layout=layout)["presence"] is None


def test_a_new_task_of_verse_counts_stanzas():
    paragraphs = "length_constraints:number_paragraphs"
    layout = _layout("Write an essay about cats. Use exactly 4 paragraphs separated by ***.",
                     [paragraphs], [{"num_paragraphs": 4}])
    context = wording_context(layout.ids, 0, layout=layout, own_task=False,
                              task="Write a rap about a snow day.")
    assert context["stanzas"] is True
    said = _wordings(paragraphs, {"num_paragraphs": 4}, context)
    assert not any("paragraph" in text for text in said)


def test_an_example_that_only_names_its_markup_gives_way_to_the_users_own():
    # "using *highlighted text*. Such as: *Funny Fighting*." (read ASB).
    layout = _layout("Write a slogan for my game. Highlight at least three sections in your "
                     "answer in markdown format using *highlighted text*. Such as: *Funny "
                     "Fighting*.", ["detectable_format:number_highlighted_sections"],
                     [{"num_highlights": 3}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["own_example"] == "*Funny Fighting*"


def test_no_requirement_is_joined_onto_a_sentence_that_ends_on_an_example():
    # "…, such as [address], answering in English using lowercase letters" (read ASB).
    from ifevalpp.generate.prompt.render import weave
    layout = _layout("Plan a trip to Italy. Make it a list with at least one placeholder, such "
                     "as [address]. The response must be in English and all lowercase letters.",
                     ["detectable_content:number_placeholders", "change_case:english_lowercase"],
                     [{"num_placeholders": 1}, {}])
    task = "Plan a trip to Italy. Make it a list with at least one placeholder, such as [address]."
    for seed in range(20):
        assert weave(task, layout, layout.params, [1], random.Random(seed)) is None


def test_the_paragraph_to_open_with_a_word_is_named_as_a_paragraph():
    # "…, separated by two new lines, the second one opening with …" points at the lines
    # (read BAS).
    nth = "length_constraints:nth_paragraph_first_word"
    wordings = _wordings(nth, {"first_word": "still", "num_paragraphs": 6, "nth_paragraph": 2},
                         wording_context([nth], 0))
    assert wordings and all("second paragraph" in text for text in wordings), wordings


def test_one_word_to_leave_out_is_named_as_a_word():
    # A bare "Leave out "parody"." after asking for a parody reads as a contradiction (read BAS).
    forbidden = "keywords:forbidden_words"
    wordings = _wordings(forbidden, {"forbidden_words": ["parody"]}, wording_context([forbidden], 0))
    assert wordings and not [text for text in wordings
                             if re.search(r'(?i)\b(?:leave out|avoid) "parody"', text)], wordings


def test_a_prompt_that_quotes_in_single_quotes_has_its_statements_said_so():
    # "Avoid "divide", "answer". Include the keyword 'remainder'." reads spliced (read BAT).
    from ifevalpp.generate.prompt.layout import build_layout

    ids = ["keywords:forbidden_words", "keywords:existence"]
    layout = build_layout("How many gallons can she buy? Avoid the keywords: 'divide', 'answer'. "
                          "Include the keyword 'remainder'.", ids,
                          [{"forbidden_words": ["divide", "answer"]}, {"keywords": ["remainder"]}])
    context = wording_context(layout.ids, 0, layout=layout)
    assert context["single_quotes"] is True
    wordings = _wordings(ids[0], {"forbidden_words": ["divide", "answer", "great"]}, context)
    assert wordings and all("'divide'" in text and '"' not in text for text in wordings), wordings


def test_quoted_sentences_keep_their_double_quotes_under_a_single_quoting_prompt():
    from ifevalpp.generate.prompt.layout import build_layout

    constrained = "detectable_format:constrained_response"
    layout = build_layout("Is the poodle bigger? Choose from the following: ('My answer is yes.', "
                          "'My answer is no.', 'My answer is maybe.')", [constrained], [{}])
    wordings = _wordings(constrained, {}, wording_context(layout.ids, 0, layout=layout))
    assert wordings and all('"My answer is yes."' in text for text in wordings), wordings


def test_words_banned_from_the_whole_reply_are_banned_from_it_in_every_wording():
    # "Avoid 'yes' and 'no', please." after a question reads as "do not answer yes or no"
    # (read BAV).
    from ifevalpp.generate.prompt.layout import build_layout

    forbidden = "keywords:forbidden_words"
    layout = build_layout("Is the Arctic cold most of the year? Do not say 'yes' or 'no' "
                          "throughout your entire response.", [forbidden],
                          [{"forbidden_words": ["yes", "no"]}])
    wordings = _wordings(forbidden, {"forbidden_words": ["yes", "no"]},
                         wording_context(layout.ids, 0, layout=layout))
    assert wordings and all(re.search(r"\b(?:answer|reply|response)\b", text)
                            for text in wordings), wordings


def test_answer_in_a_number_of_sentences_is_said_only_of_a_question_and_no_range():
    # "Could you draft a song …? Answer in between 20 and 25 sentences." (read BAV)
    sentences = "length_constraints:number_sentences"
    context = wording_context([sentences], 0)
    song = _wordings(sentences, {"num_sentences": 20, "relation": "at least"}, context)
    assert song and not [text for text in song if "answer in" in text.lower()], song
    from ifevalpp.constraints import get

    bounds = [parse_params(sentences, {"num_sentences": 20, "relation": "at least"}),
              parse_params(sentences, {"num_sentences": 26, "relation": "less than"})]
    context.update(asked=True, wording=get(sentences).range_with(*bounds))
    ranged = _wordings(sentences, {"num_sentences": 20, "relation": "at least"}, context)
    assert any("20 to 25" in text for text in ranged), ranged
    assert ranged and not [text for text in ranged if "answer in" in text.lower()], ranged


def test_one_word_to_mention_is_named_as_a_word():
    # 'It is essential that your answer contains the word "knock" twice or more. Mention
    # "cat".' reads clipped (read BAZ).
    existence = "keywords:existence"
    wordings = _wordings(existence, {"keywords": ["cat"]}, wording_context([existence], 0))
    assert wordings and not [text for text in wordings
                             if re.search(r'(?i)\b(?:mention|include|use) "cat"', text)], wordings


def test_a_section_count_beside_two_versions_is_said_of_each_version():
    # "Your reply should consist of ten parts" beside "write two different versions" (reads
    # BAS, BAZ), and "ten parts in all" too (reads BBA to BBD), left open whether each
    # version has ten; the original says "Each version must have 7 sections".
    ids = ["combination:two_responses", "detectable_format:multiple_sections"]
    wordings = _wordings(ids[1], {"section_spliter": "SECTION", "num_sections": 10},
                         wording_context(ids, 1))
    assert wordings and all("each version" in text and " in all" not in text
                            for text in wordings), wordings


def test_an_exact_count_of_several_is_never_just_that_many():
    # Read BBH, 2921: "Organise your answer into just 2 paragraphs" reads as "only two".
    wordings = _wordings("length_constraints:number_paragraphs", {"num_paragraphs": 4},
                         wording_context(["length_constraints:number_paragraphs"], 0))
    assert wordings and not [text for text in wordings if re.search(r"\bjust\b", text)]


def test_a_section_count_beside_a_paragraph_count_counts_the_whole_reply():
    ids = ["length_constraints:number_paragraphs", "detectable_format:multiple_sections"]
    wordings = _wordings(ids[1], {"section_spliter": "SECTION", "num_sections": 4},
                         wording_context(ids, 1))
    assert wordings and all(" in all" in text for text in wordings), wordings


LOWER = "change_case:english_lowercase"
CAPITAL = "change_case:english_capital"


def test_a_letter_case_is_said_in_english_only_where_the_original_names_english():
    # Read CFY (3434, 2100): "Answer in English using lowercase letters" beside an original
    # that names only the letter case reads as the checker's name for it.
    bare = _layout("Write a note to my aunt. Use only lowercase letters.", [LOWER], [{}])
    named = _layout("Write a note to my aunt in English, using only lowercase letters.",
                    [LOWER], [{}])
    assert wording_context(bare.ids, 0, layout=bare)["english_said"] is None
    assert wording_context(named.ids, 0, layout=named)["english_said"] is True
    for instruction_id in (LOWER, CAPITAL):
        plain = _wordings(instruction_id, {}, wording_context(bare.ids, 0, layout=bare))
        assert not [text for text in plain if "English" in text]
        said = _wordings(instruction_id, {}, wording_context(named.ids, 0, layout=named))
        assert all("English" in text for text in said)


HIGHLIGHTS = "detectable_format:number_highlighted_sections"


def test_a_short_reply_has_no_passages_to_highlight():
    # Read CGE (349): "at least three passages highlighted" in a reply of fewer than 40 words.
    ids = [HIGHLIGHTS, WORDS]
    short = _layout("Give me tips on watering plants. Highlight at least 3 parts. Use fewer than "
                    "40 words.", ids, [{"num_highlights": 3},
                                       {"relation": "less than", "num_words": 40}])
    long = _layout("Give me tips on watering plants. Highlight at least 3 parts. Use at least "
                   "300 words.", ids, [{"num_highlights": 3},
                                       {"relation": "at least", "num_words": 300}])
    assert wording_context(short.ids, 0, layout=short)["short_reply"] is True
    assert wording_context(long.ids, 0, layout=long)["short_reply"] is None
    said = _wordings(HIGHLIGHTS, {"num_highlights": 3}, wording_context(short.ids, 0, layout=short))
    assert not [text for text in said if "passage" in text]
    said = _wordings(HIGHLIGHTS, {"num_highlights": 3}, wording_context(long.ids, 0, layout=long))
    assert any("passage" in text for text in said)


def test_section_labels_are_shown_never_described_as_a_word_and_its_number():
    # Read CHE (2637): "marking the beginning of each with Section and its number (Section 1
    # and Section 2)".
    sections = "detectable_format:multiple_sections"
    for n in (2, 4):
        wordings = _wordings(sections, {"section_spliter": "Section", "num_sections": n},
                             wording_context([sections], 0))
        assert not [text for text in wordings if "and its number" in text
                    or "its label" in text], wordings


def _never_woven(prompt: str, tasks: Sequence[str]) -> bool:
    """Whether no seed joins the quotation rule of `prompt` onto any of `tasks`."""
    from ifevalpp.generate.prompt.render import weave
    layout = _layout(prompt, ["startend:quotation"], [{}])
    return all(weave(task, layout, layout.params, [0], random.Random(seed)) is None
               for task in tasks for seed in range(40))


def test_no_requirement_is_woven_onto_a_sentence_that_says_how_the_piece_should_feel():
    # "Make it interesting, placing your entire response within double quotation marks"
    # reads as the way to be interesting (read CIH, 2497).
    assert _never_woven("Give me a riddle about boats. Make it funny. Put your entire response "
                        "inside double quotation marks.",
                        ("Give me a riddle about boats. Make it funny.",
                         "Give me a riddle about boats. Make your answer weird or interesting."))


def test_no_requirement_is_woven_onto_a_sentence_that_only_names_a_tone():
    # "Please use an interesting or weird tone, giving your entire response as valid JSON"
    # hangs the JSON on the tone (read CJX, 1094).
    assert _never_woven("Name three famous sailors. Please use a weird tone. Put your entire "
                        "response inside double quotation marks.",
                        ("Name three famous sailors. Please use a weird tone.",
                         "Name three famous sailors. Please, use any interesting tone."))


def test_a_postscript_joined_onto_the_task_is_added_not_included():
    # "Please suggest a name for a new newspaper, including a postscript …" makes the
    # postscript part of the name (read CJW, 2622 and 2273).
    from ifevalpp.generate.prompt.render import weave
    task = "Suggest a name for a new bakery."
    layout = _layout(task + ' At the end of your response, add a postscript starting with "P.S."',
                     ["detectable_content:postscript"], [{"postscript_marker": "P.S."}])
    woven = [weave(task, layout, layout.params, [0], random.Random(seed)) for seed in range(60)]
    tails = [found[0][len(task) - 1:] for found in woven if found is not None]
    assert tails
    assert not [tail for tail in tails if "including" in tail or "putting in" in tail]


def test_no_requirement_with_a_phrase_of_its_own_after_a_comma_is_woven_on():
    # Read CIS (286): "… repair the hull, ending your response with the exact phrase "That is
    # all you need!", with nothing after that."
    from ifevalpp.generate.prompt.render import weave
    end = "startend:end_checker"
    kwargs = [{"end_phrase": "That is all you need!"}]
    layout = _layout('Tell me how to fix a bike. End your response with the exact phrase "That '
                     'is all you need!", with nothing after that.', [end], kwargs)
    task = "Tell me how to fix a bike."
    for seed in range(60):
        woven = weave(task, layout, layout.params, [0], random.Random(seed))
        if woven is not None:
            tail = re.sub(r'"[^"]*"', '""', woven[0][len(task) - 1:]).lstrip(", ")
            assert not re.search(r",\s+(?!(?:and|or)\b|\")", tail), woven[0]


def test_a_short_piece_is_a_short_reply_whose_highlights_are_no_passages():
    # Read CLA (3409): "highlight at least 3 passages" of a slogan.
    from ifevalpp.generate.prompt.render import wording_context
    highlights = "detectable_format:number_highlighted_sections"
    slogan = _layout("Could I get a slogan for my video game? Highlight at least 3 parts, like "
                     "*this part*.", [highlights], [{"num_highlights": 3}])
    essay = _layout("Could I get an essay about my video game? Highlight at least 3 parts, "
                    "like *this part*.", [highlights], [{"num_highlights": 3}])
    assert wording_context(slogan.ids, 0, layout=slogan)["short_reply"] is True
    assert not wording_context(essay.ids, 0, layout=essay)["short_reply"]
    assert wording_context(essay.ids, 0, layout=essay, own_task=False,
                           task="Write a slogan for a bakery.")["short_reply"] is True
