"""New tasks from our own grammar: suited to needs, varied, never an IFEval task."""

from __future__ import annotations

import collections
import json
import random
import re

import pytest

from ifevalpp.generate.tasks import TASK_FEATURES, TaskMaker, catalogue


def maker(seed=0):
    return TaskMaker(random.Random(seed))


def test_catalogue_has_hundreds_of_subjects_of_our_own():
    subjects = catalogue().subjects
    assert sum(len(items) for items in subjects.values()) >= 400
    for kind, items in subjects.items():
        assert len(items) == len(set(items)), kind


def test_every_feature_is_offered_by_at_least_two_genres():
    # (But "sincere", which a type only ever avoids: a letter game beside a real question
    # about the writer's life, read CGB; and "first_steps", the one genre drawn only for an
    # end line that offers the next steps.)
    genres = catalogue().genres
    for feature in TASK_FEATURES - {"sincere", "first_steps"}:
        assert sum(feature in g.features for g in genres) >= 2, feature


def test_a_letter_game_never_goes_with_a_sincere_question():
    from ifevalpp.constraints import get

    for genre in catalogue().genres:
        if "sincere" in genre.features:
            assert "sincere" in get("keywords:letter_frequency").task_avoids, genre.id


def test_every_genre_can_be_drawn():
    m = maker()
    for genre in catalogue().genres:
        task = m.make(needs=genre.features, avoids=TASK_FEATURES - genre.features)
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
    assert len(genres) == len([genre for genre in catalogue().genres if genre.drawn_for is None])
    assert max(genres.values()) <= 3 * min(genres.values())


def test_a_genre_drawn_for_a_need_comes_only_when_that_need_is_asked():
    m = maker()
    drawn_for = {genre.id for genre in catalogue().genres if genre.drawn_for}
    assert drawn_for and not {m.make().genre for _ in range(200)} & drawn_for
    asked = [m.make(needs={"quoted"}) for _ in range(6)]
    assert {task.genre for task in asked} <= drawn_for
    assert all('"' in task.text for task in asked)


def test_consecutive_slots_give_a_family_pieces_of_different_kinds():
    m = maker()
    kinds = [m.make(slot=slot).genre for slot in range(40, 43)]
    assert len(set(kinds)) == 3


def test_a_slot_still_yields_a_new_task_when_its_genre_is_used_up():
    m = maker()
    texts = [m.make(needs={"question"}, slot=0) for _ in range(8)]
    assert all(task is not None for task in texts)
    assert len({task.text for task in texts}) == 8


def test_no_task_says_a_word_of_its_frame_again_in_its_subject():
    # Read CFP (2798): "an opening speech for the opening of a community garden".
    m = maker(5)
    tasks = [m.make(nouns=frozenset({"speech"})) for _ in range(120)]
    speeches = [t.text for t in tasks if t is not None and "opening speech" in t.text]
    assert speeches
    assert not [text for text in speeches if text.lower().count("opening") > 1]


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
        assert task.noun in {"poem", "song", "haiku", "limerick", "rap", "ballad"}
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


# ---------------------------------------------------------------- a length that fits the piece


def test_a_cap_the_piece_meets_by_itself_rules_the_genre_out():
    genres = {genre.id for genre in maker().genres_for(words=(None, 219))}
    assert "haiku" not in genres and "limerick" not in genres and "slogan" not in genres
    assert {"essay", "blog-post", "story"} <= genres


def test_a_minimum_the_piece_meets_by_itself_rules_the_genre_out():
    genres = {genre.id for genre in maker().genres_for(words=(100, None))}
    assert "essay" not in genres and "report" not in genres  # 150 words at the shortest
    assert {"poem", "song", "email"} <= genres


def test_no_piece_is_called_short_beside_a_long_minimum():
    m = maker()
    for _ in range(60):
        task = m.make(words=(1100, None))
        assert not re.search(r"\b(?:short|brief)\b", task.text), task.text
    kept = [m.make(needs={"poem"}, words=(40, None)).text for _ in range(200)]
    assert any("short" in text for text in kept)  # a short poem of 40 words is fine


def test_room_for_what_the_constraints_ask_rules_short_pieces_out():
    genres = {genre.id for genre in maker().genres_for(room=125)}
    assert not {"limerick", "haiku", "slogan", "joke", "riddle"} & genres


def test_room_is_measured_against_a_typical_piece_not_the_longest():
    genres = {genre.id for genre in maker().genres_for(room=125)}
    assert "thank-you" not in genres  # 30 to 200 words: a typical note has no room for 125
    assert {"letter", "essay"} <= genres


def test_a_ban_asks_for_a_piece_that_can_run_long_enough():
    genres = {genre.id for genre in maker().genres_for(bites=40)}
    assert not {"slogan", "haiku"} & genres
    assert "limerick" in genres


def test_a_piece_dedicated_to_someone_takes_no_purpose_of_the_asker_s():
    m = maker(3)
    for _ in range(300):
        task = m.make(needs={"poem"})
        if re.search(r"\b(?:poem|song) for ", task.text):
            assert not re.search(r"so (?:that )?I can|I want to|I plan to|I'd like to|It is for",
                                 task.text), task.text


