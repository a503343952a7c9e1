"""What an original's task asks of the answer that no constraint checks, carried to a new task
(generate/tasks/carried.py)."""

from __future__ import annotations

import random

import pytest

from ifevalpp.generate.difficulty import judge
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.tasks.carried import (Ask, asks, carried_sentence, dropped, layout_asks, rule_kept,
                                             said_of_piece)

LANGUAGE = "language:response_language"
EXISTS = "keywords:existence"
NO_COMMA = "punctuation:no_comma"
SWAHILI = [{"language": "sw"}]


def test_unquoted_words_a_task_asks_for_are_found():
    found = asks("Tell a joke that has the words thursday and amalgamation in it, but keep it "
                 "short", [LANGUAGE], SWAHILI)
    assert [(ask.noun, ask.what) for ask in found] == [("words", ("thursday", "amalgamation"))]


def test_a_quoted_phrase_a_task_asks_for_is_found():
    found = asks('Write a review for psychologists and make sure to include the phrase "well '
                 'worth watching"', [NO_COMMA], [{}])
    assert [ask.what for ask in found] == [("well worth watching",)]


def test_a_word_a_constraint_checks_is_not_carried():
    assert asks('Write a post that includes the word "Argentinian"', [EXISTS],
                [{"keywords": ["Argentinian"]}]) == []


def test_a_ban_is_not_an_ask():
    assert asks('Write a story. Do not include the words "dog" and "cat"', [NO_COMMA],
                [{}]) == []


def test_an_unquoted_list_of_keys_belongs_to_the_old_question():
    assert asks("Please include the keys (1) Name (2) Location and (3) Year", [NO_COMMA],
                [{}]) == []


def test_the_asks_are_said_again_with_every_word_quoted():
    found = asks("Tell a joke that has the words thursday and amalgamation in it", [LANGUAGE],
                 SWAHILI)
    said = carried_sentence(found, random.Random(0))
    # (the day's name with its capital, as the rephrasings spell it: read AWB)
    assert '"Thursday"' in said and '"amalgamation"' in said and said.endswith(".")


def test_a_prompt_that_no_longer_names_an_ask_has_dropped_it():
    found = asks("Tell a joke that has the words thursday and amalgamation in it", [LANGUAGE],
                 SWAHILI)
    assert dropped(found, "Write a cover letter. Work the word Thursday into it.") == \
        ["amalgamation"]


def test_a_new_task_that_drops_an_ask_of_the_original_is_easier():
    original = ("Tell a joke that has the words thursday and amalgamation in it, but use "
                "Swahili language only.")
    detail = {"strategy": "task", "task_genre": "cover-letter"}
    gone = judge([LANGUAGE], SWAHILI, "I need a cover letter. Reply only in Swahili.", SWAHILI,
                 detail, original_prompt=original)
    kept = judge([LANGUAGE], SWAHILI, 'I need a cover letter. Work the words "thursday" and '
                 '"amalgamation" into it. Reply only in Swahili.', SWAHILI, detail,
                 original_prompt=original)
    assert gone.verdict == "easier" and "amalgamation" in gone.easier[-1]
    assert not any("no longer names" in reason for reason in kept.easier)


def test_a_case_layout_gives_its_own_asks():
    layout = build_layout("Tell a joke that has the words thursday and amalgamation in it, but "
                          "use Swahili language only, no other language is allowed.",
                          [LANGUAGE], SWAHILI)
    assert [ask.what for ask in layout_asks(layout)] == [("thursday", "amalgamation")]


def test_a_rule_of_the_task_no_kwarg_checks_is_carried():
    from ifevalpp.generate.tasks.carried import unchecked_rules

    layout = build_layout("Write a weird ad for a lawyer who represents witches. Use only "
                          "lowercase letters. Your answer must contain a title, wrapped in "
                          "double angular brackets, i.e. <<title>>.",
                          ["detectable_format:title"], [{}])
    assert unchecked_rules(layout) == ["Use only lowercase letters."]


def test_a_cap_on_words_no_kwarg_checks_is_carried():
    # "Use less than 100 words." beside a limerick (read AEB: dropped, the song got easier).
    from ifevalpp.generate.tasks.carried import unchecked_rules

    layout = build_layout("Write a limerick about a fan named Rodney. Make sure to include these "
                          "items: Zelda, Hyrule. Use less than 100 words.",
                          ["keywords:existence"], [{"keywords": ["zelda", "hyrule"]}])
    assert unchecked_rules(layout) == ["Use less than 100 words."]


