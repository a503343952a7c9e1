"""Putting a prompt back together (generate/prompt/assemble.py)."""

from __future__ import annotations

import random
import re

from ifevalpp.generate.prompt.assemble import closed, in_place, restructured
from ifevalpp.generate.prompt.layout import build_layout

from .outlines import OUTLINE_IDS, OUTLINE_KWARGS, OUTLINE_PROMPT


def test_a_task_ending_in_a_quotation_gets_a_stop_before_a_new_sentence():
    assert closed('Write an article with title "Rain is good"') == \
        'Write an article with title "Rain is good".'
    assert closed('Reply with "Done."') == 'Reply with "Done."'


def test_a_changed_value_is_changed_where_the_outline_mentions_it():
    layout = build_layout(OUTLINE_PROMPT, OUTLINE_IDS, OUTLINE_KWARGS)
    params = list(layout.params)
    params[1] = params[1].model_copy(update={"language": "fr"})
    composed = restructured(layout, random.Random(3), params=params, presentation="inline")
    assert "German" not in composed.prompt, composed.prompt
    assert "[Section 3: A one-line recap, in French]" in composed.prompt, composed.prompt


def test_a_sentence_of_the_users_text_that_opens_for_example_is_kept():
    import random

    from ifevalpp.generate.prompt.assemble import restructured
    from ifevalpp.generate.prompt.layout import build_layout
    passage = ("Tides rise twice a day. For example, if the moon is overhead, the water is "
               "high on that side of the earth. Sailors plan around them.")
    layout = build_layout("Summarize the text below. Make sure the summary contains less than "
                          "4 sentences.\n\n" + passage, ["length_constraints:number_sentences"],
                          [{"relation": "less than", "num_sentences": 4}])
    made = restructured(layout, random.Random(0), params=layout.params, presentation="inline")
    assert passage in made.prompt


TASKS_BEFORE_RULES = [
    ("Is a tomato a fruit? Answer in all capital letters.", ["change_case:english_capital"],
     [{}], "tomato"),
    ("Blog post from the perspective of a girl who is lost in a city. Your response should "
     "contain no commas.", ["punctuation:no_comma"], [{}], "blog post"),
    ('Write a poem about the sea. Use lowercase letters only. Do not use the words "wave" or '
     '"salt".', ["change_case:english_lowercase", "keywords:forbidden_words"],
     [{}, {"forbidden_words": ["wave", "salt"]}], "poem"),
]


def test_every_presentation_says_the_task_before_its_requirements():
    # A rule said before anything is asked reads backwards (strict reads APA, ARA).
    from ifevalpp.generate.prompt.assemble import PRESENTATIONS
    for prompt, ids, kwargs, task_word in TASKS_BEFORE_RULES:
        layout = build_layout(prompt, ids, kwargs)
        for presentation in PRESENTATIONS:
            for seed in range(12):
                made = restructured(layout, random.Random(seed), params=layout.params,
                                    presentation=presentation).prompt
                opening = re.split(r"[.?!\n]", made, maxsplit=1)[0]
                assert task_word in opening.lower(), made


COURTESY = ("be great if you could", "grateful if you", "appreciate it if you",
            "appreciate if you", "glad if you could")


def test_no_courtesy_frame_stands_between_bare_commands():
    layout = build_layout("Tell me what an SRE is. Answer in all capital letters. Do not use "
                          "any commas.", ["change_case:english_capital", "punctuation:no_comma"],
                          [{}, {}])
    for seed in range(40):
        composed = restructured(layout, random.Random(seed), params=layout.params,
                                presentation="inline", vary=False)
        if composed.prompt.startswith("Tell me"):
            assert not any(frame in composed.prompt for frame in COURTESY), composed.prompt


def test_no_requirement_is_put_as_a_question_after_a_bare_command():
    # "Write a blog entry … Can you give exactly four bullets?" (read BAJ).
    layout = build_layout("Put together an article about the sea. Answer in all capital "
                          "letters. Do not use any commas.",
                          ["change_case:english_capital", "punctuation:no_comma"], [{}, {}])
    for seed in range(40):
        composed = in_place(layout, random.Random(seed), targets={0, 1}, params=layout.params)
        assert not composed.prompt.rstrip().endswith("?"), composed.prompt


