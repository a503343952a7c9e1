"""A case's constraints beside a new task (generate/tasks/fit.py): what the task must be, and
the words of the word constraints chosen for it, so no constraint holds by itself."""

from __future__ import annotations

import random

from ifevalpp.constraints import get as get_constraint
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.tasks import Task, TaskMaker, retopic_words, task_demands

EXISTS = "keywords:existence"
FORBIDDEN = "keywords:forbidden_words"
FREQUENCY = "keywords:frequency"
END = "startend:end_checker"
REPEAT = "combination:repeat_prompt"
CAPITALS = "change_case:capital_word_frequency"
WORDS = "length_constraints:number_words"

SEASIDE = Task(text="Put together a three-day itinerary for a seaside town out of season.",
               genre="itinerary", noun="itinerary", plural=False,
               features=frozenset({"list", "long"}), words=(100, 900),
               subjects=("a seaside town out of season",), nouns=("town", "season"),
               uses=("town", "season", "morning", "afternoon", "lunch", "dinner"),
               suits=("visitors", "views", "hotel", "sights"))


def _retopic(prompt, ids, kwargs, task=SEASIDE, seed=0):
    layout = build_layout(prompt, ids, kwargs)
    params, swapped = retopic_words(layout, task, random.Random(seed))
    return [item.model_dump(exclude_none=True) for item in params], swapped


def test_a_ban_takes_words_the_new_task_will_use_anyway():
    kwargs, swapped = _retopic(
        'Ask a question about the French Revolution. Do not use the words "revolution" and '
        '"tax".', [FORBIDDEN], [{"forbidden_words": ["revolution", "tax"]}])
    banned = kwargs[0]["forbidden_words"]
    assert len(banned) == 2 and len(set(banned)) == 2
    assert set(banned) <= set(SEASIDE.uses), banned
    assert [entry.split("->")[0] for entry in swapped] == ["revolution", "tax"]


def test_a_word_to_include_the_request_is_about_is_one_the_new_piece_invites():
    kwargs, _ = _retopic('Write a poem about a lantern and its ink. Include the keywords '
                         '"lantern" and "ink".', [EXISTS], [{"keywords": ["lantern", "ink"]}])
    assert set(kwargs[0]["keywords"]) <= set(SEASIDE.suits), kwargs


def test_a_word_to_include_the_request_is_not_about_is_as_hard_to_place_in_the_new_piece():
    # "engages" and "lightly" in a tweet for the president became "local", "owner" and
    # "customers" in a proposal for a campsite: easier (reads ACA, ADA, AEB).
    from ifevalpp.generate.tasks.vocabulary import vocabulary

    kwargs, _ = _retopic('Write a poem about rain. Include the keywords "lantern" and "ink".',
                         [EXISTS], [{"keywords": ["lantern", "ink"]}])
    assert set(kwargs[0]["keywords"]) <= set(vocabulary().traps), kwargs


def test_a_word_added_beside_the_originals_hard_words_is_as_hard_to_place():
    # Read BCH (2549): "gao" and "hearts" about a football season became "patience",
    # "sincere" and "please" in a follow-up letter; "please" asks nothing of a letter.
    from ifevalpp.generate.tasks.vocabulary import vocabulary

    layout = build_layout('Write a poem about rain. Include the keywords "lantern" and "ink".',
                          [EXISTS], [{"keywords": ["lantern", "ink"]}])
    more = [layout.params[0].model_copy(update={"keywords": ["lantern", "ink", "visitors"]})]
    params, _ = retopic_words(layout, SEASIDE, random.Random(0), params=more)
    assert set(params[0].keywords) <= set(vocabulary().traps), params[0].keywords


def test_a_long_list_of_words_to_include_is_the_pieces_vocabulary_not_its_traps():
    # Read CFW (3156): "trust", "brand", "customer", "law", "policy", "unusable" in a refund
    # letter became "puzzled", "stubborn", "clumsy" … in a cover letter.
    from ifevalpp.generate.tasks.vocabulary import vocabulary

    words = ["trust", "brand", "customer", "law", "policy", "unusable"]
    kwargs, _ = _retopic("The company is refusing to return my money. Can you help me write a "
                         "letter to them? I want the letter to include the words trust, brand, "
                         "customer, law, policy, and unusable.", [EXISTS], [{"keywords": words}])
    assert not set(kwargs[0]["keywords"]) & set(vocabulary().traps), kwargs


