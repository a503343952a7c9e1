"""New tasks a person would write: frames, audiences and subjects that suit each other."""

from __future__ import annotations

import random
import re

from ifevalpp.constraints import get, parse_params
from ifevalpp.constraints.support.wording import load_json
from ifevalpp.generate.tasks import TaskMaker, catalogue

SENTENCES = "length_constraints:number_sentences"


def _tasks(count=400):
    made = []
    for seed in range(8):
        maker = TaskMaker(random.Random(seed))
        made += [maker.make(slot=index) for index in range(count // 8)]
    return [task for task in made if task is not None]


def test_no_task_says_it_was_asked_for_or_who_the_asker_writes_for():
    texts = [task.text for task in _tasks()]
    assert not [text for text in texts if re.search(r"I have been asked for|I am writing for",
                                                    text)]


def test_a_piece_for_many_readers_is_never_for_one_relative():
    crowd = {genre.id for genre in catalogue().genres if genre.crowd}
    assert {"article", "blog-post", "speech"} <= crowd
    wrong = [task.text for task in _tasks() if task.genre in crowd
             and re.search(r"my grandmother|my teenage niece|my younger brother", task.text)]
    assert not wrong


def test_thanks_dedications_and_weekends_take_subjects_of_their_kind():
    frames = {frame for genre in catalogue().genres for frame in genre.frames}
    for frame in ("a thank-you note to {person}", "a poem for {person}", "a song for {person}",
                  "a speech in honour of {person}", "a review of a weekend in {place}",
                  "gift ideas for {person}"):
        assert frame not in frames
    subjects = load_json("tasks/subjects.json")
    assert not set(subjects["honoree"]) & set(subjects["person"])


def test_every_genre_has_a_closing_line_pool():
    from ifevalpp.constraints.support.choosing import words

    pieces = words()["end_phrase_pieces"]
    assert {genre.closing() for genre in catalogue().genres} <= set(pieces)
    closing = {genre.id: genre.closing() for genre in catalogue().genres}
    assert closing["haiku"] == "verse" and closing["letter"] == "letter"
    assert closing["social-post"] == "social" and closing["speech"] == "speech"


def test_a_limerick_closes_on_a_light_line_not_a_grave_one():
    from ifevalpp.constraints.support.choosing import words

    closing = {genre.id: genre.closing() for genre in catalogue().genres}
    light = words()["end_phrase_pieces"][closing["limerick"]]
    assert closing["limerick"] != closing["haiku"]
    assert "Until the morning light." not in light


def test_a_cover_letter_closes_formally_not_on_a_friends_farewell():
    from ifevalpp.constraints.support.choosing import words

    closing = {genre.id: genre.closing() for genre in catalogue().genres}
    formal = words()["end_phrase_pieces"][closing["cover-letter"]]
    assert "Take care and be well." not in formal
    assert "Thank you for your time and consideration." in formal


def test_a_made_up_biography_is_not_called_short():
    # Read CIA (3540): "a short made-up biography" for a critique under a comma ban was easier.
    biography = next(genre for genre in catalogue().genres if genre.id == "biography")
    assert not [frame for frame in biography.frames if re.search(r"\bshort\b", frame)]


def test_a_cap_of_two_sentences_takes_no_list_of_items_or_letter():
    constraint = get(SENTENCES)
    tight = parse_params(SENTENCES, {"relation": "less than", "num_sentences": 3})
    roomy = parse_params(SENTENCES, {"relation": "less than", "num_sentences": 6})
    assert {"items", "letter"} <= constraint.task_avoids_for(tight)
    assert "items" not in constraint.task_avoids_for(roomy)
    maker = TaskMaker(random.Random(1))
    genres = maker.genres_for(avoids=constraint.task_avoids_for(tight))
    assert genres and not [genre.id for genre in genres if "items" in genre.features]


def test_a_cap_on_capital_words_takes_no_piece_written_as_i():
    # Read ALA: "between 4 and 6 fully capitalised words" in a review; every "I" counts.
    constraint = get("change_case:capital_word_frequency")
    cap = parse_params("change_case:capital_word_frequency",
                       {"capital_relation": "less than", "capital_frequency": 7})
    assert {"letter", "first_person"} <= constraint.task_avoids_for(cap)
    genres = TaskMaker(random.Random(1)).genres_for(avoids=constraint.task_avoids_for(cap))
    assert genres and not {"speech", "review", "diary entry"} & {genre.noun for genre in genres}


def test_help_me_with_takes_one_thing_never_some_reasons():
    # Read BBX (2475): "Can you help me with some reasons to visit a port city …?"
    from ifevalpp.wording import load

    grammar = load("tasks/task")
    params = {"cls": "give", "records": False, "audience": False, "purpose": False,
              "snappy": False, "poem": False, "personal": False, "crowd": False, "use": None}
    plural = {rendered.text for rendered in grammar.expansions(
        "give", params | {"np": "some reasons to visit Oslo", "np_count": 2})}
    single = {rendered.text for rendered in grammar.expansions(
        "give", params | {"np": "a packing list", "np_count": 1})}
    assert not [text for text in plural if "help me with" in text.lower()]
    assert [text for text in single if "help me with" in text.lower()]


def test_a_set_of_records_is_needed_as_a_list():
    # Read CFF (3223): "I need six common houseplants and how often to water each one."
    from ifevalpp.wording import load

    grammar = load("tasks/task")
    params = {"cls": "give", "records": True, "audience": False, "purpose": False,
              "snappy": False, "poem": False, "personal": False, "crowd": False, "use": None,
              "np": "six common houseplants and how often to water each one", "np_count": 2}
    said = {rendered.text for rendered in grammar.expansions("give", params)}
    assert not [text for text in said if text.startswith(("I need six", "I'm looking for six"))]
    assert [text for text in said if text.startswith("I need a list of six")]


def test_a_proposal_organises_only_a_gathering_for_the_public():
    # Read CGQ (3112): "a proposal to organise a ninth-birthday treasure hunt" puts a child's
    # party in a committee's form.
    proposal = next(genre for genre in catalogue().genres if genre.id == "proposal")
    assert not [frame for frame in proposal.frames if "{event}" in frame]
    public = set(catalogue().subjects["public_event"])
    assert public <= set(catalogue().subjects["event"])
    assert "a ninth-birthday treasure hunt" not in public
    assert "a fortieth birthday party on a boat" not in public


def test_the_first_steps_asked_alone_are_of_a_process_done_over_some_time():
    # Read CHG (1943): "just the first few steps of how to write a thank-you card for now".
    first = next(genre for genre in catalogue().genres if genre.id == "first-steps")
    assert all("{staged_process}" in frame for frame in first.frames)
    staged = set(catalogue().subjects["staged_process"])
    assert staged and not [subject for subject in staged if "card" in subject]
    # Said as what one does ("planting a tree"), never "the first few steps of how to …"
    # (read CHK).
    assert all(subject.split()[0].endswith("ing") for subject in staged)


def test_no_task_invents_a_piece():
    # Read CHK (2015): "invent an elevator pitch".
    assert not [task.text for task in _tasks() if re.search(r"\binvent\b", task.text, re.I)]


def test_a_description_is_never_a_picture_in_words_of_its_subject():
    # Read CIO (2299): "Paint a picture in words of a penguin on holiday" reads "words of a
    # penguin".
    assert not [task.text for task in _tasks() if "picture in words of" in task.text]
