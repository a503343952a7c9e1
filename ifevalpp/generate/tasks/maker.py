"""New tasks of our own: genre × subject × audience × purpose, worded by a grammar.

A reconfiguration that replaces the task must not borrow another case's task
(that is another family's prompt, and the IFEval++ construct is a new task), and
the new task must suit the constraints it carries: a JSON constraint needs data
to structure, "answer yes, no or maybe" needs a question, a postscript reads
naturally after a letter. So every genre in `templates/tasks/genres.json` lists
its *features* (prose, paragraphs, list, structured, question, letter, poem,
short, long, alternatives, title, sections, repeatable, keywords, fillable) and the
length range a person would ask for; an instruction type says which features it needs
or rules out, what length it states and what room it needs, and `TaskMaker.make` only
draws from genres that fit: a stated length must bite (no cap a haiku meets by itself),
and a frame calling the piece short is not used beside a long minimum.

Subjects (`templates/tasks/subjects.json`) are ours, several hundred of them,
grouped by kind; the sentence around them comes from `templates/tasks/task.grammar`.
Usage is spread (rarely used genres, subjects and wordings first) and a task is
never produced twice by one `TaskMaker`. Each task carries the words it invites
(tasks/vocabulary.py), for the word constraints a task swap carries.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass
from typing import Iterable, Literal, Optional, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field

from ...wording import Sampler, Usage, load
from ...constraints.support.wording import load_json
from .vocabulary import task_words

TASK_FEATURES: frozenset[str] = frozenset({
    "prose", "paragraphs", "list", "structured", "question", "letter", "poem", "short", "long",
    "alternatives", "title", "sections", "repeatable", "keywords", "fillable", "items",
    "steps", "quoted", "first_person", "options", "entries", "spoken", "press", "sincere",
    "first_steps"})
CLASSES: frozenset[str] = frozenset({"make", "give", "plan", "explain", "describe", "ask", "compare",
                                     "rewrite"})
_SLOT = re.compile(r"\{(\w+)\}")
# A frame that calls the piece short or brief ("a short guide") is not used beside a
# minimum above this many words, or above half the genre's longest piece: no one asks for
# a short guide of 1,100 words, or a short poem of 14 sentences.
SHORT_FRAME_WORDS = 400
# Nor beside a minimum of this many words (twenty sentences at twelve words): "a short
# made-up biography" of 25 sentences or more reads as a contradiction (read KA).
SHORT_FRAME_MINIMUM = 240
_SHORT = re.compile(r"\b(?:short|brief)\b", re.IGNORECASE)
# A piece that must give steps (an end line on "the steps listed above") is no guide to a
# place (read BBH: "a guide to visiting a mountain region … next steps").
_NO_STEPS = re.compile(r"\{destination\}")
# A frame whose subject a caller may replace with the original's own (`about`): a topic, said
# plainly ("an essay about {topic}"); never a character, a happening or the asker's own life
# ("a diary entry about the history of Martin Van Buren's presidency", "a personal essay
# about …": strict reads AQ, AR).
_ABOUT_TOPIC = re.compile(r"^an? (?!personal\b)[\w -]+ about \{topic\}$")
# A frame that dedicates the piece to someone ("a poem for {person}", "a speech in honour
# of {person}"): the piece is for them, so no purpose of the asker's besides ("… for a
# workshop I am running next week").


class Genre(BaseModel):
    """One kind of piece a task can ask for (an entry of tasks/genres.json)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    noun: str
    plural: bool = False
    cls: str = Field(alias="class")
    frames: tuple[str, ...]
    features: frozenset[str]
    words: tuple[int, int]
    audience: bool
    snappy: bool = False
    purpose: Union[Literal[False], Literal["aloud", "print", "perform", "card", "quiz", "deliver"]] = False
    records: bool = False
    personal: bool = False
    # Published or delivered to many (an article, a speech): written for a group of readers,
    # never one relative ("a blog post for my teenage niece").
    crowd: bool = False
    # The kind of closing line an end phrase must be (templates/phrases/words.json,
    # end_phrase_pieces), where the noun and features do not say it (a speech).
    ending: Optional[str] = None
    # A feature the needs must name before the genre is drawn at all ("quoted": the rewrite
    # of a quoted sentence stands in only for a request to copy that held a quotation).
    drawn_for: Optional[str] = None
    # Takes a topic that is a scene or a little story (tasks/subjects.json `told`): a poem or
    # a joke about "a conversation between the moon and the sun", never a speech (read BBQ).
    tells: bool = False

    @property
    def typical(self) -> int:
        """The length a piece of this kind typically runs to (the middle of its range): what
        it has room for without being stretched (25 all-caps words want a longer piece than
        a thank-you note)."""
        return (self.words[0] + self.words[1]) // 2

    def closing(self) -> str:
        """The kind of closing line that ends a piece of this kind (generate/piece.py:
        end_register): a line of verse for a poem, a sign-off for a letter, a word to the
        readers for a long piece."""
        if self.ending:
            return self.ending
        from ..piece import end_register, text_features

        found = set(text_features(self.noun))
        found |= {"verse"} if "poem" in self.features else set()
        found |= {"letter"} if "letter" in self.features else set()
        found |= {"long"} if "long" in self.features else set()
        return end_register(frozenset(found))

    def slots(self) -> set[str]:
        return {slot for frame in self.frames for slot in _SLOT.findall(frame)}


