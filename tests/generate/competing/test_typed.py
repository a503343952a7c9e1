"""Another instruction type as the competing requirement (generate/competing/typed.py): the fit
with the case's structure and with the piece the task asks for."""

from __future__ import annotations

import random

from ifevalpp.generate.competing.typed import typed_distractor
from ifevalpp.generate.prompt.layout import build_layout

from .cases import BULLETS, NO_COMMA, PARAGRAPHS, PLACEHOLDERS, lowercase, typed

def test_no_comma_is_no_distractor_beside_json():
    layout = build_layout("List three rivers with their lengths. Wrap the entire output in JSON "
                          "format.", ["detectable_format:json_format"], [{}])
    assert typed(layout, NO_COMMA, {}) is None
    assert typed(lowercase("Write an essay about trains."), NO_COMMA, {}) is not None


def test_bullets_are_no_distractor_beside_an_exact_paragraph_count():
    layout = build_layout("Write an essay about trains in exactly 3 paragraphs, with the markdown "
                          "divider *** between them.", [PARAGRAPHS], [{"num_paragraphs": 3}])
    assert typed(layout, BULLETS, {"num_bullets": 3}) is None


def test_bullets_are_no_distractor_beside_a_story():
    # "Write a story for kids … Give precisely 4 bullets" (strict read ADA).
    story = build_layout("Write a story for kids about how a person learns to ride a bike. Do "
                         "not include 'can' and 'ride' in your response.",
                         ["keywords:forbidden_words"], [{"forbidden_words": ["can", "ride"]}])
    assert typed(story, BULLETS, {"num_bullets": 4}) is None
    assert typed(lowercase("Write a blog post about trains."), BULLETS, {"num_bullets": 4}) \
        is not None


def test_bullets_are_no_distractor_beside_a_letter():
    # "… a letter to the editor of a newspaper. … Write exactly four bullets in a markdown
    # list, please." (strict read BCT).
    letter = lowercase("Write a letter to the editor of a local paper about the new bus lanes.")
    assert typed(letter, BULLETS, {"num_bullets": 4}) is None


def test_labelled_sections_are_no_distractor_beside_an_email():
    # Read CFF (1620): a friendly email "consists of 2 parts, each beginning with SECTION X".
    sections = "detectable_format:multiple_sections"
    labels = {"section_spliter": "SECTION", "num_sections": 2}

    def no_comma(task):
        return build_layout(task + " Do not use any commas.", [NO_COMMA], [{}])

    assert typed(no_comma("Write an email to my friend Luheng about an album I love."),
                 sections, labels) is None
    assert typed(no_comma("Write a blog post about trains."), sections, labels) is not None


def test_words_in_capitals_are_no_distractor_beside_a_sentence_to_rewrite():
    # "Rewrite the sentence "A bust of a man …" in a more sophisticated way. … Please be sure
    # to stress at least ten words by putting them in capitals." (read BCV, 3323).
    capitals = "change_case:capital_word_frequency"
    drill = build_layout('Rewrite the sentence "The train was late again." in a more formal '
                         'way. Do not use commas.', [NO_COMMA], [{}])
    setting = {"capital_relation": "at least", "capital_frequency": 10}
    assert typed(drill, capitals, setting) is None
    assert typed(build_layout("Write an essay about trains. Do not use commas.", [NO_COMMA],
                              [{}]), capitals, setting) is not None


def test_paragraphs_are_no_distractor_beside_a_list_of_exact_bullets():
    layout = build_layout("Write a blog post about trains as exactly 4 bullet points, using "
                          "markdown bullets such as:\n* This is a point.",
                          [BULLETS], [{"num_bullets": 4}])
    assert typed(layout, PARAGRAPHS, {"num_paragraphs": 3}) is None


def test_a_reply_of_bullets_is_no_distractor_beside_a_repeated_request():
    request = "Write a blog post for young readers on the history of trains."
    layout = build_layout(f"{request} Before you answer, repeat the request word for word, "
                          f"changing nothing.", ["combination:repeat_prompt"],
                          [{"prompt_to_repeat": request}])
    assert typed(layout, BULLETS, {"num_bullets": 3}) is None


def test_placeholders_distract_in_a_plan_not_in_an_explanation():
    explanation = lowercase("Explain why people enjoy watching trains go by.")
    plan = lowercase("Write a plan for a day out watching trains.")
    assert typed(explanation, PLACEHOLDERS, {"num_placeholders": 2}) is None
    assert typed(plan, PLACEHOLDERS, {"num_placeholders": 2}) is not None


def test_placeholders_do_not_distract_in_a_letter_whose_plain_answer_has_blanks():
    # A plain letter signs off with [Your Name], [Your Address], [Date]: asking for two
    # placeholders changes nothing about it (generate/plain_answer.py).
    letter = lowercase("Write a letter to a friend about the trains you saw on holiday.")
    assert typed(letter, PLACEHOLDERS, {"num_placeholders": 2}) is None


