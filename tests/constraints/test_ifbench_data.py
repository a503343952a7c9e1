"""What the IFBench types read instead of importing a package equals that package's own answer:
syllable counts (syllapy 0.7.2, whose word list is read from the installed package) and the
single-code-point emoji (emoji 2.15.0, carried as data)."""

from __future__ import annotations

import random

import pytest

from ifevalpp.constraints.ifbench import _syllables
from ifevalpp.constraints.ifbench.format.emoji import is_emoji, single_code_point_emoji


def test_the_carried_emoji_are_emoji_2_15s_one_character_emoji():
    emoji = pytest.importorskip("emoji")
    assert emoji.__version__ == "2.15.0"
    assert single_code_point_emoji() == {key for key in emoji.EMOJI_DATA if len(key) == 1}


@pytest.mark.parametrize("char", ["\u00a9", "\U0001F600", "\u2764", "a", "\u2014", "\ufe0f"])
def test_is_emoji_answers_as_emoji_does_for_one_character(char):
    emoji = pytest.importorskip("emoji")
    assert is_emoji(char) == emoji.is_emoji(char)


def test_syllable_counts_equal_syllapys_on_its_word_list_and_on_made_up_words():
    syllapy = pytest.importorskip("syllapy")
    listed = sorted(_syllables.word_list())
    assert listed == sorted(syllapy.WORD_DICT)
    rng = random.Random(0)
    letters = "abcdefghijklmnopqrstuvwxyzAEY-'.,1 \u00e9\u0661"
    made_up = ["".join(rng.choice(letters) for _ in range(rng.randint(0, 12)))
               for _ in range(3000)]
    compounds = [f"{first}-{second}" for first, second in zip(listed[::9], listed[4::9])]
    for word in listed + made_up + compounds + ["", "-", "e", "le", "table", "self-care", "x2"]:
        assert _syllables.count(word) == syllapy.count(word), word


def test_character_overlap_of_a_substring_counts_as_the_substring_counted_alone():
    from ifevalpp.constraints.ifbench.ratio import overlap

    rng = random.Random(1)
    for _ in range(2000):
        whole = "".join(rng.choice("ab c\n*.x") for _ in range(rng.randint(0, 50)))
        reference = "".join(rng.choice("ab c.") for _ in range(rng.randint(0, 20)))
        start = rng.randint(0, len(whole))
        part = whole[start:rng.randint(start, len(whole))]
        overlap.character_overlap(whole, reference)  # counted in full: the substring is derived
        alone = frozenset(zip(part, part[1:], part[2:]))
        assert overlap.character_overlap(part, reference) == (
            len(alone), len(alone & overlap.character_trigrams(reference))), (whole, part)
