"""A language name used of a person is not a statement of the reply's language."""

from __future__ import annotations

from ifevalpp.constraints import get

LANGUAGE = get("language:response_language")


def _starts(prompt: str, language: str) -> set[int]:
    found = LANGUAGE.statements(prompt, LANGUAGE.Params(language=language), edits=True)
    return {item.phrase.start for item in found if "value" in item.role}


def test_meeting_a_gujarati_is_a_person_not_the_language():
    prompt = "What should I ask when meeting a Gujarati? Answer in Gujarati only."
    assert _starts(prompt, "gu") == {prompt.rindex("Gujarati")}


def test_the_persian_language_is_the_language():
    prompt = "Write a poem in the Persian language."
    assert _starts(prompt, "fa") == {prompt.index("Persian")}