def test_a_word_to_include_is_never_one_the_piece_writes_inside_a_longer_word():
    # Read BCH (2549): "sincere" is met by the "Sincerely" a letter closes on.
    letter = Task(text="Write a letter to a neighbour about a lost cat.", genre="letter",
                  noun="letter", plural=False, features=frozenset({"letter"}), words=(100, 400),
                  subjects=("a lost cat",), nouns=("cat", "neighbour"),
                  uses=("cat", "neighbour", "dear", "sincerely", "thanks"),
                  suits=("sincere", "thank", "garden", "fence"))
    for seed in range(20):
        kwargs, _ = _retopic('Write a poem about a lantern and its ink. Include the keywords '
                             '"lantern" and "ink".', [EXISTS], [{"keywords": ["lantern", "ink"]}],
                             task=letter, seed=seed)
        assert not {"sincere", "thank"} & set(kwargs[0]["keywords"]), kwargs


def test_a_word_to_repeat_is_what_the_new_task_is_about():
    kwargs, _ = _retopic('Write a tweet for a company named "grid" that says "grid" at least '
                         'five times.', [FREQUENCY],
                         [{"relation": "at least", "keyword": "grid", "frequency": 5}])
    assert kwargs[0]["keyword"] in SEASIDE.nouns
    assert (kwargs[0]["relation"], kwargs[0]["frequency"]) == ("at least", 5)


def test_a_word_to_repeat_bound_to_the_old_tasks_items_is_chosen_for_the_new_task():
    kwargs, swapped = _retopic('Suggest three names for a new kind of lemonade. Put the word '
                               '"label" before each name, and write each name in capitals.',
                               [FREQUENCY],
                               [{"relation": "at least", "keyword": "label", "frequency": 3}])
    assert kwargs[0]["keyword"] in SEASIDE.nouns
    assert swapped


def test_a_word_to_repeat_said_apart_from_the_task_is_the_cases_own_difficulty():
    kwargs, swapped = _retopic('Write an ad for a lamp. Use the word "maybe" at least four '
                               'times.', [FREQUENCY],
                               [{"relation": "at least", "keyword": "maybe", "frequency": 4}])
    assert kwargs[0]["keyword"] == "maybe"
    assert not swapped


def test_five_words_to_place_want_more_room_than_a_haiku_has():
    # Read CHR (3748): 'linger', 'generous', 'clumsy', 'sincere' and 'ordinary' in a haiku.
    from ifevalpp.constraints import parse_params
    from ifevalpp.generate.tasks import catalogue

    haiku = next(genre for genre in catalogue().genres if genre.id == "haiku")
    five = parse_params(EXISTS, {"keywords": ["linger", "steady", "clumsy", "sincere", "hush"]})
    two = parse_params(EXISTS, {"keywords": ["linger", "steady"]})
    assert get_constraint(EXISTS).task_room(five) > haiku.typical
    assert get_constraint(EXISTS).task_room(two) <= haiku.typical


def test_a_capped_word_is_one_the_new_task_will_use():
    kwargs, _ = _retopic('Write a story about flesh and bone. Use the word "flesh" less than '
                         '2 times.', [FREQUENCY],
                         [{"relation": "less than", "keyword": "flesh", "frequency": 2}])
    assert kwargs[0]["keyword"] in SEASIDE.nouns