def test_no_requirement_is_put_as_a_question_after_a_question_and_a_command():
    # "What kind of fashion would Frankenstein's bride wear? Make your answer weird … Can you
    # give exactly 3 bullets in markdown? As an example:" (read BBF).
    layout = build_layout("What kind of fashion would Frankenstein's bride wear? Make your answer "
                          "weird or interesting and use only lowercase letters. Your answer must "
                          "contain exactly 3 bullet points using the markdown bullet points "
                          "format, such as:\n* Bullet point 1",
                          ["detectable_format:number_bullet_lists",
                           "change_case:english_lowercase"], [{"num_bullets": 3}, {}])
    for seed in range(80):
        for presentation in ("inline", "list"):
            composed = restructured(layout, random.Random(seed), params=layout.params,
                                    presentation=presentation, vary=False)
            asked = composed.prompt.split("?", 1)[1]
            assert "?" not in asked, composed.prompt


def test_a_question_or_a_command_in_any_sentence_asks_already():
    from ifevalpp.generate.prompt.assemble import asks_already

    assert asks_already("What would she wear? Make it weird.")
    assert asks_already("I need a poem. Make it rhyme.")
    assert not asks_already("I need a poem about the sea.")


def test_a_task_opening_with_a_verb_of_several_words_is_a_command():
    from ifevalpp.generate.rewrite.lexicon import commanded

    assert commanded("Put together an article about the sea.")
    assert commanded("Write a poem.")
    assert not commanded("Could you write a poem?")


def test_no_statement_opens_with_the_verb_the_sentence_before_it_opens_with():
    layout = build_layout("Write a poem about the sea. Use at least 300 words.",
                          ["length_constraints:number_words"],
                          [{"relation": "at least", "num_words": 300}])
    for seed in range(40):
        composed = restructured(layout, random.Random(seed), params=layout.params,
                                presentation="inline", vary=False)
        sentences = [part.strip() for part in composed.prompt.split(". ") if part.strip()]
        openings = [part.split()[0].lower() for part in sentences]
        assert all(first != second for first, second in zip(openings, openings[1:])), \
            composed.prompt


def test_a_one_paragraph_request_to_repeat_stays_one_paragraph_in_a_list_presentation():
    request = "Write an acoustic song about the sea without using any commas."
    layout = build_layout("Repeat the request below word for word first, then give your "
                          f"answer.\n\n{request}", ["combination:repeat_prompt",
                                                    "punctuation:no_comma"],
                          [{"prompt_to_repeat": request}, {}])
    for seed in range(12):
        composed = restructured(layout, random.Random(seed), params=layout.params,
                                presentation="list")
        copied = composed.kwargs[0]["prompt_to_repeat"]
        assert "\n" not in copied.strip(), composed.prompt


def test_nothing_runs_on_after_the_user_s_text_that_follows_a_colon():
    from ifevalpp.generate.prompt.assemble import stands_alone
    assert stands_alone("Expand the following and make it funny: Jeanne has rolled the dice.")
    assert not stands_alone("Write a poem about the sea.")


def test_a_list_of_quoted_words_after_a_colon_is_no_user_text():
    # "Your answer should use only Finnish." was set apart inside the request to repeat
    # (read BAL).
    from ifevalpp.generate.prompt.assemble import stands_alone
    assert not stands_alone('Repeat it.\n\nWrite an essay. Include the keywords: "climate", '
                            '"energy", and "green".')
    assert stands_alone('Repeat it.\n\nRewrite this: "Hello there, friend."')


def test_words_joined_onto_the_task_are_spelt_as_the_original_spells_them():
    ids = ["keywords:existence"]
    layout = build_layout("Write a limerick about a Zelda fan. Make sure to include these "
                          "items: Zelda, Hyrule, Link, Ganon.", ids,
                          [{"keywords": ["zelda", "hyrule", "link", "ganon"]}])
    for seed in range(12):
        for presentation in ("inline", "list"):
            prompt = restructured(layout, random.Random(seed), params=layout.params,
                                  presentation=presentation).prompt
            assert '"hyrule"' not in prompt, prompt