def test_a_capital_word_count_is_no_distractor_where_the_prompt_asks_for_all_caps():
    stated = build_layout("Plan a weekend in Rome. Answer in all caps. Include at least 2 "
                          "placeholders such as [hotel].", [PLACEHOLDERS], [{"num_placeholders": 2}])
    plain = build_layout("Plan a weekend in Rome. Include at least 2 placeholders such as "
                         "[hotel].", [PLACEHOLDERS], [{"num_placeholders": 2}])
    capitals = "change_case:capital_word_frequency"
    setting = {"capital_relation": "at least", "capital_frequency": 1}
    assert typed(stated, capitals, setting) is None
    assert typed(plain, capitals, setting) is not None


def test_an_end_line_as_distractor_is_a_generic_closing_never_another_case_s_story():
    from ifevalpp.constraints.support.choosing import words

    letter = build_layout("Write a cover letter applying for a bakery job. Do not use any commas.",
                          [NO_COMMA], [{}])
    found = typed_distractor(letter, random.Random(3), "official",
                             {"startend:end_checker": [{"end_phrase": "love from Granny Mae."}]})
    assert found is not None
    assert found[1]["end_phrase"] in words()["end_phrases"]


def test_an_end_line_is_no_distractor_on_a_rap():
    rap = lowercase("Write a rap about the morning bus.")
    assert typed(rap, "startend:end_checker", {"end_phrase": "That is all for now."}) is None


def test_a_postscript_is_no_distractor_on_a_tweet():
    # Read BBM, 2662: "Write a tweet for the president … end with a postscript".
    tweet = build_layout('Write a tweet for the president of the United States. The tweet '
                         'should include the keywords "engages" and "lightly".',
                         ["keywords:existence"], [{"keywords": ["engages", "lightly"]}])
    assert typed(tweet, "detectable_content:postscript", {"postscript_marker": "P.S."}) is None


def test_no_comma_is_no_distractor_beside_a_reply_in_a_script_without_commas():
    layout = build_layout("Write a short poem about the rain in Bangkok. Answer in Thai only.",
                          ["language:response_language"], [{"language": "th"}])
    assert typed(layout, NO_COMMA, {}) is None


def test_placeholders_are_no_distractor_beside_all_capitals():
    # "[place]", copied as the wording shows it, breaks an all-capitals reply.
    layout = build_layout("Write a plan for a day out watching trains. Answer in English, in "
                          "all capital letters.", ["change_case:english_capital"], [{}])
    assert typed(layout, PLACEHOLDERS, {"num_placeholders": 2}) is None


def test_bold_is_no_distractor_beside_a_required_ending():
    from ifevalpp.generate.competing.fit import refused

    layout = build_layout('Write a note to a friend. End it with "See you soon."',
                          ["startend:end_checker"], [{"end_phrase": "See you soon."}])
    assert "uses_bold" in refused(layout).refuses


def test_a_name_takes_no_paragraphs_title_or_postscript():
    layout = lowercase("Write a good name for a black dog.")
    for instruction_id, kwargs in [(PARAGRAPHS, {"num_paragraphs": 3}),
                                   ("detectable_format:title", {}),
                                   ("detectable_content:postscript", {"postscript_marker": "P.S."})]:
        assert typed(layout, instruction_id, kwargs) is None, instruction_id


def test_an_xml_document_takes_no_paragraph_count():
    layout = lowercase("Write an XML document describing the release of a new phone.")
    assert typed(layout, PARAGRAPHS, {"num_paragraphs": 3}) is None
    assert typed(lowercase("Write an essay describing the release of a new phone."), PARAGRAPHS,
                 {"num_paragraphs": 3}) is not None



def test_no_adding_lead_follows_the_prompts_own_also():
    # "Also, reply without mentioning the word "jock". Besides that, could you write without
    # a single comma?" stacks two leads that add on (read CFA on 3565).
    from ifevalpp.constraints import get, parse_params
    from ifevalpp.constraints.support.choosing import seeded_random
    adding = ("also", "plus", "besides", "additionally", "in addition", "as well as")
    constraint = get(NO_COMMA)

    def added(said_also):
        return {constraint.phrase(parse_params(NO_COMMA, {}), seeded_random(random.Random(seed)),
                                  ("imperative", "declarative", "question"), form="addition",
                                  added=True, said_also=said_also).lower()
                for seed in range(200)}

    assert [text for text in added(None) if text.startswith(adding)]  # the leads exist
    assert not [text for text in added(True) if text.startswith(adding)]


def test_an_end_line_to_the_asker_is_no_distractor_on_a_piece_that_answers_no_question():
    # Read CGZ (1656): "Stay curious." closing two product descriptions.
    end = "startend:end_checker"
    descriptions = build_layout("Write two product descriptions for a paper that wraps food. Do "
                                "not use any commas.", [NO_COMMA], [{}])
    assert typed_distractor(descriptions, random.Random(3), "official",
                            {end: [{"end_phrase": "Stay curious."}]}) is None
    post = build_layout("Write a blog post about trains. Do not use any commas.", [NO_COMMA], [{}])
    assert typed_distractor(post, random.Random(3), "official",
                            {end: [{"end_phrase": "Stay curious."}]}) is not None


def test_a_letter_to_the_editor_closes_as_an_article_does():
    # Read CGZ (2997): "Good luck with everything!" closing a letter to the editor.
    from ifevalpp.generate.piece import end_register, text_features

    assert end_register(text_features("Write a letter to the editor of a local paper.")) == \
        "article"
    assert end_register(text_features("Write a letter to my grandmother.")) == "letter"
