"""Naturalness detectors: each defect class found, and the original's own text never blamed."""

from __future__ import annotations

import pytest

from ifevalpp.generate.naturalness import (dangling, doubled_openings, glued_lines, leaked_bounds,
                                           relation_wording, scan, stitched)

ORIGINAL = "Write a poem about the sea. Do not use any commas."


def codes(defects):
    return [d.code for d in defects]


# ---------------------------------------------------------------- stitched


@pytest.mark.parametrize("cousin", [
    "Write a poem about the sea. leave out every comma.",
    "Write a poem about the sea and. Avoid commas.",
    "Write a poem about the sea. Avoid commas, .",
    "Write a poem about the the sea. Avoid commas.",
    "Write a poem (about the sea. Avoid commas.",
])
def test_stitched_fragments_are_found(cousin):
    assert codes(stitched(cousin, ORIGINAL)) == ["stitched"]


def test_a_lower_case_start_the_original_had_is_not_blamed():
    original = "Answer the riddle. what has keys but no locks?"
    assert stitched("Please help. Answer the riddle. what has keys but no locks?", original) == []


def test_abbreviations_and_quoted_values_are_not_fragments():
    cousin = 'Add a title, e.g. <<the long road>>. End with a postscript starting with "P.S. yes".'
    assert stitched(cousin, ORIGINAL) == []


# ---------------------------------------------------------------- dangling


def test_a_reference_to_the_request_above_in_the_first_sentence_dangles():
    cousin = "Repeat the request above word for word. Write a poem about the sea."
    assert codes(dangling(cousin, ORIGINAL)) == ["dangling"]


def test_opening_by_pointing_at_what_is_not_said_yet_dangles():
    assert codes(dangling("This will be read aloud at a dinner. " + ORIGINAL, ORIGINAL)) == ["dangling"]
    assert dangling("It has been raining all week. " + ORIGINAL, ORIGINAL) == []


def test_the_following_with_nothing_after_it_dangles():
    assert codes(dangling(ORIGINAL + " Use the following words:", ORIGINAL)) == ["dangling"]
    assert dangling(ORIGINAL + " Use the following words:\n- tide\n- gull", ORIGINAL) == []


# ---------------------------------------------------------------- leaked bounds


def test_a_count_one_off_a_round_number_is_a_leaked_bound():
    assert codes(leaked_bounds("Answer in less than 701 words.", ORIGINAL)) == ["leaked-bound"]
    assert leaked_bounds("Answer in less than 700 words.", ORIGINAL) == []


def test_a_number_the_original_said_is_not_blamed():
    original = "Write exactly 31 sentences about the sea."
    assert leaked_bounds("Please write 31 sentences about the sea.", original) == []


# ---------------------------------------------------------------- glued lines


def test_a_sentence_run_onto_a_list_item_is_glued():
    original = "Write a story with:\n* a dog\n* a clock"
    cousin = "Write a story with:\n* a dog\n* a clock Avoid commas."
    assert codes(glued_lines(cousin, original)) == ["glued-line"]


def test_a_sentence_run_onto_an_answer_line_is_glued():
    original = "Solve this riddle.\nAnswer: a shadow"
    assert codes(glued_lines("Solve this riddle.\nAnswer: a shadow Keep it short.", original)) == [
        "glued-line"]


def test_a_sentence_after_a_prose_line_is_not_glued():
    assert glued_lines(ORIGINAL + " Keep it short.", ORIGINAL) == []


# ---------------------------------------------------------------- doubled openings


def test_two_here_is_openings_are_doubled():
    cousin = "Here are the rules first. Avoid commas. Here is the task: write a poem about the sea."
    assert codes(doubled_openings(cousin, ORIGINAL)) == ["doubled-opening"]
    assert doubled_openings("Here is the task: write a poem about the sea.", ORIGINAL) == []


# ---------------------------------------------------------------- relation wording