def test_a_reworded_task_adds_no_second_please_beside_the_users_own():
    # "Could you please provide …? Please use an interesting tone." (read ASA)
    layout = build_layout("Give me the names of 5 famous moms. Please use an interesting tone. "
                          "Answer in all capital letters.", ["change_case:english_capital"], [{}])
    for seed in range(30):
        made = restructured(layout, random.Random(seed), params=layout.params,
                            presentation="inline").prompt
        assert len(re.findall(r"(?i)\bplease\b", made)) <= 1, made


def test_a_list_header_says_no_wish_the_task_says_already():
    # "I need you to put together a haiku … Here is what I need from your response:" (read AUA)
    from ifevalpp.generate.prompt.assemble import _wish_of, _wish_twice
    assert _wish_twice("I need you to write a haiku. " + _wish_of("Here is what I need from "
                                                                  "your response:"))
    assert not _wish_twice("Could you write a haiku? " + _wish_of("Here is what I need from "
                                                                  "your response:"))
    layout = build_layout("I need you to write a haiku about a yacht. Do not use any commas. "
                          "Answer in Italian.", ["punctuation:no_comma",
                                                 "language:response_language"],
                          [{}, {"language": "it"}])
    for seed in range(30):
        made = restructured(layout, random.Random(seed), params=layout.params,
                            presentation="list", vary=False).prompt
        if made.startswith("I need"):
            assert "what I need" not in made, made


def test_the_example_lines_under_a_statement_said_anew_go_with_it():
    # Written for this test: a statement whose colon leads to example lines, then an end line.
    prompt = ("My sister is putting up a shelf. Could you tell me how? Just the first 3 steps for "
              "now. Separate them with \"***\", such as:\nStep 1: ......\n***\nStep 2: ......\n"
              "***\n...\n\nEnd your whole response with the phrase \"Good luck with it.\"")
    layout = build_layout(prompt, ["length_constraints:number_paragraphs", "startend:end_checker"],
                          [{"num_paragraphs": 3}, {"end_phrase": "Good luck with it."}])
    for seed in range(6):
        made = restructured(layout, random.Random(seed), params=layout.params,
                            presentation="inline")
        assert made.prompt.count("Step 1: ......") <= 1, made.prompt


def test_a_list_item_said_anew_stays_an_item_of_its_list():
    # Read BBV (1300): the third requirement of "… so:\n1. …\n2. …\n3. …" said anew went on a
    # line of its own under a list of two.
    from ifevalpp.constraints import parse_params

    prompt = ("Write a short proposal for a new research project on how language evolves. I want "
              "to make it challenging, so:\n1. Do not include any commas in your response.\n2. "
              'Do not include the letter "c" anywhere in your response.\n3. Your response should '
              "contain at least 250 words.")
    ids = ["punctuation:no_comma", "keywords:letter_frequency", "length_constraints:number_words"]
    kwargs = [{}, {"let_relation": "less than", "letter": "c", "let_frequency": 1},
              {"relation": "at least", "num_words": 250}]
    layout = build_layout(prompt, ids, kwargs)
    params = list(layout.params)
    params[2] = parse_params(ids[2], {"relation": "at least", "num_words": 290})
    for seed in range(4):
        said = in_place(layout, random.Random(seed), targets={2}, params=params).prompt
        last = said.splitlines()[-1]
        assert last.startswith("3. ") and "290" in last and "\n\n" not in said, said


def test_requirements_under_a_task_that_numbers_its_own_list_are_not_numbered_again():
    # Reads BCQ, BCR (1691): "Request: 1. … 2. …" then "Please stick to these requirements:
    # 1) … 2) …" reads as two forms stacked.
    prompt = ("Request:\n  1. What are the best places to visit in Bohemia?\n  2. Include a list "
              "of recommended hotels.\nWrap your entire output in JSON format. Do not include "
              "the keywords 'Moser' and 'Vary'.")
    layout = build_layout(prompt, ["detectable_format:json_format", "keywords:forbidden_words"],
                          [{}, {"forbidden_words": ["Moser", "Vary"]}])
    for seed in range(20):
        made = restructured(layout, random.Random(seed), params=layout.params,
                            presentation="list").prompt
        assert not re.search(r"(?m)^\d\) ", made), made


