"""The wide rewrites of a second pass (a family whose rephrasings came out too alike): more
shapes after the request, each still saying every word of what it asks, and wordings chosen
to keep clear of the siblings."""

from __future__ import annotations

import random
import re

import pytest

from ifevalpp.generate.rewrite import rewrite, rewrites
from ifevalpp.generate.rewrite.context import follow_up
from ifevalpp.generate.rewrite.masking import Masked
from ifevalpp.generate.rewrite.sentences import split_conjunction


def said(sentence: str, wide: bool = True) -> list[str]:
    masked = Masked(sentence, ())
    return [masked.restore(option) for option in follow_up(masked.text, masked, wide=wide)]


def test_a_statement_of_the_piece_is_said_with_another_modal():
    options = said("The recipe should be in Markdown and have a title.")
    assert "The recipe needs to be in Markdown and have a title." in options
    assert "The recipe must be in Markdown and have a title." in options


def test_a_plural_subject_takes_a_plural_modal_and_verb():
    options = said("Paragraphs and only paragraphs should be separated by a blank line.")
    assert "Paragraphs and only paragraphs need to be separated by a blank line." in options
    assert "Make sure paragraphs and only paragraphs are separated by a blank line." in options


def test_the_head_of_a_subject_is_the_noun_before_its_preposition():
    assert "Make sure one of the sections contains the word \"tide\"." in \
        said('One of the sections should contain the word "tide".')
    assert "Make sure all words in your answer are capitalized." in \
        said("All words in your answer should be capitalized.")


def test_a_denial_keeps_its_force():
    options = said("No other words should follow this phrase.")
    assert options == ["Make sure no other words follow this phrase.",
                       "Please ensure no other words follow this phrase."]
    assert not any("need" in option for option in said("Your answer should not be long."))


def test_there_should_be_becomes_a_wish_or_what_the_piece_has():
    options = said("There should be exactly 3 stanzas.")
    assert "I'd like exactly 3 stanzas." in options
    assert "It should have exactly 3 stanzas." in options


def test_make_sure_trades_places_with_ensure_and_be_sure():
    assert said("Make sure that no line repeats.") == ["Ensure that no line repeats."]
    assert said("Make sure to add a title.") == ["Be sure to add a title."]


def test_also_and_do_not_keep_every_word_after_the_frame():
    assert "I'd also like you to provide two versions." in said("Also, provide two versions.")
    assert "Make sure not to use any emoji." in said("Do not use any emoji.")


def test_a_denial_of_two_things_is_never_reframed():
    # "Make sure not to use commas and highlight three parts" would forbid the highlights too.
    assert said("Do not use any commas and highlight three parts.") == []


def test_a_requirement_verb_the_task_parser_does_not_know_still_gets_a_frame():
    assert "Be sure to italicize five of the names." in said("Italicize five of the names.")
    assert said("Italicize five of the names.", wide=False) == []


def test_a_first_mention_is_never_said_as_something_to_remember():
    # "Don't forget to write exactly 3 paragraphs" reminds of nothing said before (read BAK).
    options = said("Write exactly 3 paragraphs.")
    assert "You'll need to write exactly 3 paragraphs." in options
    assert not any(option.startswith(("Don't forget", "Remember")) for option in options)


def test_the_first_pass_knows_none_of_the_wide_shapes():
    for sentence in ("There should be exactly 3 stanzas.", "Also, provide two versions.",
                     "Do not use any emoji."):
        assert said(sentence, wide=False) == []


def test_a_verb_said_as_the_piece_it_makes_opens_the_noun_frames():
    task = "Summarize the history of the harbour. Use at least 3 headings."
    wide = {option.text for option in rewrites(task, wide=True)}
    assert "Could I get a summary of the history of the harbour? Use at least 3 headings." in wide
    assert not any("a summary of" in option.text for option in rewrites(task))


def test_a_participle_of_use_becomes_a_request_of_its_own_only_when_wide():
    assert split_conjunction("name three hens using short words", wide=True) == \
        ("name three hens", "use short words")
    assert split_conjunction("name three hens using short words") is None


def test_a_request_with_no_other_wording_still_has_the_sentence_after_it_reworded_when_wide():
    task = ("How many stairs were there in the old lighthouse in 1900? Please keep only the "
            "main facts.")
    wide = {option.text for option in rewrites(task, wide=True)}
    assert any(text.startswith("How many stairs were there in the old lighthouse in 1900?")
               and not text.endswith("Please keep only the main facts.") for text in wide)
    assert not rewrites(task)


def test_the_last_line_of_a_prompt_is_reworded_too():
    task = "Write a rap about the tide. End it with:\n\nBye!\n\nNo other words should follow it."
    wide = [option.text for option in rewrites(task, wide=True)]
    assert any(text.endswith("Make sure no other words follow it.") for text in wide)
    assert not any(text.endswith("follow it.") and "Make sure no" in text
                   for text in (option.text for option in rewrites(task)))


