"""The user's spelling kept (generate/prompt/spelling.py, through prompt/slips.mended)."""

from __future__ import annotations

from ifevalpp.generate.prompt.slips import mended
from ifevalpp.generate.prompt.spelling import american, in_american


def test_our_british_words_are_spelled_as_an_american_original_spells():
    # Read CHD (1845): "Can you summarize the process for me? … Organise your answer …"
    cousin = "Can you summarize the process for me? Organise your answer into six paragraphs."
    assert mended(cousin, [], [], "Can you summarize the process for me?") == \
        "Can you summarize the process for me? Organize your answer into six paragraphs."


def test_our_spelling_stays_beside_an_original_that_shows_none():
    assert mended("Write a poem. Organise it in three stanzas.", [], [], "Write a poem.") == \
        "Write a poem. Organise it in three stanzas."


def test_a_checked_word_keeps_its_spelling():
    cousin = 'Emphasise a few words, and use the word "colour" twice.'
    said = mended(cousin, ["keywords:existence"], [{"keywords": ["colour"]}], "My favorite color.")
    assert said == 'Emphasize a few words, and use the word "colour" twice.'


def test_every_inflection_and_the_letter_case_are_kept():
    assert in_american("Organised, organising, Capitalises and favourites.") == \
        "Organized, organizing, Capitalizes and favorites."
    assert american("my favorite") and not american("my favourite")
