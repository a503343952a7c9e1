"""New tasks from our own grammar: suited to needs, varied, never an IFEval task."""

from __future__ import annotations

import collections
import json
import random
import re

import pytest

from ifevalpp.generate.tasks import FEATURES, TaskMaker, catalogue


def maker(seed=0):
    return TaskMaker(random.Random(seed))


def test_catalogue_has_hundreds_of_subjects_of_our_own():
    subjects = catalogue().subjects
    assert sum(len(items) for items in subjects.values()) >= 400
    for kind, items in subjects.items():
        assert len(items) == len(set(items)), kind


def test_every_feature_is_offered_by_at_least_two_genres():
    genres = catalogue().genres
    for feature in FEATURES:
        assert sum(feature in g.features for g in genres) >= 2, feature


def test_every_genre_can_be_drawn():
    m = maker()
    for genre in catalogue().genres:
        task = m.make(needs=genre.features, avoids=FEATURES - genre.features)
        assert task is not None, genre.id


@pytest.mark.parametrize("needs, genres", [
    ({"question"}, {"question", "dilemma"}),
    ({"letter"}, {"letter", "email", "cover-letter", "invitation", "thank-you"}),
    ({"structured"}, {"records", "sheet", "itinerary", "plan", "recipe", "faq", "comparison"}),
])
def test_needs_select_only_suitable_genres(needs, genres):
    m = maker()
    drawn = {m.make(needs=needs).genre for _ in range(60)}
    assert drawn <= genres and len(drawn) >= min(3, len(genres))


def test_avoids_and_word_range_filter_genres():
    m = maker()
    for _ in range(40):
        task = m.make(avoids={"short"}, words=(600, None))
        assert "short" not in task.features and task.words[1] >= 600
    assert m.genres_for(needs={"question"}, words=(2000, None)) == []
    assert m.make(needs={"question"}, words=(2000, None)) is None


def test_unknown_feature_is_refused():
    with pytest.raises(ValueError, match="unknown task feature 'rhymes'"):
        maker().genres_for(needs={"rhymes"})


def test_tasks_are_never_repeated_and_spread_over_genres():
    m = maker()
    tasks = [m.make() for _ in range(400)]
    assert len({t.text for t in tasks}) == 400
    genres = collections.Counter(t.genre for t in tasks)
    assert len(genres) == len(catalogue().genres)
    assert max(genres.values()) <= 3 * min(genres.values())


def test_consecutive_slots_give_a_family_pieces_of_different_kinds():
    m = maker()
    kinds = [m.make(slot=slot).genre for slot in range(40, 43)]
    assert len(set(kinds)) == 3


def test_a_slot_still_yields_a_new_task_when_its_genre_is_used_up():
    m = maker()
    texts = [m.make(needs={"question"}, slot=0) for _ in range(8)]
    assert all(task is not None for task in texts)
    assert len({task.text for task in texts}) == 8


def test_tasks_are_deterministic_for_a_seed():
    assert [maker(4).make().text for _ in range(3)] == [maker(4).make().text for _ in range(3)]
    first, second = maker(4), maker(5)
    assert [first.make().text for _ in range(5)] != [second.make().text for _ in range(5)]


def test_tasks_read_as_finished_sentences():
    m = maker(1)
    for _ in range(300):
        text = m.make().text
        assert text[0].isupper() and text[-1] in ".?", text
        assert "  " not in text and " ," not in text and " ." not in text, text
        assert not re.search(r"\b(a|an) (a|an|the)\b", text), text
        for sentence in re.split(r"(?<=[.?!:]) ", text):
            assert sentence[0].isupper(), text


def test_the_noun_names_the_piece_for_subject_wording():
    m = maker(2)
    for _ in range(50):
        task = m.make(needs={"poem"})
        assert task.noun in {"poem", "song", "haiku", "limerick", "rap"}
    assert {m.make(needs={"list"}, avoids={"structured"}).plural for _ in range(80)} == {True, False}


def _original_sentences(path):
    sentences = set()
    for line in open(path, encoding="utf-8"):
        if line.strip():
            prompt = json.loads(line)["prompt"]
            for piece in re.split(r"(?<=[.!?])\s+|\n+", prompt):
                if piece.strip():
                    sentences.add(" ".join(piece.lower().split()))
    return sentences


def test_no_task_sentence_is_an_ifeval_sentence(original_path):
    originals = _original_sentences(original_path)
    m = maker()
    for _ in range(3000):
        task = m.make()
        if task is None:
            break
        for piece in re.split(r"(?<=[.!?])\s+", task.text):
            normalised = " ".join(piece.lower().split())
            if len(normalised) > 25:
                assert normalised not in originals, task.text