@pytest.mark.parametrize("relation, said", [
    ("less than", "at most 150 words"), ("less than", "no more than 150 words"),
    ("less than", "150 words or fewer"), ("less than", "up to one hundred fifty words"),
    ("at least", "more than 150 words"), ("at most", "under 150 words"),
])
def test_a_relation_said_otherwise_than_the_checker_means_is_found(relation, said):
    kwargs = [{"num_words": 150, "relation": relation}]
    found = relation_wording(f"Write {said}.", ["length_constraints:number_words"], kwargs)
    assert codes(found) == ["relation-wording"]


@pytest.mark.parametrize("relation, said", [
    ("less than", "fewer than 150 words"), ("less than", "under 150 words"),
    ("at least", "at least 150 words"), ("at least", "150 or more words"),
    ("at most", "no more than 150 words"),
])
def test_a_relation_said_as_the_checker_means_passes(relation, said):
    kwargs = [{"num_words": 150, "relation": relation}]
    assert relation_wording(f"Write {said}.", ["length_constraints:number_words"], kwargs) == []


def test_scan_runs_every_detector():
    cousin = "This will be read aloud. Here is one. Here is two. Write less than 701 words and."
    assert set(codes(scan(cousin, ORIGINAL))) == {"stitched", "dangling", "leaked-bound",
                                                  "doubled-opening"}
    labelled = "My request: My topic: the sea.\n\nA few rules:\n- Whatever you say, no commas"
    assert set(codes(scan(labelled, ORIGINAL))) == {"doubled-label", "plural-header",
                                                    "filler-frame"}


def test_a_minimum_no_short_piece_could_carry_is_implausible():
    from ifevalpp.generate.naturalness import implausible_values

    ids = ["length_constraints:number_words"]
    found = implausible_values("Write a tweet about rain in at least 5000 words.", "Write a tweet.",
                               ids, [{"num_words": 5000, "relation": "at least"}],
                               [{"num_words": 20, "relation": "at least"}])
    assert codes(found) == ["implausible-value"]
    assert implausible_values("Write an essay in at least 5000 words.", "", ids,
                              [{"num_words": 5000, "relation": "at least"}]) == []
    # What the original already asked for is not the generator's doing.
    assert implausible_values("Write a tweet of at least 300 words.", "", ids,
                              [{"num_words": 300, "relation": "at least"}],
                              [{"num_words": 300, "relation": "at least"}]) == []


# ---------------------------------------------------------------- labels, headers, stock phrases, frames


def test_a_label_stacked_on_a_label_is_doubled():
    from ifevalpp.generate.naturalness import doubled_labels

    cousin = "No commas, please.\n\nMy request: My topic: the sea. Write a poem about it."
    assert codes(doubled_labels(cousin, ORIGINAL)) == ["doubled-label"]


def test_a_label_before_a_question_of_the_original_with_a_colon_is_not_doubled():
    from ifevalpp.generate.naturalness import doubled_labels

    original = "Which is older: Rome or Athens? Do not use any commas."
    cousin = "Quick question: Which is older: Rome or Athens? Leave commas out."
    assert doubled_labels(cousin, original) == []


def test_a_want_label_before_a_task_that_says_it_wants_is_doubled():
    from ifevalpp.generate.naturalness import doubled_labels

    cousin = ("No commas.\n\nHere's what I'd like: The sea is wide, and I'd like you to write "
              "a poem about it.")
    assert codes(doubled_labels(cousin, ORIGINAL)) == ["doubled-label"]


def test_a_plural_header_above_one_item_is_found_and_above_two_is_not():
    from ifevalpp.generate.naturalness import plural_headers

    one = "Write a poem about the sea.\n\nSeveral rules for your answer:\n- No commas"
    two = one + "\n- At least 50 words"
    assert codes(plural_headers(one, ORIGINAL)) == ["plural-header"]
    assert plural_headers(two, ORIGINAL) == []