@pytest.mark.parametrize("wide", ["room", "far"])
def test_a_wide_rewrite_keeps_clear_of_every_sibling(wide):
    task = "Write a song about the harbour at night. Give the song a name, and put it in bold."
    siblings = [task, "Could you please write a song about the harbour at night? Make sure to "
                      "give the song a name, and put it in bold."]
    chosen = rewrite(task, (), random.Random(3), siblings=siblings, wide=wide)
    assert chosen is not None
    squeezed = " ".join(chosen.text.split()).lower()
    from ifevalpp.generate.distance import levenshtein
    assert all(levenshtein(squeezed, " ".join(s.split()).lower()) > 30 for s in siblings)


def test_a_follow_up_is_never_said_to_be_important():
    # Reads BBU, BBW, BBX: "It's important to think out loud, then answer …", "It's important
    # to italicize 5 of your favorite names."
    found = said("Italicize 5 of your favorite names.") + said("Add code comments in the code.")
    assert found and not [text for text in found if "important" in text.lower()], found


def test_a_requirement_may_be_said_of_the_answer_it_shapes():
    # 1592, 1773, 2977: "In your answer, use words in all capital letters …" moves a third
    # rephrasing clear of its siblings where the requirement itself stays word for word.
    options = said("Use words in all capital letters at least 3 times to highlight key points.")
    assert "In your answer, use words in all capital letters at least 3 times to highlight " \
           "key points." in options
    assert not any(option.startswith("In your")
                   for option in said("Use words in all capital letters at least 3 times.",
                                      wide=False))


def test_a_requirement_that_names_the_answer_is_not_said_in_it():
    # Never "In your answer, answer in capitals" or "In your reply, give your final summary".
    assert not any(option.startswith("In your")
                   for option in said("Answer in all capital letters."))
    assert not any(option.startswith("In your")
                   for option in said("Give your final summary after six asterisks."))


def test_the_following_text_is_said_as_the_text_below_only_on_a_second_pass():
    wide = [option.text for option in rewrites("Summarize the following paragraph.", wide=True)]
    narrow = [option.text for option in rewrites("Summarize the following paragraph.")]
    assert any("the paragraph below" in text for text in wide)
    assert not any("below" in text for text in narrow)
    # Not when the text follows a colon in the same sentence.
    assert not any("below" in option.text for option in rewrites(
        'Rewrite the following sentence in a formal tone: "hi there".', wide=True))


def test_no_also_opens_a_request_after_a_sentence_that_asks_nothing():
    # Read CFR (2832): "The game is about a boy who … Also, write a pitch …" opens the only
    # request as if it went on from another.
    task = ("Imagine you're making a video game. The game is about a boy who has to save the "
            "world. Write a pitch to convince teenagers that your game is worth buying.")
    said = {option.text for option in rewrites(task, wide=True)}
    assert said and not any("world. Also," in text for text in said)
    after_request = {option.text for option in rewrites(
        "Write a song about my childhood. Give the song a name.", wide=True)}
    assert any("Also, give the song a name" in text for text in after_request)


def test_a_second_pass_asks_in_longer_frames_of_its_own():
    # A short request whose rule stays word for word (2918, 1377): the short frames alone
    # leave no third wording 30 characters from the original and two siblings.
    task = "Write a checklist for judging a bake sale. Put your verdict after a line of dashes."
    wide = [option.text for option in rewrites(task, wide=True)]
    narrow = [option.text for option in rewrites(task)]
    for frame in ("Would you be able to write", "I was hoping you could write",
                  "It would be great if you could write", "What I need is a checklist"):
        assert any(text.startswith(frame) for text in wide), frame
        assert not any(text.startswith(frame) for text in narrow), frame


def test_a_second_pass_finds_three_wordings_apart_from_each_other_and_the_original():
    from itertools import combinations

    from ifevalpp.generate.distance import levenshtein

    def apart(one: str, other: str) -> bool:
        return levenshtein(one.lower(), other.lower()) > 30

    task = ("Write a checklist for judging how tidy a teenager's bedroom is. Give your final "
            "verdict, following a line of 6 dashes (------).")
    far = [option.text for option in rewrites(task, wide=True) if apart(option.text, task)]
    assert any(apart(a, b) and apart(a, c) and apart(b, c)
               for a, b, c in combinations(far, 3))


def test_a_sentence_that_names_the_piece_is_not_said_in_the_answer():
    # "In your answer, finish the song with: …", "In your answer, give the song a name":
    # the song is the answer (read CII: 1893, 1773, 201).
    for sentence in ("Give the song a name.", "Include some conversation in the story."):
        assert said(sentence) and not any(option.startswith("In your") for option in
                                          said(sentence))
    assert any(option.startswith("In your") for option in
               said("Use words in all capital letters at least 3 times."))


def test_a_participle_of_the_writer_keeps_the_request_s_verb():
    # Read CIN (2628): "Could I get a funny note to McQueen, using <br> to separate lines?"
    said = {option.text for option in rewrites(
        "Write a funny note to a neighbour, using <br> to separate lines.", wide=True)}
    assert said and not [text for text in said if re.match(r"(?:Could I get|I need|I'm looking "
                                                            r"for|What I need is) a", text)]