def test_a_capped_word_counted_inside_longer_words_is_never_a_short_one():
    # "Use "bus" no more than once": "busy" and "buses" break it (read BAU).
    prompt = 'Write a story about flesh and bone. Use the word "flesh" less than 2 times.'
    kwargs = [{"relation": "less than", "keyword": "flesh", "frequency": 2}]
    layout = build_layout(prompt, [FREQUENCY], kwargs)
    official = {retopic_words(layout, SEASIDE, random.Random(seed))[0][0].keyword
                for seed in range(12)}
    revised = {retopic_words(layout, SEASIDE, random.Random(seed), profile="revised")[0][0].keyword
               for seed in range(12)}
    assert official == {"season"} and "town" in revised, (official, revised)


def test_a_word_banned_outright_may_be_one_the_genre_says_once():
    kwargs, _ = _retopic('Write a story about flesh and bone. Do not use the word "flesh".',
                         [FREQUENCY],
                         [{"relation": "less than", "keyword": "flesh", "frequency": 1}], seed=1)
    assert kwargs[0]["keyword"] in SEASIDE.uses


def test_a_capped_word_is_not_a_subject_noun_the_repeated_request_says():
    request = "Write a story about flesh and bone."
    for seed in range(6):
        kwargs, _ = _retopic(
            f'{request} Use the word "flesh" less than 2 times.\n\nFirst repeat the request '
            f'above word for word, then answer.', [REPEAT, FREQUENCY],
            [{"prompt_to_repeat": request},
             {"relation": "less than", "keyword": "flesh", "frequency": 2}], seed=seed)
        assert kwargs[1]["keyword"] not in {"town", "season"}, kwargs


def test_a_postscript_needs_a_piece_with_a_body():
    layout = build_layout("Write a slogan. Add a postscript starting with P.S.",
                          ["detectable_content:postscript"], [{"postscript_marker": "P.S."}])
    assert task_demands(layout)[4] == 40


def test_words_the_new_task_invites_and_words_of_every_text_stay():
    kwargs, swapped = _retopic(
        'Write about a trip. Include the keyword "visitors". Use "the" less than 30 times.',
        [EXISTS, FREQUENCY], [{"keywords": ["visitors"]},
                              {"relation": "less than", "keyword": "the", "frequency": 30}])
    assert kwargs[0]["keywords"] == ["visitors"] and kwargs[1]["keyword"] == "the"
    assert swapped == []


def test_no_word_serves_two_constraints():
    for seed in range(12):
        kwargs, _ = _retopic(
            'Write about cake. Include "sugar". Avoid the words "flour", "butter" and "egg".',
            [EXISTS, FORBIDDEN], [{"keywords": ["sugar"]},
                                  {"forbidden_words": ["flour", "butter", "egg"]}], seed=seed)
        assert not set(kwargs[0]["keywords"]) & set(kwargs[1]["forbidden_words"])


def test_a_ban_never_takes_a_word_a_required_text_holds():
    for seed in range(12):
        kwargs, _ = _retopic(
            'Write about a storm. Avoid the words "rain" and "wind". End with the exact phrase '
            '"See you in town next season."', [FORBIDDEN, END],
            [{"forbidden_words": ["rain", "wind"]}, {"end_phrase": "See you in town next season."}],
            seed=seed)
        assert not {"town", "season"} & set(kwargs[0]["forbidden_words"]), kwargs


def test_a_ban_never_takes_a_word_of_the_request_the_response_repeats():
    request = 'Write about a storm. Avoid the words "rain" and "wind".'
    for seed in range(12):
        kwargs, _ = _retopic(
            f"{request}\n\nFirst repeat the request above word for word, then answer.",
            [REPEAT, FORBIDDEN], [{"prompt_to_repeat": request},
                                  {"forbidden_words": ["rain", "wind"]}], seed=seed)
        assert not {"town", "season"} & set(kwargs[1]["forbidden_words"]), kwargs


def test_demands_read_the_harder_settings_and_the_room_they_need():
    layout = build_layout("Write a limerick with at least 4 words in capital letters.",
                          [CAPITALS], [{"capital_relation": "at least", "capital_frequency": 4}])
    harder = [layout.params[0].model_copy(update={"capital_frequency": 25})]
    assert task_demands(layout)[4] == 20
    assert task_demands(layout, harder)[4] == 125