@pytest.mark.parametrize("phrase, code", [
    ("Everything you hand in must skip commas.", "awkward-subject"),
    ("Skip commas, as it must fit our layout.", "odd-reason"),
    ("The reply would ideally have no commas.", "hedged-requirement"),
    ("Whatever you say, skip commas.", "filler-frame"),
    ("My one rule: no commas.", "one-rule"),
    ("Could you confirm that your reply has no commas?", "confirm-in-question"),
    ("Skip commas, because my manager wants it that way.", "odd-reason"),
    ("Skip commas, since it's a condition of the assignment.", "odd-reason"),
    ("Whichever angle you take, skip commas.", "filler-frame"),
    ("To begin with, one rule. Skip commas.", "meta-commentary"),
    ("Read the following conditions before anything else. Skip commas.", "meta-commentary"),
    ("Is there a way to put a title at the top?", "question-frame"),
    ("Can your response as a whole skip commas?", "awkward-subject"),
    ("Could the piece come with a title in << and >>?", "awkward-subject"),
    ("I want you to produce a rap about it.", "awkward-subject"),
    ("One request: no commas anywhere.", "form-label"),
    ("I'd prefer that you skip commas.", "hedged-requirement"),
    ("Separately: use no commas.", "form-label"),
])
def test_stock_phrases_the_review_cut_are_found(phrase, code):
    from ifevalpp.generate.naturalness import stock_phrases

    assert codes(stock_phrases("Write a poem about the sea. " + phrase, ORIGINAL)) == [code]


def test_a_stock_phrase_the_original_used_is_not_blamed():
    from ifevalpp.generate.naturalness import stock_phrases

    original = "Whatever you say, write a poem. Do not use any commas."
    assert stock_phrases("Whatever you say, write a poem. Skip commas.", original) == []


def test_one_frame_opening_two_sentences_is_repeated():
    from ifevalpp.generate.naturalness import repeated_frames

    cousin = ("Write a poem about the sea. Whatever else you do, skip commas. Whatever else "
              "you do, write 50 words.")
    assert codes(repeated_frames(cousin, ORIGINAL)) == ["repeated-frame"]
    assert repeated_frames("Write a poem. Whatever else you do, skip commas.", ORIGINAL) == []


def test_two_polite_questions_are_one_frame_said_twice():
    from ifevalpp.generate.naturalness import repeated_frames

    cousin = "Would you write a poem about the sea? Can you leave out every comma?"
    assert codes(repeated_frames(cousin, ORIGINAL)) == ["repeated-frame"]


def test_please_said_twice_is_a_repeated_frame():
    from ifevalpp.generate.naturalness import repeated_frames

    cousin = "Could you please write a poem about the sea? Leave out every comma, please."
    assert codes(repeated_frames(cousin, ORIGINAL)) == ["repeated-frame"]
    assert repeated_frames("Please write a poem. Please skip commas.",
                           "Please write a poem. Please do not use commas.") == []


def test_a_quotation_closed_with_a_stop_of_ours_is_not_glued():
    original = 'Write an article with title "Rain is good"\nUse no commas.'
    cousin = 'Write an article with title "Rain is good". Also, use no commas.'
    assert glued_lines(cousin, original) == []


def test_a_want_label_before_a_request_is_doubled():
    from ifevalpp.generate.naturalness import doubled_labels

    cousin = "No commas.\n\nHere's what I'd like: Can you write a poem about the sea?"
    assert codes(doubled_labels(cousin, ORIGINAL)) == ["doubled-label"]


def test_a_title_said_to_come_first_beside_a_repeat_conflicts():
    from ifevalpp.generate.naturalness import conflicting_wording

    ids = ["combination:repeat_prompt", "detectable_format:title"]
    cousin = "Write a poem. Start with a title in << and >>, such as <<rain>>."
    assert codes(conflicting_wording(cousin, ORIGINAL, ids)) == ["conflicting-wording"]
    assert conflicting_wording("Write a poem. Give it a title in << and >>.", ORIGINAL, ids) == []


def test_a_reply_said_to_be_only_bullets_beside_a_postscript_conflicts():
    from ifevalpp.generate.naturalness import conflicting_wording

    ids = ["detectable_format:number_bullet_lists", "detectable_content:postscript"]
    cousin = "Write a poem. Your answer consists of exactly 3 bullet points. Add a P.S."
    assert codes(conflicting_wording(cousin, ORIGINAL, ids)) == ["conflicting-wording"]
    assert conflicting_wording("Write a poem. Include 3 bullet points. Add a P.S.", ORIGINAL,
                               ids) == []
