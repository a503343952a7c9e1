"""A count edited from one to more (or back) takes its noun along (constraints/support/edits.py)."""

from ifevalpp.constraints.support.edits import replace_number


def test_the_counted_noun_follows_the_new_count():
    assert replace_number("with at least one placeholder, such as", 1, 3) == \
        "with at least three placeholders, such as"
    assert replace_number("at least 1 highlighted part of it", 1, 2) == \
        "at least 2 highlighted parts of it"
    assert replace_number("exactly 2 stories", 2, 1) == "exactly 1 story"
    assert replace_number("at least 3 sections", 3, 5) == "at least 5 sections"
    assert replace_number("1 or more words", 1, 2) == "2 or more words"
