"""Putting a prompt back together (generate/prompt/assemble.py)."""

from __future__ import annotations

import random

from ifevalpp.generate.prompt.assemble import closed, restructured
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


def test_a_question_is_never_put_after_its_requirements():
    layout = build_layout("Is a tomato a fruit? Answer in all capital letters.",
                          ["change_case:english_capital"], [{}])
    for seed in range(12):
        composed = restructured(layout, random.Random(seed), params=layout.params,
                                presentation="first", statements_first=True)
        first_sentence = composed.prompt.replace("\n", " ").split("? ")[0].split(". ")[0]
        assert "tomato" in first_sentence.lower(), composed.prompt


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


def test_a_task_that_is_a_heading_not_a_sentence_never_trails_after_its_rules():
    layout = build_layout("Blog post from the perspective of a girl who is lost in a city. "
                          "Your response should contain no commas.", ["punctuation:no_comma"],
                          [{}])
    for seed in range(12):
        composed = restructured(layout, random.Random(seed), params=layout.params,
                                presentation="first", statements_first=True)
        assert composed.prompt.startswith("Blog post from"), composed.prompt


def test_rules_said_first_leave_what_names_the_answer_s_words_after_the_task():
    ids = ["change_case:english_lowercase", "keywords:forbidden_words"]
    layout = build_layout('Write a poem about the sea. Use lowercase letters only. Do not use '
                          'the words "wave" or "salt".', ids,
                          [{}, {"forbidden_words": ["wave", "salt"]}])
    for seed in range(12):
        composed = restructured(layout, random.Random(seed), params=layout.params,
                                presentation="first")
        prompt = composed.prompt
        assert prompt.index("poem") < prompt.index('"wave"'), prompt


def test_nothing_runs_on_after_the_user_s_text_that_follows_a_colon():
    from ifevalpp.generate.prompt.assemble import stands_alone
    assert stands_alone("Expand the following and make it funny: Jeanne has rolled the dice.")
    assert not stands_alone("Write a poem about the sea.")


def test_words_joined_onto_the_task_are_spelt_as_the_original_spells_them():
    ids = ["keywords:existence"]
    layout = build_layout("Write a limerick about a Zelda fan. Make sure to include these "
                          "items: Zelda, Hyrule, Link, Ganon.", ids,
                          [{"keywords": ["zelda", "hyrule", "link", "ganon"]}])
    for seed in range(12):
        for presentation in ("inline", "first"):
            prompt = restructured(layout, random.Random(seed), params=layout.params,
                                  presentation=presentation).prompt
            assert '"hyrule"' not in prompt, prompt
