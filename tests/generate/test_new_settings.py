"""New settings for a reconfiguration (generate/new_settings.py): which constraints may change,
and to what: never easier, exact counts up, never a language in which a constraint means nothing."""

from __future__ import annotations

import random

from ifevalpp.constraints import get
from ifevalpp.constraints.support.languages import writes_with
from ifevalpp.generate.new_settings import change_direction, new_params, targets
from ifevalpp.generate.prompt.layout import build_layout


def test_exact_count_tied_to_a_spelled_out_block_is_not_reconfigured():
    prompt = ("Give me three tips, following this format:\nTip one\n***\nTip two\n***\n"
              "Tip three\nAnswer in lowercase letters only.")
    layout = build_layout(prompt, ["length_constraints:number_paragraphs",
                              "change_case:english_lowercase"], [{"num_paragraphs": 3}, {}])
    assert 0 not in targets(layout)


def test_an_exact_count_gets_harder_with_more_parts():
    bullets = get("detectable_format:number_bullet_lists")
    params = bullets.Params(num_bullets=8)
    values = [bullets.harder(params, random.Random(0), step=step).num_bullets
              for step in (1, 2, 3)]
    assert values == sorted(values) and values[0] > 8, values
    assert change_direction(bullets.id, params, bullets.Params(num_bullets=10)) == "harder"
    assert change_direction(bullets.id, params, bullets.Params(num_bullets=4)) == "easier"


def test_an_exact_count_is_never_lowered_under_harder():
    layout = build_layout("Why do cats purr? Answer with exactly 8 bullet points in markdown.",
                          ["detectable_format:number_bullet_lists"], [{"num_bullets": 8}])
    for step in (1, 2, 3):
        for seed in range(5):
            params = new_params(layout, random.Random(seed), [0], "official", step=step)
            assert params is not None and params[0].num_bullets > 8


def test_a_count_at_its_hardest_is_left_out_of_a_harder_plan():
    layout = build_layout('Write a story. Do not use the letter "p" at all. Answer in at least '
                          "100 words.", ["keywords:letter_frequency",
                                         "length_constraints:number_words"],
                          [{"let_relation": "less than", "letter": "p", "let_frequency": 1},
                           {"relation": "at least", "num_words": 100}])
    assert targets(layout) == [0, 1]
    assert targets(layout, "harder") == [1]


def test_a_new_language_never_makes_another_constraint_hold_by_itself():
    layout = build_layout("Write a riddle about a man who never spoke. Answer in Hindi only, "
                          "and do not use any commas.",
                          ["language:response_language", "punctuation:no_comma"],
                          [{"language": "hi"}, {}])
    for seed in range(40):
        params = new_params(layout, random.Random(seed), [0], "official")
        assert params is None or writes_with(params[0].language, frozenset({"ascii_comma"}))


def test_a_count_whose_every_slot_the_prompt_names_is_not_reconfigured():
    # "two flyers … with Crowd 1 and Crowd 2": a third section would contradict the prompt.
    from ifevalpp.generate.new_settings import targets
    from ifevalpp.generate.prompt.layout import build_layout

    prompt = ("Write two flyers for a bakery, one for students and one for retirees. Mark the "
              "start of each flyer with Crowd 1 and Crowd 2, respectively.")
    layout = build_layout(prompt, ["detectable_format:multiple_sections"],
                          [{"section_spliter": "Crowd", "num_sections": 2}])
    assert targets(layout, "harder") == []


def test_a_count_with_an_unnumbered_statement_stays_reconfigurable():
    from ifevalpp.generate.new_settings import targets
    from ifevalpp.generate.prompt.layout import build_layout

    prompt = "Write a flyer for a bakery in 2 sections. Mark the start of each with Crowd X."
    layout = build_layout(prompt, ["detectable_format:multiple_sections"],
                          [{"section_spliter": "Crowd", "num_sections": 2}])
    assert targets(layout, "harder") == [0]


def test_a_language_is_not_changed_under_a_task_written_partly_in_its_script():
    # "A riddle about <a word in Thai letters>" answered in Italian is no request anyone makes.
    import random

    from ifevalpp.generate.new_settings import new_params
    from ifevalpp.generate.prompt.layout import build_layout

    prompt = "Write a short riddle about ตะเกียง. Answer only in Thai, no other language."
    layout = build_layout(prompt, ["language:response_language"], [{"language": "th"}])
    assert new_params(layout, random.Random(0), [0], "official") is None


def test_a_count_the_prompt_never_says_is_not_reconfigured():
    # "each time" for two names means two uses of "brand": a new value would be said nowhere.
    prompt = ('Suggest two names for a new type of tonic. Include the keyword "brand" each '
              'time, followed by suggested name in double angular brackets, such as '
              '<<American Tonic>>.')
    layout = build_layout(prompt, ["detectable_format:title", "keywords:frequency"],
                          [{}, {"relation": "at least", "keyword": "brand", "frequency": 2}])
    assert 1 not in targets(layout)


def test_a_postscript_marker_is_no_setting_a_reconfiguration_changes():
    postscript = get("detectable_content:postscript")
    layout = build_layout("Write a poem. Add a postscript starting with P.S. at the end.",
                          [postscript.id], [{"postscript_marker": "P.S."}])
    assert not postscript.reconfigurable
    assert targets(layout, "harder") == []


def test_a_postscript_marker_only_ever_deepens():
    postscript = get("detectable_content:postscript")
    shallow = postscript.Params(postscript_marker="P.S.")
    deep = postscript.harder(shallow, random.Random(0))
    assert deep.postscript_marker == "P.P.S"
    assert postscript.harder(deep, random.Random(0)) is None
    layout = build_layout("Write a poem. Add a postscript starting with P.P.S at the end.",
                          [postscript.id], [{"postscript_marker": "P.P.S"}])
    assert 0 not in targets(layout, "harder")


def test_a_new_task_for_a_long_prose_piece_is_neither_short_nor_a_list():
    from ifevalpp.generate.kinds.reconfiguration import genre_class
    layout = build_layout("Write cover letters for a job application. Do not use any commas.",
                          ["punctuation:no_comma"], [{}])
    needs, avoids = genre_class(layout)[0]
    assert {"short", "list", "poem"} <= avoids


def test_a_letter_keeps_room_for_greeting_body_and_sign_off():
    # Read BBR (1535): a cover letter "less than 2 sentences" long.
    layout = build_layout("Write a cover letter for a job application as a tour guide in Beijing "
                          "in all lowercase letters. Make it short -- the entire output should "
                          "have less than 5 sentences.",
                          ["change_case:english_lowercase", "length_constraints:number_sentences"],
                          [{}, {"relation": "less than", "num_sentences": 5}])
    caps = set()
    for step in (1, 2, 3):
        for seed in range(6):
            params = new_params(layout, random.Random(seed), [1], "official", step=step)
            if params is not None:
                caps.add(params[1].num_sentences)
    assert caps and min(caps) >= 4, caps


def test_the_language_of_a_quoted_text_to_answer_about_stays():
    # Read CFQ (1582): a Vietnamese sentence to criticize "in Finnish and nothing else".
    layout = build_layout('Criticize this sentence in a funny way: "Nhiệm vụ của mẹ là nuôi dạy '
                          'con cái." Each response should be entirely in Vietnamese.',
                          ["language:response_language"], [{"language": "vi"}])
    assert targets(layout) == []
    free = build_layout("Criticize the idea that mothers should raise children alone. Answer "
                        "entirely in Vietnamese.", ["language:response_language"],
                        [{"language": "vi"}])
    assert targets(free) == [0]