def test_a_rule_about_the_old_tasks_equations_is_not_carried():
    # "Do not write long equations." beside a letter to a bookshop owner (strict read ADB).
    from ifevalpp.generate.tasks.carried import unchecked_rules

    layout = build_layout("Describe how to prove the Cauchy-Schwarz inequality. Do not write "
                          "long equations. Your answer must contain a title, wrapped in double "
                          "angular brackets, such as <<title>>.", ["detectable_format:title"], [{}])
    assert unchecked_rules(layout) == []


def test_a_new_task_without_the_originals_unchecked_rule_is_easier():
    original = ("Write a weird ad for a lawyer who represents witches. Use only lowercase "
                "letters. Your answer must contain a title, wrapped in double angular brackets, "
                "i.e. <<title>>.")
    detail = {"strategy": "task", "task_genre": "email"}
    ids, kwargs = ["detectable_format:title"], [{}]
    gone = judge(ids, kwargs, "Write an email to a newspaper. Give it a title in << >>.", kwargs,
                 detail, original_prompt=original)
    kept = judge(ids, kwargs, "Write an email to a newspaper. Use only lowercase letters. Give "
                 "it a title in << >>.", kwargs, detail, original_prompt=original)
    assert any("lowercase" in reason for reason in gone.easier)
    assert not any("lowercase" in reason for reason in kept.easier)


def test_a_rule_said_of_an_answer_is_said_of_the_piece_beside_a_new_task():
    assert said_of_piece("Answer in a Shakespearean style.") == \
        "Write it in a Shakespearean style."
    assert said_of_piece("Answer in a Shakespearean style.", plural=True) == \
        "Write them in a Shakespearean style."


def test_a_rule_said_of_the_piece_is_still_asked():
    assert rule_kept("Answer in a Shakespearean style.",
                     "Write a fable about a fox. Write it in a Shakespearean style.")
    assert not rule_kept("Answer in a Shakespearean style.", "Write a fable about a fox.")


def test_a_rule_with_its_slip_mended_is_still_asked():
    assert rule_kept("Do not forget to add punctuations.",
                     "Write a song. Do not forget to add punctuation.")


def test_a_rule_said_of_the_piece_takes_a_verb_the_task_does_not_use():
    assert said_of_piece("Answer in all caps.", task="Write a short report on a reunion.") == \
        "Keep it in all caps."


def test_a_style_in_a_persons_name_is_an_ask_said_again_beside_a_new_task():
    found = asks("Write a song about regrets in the style of Taylor Swift. Please include "
                 "explanations.", [NO_COMMA], [{}])
    assert [(ask.noun, ask.what) for ask in found] == [("style", ("Taylor Swift",))]
    said = carried_sentence(found, random.Random(0))
    assert "Taylor Swift" in said and '"' not in said


def test_an_ask_beside_a_question_is_said_of_the_answer():
    found = asks('Write a poem that has the word "time" in it.', [NO_COMMA], [{}])
    said = carried_sentence(found, random.Random(0), question=True)
    assert "your answer" in said and " it." not in said


def test_a_rule_that_names_the_lyrics_the_task_asks_to_write_is_carried():
    # "write" in "Write a song …" names no piece of the old task (strict read AIA: the
    # explanations were dropped from every reconfiguration).
    from ifevalpp.generate.tasks.carried import unchecked_rules

    layout = build_layout("Write a song about regrets in the style of Taylor Swift. Please include "
                          "explanations for the lyrics you write. Make sure your entire response "
                          "is in English, and in all capital letters.",
                          ["change_case:english_capital"], [{}])
    assert unchecked_rules(layout) == ["Please include explanations for the lyrics you write."]


def test_a_rule_that_answers_with_a_letter_case_is_carried():
    # "Answer with lowercase letters." beside a letter count (read AIB: dropped beside a new task).
    from ifevalpp.generate.tasks.carried import unchecked_rules

    layout = build_layout("can you write a resume for helene? Answer with lowercase letters. Make "
                          "sure the letter n appears less than 7 times.",
                          ["keywords:letter_frequency"],
                          [{"let_relation": "less than", "letter": "n", "let_frequency": 7}])
    assert unchecked_rules(layout) == ["Answer with lowercase letters."]


