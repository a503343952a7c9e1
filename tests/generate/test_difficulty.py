"""Is a reconfiguration harder than its original (generate/difficulty.py)? The direction of
each setting, a script in which a constraint holds by itself, and a new task that makes a
constraint trivial or does not fit it."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import parse_params
from ifevalpp.generate.difficulty import direction, judge, out_of_order, tally
from ifevalpp.schema import Variant

WORDS = "length_constraints:number_words"
BULLETS = "detectable_format:number_bullet_lists"
EXISTS = "keywords:existence"
FORBIDDEN = "keywords:forbidden_words"
LANGUAGE = "language:response_language"
NO_COMMA = "punctuation:no_comma"
FREQUENCY = "keywords:frequency"


@pytest.mark.parametrize("instruction_id, before, after, expected", [
    (WORDS, {"relation": "at least", "num_words": 300}, {"relation": "at least", "num_words": 400}, 1),
    (WORDS, {"relation": "less than", "num_words": 300}, {"relation": "less than", "num_words": 200}, 1),
    (WORDS, {"relation": "less than", "num_words": 200}, {"relation": "less than", "num_words": 300}, -1),
    (WORDS, {"relation": "less than", "num_words": 200}, {"relation": "at least", "num_words": 100}, 0),
    (BULLETS, {"num_bullets": 8}, {"num_bullets": 10}, 1),
    (BULLETS, {"num_bullets": 8}, {"num_bullets": 4}, -1),
    (EXISTS, {"keywords": ["sea"]}, {"keywords": ["sea", "salt"]}, 1),
    (FORBIDDEN, {"forbidden_words": ["sea", "salt"]}, {"forbidden_words": ["town"]}, -1),
    (FORBIDDEN, {"forbidden_words": ["sea"]}, {"forbidden_words": ["town"]}, 0),
    (LANGUAGE, {"language": "de"}, {"language": "fr"}, 0),
])
def test_the_direction_of_a_setting(instruction_id, before, after, expected):
    assert direction(instruction_id, parse_params(instruction_id, before),
                     parse_params(instruction_id, after)) == expected


def test_fewer_bullets_are_easier_and_more_harder():
    prompt = "Why do cats purr? Answer with exactly 4 bullet points in markdown."
    assert judge([BULLETS], [{"num_bullets": 8}], prompt, [{"num_bullets": 4}]).verdict == "easier"
    assert judge([BULLETS], [{"num_bullets": 3}], prompt, [{"num_bullets": 4}]).verdict == "harder"


def test_a_language_whose_comma_is_not_a_comma_makes_a_ban_on_commas_easier():
    prompt = "Write a riddle in Persian. Do not use any commas."
    judged = judge([LANGUAGE, NO_COMMA], [{"language": "ru"}, {}], prompt,
                   [{"language": "fa"}, {}])
    assert judged.verdict == "easier" and "Persian" in judged.easier[0]
    assert judge([LANGUAGE, NO_COMMA], [{"language": "ru"}, {}], prompt.replace("Persian", "Greek"),
                 [{"language": "el"}, {}]).verdict == "same"


def _task(prompt, ids, before, after, genre):
    return judge(ids, before, prompt, after, {"strategy": "task", "task_genre": genre})


def test_a_ban_on_a_word_the_new_piece_never_uses_is_easier():
    before = [{"forbidden_words": ["revolution", "tax"]}]
    kept = _task('Write a haiku about a seaside town out of season. Avoid the words '
                 '"revolution" and "tax".', [FORBIDDEN], before, before, "haiku")
    assert kept.verdict == "easier" and len(kept.easier) == 2
    chosen = _task('Write a haiku about a seaside town out of season. Avoid the words "town" '
                   'and "moon".', [FORBIDDEN], before,
                   [{"forbidden_words": ["town", "moon"]}], "haiku")
    assert chosen.verdict == "same" and chosen.easier == ()


def test_a_cap_a_haiku_meets_by_itself_is_easier():
    judged = _task("Write a haiku about the sea in less than 220 words.", [WORDS],
                   [{"relation": "less than", "num_words": 220}],
                   [{"relation": "less than", "num_words": 220}], "haiku")
    assert judged.verdict == "easier" and "meets by itself" in judged.easier[0]


def test_a_cap_the_original_s_own_piece_meets_by_itself_too_is_no_easier():
    # 3089: a story for a story under the original's own cap of 60 sentences, its minimum
    # raised: the cap was slack for the original's story as well.
    sentences = "length_constraints:number_sentences"
    before = [{"relation": "at least", "num_sentences": 40},
              {"relation": "less than", "num_sentences": 61}]
    after = [{"relation": "at least", "num_sentences": 50},
             {"relation": "less than", "num_sentences": 61}]
    prompt = "Write a story about an owl who misses spring. Use 50 to 60 sentences."
    detail = {"strategy": "task", "task_genre": "story"}
    judged = judge([sentences, sentences], before, prompt, after, detail,
                   original_prompt="Write a story about a fox. Use 40 to 60 sentences.")
    assert judged.verdict == "harder", judged.easier
    # Judged without the original's piece, the cap is one a story meets by itself.
    assert judge([sentences, sentences], before, prompt, after, detail).verdict == "easier"


def test_no_commas_in_a_slogan_is_easier():
    judged = _task("Come up with a slogan for a bakery. Do not use any commas.", [NO_COMMA],
                   [{}], [{}], "slogan")
    assert judged.verdict == "easier"


def test_a_short_piece_beside_a_long_minimum_is_a_misfit():
    judged = _task("Write a short guide to visiting a valley covered in vineyards in at least "
                   "1100 words.", [WORDS], [{"relation": "at least", "num_words": 300}],
                   [{"relation": "at least", "num_words": 1100}], "guide")
    assert judged.verdict == "harder"
    assert any("short" in misfit for misfit in judged.misfits)


def test_a_new_word_to_repeat_the_new_piece_never_invites_is_a_misfit():
    judged = _task('Write an announcement for a village talent show. Use the word "war" at '
                   "least 8 times.", [FREQUENCY],
                   [{"relation": "at least", "keyword": "drum", "frequency": 8}],
                   [{"relation": "at least", "keyword": "war", "frequency": 8}], "announcement")
    assert judged.misfits


def test_the_original_s_own_word_to_repeat_is_no_misfit_of_the_new_piece():
    judged = _task('Write an announcement for a village talent show. Use the word "war" at '
                   "least 11 times.", [FREQUENCY],
                   [{"relation": "at least", "keyword": "war", "frequency": 8}],
                   [{"relation": "at least", "keyword": "war", "frequency": 11}], "announcement")
    assert judged.verdict == "harder" and not judged.misfits


def test_a_cap_on_a_word_the_piece_says_once_anyway_is_easier():
    judged = _task('Write an email introducing a campsite to new customers. Use "regards" '
                   "at most once.", [FREQUENCY],
                   [{"relation": "less than", "keyword": "batted", "frequency": 2}],
                   [{"relation": "less than", "keyword": "regards", "frequency": 2}], "email")
    assert judged.verdict == "easier" and "regards" in judged.easier[0]


def test_a_cap_on_what_the_piece_is_about_asks_something():
    judged = _task('Write an email introducing a campsite to new customers. Use "campsite" '
                   "at most once.", [FREQUENCY],
                   [{"relation": "less than", "keyword": "batted", "frequency": 2}],
                   [{"relation": "less than", "keyword": "campsite", "frequency": 2}], "email")
    assert judged.verdict == "same" and judged.easier == ()


def test_more_all_caps_words_than_a_thank_you_note_has_room_for_is_a_misfit():
    judged = _task("Write a thank-you note to a farmer. Use at least 25 words in capitals.",
                   ["change_case:capital_word_frequency"],
                   [{"capital_relation": "at least", "capital_frequency": 20}],
                   [{"capital_relation": "at least", "capital_frequency": 25}], "thank-you")
    assert any("room" in misfit for misfit in judged.misfits)


def test_a_reply_in_hindi_holding_english_keywords_is_easier():
    judged = judge([LANGUAGE, EXISTS], [{"language": "de"}, {"keywords": ["ink"]}],
                   "Write a poem in Hindi that mentions ink.",
                   [{"language": "hi"}, {"keywords": ["ink"]}])
    assert judged.verdict == "easier" and "Hindi" in judged.easier[0]


def _variant(index, kwargs):
    return Variant(key=f"7:reconfiguration:{index}", case=7, kind="reconfiguration", index=index,
                   prompt="Why do cats purr? Use exactly N bullet points.",
                   instruction_id_list=[BULLETS], kwargs=kwargs)


def test_siblings_that_fall_back_are_out_of_order():
    original = _variant(0, [{"num_bullets": 4}]).model_copy(update={"kind": "original"})
    siblings = [_variant(1, [{"num_bullets": 5}]), _variant(2, [{"num_bullets": 10}]),
                _variant(3, [{"num_bullets": 8}])]
    found = out_of_order(original, siblings)
    assert len(found) == 1 and found[0].startswith("7:reconfiguration:3")
    assert out_of_order(original, siblings[:2]) == []


def test_tally_counts_every_verdict():
    prompt = "Why do cats purr? Answer with exactly 4 bullet points in markdown."
    judged = [judge([BULLETS], [{"num_bullets": n}], prompt, [{"num_bullets": 4}])
              for n in (3, 4, 8)]
    assert tally(judged) == {"harder": 1, "same": 1, "easier": 1}


def test_a_cap_a_slogan_keeps_without_trying_is_easier():
    judged = _task("Come up with a slogan for a bakery. Write fewer than 20 words.", [WORDS],
                   [{"relation": "less than", "num_words": 30}],
                   [{"relation": "less than", "num_words": 20}], "slogan")
    assert judged.verdict == "easier" and "meets by itself" in judged.easier[0]


def test_a_question_answered_by_a_fixed_phrase_is_no_verse_whatever_it_names():
    ids = ["detectable_format:constrained_response"]
    original = ('Is it true that the first song sung in space was a lullaby? Answer with one of '
                '"My answer is yes.", "My answer is no.", "My answer is maybe."')
    judged = judge(ids, [{}], "Should museums be free? Answer with one of \"My answer is yes.\", "
                   "\"My answer is no.\", \"My answer is maybe.\"", [{}],
                   {"strategy": "task", "task_genre": "question"}, original_prompt=original)
    assert not [reason for reason in judged.easier if reason.startswith("genre")]


def test_a_poem_for_a_haiku_under_a_minimum_is_a_change_of_genre():
    from ifevalpp.generate.difficulty import genre_changed
    haiku = "Write a haiku about Ireland. Use the letter g at least 8 times."
    letters = [{"let_relation": "at least", "letter": "g", "let_frequency": 8}]
    assert genre_changed(haiku, "poem", ["keywords:letter_frequency"], letters) is not None
    assert genre_changed(haiku, "haiku", ["keywords:letter_frequency"], letters) is None


def test_a_new_task_that_drops_what_the_original_says_of_the_counted_letter_is_easier():
    # Reads BBJ, BBL, 2912: "two people who are both trying to avoid using the letter t"
    # beside a count of t's; a letter to a penfriend with forty t's is easier.
    letters = "keywords:letter_frequency"
    original = ("Create a dialogue between two people who are both trying to avoid using the "
                "letter t. The letter t must appear at least 30 times in the dialogue you write.")
    before = [{"letter": "t", "let_frequency": 30, "let_relation": "at least"}]
    after = [{"letter": "t", "let_frequency": 40, "let_relation": "at least"}]
    dropped = judge([letters], before, "Write a letter to a penfriend. Use the letter t at "
                    "least 40 times.", after, original_prompt=original)
    kept = judge([letters], before, original.replace("30", "40"), after,
                 original_prompt=original)
    assert dropped.verdict == "easier", dropped
    assert kept.verdict == "harder", kept


def test_a_sentence_that_states_the_letter_count_is_no_premise():
    letters = "keywords:letter_frequency"
    original = ("Complete the following sentence with the letter l appearing at least 6 times: "
                "\"The panda is a big animal.\"")
    before = [{"letter": "l", "let_frequency": 6, "let_relation": "at least"}]
    judged = judge([letters], before, "Write a poem about a lake. Use the letter l at least 6 "
                   "times.", before, original_prompt=original)
    assert not any("speaks of" in reason for reason in judged.easier), judged


def test_a_plain_request_to_copy_for_one_in_old_english_is_easier():
    # Reads BBG, BBP, 2355: "Wherefore doth people consider the 2nd Amendment to be
    # outdated?" tempts a model to mend it; "I need a story about a farmer …" does not.
    repeat = "combination:repeat_prompt"
    request = ("Wherefore doth people consider the 2nd Amendment to be outdated? Answer in a "
               "Shakespearean style.")
    original = request + "\n\nBefore you answer it, just repeat the request above."
    plain = "I need a story about a farmer who wants to fly. Write it in a Shakespearean style."
    judged = judge([repeat], [{"prompt_to_repeat": request}],
                   plain + "\n\nBefore you answer it, just repeat the request above.",
                   [{"prompt_to_repeat": plain}], original_prompt=original)
    assert judged.verdict == "easier" and any("old English" in reason
                                              for reason in judged.easier), judged


def test_a_song_for_a_limerick_that_closes_on_a_given_line_is_easier():
    # Read BBD, 2677: the limerick's metre and rhyme lead into "Yes Mom, I am Dave."
    from ifevalpp.generate.difficulty import genre_changed
    limerick = ('Write a limerick about a guy named Dave. The limerick should end with the '
                'phrase "Yes Mom, I am Dave."')
    ends = ["startend:end_checker"], [{"end_phrase": "Yes Mom, I am Dave."}]
    assert genre_changed(limerick, "song", *ends) is not None
    assert genre_changed(limerick, "rap", *ends) is not None
    assert genre_changed(limerick, "haiku", *ends) is None


def test_a_song_for_a_limerick_with_no_closing_line_is_no_change_of_genre():
    from ifevalpp.generate.difficulty import genre_changed
    assert genre_changed("Write a limerick about writing a limerick. Don't use any commas.",
                         "song", [NO_COMMA], [{}]) is None


def test_a_poem_for_a_haiku_under_no_minimum_is_no_change_of_genre():
    from ifevalpp.generate.difficulty import genre_changed
    assert genre_changed("Write a haiku about Ireland. Do not use any commas.", "poem",
                         [NO_COMMA], [{}]) is None


def test_a_joke_for_a_review_is_a_change_of_genre():
    from ifevalpp.generate.difficulty import genre_changed
    review = 'Write a review of "The Lake House" for film students without any commas.'
    assert genre_changed(review, "joke", [NO_COMMA], [{}]) is not None
    assert genre_changed(review, "story", [NO_COMMA], [{}]) is None


def test_a_joke_for_a_joke_about_a_story_is_no_change_of_genre():
    from ifevalpp.generate.difficulty import genre_changed
    assert genre_changed("Write a joke about a story that never ends. Avoid commas.", "joke",
                         [NO_COMMA], [{}]) is None


def test_a_list_of_short_entries_under_a_comma_ban_is_easier():
    from ifevalpp.generate.difficulty import genre_changed
    facts = "Write a list of the top 10 facts about the UK without using commas."
    assert genre_changed(facts, "sheet", [NO_COMMA], [{}]) is not None
    assert genre_changed(facts, "records", [NO_COMMA], [{}]) is not None
    assert genre_changed(facts, "tips", [NO_COMMA], [{}]) is None


def test_a_list_of_short_entries_is_no_easier_under_a_rule_it_does_not_meet_by_itself():
    from ifevalpp.generate.difficulty import genre_changed
    assert genre_changed("Write a list of the top 10 facts about the UK in all capital letters.",
                         "sheet", ["change_case:english_capital"], [{}]) is None


def test_a_new_task_that_drops_a_capitalised_word_under_a_lowercase_rule_is_easier():
    lowercase = "change_case:english_lowercase"
    original = ('Write a poem about a lazy Sunday. Include the word "Netflix". Your entire '
                'response should be in English, and in all lowercase letters.')
    dropped = judge([lowercase, EXISTS], [{}, {"keywords": ["netflix"]}],
                    'Write a song about a picnic. Include "basket" and "sun". Use lowercase '
                    'letters only.', [{}, {"keywords": ["basket", "sun"]}],
                    original_prompt=original)
    kept = judge([lowercase, EXISTS], [{}, {"keywords": ["netflix"]}],
                 'Write a song about a picnic. Include "Netflix" and "sun". Use lowercase '
                 'letters only.', [{}, {"keywords": ["netflix", "sun"]}],
                 original_prompt=original)
    assert dropped.verdict == "easier" and kept.verdict != "easier"


REPEAT = "combination:repeat_prompt"


def test_a_request_to_copy_that_loses_its_quotation_is_easier():
    before = [{"prompt_to_repeat": 'Rewrite "You should use a new font." in a polite tone.'}]
    plain = [{"prompt_to_repeat": "Write a story about a mouse who runs a bakery."}]
    quoted = [{"prompt_to_repeat": 'Rewrite "We are out of milk again." in a cheerful tone.'}]
    assert judge([REPEAT], before, "…", plain).verdict == "easier"
    assert judge([REPEAT], before, "…", quoted).verdict == "same"


def test_a_short_piece_for_one_the_original_asks_to_be_detailed_is_easier():
    # Read CGN (2216): a product description and "a short guide" for "a detailed proposal in
    # list format"; a long war in a poem's subject asks nothing of the poem's length.
    from ifevalpp.generate.difficulty import genre_changed

    detailed = "Write a detailed proposal in list format for the university's ethics board."
    assert genre_changed(detailed, "product-description") is not None
    assert genre_changed(detailed, "guide", task_text="Write a short guide to composting.") \
        is not None
    assert genre_changed(detailed, "guide", task_text="Write a guide to composting.") is None
    assert genre_changed("Write me a poem about a long lasting war.", "song") is None


def test_a_list_of_reasons_for_a_detailed_proposal_is_easier():
    # Read CHR (2216): "Come up with reasons to try a smart plant pot." for "a detailed
    # proposal in list format".
    from ifevalpp.generate.difficulty import genre_changed

    detailed = "Write a detailed proposal in list format for the town council."
    assert genre_changed(detailed, "reasons",
                         task_text="Come up with reasons to try a bread maker.") is not None
