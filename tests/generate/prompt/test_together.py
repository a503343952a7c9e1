"""Statements that say more than their types can say anew stay whole (generate/prompt/layout.py,
plan.py): a content phrase ("in the form of a list", "both versions"), a count stated only as a
whole next to a kept sentence, a sentence the next one rewords, parts only the statement names."""

from __future__ import annotations

import random
import re

from ifevalpp.generate.fairness import dropped_from
from ifevalpp.generate.prompt.assemble import in_place
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.prompt.plan import plan

from .cases import plan_all

PLACEHOLDERS = "detectable_content:number_placeholders"
TITLE = "detectable_format:title"
TWO = "combination:two_responses"
SECTIONS = "detectable_format:multiple_sections"


def _unit(layout, start):
    return next(unit for unit in layout.units if unit.text.startswith(start))


def test_a_list_format_keeps_its_statement_word_for_word():
    prompt = ("Suggest a weekend in Lisbon for two friends. Put it in the form of a list that "
              "has at least one placeholder, like [hotel].")
    layout = build_layout(prompt, [PLACEHOLDERS], [{"num_placeholders": 1}])
    assert _unit(layout, "Put it").kept
    the_plan = plan_all(layout)
    assert the_plan.render == []
    assert "Put it in the form of a list" in " ".join(t for t in the_plan.unit_text.values() if t)


def test_a_changed_count_in_a_kept_sentence_agrees_with_its_noun():
    prompt = ("Suggest a weekend in Lisbon for two friends. Put it in the form of a list that "
              "has at least one placeholder, like [hotel].")
    layout = build_layout(prompt, [PLACEHOLDERS], [{"num_placeholders": 1}])
    new = build_layout(prompt, [PLACEHOLDERS], [{"num_placeholders": 3}]).params
    the_plan = plan(layout, {0}, params=new)
    texts = [text for text in the_plan.unit_text.values() if text]
    assert any("that has at least three placeholders, like [hotel]" in text
               for text in texts), texts


def test_both_versions_is_asked_for_and_stays():
    prompt = ("Draft two short toasts for my sister's wedding, a funny version and a warm "
              "version. Make sure both versions have a title in double angular brackets, "
              "like <<title>>.")
    layout = build_layout(prompt, [TITLE], [{}])
    assert _unit(layout, "Make sure").kept
    assert ("word", "versions") in [
        (drop.what, drop.value) for drop in dropped_from(
            prompt, [TITLE], [{}], "Draft two short toasts for my sister's wedding. Give it a "
                                   "title in double angular brackets, like <<my title>>.")]


def test_each_version_keeps_its_scope():
    # The section count's wordings say "each version" beside two versions, so the statement
    # may be said anew and keeps its scope.
    prompt = ("Write two versions of a packing list for a week of hiking. Put 6 asterisk "
              "symbols (******) between the two versions. Each version must have 3 sections. "
              "Begin each section with Part X.")
    kwargs = [{}, {"section_spliter": "Part", "num_sections": 3}]
    layout = build_layout(prompt, [TWO, SECTIONS], kwargs)
    new = build_layout(prompt, [TWO, SECTIONS],
                       [{}, {"section_spliter": "Part", "num_sections": 5}]).params
    for seed in range(12):
        said = in_place(layout, random.Random(seed), targets={1}, params=new).prompt
        assert "each version" in said.lower() and re.search(r"\b(?:5|five) (?:sections|parts)\b", said), said


def test_a_sentence_the_next_one_rewords_stays_with_it():
    prompt = ("Write a fable about a fox. Then retell the fable as a limerick. Separate the "
              "fable and the limerick with 6 asterisk symbols: ******\nIn other words, the "
              "answer should look like this:\n[fable]\n******\n[limerick]")
    layout = build_layout(prompt, [TWO], [{}])
    the_plan = plan_all(layout)
    texts = [text for text in the_plan.unit_text.values() if text]
    assert any(text.startswith("Separate the fable and the limerick with 6") for text in texts)
    assert the_plan.render == []
    # …and a cousin that keeps the rewording without it is refused.
    cousin = ("Can you write a fable about a fox, then retell it as a limerick? Give two "
              "different answers with ****** between them.\nIn other words, the answer "
              "should look like this:\n[fable]\n******\n[limerick]")
    assert "rewording" in [drop.what for drop in dropped_from(prompt, [TWO], [{}], cousin)]


def test_parts_only_the_statement_names_keep_it_word_for_word():
    prompt = ("Write a checklist for moving house. Put your final summary after 6 "
              "asterisk symbols (******).")
    layout = build_layout(prompt, [TWO], [{}])
    the_plan = plan_all(layout)
    assert the_plan.render == []
    assert "Put your final summary after 6 asterisk symbols (******)." in \
        the_plan.unit_text.values()
    generic = "Write a checklist for moving house. Write two different answers with ******."
    assert ("word", "summary") in [(drop.what, drop.value)
                                   for drop in dropped_from(prompt, [TWO], [{}], generic)]


def test_a_count_said_only_as_a_whole_stays_next_to_its_kept_sentence():
    prompt = ("Write a plan for a small bakery. The plan should contain 4 or more sections. "
              "Highlight each section name like this:\n*section name*")
    layout = build_layout(prompt, ["detectable_format:number_highlighted_sections"],
                          [{"num_highlights": 4}])
    assert _unit(layout, "The plan should").kept and _unit(layout, "Highlight each").kept
    texts = [text for text in plan_all(layout).unit_text.values() if text]
    assert "The plan should contain 4 or more sections." in texts


def test_a_statement_saying_what_goes_in_the_brackets_stays_word_for_word():
    # "Put the name in double angular brackets" became "include a title …" in three cousins.
    from ifevalpp.generate.prompt.layout import build_layout

    prompt = ("Invent a bakery for night owls and give it a catchy name. Put the name in "
              "double angular brackets, such as <<name>>.")
    layout = build_layout(prompt, ["detectable_format:title"], [{}])
    assert [unit.kept for unit in layout.units] == [False, True]