def test_a_rule_answered_with_something_is_written_in_it_beside_a_new_task():
    assert said_of_piece("Answer with lowercase letters.", task="Write a letter to a club.") == \
        "Keep it in lowercase letters."
    assert rule_kept("Answer with lowercase letters.",
                     "Write a letter to a club. Keep it in lowercase letters.")


def test_a_rule_that_leans_on_the_comma_ban_is_not_carried():
    # "Don't forget to add other punctuation." before the new task's comma ban (read AJA).
    from ifevalpp.generate.tasks.carried import unchecked_rules

    layout = build_layout("Write a poem about a curious cat. The poem must have a title wrapped "
                          "in double angular brackets, i.e. <<title>>, and no commas. Don't "
                          "forget to add other punctuations.",
                          ["detectable_format:title", NO_COMMA], [{}, {}])
    assert unchecked_rules(layout) == []


def test_a_style_asked_by_an_adjective_is_an_ask_said_again_beside_a_new_task():
    # "an itinerary … in a Shakespearean style" (read AJB: dropped, short lists were easier).
    found = asks("I would like thee to write an itinerary for my journey in a Shakespearean "
                 "style.", [NO_COMMA], [{}])
    assert [(ask.noun, ask.what) for ask in found] == [("manner", ("Shakespearean",))]
    said = carried_sentence(found, random.Random(0))
    # Never "Keep your answer in a Shakespearean style." (read CLI, 1001).
    assert said in ("Write your answer in a Shakespearean style.",
                    "Make your answer sound Shakespearean.")
    assert dropped(found, "Write a menu. Avoid commas.") == ["Shakespearean"]


def test_a_key_to_put_the_answer_under_belongs_to_the_old_task():
    # "Use the word "polite" in it." drops the pull towards JSON (read AQA: easier), and "Put
    # your answer under the key "polite"." on a speech means nothing (reads BBU, BBV).
    from ifevalpp.generate.tasks.carried import bound_to_task

    found = asks('Could you write this more politely? Please use the key "polite" to put your '
                 'answer.', ["startend:quotation"], [{}])
    assert bound_to_task(found)
    assert not bound_to_task(asks('Write a joke that has the words "thursday" and '
                                  '"amalgamation" in it.', ["startend:quotation"], [{}]))


def test_a_case_whose_answer_goes_under_a_key_gets_no_new_task():
    from ifevalpp.generate.kinds.reconfiguration import new_task
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.records import ComposeError

    layout = build_layout('Could you write this note in a way that would seem more polite? Please '
                          'use the key "polite" to put your answer. Wrap your entire response '
                          'with double quotation marks.', ["startend:quotation"], [{}])
    with pytest.raises(ComposeError, match="key"):
        new_task(layout, random.Random(0), index=1)


def test_a_style_named_by_who_writes_that_way_is_carried_and_said_again():
    # Read BCV (3505): "a pros and cons list … in the style of a 19th century novelist" under a
    # comma ban became fables with no style, which invite no commas.
    found = asks("Write a list of pros and cons of trains in the style of a 19th century novelist "
                 "and do not use any commas.", [NO_COMMA], [{}])
    assert [(ask.noun, ask.what) for ask in found] == [("style_of", ("a 19th century novelist",))]
    said = carried_sentence(found, random.Random(0))
    assert said == "Write it in the style of a 19th century novelist.", said


def test_a_style_named_by_a_kind_of_text_is_not_carried():
    assert asks("Write the pitch in the style of a lecture.", [NO_COMMA], [{}]) == []



def test_a_tone_the_task_asks_for_is_carried_and_said_with_an_article():
    # Read BDG, 1094: "Please, use any interesting or weird tone" was gone from the new JSON
    # tasks, which asked less.
    found = asks("List five famous inventors in JSON. Please, use any interesting or weird tone.",
                 ["detectable_format:json_format"], [{}])
    assert [(ask.noun, ask.what) for ask in found] == [("tone", ("interesting or weird",))]
    said = {carried_sentence(found, random.Random(seed)) for seed in range(20)}
    # Given, never kept (read CKK, 3534: "Keep it in a weird tone" keeps what was never there).
    assert said <= {"Write it in an interesting or weird tone.",
                    "Give it an interesting or weird tone."}, said
    assert dropped(found, "Write a plan in JSON.") == ["interesting or weird"]