def test_what_one_constraint_needs_outweighs_what_another_would_avoid():
    # 2591, 3518: words to include in an answer that must be JSON; the original asks for
    # both, so the new task must be structured and the words go into it.
    layout = build_layout("List three board games as JSON. Include the words 'quiet' and 'lamp'.",
                          ["detectable_format:json_format", EXISTS],
                          [{}, {"keywords": ["quiet", "lamp"]}])
    needs, avoids = task_demands(layout)[:2]
    assert "structured" in needs and "structured" not in avoids


def test_demands_give_the_stated_length():
    layout = build_layout("Write a blog post in less than 220 words.", [WORDS],
                          [{"relation": "less than", "num_words": 220}])
    needs, avoids, low, high, room, bites = task_demands(layout)
    assert (low, high, room, bites) == (None, 219, None, None)


def test_demands_need_a_piece_long_enough_for_a_ban_to_ask_anything():
    layout = build_layout("Write a poem. Do not use any commas.", ["punctuation:no_comma"], [{}])
    assert task_demands(layout)[5] == 40
    letters = build_layout('Write a poem with the letter "e" less than 20 times.',
                           ["keywords:letter_frequency"],
                           [{"let_relation": "less than", "letter": "e", "let_frequency": 20}])
    assert task_demands(letters)[5] >= 30  # a slogan has fewer than 20 e's anyway


def test_twenty_blanks_to_fill_in_want_a_long_piece():
    layout = build_layout("Write a note with at least 20 placeholders such as [name].",
                          ["detectable_content:number_placeholders"], [{"num_placeholders": 20}])
    room = task_demands(layout)[4]
    genres = {genre.id for genre in TaskMaker(random.Random(0)).genres_for(
        needs={"fillable"}, room=room)}
    assert not {"email", "letter", "invitation", "thank-you"} & genres
    assert {"plan", "report"} <= genres


def test_a_new_piece_keeps_the_originals_end_line():
    import random

    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.tasks import renew_bound_literals
    layout = build_layout('Write a cover letter for a job at a bakery. End it with the exact '
                          'phrase "Call me at 631-481-4867".', ["startend:end_checker"],
                          [{"end_phrase": "Call me at 631-481-4867"}])
    kept, renewed = renew_bound_literals(layout, list(layout.params), random.Random(0),
                                         "official", piece="letter")
    assert renewed == [] and kept[0].end_phrase == "Call me at 631-481-4867"
    # On a piece of another kind it stays too: an easier line would drop a trap of the case
    # (strict reads Z2, AK); the maker prefers a piece it suits.
    kept, renewed = renew_bound_literals(layout, list(layout.params), random.Random(0),
                                         "official", piece="verse")
    assert renewed == [] and kept[0].end_phrase == "Call me at 631-481-4867"


def test_one_word_of_two_constraints_stays_one_word_in_the_new_task():
    prompt = ('Write an ad for a dog cage. Make sure the word unfortunately appears 3 to 5 '
              'times in the ad.')
    params, _ = _retopic(prompt, [FREQUENCY, FREQUENCY],
                         [{"keyword": "unfortunately", "frequency": 3, "relation": "at least"},
                          {"keyword": "unfortunately", "frequency": 6,
                           "relation": "less than"}])
    assert params[0]["keyword"] == params[1]["keyword"]


def test_words_as_hard_to_place_as_the_original_s_take_no_list_of_entries():
    # Reads CJN, CJP, CJR, CKH (3518): 'hesitate' and 'borrow' in a JSON list of the rooms of
    # a house with their sizes have no place.
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.tasks import task_demands

    exists = "keywords:existence"
    hard = build_layout("Give me the pros and cons of living by the sea. Include the keywords "
                        "'tariff' and 'pilgrims'.", [exists], [{"keywords": ["tariff", "pilgrims"]}])
    topical = build_layout("Give me the pros and cons of living by the sea. Include the keywords "
                           "'sea' and 'living'.", [exists], [{"keywords": ["sea", "living"]}])
    assert "entries" in task_demands(hard)[1]
    assert "entries" not in task_demands(topical)[1]