@dataclass(frozen=True)
class Task:
    """A task sentence and what it is: its noun ("limerick"), features, natural length."""

    text: str
    genre: str
    noun: str
    plural: bool
    features: frozenset[str]
    words: tuple[int, int]
    subjects: tuple[str, ...]
    # The subject's nouns, words an answer will use anyway, and words the piece invites
    # without the task saying them (generate/tasks/vocabulary.py): for the word constraints
    # a task swap carries.
    nouns: tuple[str, ...] = ()
    uses: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()
    # The kind of closing line an end phrase must be for this piece (`Genre.closing`).
    ending: str = "answer"


def _shares_a_word(frame: str, subject: str) -> bool:
    """Whether `subject` repeats a word of four letters or more that `frame` says outside its
    slots: the task would say it twice."""
    said = {word.lower() for word in re.findall(r"[A-Za-z]{4,}", _SLOT.sub(" ", frame))}
    return any(word.lower() in said for word in re.findall(r"[A-Za-z]{4,}", subject))


@dataclass(frozen=True)
class Catalogue:
    genres: tuple[Genre, ...]
    subjects: dict[str, tuple[str, ...]]
    told: frozenset[str] = frozenset()  # topics only a genre that `tells` takes

    def pool(self, genre: Genre, hole: str) -> tuple[str, ...]:
        """The subjects `genre` may take for a slot of kind `hole`."""
        if hole != "topic" or genre.tells:
            return self.subjects[hole]
        return tuple(subject for subject in self.subjects[hole] if subject not in self.told)


@functools.lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """Genres and subjects, checked: known features and classes, every slot has subjects."""
    raw_subjects = load_json("tasks/subjects.json")
    subjects = {kind: tuple(items) for kind, items in raw_subjects.items()
                if not kind.startswith("_") and kind != "told"}
    told = frozenset(raw_subjects.get("told", ()))
    if told - set(subjects["topic"]):
        raise ValueError(f"tasks/subjects.json: told names {sorted(told - set(subjects['topic']))}"
                         f", which are no topics")
    genres = tuple(Genre.model_validate(item) for item in load_json("tasks/genres.json")["genres"])
    for genre in genres:
        unknown = genre.features - TASK_FEATURES
        if unknown:
            raise ValueError(f"tasks/genres.json: genre {genre.id} has unknown features {sorted(unknown)}")
        if genre.cls not in CLASSES:
            raise ValueError(f"tasks/genres.json: genre {genre.id} has unknown class {genre.cls!r}")
        missing = genre.slots() - set(subjects)
        if missing:
            raise ValueError(f"tasks/genres.json: genre {genre.id} names subject kinds "
                             f"{sorted(missing)} that tasks/subjects.json lacks")
    return Catalogue(genres, subjects, told)