def test_a_rewrite_of_ours_takes_the_tone_in_place_of_its_own():
    # "Could you rewrite "…" so that it sounds more polite? Keep it in a passive aggressive
    # tone." contradicts itself: the rewrite is asked in the original's tone instead.
    from ifevalpp.generate.kinds.reconfiguration import new_task

    layout = build_layout('Rewrite "Please tidy the kitchen." in a sarcastic tone. Your '
                          'entire response should be in lowercase letters.',
                          ["change_case:english_lowercase"], [{}])
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(index), index=index)
        assert composed.prompt.count("sarcastic tone") == 1, composed.prompt
        if composed.detail.task_genre == "rewrite":
            assert "in a sarcastic tone" in composed.prompt.split(". ")[0], composed.prompt


def test_a_mood_given_to_the_piece_is_carried_beside_a_new_task():
    # Read BDK: "a funny haiku about moms" became a haiku with no mood at all.
    found = asks("Write a funny haiku about owls at midnight.", [NO_COMMA], [{}])
    assert [(ask.noun, ask.what) for ask in found] == [("mood", ("funny",))]
    assert carried_sentence(found, random.Random(0)) == "Make it funny."
    assert carried_sentence(found, random.Random(0), plural=True) == "Make them funny."


def test_a_mood_said_in_a_word_of_its_kin_is_kept():
    # A rephrasing's "a humorous haiku" still asks for a funny one.
    found = asks("Write a funny haiku about owls at midnight.", [NO_COMMA], [{}])
    assert dropped(found, "Write a humorous haiku about owls at midnight.") == []
    assert dropped(found, "Write a haiku about owls at midnight.") == ["funny"]


def test_a_mood_that_suits_only_some_occasions_is_not_carried():
    # "Make it angry." on a thank-you note to a school caretaker fits no occasion.
    assert asks("Write an angry tweet about a friend who is always late.", [NO_COMMA], [{}]) == []
    assert asks("Ask me a funny question about owls.", [NO_COMMA], [{}]) == []


def test_a_carried_mood_names_the_answer_only_where_the_task_asks_for_no_piece():
    # Read BDN: "I'd like to understand how recycling plants sort waste. Make it funny." has
    # nothing for "it"; read BDP: "Please describe a librarian with a secret. Make your answer
    # funny." bolts the answer onto a description, which "it" names well enough.
    from ifevalpp.generate.kinds.reconfiguration import _said_again
    from ifevalpp.generate.tasks import Task

    layout = build_layout("Write a funny essay about owls. Do not use any commas.", [NO_COMMA], [{}])

    def said(genre: str, noun: str, text: str) -> str:
        task = Task(text=text, genre=genre, noun=noun, plural=False,
                    features=frozenset({"prose"}), words=(60, 300), subjects=())
        return _said_again(layout, task, text, random.Random(0))

    assert said("explanation", "explanation", "I'd like to understand how tides work.") == \
        "I'd like to understand how tides work. Make your answer funny."
    assert said("description", "description", "Please describe a lighthouse at night.") == \
        "Please describe a lighthouse at night. Make it funny."


def test_an_ask_kept_with_its_slip_mended_is_not_dropped():
    # "passive aggressive" is said "passive-aggressive" in every cousin (prompt/slips.py): a
    # new task that says it so keeps it.
    found = [Ask(noun="tone", what=("passive aggressive",), quoted=False)]
    assert dropped(found, 'Rewrite "Dinner is at seven." in a passive-aggressive tone.') == []
    assert dropped(found, 'Rewrite "Dinner is at seven." in a cheerful tone.') == \
        ["passive aggressive"]


def test_a_rule_to_keep_to_the_main_points_is_said_again_beside_a_new_task():
    # Read CKK (1233): new tasks that dropped "Please include only the main points in your
    # answer." asked for a long how-to, easier than the original's short answer.
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.tasks.carried import unchecked_rules

    layout = build_layout('How tall is the tallest tower in Paris? Please include only the main '
                          'points in your answer. Use the word "tower" at least 8 times.',
                          ["keywords:frequency"],
                          [{"keyword": "tower", "frequency": 8, "relation": "at least"}])
    assert unchecked_rules(layout) == ["Please include only the main points in your answer."]
