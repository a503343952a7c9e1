"""The one sentence splitter of prompts (ifevalpp/generate/sentences.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ifevalpp.generate
from ifevalpp.generate.sentences import (AT_EVERY_STOP, CAPITAL_OR_MASKED, abbreviations,
                                         first_sentence, sentence_spans, sentences)


@pytest.mark.parametrize("text, expected", [
    ("Write a poem. Keep it short.", ["Write a poem.", "Keep it short."]),
    ("Ask Dr. Lee, e.g. by mail. Then wait.", ["Ask Dr. Lee, e.g. by mail.", "Then wait."]),
    ("Thank J. Smith. Then go.", ["Thank J. Smith.", "Then go."]),
    ('Repeat "Stop. Go." exactly. Then stop.', ['Repeat "Stop. Go." exactly.', "Then stop."]),
    ('Say "Hi." Then leave.', ['Say "Hi."', "Then leave."]),
    ("Start with P.S. Use no commas.", ["Start with P.S.", "Use no commas."]),
    ("Add a P.P.S Thanks for reading", ["Add a P.P.S", "Thanks for reading"]),
    ("Meet at 5 p.m. or later. Bring tea.", ["Meet at 5 p.m. or later.", "Bring tea."]),
    ("One line\nAnother line.", ["One line", "Another line."]),
    ("  Padded.   Text.  ", ["Padded.", "Text."]),
    ("", []),
])
def test_sentences(text, expected):
    assert sentences(text) == expected
    assert [text[start:end] for start, end in sentence_spans(text)] == expected


def test_the_cheap_cut_splits_at_every_stop_and_line():
    text = "Dr. Lee said hi. see you\n\nsoon!"
    assert sentences(text, **AT_EVERY_STOP) == ["Dr.", "Lee said hi.", "see you", "soon!"]
    assert first_sentence("  Write it. Now.", **AT_EVERY_STOP) == "Write it."
    assert first_sentence("") == ""


def test_the_rewriters_cut():
    options = dict(starts=CAPITAL_OR_MASKED, closers=False, initials=False, quoted=False,
                   markers=False, lines=False)
    text = "Ask Mr.  Lee.\nThen \ue001 goes. \ue002 stays."
    assert sentences(text, **options) == ["Ask Mr.  Lee.", "Then \ue001 goes.", "\ue002 stays."]
    assert sentences(text, rejoin=" ", **options)[0] == "Ask Mr. Lee."


def test_one_abbreviation_list():
    known = abbreviations()
    assert len(set(known)) == len(known)
    assert {"e.g.", "i.e.", "Mr.", "Dr.", "U.S.", "a.m.", "approx.", "Prof."} <= set(known)
    assert "P.S." not in known  # "… starts with P.S. Use …" ends its sentence


GENERATE = Path(ifevalpp.generate.__file__).parent
# The splitter itself, and what the naturalness rewrite (issue 29, Build 2) switches over.
OWN_SPLITTERS = ("sentences.py", "naturalness.py", "rules/")


def test_no_other_sentence_splitting_pattern_in_generate():
    found = []
    for path in sorted(GENERATE.rglob("*.py")):
        name = path.relative_to(GENERATE).as_posix()
        if name.startswith(OWN_SPLITTERS):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                    "(?<=[.!?])" in node.value or "(?<=[.?!])" in node.value):
                found.append(f"{name}:{node.lineno}")
    assert not found, f"split sentences with ifevalpp.generate.sentences instead: {found}"