def _frames(genre: Genre, needs: set[str], words: tuple[Optional[int], Optional[int]],
            room: Optional[int], about: bool) -> list[str]:
    """The frames of `genre` that suit: none that calls the piece short beside what needs much
    room ("a short essay" of ten paragraphs, read TA) or a piece that must stay long ("a short
    made-up biography" for an essay, read BBE); only "… about {subject}" with `about`; no
    guide to a place for a piece that must give steps."""
    short_limit = min(SHORT_FRAME_WORDS, genre.words[1] // 2, SHORT_FRAME_MINIMUM)
    long_asked = bool(words[0] and words[0] >= short_limit or room and room >= short_limit
                      or "long" in needs)
    return [frame for frame in genre.frames
            if not (long_asked and _SHORT.search(frame))
            and (not about or _ABOUT_TOPIC.search(frame))
            and not ("steps" in needs and _NO_STEPS.search(frame))]


class TaskMaker:
    """Draws new tasks that suit given needs, spreading usage; deterministic for a seed."""

    def __init__(self, rng: random.Random, usage: Optional[Usage] = None):
        self.rng = rng
        self.sampler = Sampler(rng, usage)
        self.grammar = load("tasks/task")
        self.catalogue = catalogue()
        self.made: set[str] = set()

    def genres_for(self, needs: Iterable[str] = (), avoids: Iterable[str] = (),
                   words: tuple[Optional[int], Optional[int]] = (None, None),
                   room: Optional[int] = None, bites: Optional[int] = None) -> list[Genre]:
        """Genres having every feature in `needs`, none in `avoids`, whose natural length
        fits the length the constraints state (`words`: a minimum and a cap; None: open),
        whose typical piece has `room` for what they ask (words for 25 all-caps words, 20
        placeholders) and whose longest runs to `bites` words (no ban on commas in a
        slogan). A stated length must bite: a minimum above the genre's shortest natural
        piece, a cap below its longest (no 220-word cap on a haiku, which meets it by
        itself)."""
        needs, avoids = frozenset(needs), frozenset(avoids)
        for feature in needs | avoids:
            if feature not in TASK_FEATURES:
                raise ValueError(f"unknown task feature {feature!r}; known: {', '.join(sorted(TASK_FEATURES))}")
        low, high = words
        return [genre for genre in self.catalogue.genres
                if needs <= genre.features and not (avoids & genre.features)
                and (genre.drawn_for is None or genre.drawn_for in needs)
                and (low is None or genre.words[0] < low <= genre.words[1])
                and (high is None or genre.words[0] <= high < genre.words[1])
                and (room is None or genre.typical >= room)
                and (bites is None or genre.words[1] >= bites)]

    def make(self, *, needs: Iterable[str] = (), avoids: Iterable[str] = (),
             words: tuple[Optional[int], Optional[int]] = (None, None),
             room: Optional[int] = None, bites: Optional[int] = None,
             exclude: Iterable[str] = (), tries: int = 12,
             slot: Optional[int] = None, taken_subjects: Sequence[str] = (),
             about: bool = False, endings: Optional[frozenset[str]] = None,
             nouns: Optional[frozenset[str]] = None) -> Optional[Task]:
        """A new task suiting the needs, not in `exclude` and not made before, about no subject
        one of `taken_subjects` (texts: a family's prompts so far) names already; None if no
        genre fits (the caller then keeps the original task or drops the cousin). With
        `slot`, the genre is the slot-th of those that fit (a family's cousins pass
        consecutive slots, so no two of them get the same kind of piece). With `about`, only
        frames of the shape "… about {subject}", whose subject a caller may replace. With
        `endings`, only genres whose closing line is of one of these kinds (`Genre.closing`:
        an end line of the original that only an answer can close). With `nouns`, only
        genres of those nouns (a piece the task's own asks name)."""
        genres = self.genres_for(needs, avoids, words, room, bites)
        if endings is not None:
            genres = [genre for genre in genres if genre.closing() in endings]
        if nouns is not None:
            genres = [genre for genre in genres if genre.noun.lower() in nouns]
        if about:
            genres = [genre for genre in genres
                      if any(_ABOUT_TOPIC.search(f) for f in genre.frames)]
        if not genres:
            return None
        excluded = set(exclude)
        for turn in range(tries):
            if slot is not None and turn < len(genres):
                genre = genres[(slot + turn * 3) % len(genres)]
            else:
                genre = genres[self.sampler.choose([f"genre:{g.id}" for g in genres])]
            frames = _frames(genre, set(needs), words, room, about)
            if not frames:
                # A genre none of whose frames suits (a biography's only frame calls it short,
                # beside a long piece) is drawn no more: the least used, it was drawn each try.
                genres = [other for other in genres if other is not genre]
                if not genres:
                    return None
                continue
            frame = frames[self.sampler.choose([f"frame:{genre.id}:{f}" for f in frames])]
            chosen: list[str] = []
            np = frame
            for hole in _SLOT.findall(frame):
                pool = [s for s in self.catalogue.pool(genre, hole) if s not in chosen]
                # Not "an opening speech for the opening of a community garden" (read CFP).
                pool = [s for s in pool if not _shares_a_word(frame, s)] or pool
                subject = pool[self.sampler.choose([f"subject:{hole}:{s}" for s in pool])]
                chosen.append(subject)
                np = np.replace("{" + hole + "}", subject, 1)
            # No "for busy parents" or "so I can perform it at a family party" tail: a strict
            # read found them attached to the wrong noun or unfit for the piece.
            params = {"np": np, "cls": genre.cls, "snappy": genre.snappy, "audience": False,
                      "purpose": False, "use": genre.purpose or None,
                      "poem": "poem" in genre.features,
                      "records": genre.records, "personal": genre.personal,
                      "crowd": genre.crowd,
                      "np_count": 2 if genre.plural else 1}
            rendered = self.sampler.render(self.grammar, "task", params, record=False)
            if rendered.text in self.made or rendered.text in excluded or any(
                    subject.lower() in text.lower() for subject in chosen
                    for text in taken_subjects):
                continue  # two cousins of a family about the one concert ticket
            self.sampler.usage.record(rendered)
            self.sampler.usage.choices.update([f"genre:{genre.id}", f"frame:{genre.id}:{frame}"]
                                              + [f"subject:{hole}:{s}" for hole, s in
                                                 zip(_SLOT.findall(frame), chosen)])
            self.made.add(rendered.text)
            nouns, uses, suits = task_words(genre.id, _SLOT.findall(frame), chosen)
            # A word to include is one the request does not say already (its audience too).
            said = set(re.findall(r"[a-z]+", rendered.text.lower()))
            suits = tuple(word for word in suits if word not in said)
            return Task(rendered.text, genre.id, genre.noun, genre.plural, genre.features,
                        genre.words, tuple(chosen), nouns, uses, suits, genre.closing())
        return None
