"""English in one home (issue 29, Build 1): no string literal in ifevalpp/generate/ lists three
or more English words as alternatives of a pattern ("\\b(?:and|or|but)\\b"); such a list lives
in a table of templates/phrases/ and reaches the code through ifevalpp/generate/phrase_tables.py.

The scanner reads every module with `ast`, so comments and the code around a literal do not
matter: each string constant (each piece of an f-string, with its replacement fields as a
neutral gap) is parsed as a pattern, and every alternation in it — at the top level and inside
each group — is counted. An alternative is a plain English word or phrase when, with its word
boundaries and whitespace escapes read as nothing or a space, it holds letters, apostrophes,
hyphens and spaces only (a trailing optional letter, as in "words?", included).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator

import ifevalpp.generate

GENERATE = Path(ifevalpp.generate.__file__).parent

# Every module is scanned (the naturalness rules read their English from
# templates/phrases/naturalness.json too).
NOT_YET_SCANNED: tuple[str, ...] = ()

THRESHOLD = 3

# A replacement field of an f-string stands in the scanned text as this character: never part
# of a plain word, never a pattern's metacharacter.
_FIELD = "\x00"
_PLAIN = re.compile(r"[A-Za-z](?:[A-Za-z'’ -]*[A-Za-z])?s?\??")
_NOTHING = re.compile(r"\\b|\\B|\\[<>]")
_SPACE = re.compile(r"\\s[+*]?|\\ | [+*]")


def _plain_word(alternative: str) -> bool:
    text = _SPACE.sub(" ", _NOTHING.sub("", alternative)).strip()
    return bool(_PLAIN.fullmatch(text))


def _alternations(pattern: str) -> Iterator[list[str]]:
    """The alternatives of every alternation in `pattern`, one list per group (the top level
    included); a nested group stands in its alternative as a neutral character. Unbalanced
    brackets (a piece of a pattern built in parts) are tolerated."""
    stack: list[list[str]] = [[""]]
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            stack[-1][-1] += pattern[index:index + 2]
            index += 2
            continue
        if char == "[":  # a character class: one neutral item
            end = index + 1
            if end < len(pattern) and pattern[end] == "^":
                end += 1
            if end < len(pattern) and pattern[end] == "]":
                end += 1
            while end < len(pattern) and pattern[end] != "]":
                end += 2 if pattern[end] == "\\" else 1
            stack[-1][-1] += _FIELD
            index = end + 1
            continue
        if char == "(":
            # Skip the group's own prefix ("?:", "?P<name>", "?<!", "?i)") so it is not text.
            prefix = re.match(r"\(\?(?:P<\w+>|[:=!]|<[=!]|[a-zA-Z]+(?:-[a-zA-Z]+)?[:)])?", pattern[index:])
            step = len(prefix.group(0)) if prefix else 1
            if prefix and prefix.group(0).endswith(")") and len(prefix.group(0)) > 3:
                index += step  # an inline flag, "(?i)": no group
                continue
            stack.append([""])
            index += step
            continue
        if char == ")":
            if len(stack) > 1:
                yield stack.pop()
                stack[-1][-1] += _FIELD
            else:
                yield stack[0]
                stack[0] = [""]
            index += 1
            continue
        if char == "|":
            stack[-1].append("")
            index += 1
            continue
        stack[-1][-1] += char
        index += 1
    while stack:
        yield stack.pop()


def listed_words(pattern: str) -> list[str]:
    """The plain English words of the longest such alternation in `pattern`."""
    best: list[str] = []
    for alternatives in _alternations(pattern):
        if len(alternatives) < 2:
            continue
        plain = [item for item in alternatives if _plain_word(item)]
        if len(plain) > len(best):
            best = plain
    return best


def word_lists(source: str, filename: str = "<source>") -> list[tuple[int, list[str]]]:
    """(line, words) of every string literal of `source` that lists THRESHOLD or more English
    words as alternatives."""
    tree = ast.parse(source, filename)
    inside_fstrings: set[int] = set()
    found: list[tuple[int, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = ""
            for part in node.values:
                inside_fstrings.add(id(part))
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    text += part.value
                else:
                    text += _FIELD
            words = listed_words(text)
            if len(words) >= THRESHOLD:
                found.append((node.lineno, words))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                id(node) not in inside_fstrings:
            words = listed_words(node.value)
            if len(words) >= THRESHOLD:
                found.append((node.lineno, words))
    return sorted(found)


def _scanned() -> list[Path]:
    return sorted(path for path in GENERATE.rglob("*.py")
                  if not path.relative_to(GENERATE).as_posix().startswith(NOT_YET_SCANNED))


def test_no_regex_literal_lists_english_words():
    offenders = [f"ifevalpp/generate/{path.relative_to(GENERATE).as_posix()}:{line}: "
                 f"{'|'.join(words)}"
                 for path in _scanned()
                 for line, words in word_lists(path.read_text(encoding="utf-8"), str(path))]
    assert not offenders, ("regex literals that list English words (move them to a table of "
                           "templates/phrases/, read through generate/phrase_tables.py):\n"
                           + "\n".join(offenders))


def test_the_scan_covers_generate():
    names = {path.relative_to(GENERATE).as_posix() for path in _scanned()}
    assert {"plain_answer.py", "piece.py", "fairness.py", "rewrite/context.py", "prompt/residue.py"} <= names


# The scanner itself: it must be able to fail.

_SYNTHETIC = '''
import re
A = re.compile(r"\\b(?:and|or|but)\\b")
B = re.compile(r"[.!?]\\s+|\\n+")
C = "(?:one|a single|1)\\\\s+(?:short\\\\s+)?(?:sentence|line|word)"
D = f"(?:{x}|alpha|beta)"
E = f"^(?:{x})\\\\s+(?:make sure|be sure|remember|don't forget)\\\\b"
F = "the cat | the dog"
G = r"(?:\\d|\\b(?:words?|sentences?|paragraphs?))$"
H = r"(?i)(?:can|could|would) you\\b"
'''


def test_scanner_flags_a_word_list():
    found = dict(word_lists(_SYNTHETIC))
    assert found[3] == ["and", "or", "but"]
    assert found[5] == ["sentence", "line", "word"]
    assert found[7] == ["make sure", "be sure", "remember", "don't forget"]
    assert found[9] == ["words?", "sentences?", "paragraphs?"]
    assert found[10] == ["can", "could", "would"]
    assert 4 not in found and 6 not in found and 8 not in found  # marks, a field, two words


def test_scanner_finds_an_offending_file(tmp_path):
    module = tmp_path / "offending.py"
    module.write_text('WORDS = r"\\b(?:here is|here are|here you go)\\b"\n', encoding="utf-8")
    assert word_lists(module.read_text(encoding="utf-8"), str(module)) == [
        (1, ["here is", "here are", "here you go"])]


# Request frames in one place: requests.json "frame_openings", read by frame_openings_table().

def test_every_polite_request_is_one_frame():
    from ifevalpp.generate.phrase_tables import frame_openings_table

    frames = frame_openings_table()
    for opening in ("could you", "can you", "would you", "will you", "would you mind",
                    "any chance you could", "may i ask you to", "is it possible",
                    "what i'd like is", "i would like you to", "i want you to",
                    "it would be great if you could", "your task is to"):
        assert frames.canonical[opening] == "request", opening
    assert frames.canonical["please make sure"] == "make sure"


def test_frame_openings_are_listed_once_longest_first():
    from ifevalpp.generate.phrase_tables import frame_openings_table

    frames = frame_openings_table()
    assert len(set(frames.openings)) == len(frames.openings) == len(frames.canonical)
    assert [len(opening) for opening in frames.openings] == sorted(
        (len(opening) for opening in frames.openings), reverse=True)
    for name, openings in frames.classes.items():
        assert all(opening == opening.lower() for opening in openings)
        assert name == "request" or openings[0] == name
    assert frames.openings.index("would you mind") < frames.openings.index("would you")


def test_the_rewriters_frames_open_with_a_known_opening():
    from ifevalpp.generate.phrase_tables import Known, frame_openings_table

    known = Known("requests")
    openings = frame_openings_table().openings
    for frame in known.frames("question") + known.frames("statement"):
        if frame.startswith(("{", "Please")):
            continue  # the bare imperative; "please" is a word of its own, said once a prompt
        assert frame.lower().startswith(openings), frame


def test_the_rewriter_reads_its_frames_from_the_table():
    from ifevalpp.generate.rewrite.context import _checking
    from ifevalpp.generate.rewrite.engine import _same_frame

    assert _same_frame("I would like you to write a poem.", "I'd like you to check it.")
    assert _same_frame("Could you write a poem?", "I'd like you to check it.")
    assert _same_frame("Please make sure it rhymes.", "Be sure to keep it short.")
    assert not _same_frame("Write a poem.", "I'd like you to check it.")
    assert _checking().match("don't forget the title")
