"""An end line chosen for the kind of piece it closes."""

from __future__ import annotations

import random
import re

from ifevalpp.constraints import get, parse_params
from ifevalpp.constraints.support.choosing import words
from ifevalpp.generate.new_settings import piece_register
from ifevalpp.generate.piece import end_register, text_features
from ifevalpp.generate.prompt.layout import build_layout

END = "startend:end_checker"


def test_the_register_follows_the_kind_of_piece():
    assert end_register(text_features("Write a limerick about a cheese shop.")) == "verse"
    assert end_register(text_features("Draft an email to my landlady.")) == "letter"
    assert end_register(text_features("Write a tweet about a late train.")) == "social"
    assert end_register(text_features("Tell a bedtime story about a mole.")) == "story"
    assert end_register(text_features("How do magnets work?")) == "answer"


def test_a_new_end_line_suits_the_piece():
    layout = build_layout('Write a haiku about moss. End with the phrase "Ask me more."',
                          [END], [{"end_phrase": "Ask me more."}])
    piece = piece_register(layout)
    assert piece == "verse"
    constraint = get(END)
    for seed in range(10):
        new = constraint.reconfigure(layout.params[0], random.Random(seed), piece=piece)
        assert new.end_phrase in words()["end_phrase_pieces"]["verse"]
        assert constraint.suits_piece(new, "verse")
    assert not constraint.suits_piece(parse_params(END, {"end_phrase": "Stay curious."}),
                                      "letter")


def test_an_end_line_pointing_back_at_steps_asks_for_a_piece_that_lists_them():
    constraint = get(END)
    steps = parse_params(END, {"end_phrase": "Follow the 5 steps listed above, and you will be "
                                             "successful."})
    plain = parse_params(END, {"end_phrase": "Is there anything else I can help with?"})
    assert constraint.task_needs_for(steps) == {"steps"}
    assert "steps" not in constraint.task_needs_for(plain)
    assert constraint.suits_piece(steps, "article")


def test_a_line_asking_the_reader_to_agree_closes_only_a_piece_that_argues():
    # Read BBF, 1705: "Hope you agree with me." after how recycling plants sort waste.
    constraint = get(END)
    params = parse_params(END, {"end_phrase": "Hope you agree with me."})
    assert not constraint.suits_piece(params, "answer")
    assert constraint.suits_piece(params, "letter") and constraint.suits_piece(params, "article")


def test_a_line_offering_more_help_closes_no_document():
    # Read BBG, 2268: a proposal ending "Is there anything else I can help with?".
    from ifevalpp.generate.tasks import catalogue

    constraint = get(END)
    params = parse_params(END, {"end_phrase": "Is there anything else I can help with?"})
    proposal = next(genre for genre in catalogue().genres if genre.id == "proposal")
    assert proposal.closing() == "document"
    assert not constraint.suits_piece(params, "document")
    assert constraint.suits_piece(params, "answer")
    renewed = constraint.propose(params, random.Random(0), piece="document")
    assert constraint.suits_piece(parse_params(END, renewed), "document"), renewed


def test_a_summary_paragraph_suits_no_story_and_is_renewed_alone():
    nth = "length_constraints:nth_paragraph_first_word"
    constraint = get(nth)
    params = parse_params(nth, {"first_word": "summary", "num_paragraphs": 7,
                                "nth_paragraph": 7})
    assert not constraint.suits_piece(params, "story")
    assert constraint.suits_piece(params, "answer")
    renewed = constraint.renew_literal(params, random.Random(0))
    assert renewed.first_word != "summary"
    assert (renewed.num_paragraphs, renewed.nth_paragraph) == (7, 7)


def test_one_or_two_bullets_take_no_task_made_of_items():
    bullets = "detectable_format:number_bullet_lists"
    constraint = get(bullets)
    assert "items" in constraint.task_avoids_for(parse_params(bullets, {"num_bullets": 1}))
    assert "items" not in constraint.task_avoids_for(parse_params(bullets, {"num_bullets": 5}))


def test_a_line_said_to_the_asker_suits_an_answer_but_no_letter_story_or_portrait():
    constraint = get(END)
    for phrase in ("Does this make sense?", "That is all you need!",
                   "Is there anything else I can help with?"):
        params = parse_params(END, {"end_phrase": phrase})
        assert constraint.suits_piece(params, "answer"), phrase
        assert not constraint.suits_piece(params, "letter"), phrase
        assert not constraint.suits_piece(params, "story"), phrase
        assert not constraint.suits_piece(params, "portrait"), phrase


def test_a_line_that_thanks_the_reader_is_not_taken_for_one_said_to_the_asker():
    params = parse_params(END, {"end_phrase": "Naomi thanks you for reading."})
    assert not get(END).suits_piece(params, "answer")


def test_an_essay_ends_on_a_word_to_its_readers_whatever_its_length():
    assert end_register(text_features("Write a short essay about a TV episode.")) == "article"


def test_the_letter_a_count_names_is_no_letter_to_write():
    assert "letter" not in text_features("Complete the sentence with the letter l at least "
                                         "six times.")
    assert "letter" in text_features("Write a letter to the letter carrier.")


def test_a_name_the_original_gives_binds_its_end_line_to_the_old_story():
    constraint = get(END)
    naomi = parse_params(END, {"end_phrase": "Naomi thanks you for reading."})
    assert constraint.literal_bound_to_task(naomi, "My name is Naomi. Write a blog post.")
    assert not constraint.literal_bound_to_task(naomi, "Write a blog post about tea.")


def test_a_fragment_to_end_on_is_always_said_to_be_exact():
    constraint = get(END)
    params = parse_params(END, {"end_phrase": "in India."})
    said = {constraint.phrase(params, random.Random(seed), ("imperative",))
            for seed in range(60)}
    assert all(re.search(r"exact|precise", text) for text in said), said


def test_an_end_said_of_the_whole_reply_is_restated_with_nothing_after_it():
    constraint = get(END)
    params = parse_params(END, {"end_phrase": "your love, and thanks."})
    said = {constraint.phrase(params, random.Random(seed), ("imperative", "declarative"),
                              whole=True) for seed in range(60)}
    assert all(re.search(r"nothing (?:after (?:it|that)|more)", text) for text in said), said


def test_an_end_line_that_asks_to_choose_needs_a_piece_that_offers_options():
    # "Which one you choose?" after a product description reads as a misfit (read AQ).
    constraint = get(END)
    choose = parse_params(END, {"end_phrase": "Which one you choose?"})
    assert constraint.task_needs_for(choose) == {"options"}


def test_a_bedtime_story_names_its_reader():
    # Read CGR (1944): a line about bringing my grandmother a story stood beside a bedtime
    # story; a bedtime story or a lullaby is for a child, so it names its readers.
    assert "readers" in text_features("I would like a bedtime story about a bicycle.")
    assert "readers" in text_features("Write a lullaby about the sea.")
    assert "readers" not in text_features("Write a story about a bicycle.")


def test_a_riddle_put_to_the_writer_asks_for_a_short_answer():
    # Read CGY (2245): "SECTION 1 and SECTION 2" beside the one-word answer to a riddle.
    assert "short" in text_features("I am easy to get into but hard to get out of. What am I?")


def test_a_name_or_a_word_asked_for_is_a_short_answer():
    # Read CHH (1098): "Number the main points" beside "What is a name that people call God?"
    assert "short" in text_features("What is a name that people call the sea?")
    assert "short" in text_features("What is another word for lanterns?")