def test_a_statement_said_anew_after_an_unstopped_postscript_marker_runs_on_in_its_line():
    # Read CFJ (1619): "… starting with "P.P.S".⏎Use at least 7 placeholders": the slips close
    # the marker with a stop, so no line break is left after it.
    from ifevalpp.generate.prompt.slips import mended

    ids = ["detectable_content:postscript", "detectable_content:number_placeholders"]
    kwargs = [{"postscript_marker": "P.P.S"}, {"num_placeholders": 6}]
    prompt = ("Write a rap about a new smartphone. At the end of your response add a postscript "
              "starting with P.P.S The response must contain at least 6 placeholders "
              "represented by square brackets.")
    layout = build_layout(prompt, ids, kwargs)
    params = list(layout.params)
    params[1] = params[1].model_copy(update={"num_placeholders": 7})
    for seed in range(10):
        made = in_place(layout, random.Random(seed), targets={1}, params=params)
        text = mended(made.prompt, ids, made.kwargs, prompt)
        assert '"P.P.S".\n' not in text and '"P.P.S". ' in text, text


def test_a_list_header_follows_rules_and_meets_conditions():
    # "Follow these conditions:" reads off (read CII, 2391); conditions are met.
    from ifevalpp.generate.prompt.render import layout_phrase
    headers = {layout_phrase("header", random.Random(seed)) for seed in range(300)}
    assert not [header for header in headers
                if re.search(r"(?i)\b(?:follow|stick to) these conditions", header)], headers
    assert any("meet these conditions" in header for header in headers)


def test_requirements_continue_a_numbered_list_the_task_ends_on():
    # Read CIP (1691): "Request: 1. … 2. …" then "Follow these instructions:" and a second
    # list, or a chatty sentence under the terse list.
    layout = build_layout("Request:\n  1. What are the best lakes in Finland?\n  2. Include a "
                          "list of cabins.\n  3. Wrap the ENTIRE output in JSON format.\n  4. "
                          "Do not include the following keywords: Saimaa, Inari",
                          ["detectable_format:json_format", "keywords:forbidden_words"],
                          [{}, {"forbidden_words": ["saimaa", "inari"]}])
    for seed in range(12):
        for presentation in ("inline", "list"):
            made = restructured(layout, random.Random(seed), params=layout.params,
                                presentation=presentation).prompt
            lines = made.splitlines()
            assert [line[:5] for line in lines[-2:]] == ["  3. ", "  4. "], made
            assert len(lines) == 5, made


def test_a_list_after_requirements_the_task_keeps_says_it_adds_to_them():
    # Read CKC (2549): "Some requirements for your reply:" after three "must" sentences the
    # task kept word for word reads as a second form stitched on.
    from ifevalpp.generate.prompt.assemble import restructured
    from ifevalpp.generate.prompt.layout import build_layout
    prompt = ("Which is colder, Oslo or Helsinki? Your answer must be exactly 3 paragraphs where "
              "paragraphs and only paragraphs are separated by two new lines. Paragraph 3 must "
              "start with the word frost. Include the keywords fjord and sauna. Add a postscript "
              'starting with "P.S."')
    ids = ["length_constraints:nth_paragraph_first_word", "keywords:existence",
           "detectable_content:postscript"]
    kwargs = [{"num_paragraphs": 3, "nth_paragraph": 3, "first_word": "frost"},
              {"keywords": ["fjord", "sauna"]}, {"postscript_marker": "P.S."}]
    layout = build_layout(prompt, ids, kwargs)
    headers = set()
    for seed in range(40):
        made = restructured(layout, random.Random(seed), params=layout.params,
                            presentation="list")
        if "Paragraph 3 must start" in made.prompt and ":\n" in made.prompt:
            headers.add(made.prompt.split("\n\n")[-1].split("\n")[0])
    assert headers
    assert all(re.search(r"\b(?:more|also)\b", header, re.IGNORECASE) for header in headers), \
        headers