def test_a_speech_in_honour_of_someone_takes_no_purpose_of_the_asker_s():
    m = maker(4)
    for _ in range(300):
        task = m.make(needs={"sections"}, avoids={"poem", "list"})
        if "in honour of" in task.text:
            assert not re.search(r"so (?:that )?I can|I want to|I plan to|I'd like to|It is for",
                                 task.text), task.text


def test_placeholders_go_to_pieces_a_reader_fills_in():
    genres = {genre.id for genre in maker().genres_for(needs={"fillable"})}
    assert {"letter", "invitation", "plan"} <= genres
    assert not {"tips", "ideas", "reasons", "essay"} & genres


def test_every_task_carries_the_words_it_invites():
    m = maker(6)
    for _ in range(200):
        task = m.make()
        assert task.uses and set(task.nouns) <= set(task.uses), task
        said = set(re.findall(r"[a-z]+", task.text.lower()))
        assert not said & set(task.suits), task


def test_a_task_is_never_about_a_subject_a_sibling_is_about_already():
    first = maker(5).make(needs={"question"})
    assert first is not None and first.subjects
    for seed in range(20):
        later = maker(seed).make(needs={"question"}, taken_subjects=[first.text])
        assert later is not None
        assert not any(subject in first.text for subject in later.subjects), later.text


def _framed(task):
    """The task's words outside its subjects (a subject may say "short": "a short commute")."""
    text = task.text
    for subject in task.subjects:
        text = text.replace(subject, " ")
    return text


def test_no_piece_is_called_short_beside_a_minimum_of_twenty_sentences():
    m = maker()
    tasks = [m.make(words=(300, None)) for _ in range(60)]
    assert not any(" short " in f" {_framed(task)} " for task in tasks if task is not None)


def test_a_piece_that_must_give_steps_is_no_guide_to_a_place_and_no_list_of_tips():
    # Read BBH, 1943: "a guide to visiting a mountain region … next steps when you finish all
    # steps above"; read BBG, 1902: "practical tips … Follow the 5 steps listed above".
    maker = TaskMaker(random.Random(2))
    made = [maker.make(needs={"steps"}) for _ in range(40)]
    assert any(task is not None for task in made)
    for task in made:
        if task is not None:
            assert task.genre not in ("tips", "quick-tips"), task.text
            assert "visiting" not in task.text, task.text


def test_no_short_frame_for_a_piece_that_must_stay_long():
    # Read BBE, 3204: "a short made-up biography" for an essay under a comma ban.
    maker = TaskMaker(random.Random(5))
    made = [maker.make(needs={"long"}) for _ in range(60)]
    assert any(task is not None for task in made)
    assert not any(re.search(r"\b(?:short|brief)\b", task.text, re.I) for task in made if task)


def test_no_short_frame_beside_what_needs_much_room():
    maker = TaskMaker(random.Random(3))
    made = [maker.make(needs={"paragraphs"}, room=300) for _ in range(40)]
    assert all(task is not None for task in made)
    assert not any(re.search(r"\b(?:short|brief)\b", _framed(task), re.I) for task in made if task)


def test_a_postscript_takes_no_piece_that_is_heard():
    # "an opening speech for a charity fun run … Include a postscript at the end" (read BAS)
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.tasks import task_demands

    layout = build_layout("Write a letter to a friend. Add a postscript starting with P.S.",
                          ["detectable_content:postscript"], [{"postscript_marker": "P.S."}])
    needs, avoids = task_demands(layout)[:2]
    spoken = {genre.id for genre in catalogue().genres if "spoken" in genre.features}
    assert "speech" in spoken and "spoken" in avoids
    for seed in range(30):
        task = maker(seed).make(needs=needs, avoids=avoids)
        assert task is None or task.genre not in spoken, task


def test_a_told_topic_goes_only_to_a_genre_that_tells():
    # Read BBQ (2097): "a speech about a conversation between the moon and the sun".
    found = catalogue()
    told = "a conversation between the moon and the sun"
    assert told in found.told
    by_id = {genre.id: genre for genre in found.genres}
    assert told in found.pool(by_id["poem"], "topic")
    for genre_id in ("essay", "speech", "article", "plan", "dialogue"):
        assert told not in found.pool(by_id[genre_id], "topic")
        assert found.pool(by_id[genre_id], "topic")


def test_one_brings_a_dish_to_a_gathering_not_a_recipe():
    # Read BDU (1242): "a simple recipe to bring to a poetry evening in a bookshop"; issue 29
    # named the same misfit.
    recipe = next(genre for genre in catalogue().genres if genre.id == "recipe")
    assert not any("recipe to bring" in frame for frame in recipe.frames)
    # (Nor a dish to a bake sale, read BDY, or to a poetry evening.)
    assert not {"a poetry evening in a bookshop", "a neighbourhood bake sale"} & \
        set(catalogue().subjects["potluck"])


def test_a_speech_honours_a_milestone_never_a_favour():
    # Read CIJ (3623, 1999): "a speech in honour of my older sister, who helped me move
    # house", "… of a colleague who covered my shifts for a month".
    from ifevalpp.generate.tasks.maker import catalogue

    books = catalogue()
    speech = [genre for genre in books.genres if any("in honour of" in frame
                                                     for frame in genre.frames)]
    assert speech and all("{honoured}" in frame for genre in speech for frame in genre.frames
                          if "in honour of" in frame)
    assert not [subject for subject in books.subjects["honoured"]
                if "helped me move" in subject or "covered my shifts" in subject]
