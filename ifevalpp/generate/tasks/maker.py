"""New tasks of our own: genre × subject × audience × purpose, worded by a grammar.

A reconfiguration that replaces the task must not borrow another case's task
(that is another family's prompt, and the IFEval++ construct is a new task), and
the new task must suit the constraints it carries: a JSON constraint needs data
to structure, "answer yes, no or maybe" needs a question, a postscript reads
naturally after a letter. So every genre in `templates/tasks/genres.json` lists
its *features* (prose, paragraphs, list, structured, question, letter, poem,
short, long, alternatives, title, sections, repeatable, keywords) and the length
range a person would ask for; an instruction type says which features it needs
or rules out, and `TaskMaker.make` only draws from genres that fit.

Subjects (`templates/tasks/subjects.json`) are ours, several hundred of them,
grouped by kind; the sentence around them comes from `templates/tasks/task.grammar`.
Usage is spread (rarely used genres, subjects and wordings first) and a task is
never produced twice by one `TaskMaker`.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass
from typing import Iterable, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from ...wording import Sampler, Usage, load
from ...constraints.support.wording import load_json

FEATURES: frozenset[str] = frozenset({
    "prose", "paragraphs", "list", "structured", "question", "letter", "poem", "short", "long",
    "alternatives", "title", "sections", "repeatable", "keywords"})
CLASSES: frozenset[str] = frozenset({"make", "give", "plan", "explain", "describe", "ask", "compare"})
_SLOT = re.compile(r"\{(\w+)\}")


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


@dataclass(frozen=True)
class Catalogue:
    genres: tuple[Genre, ...]
    subjects: dict[str, tuple[str, ...]]


@functools.lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """Genres and subjects, checked: known features and classes, every slot has subjects."""
    raw_subjects = load_json("tasks/subjects.json")
    subjects = {kind: tuple(items) for kind, items in raw_subjects.items() if not kind.startswith("_")}
    genres = tuple(Genre.model_validate(item) for item in load_json("tasks/genres.json")["genres"])
    for genre in genres:
        unknown = genre.features - FEATURES
        if unknown:
            raise ValueError(f"tasks/genres.json: genre {genre.id} has unknown features {sorted(unknown)}")
        if genre.cls not in CLASSES:
            raise ValueError(f"tasks/genres.json: genre {genre.id} has unknown class {genre.cls!r}")
        missing = genre.slots() - set(subjects)
        if missing:
            raise ValueError(f"tasks/genres.json: genre {genre.id} names subject kinds "
                             f"{sorted(missing)} that tasks/subjects.json lacks")
    return Catalogue(genres, subjects)


class TaskMaker:
    """Draws new tasks that suit given needs, spreading usage; deterministic for a seed."""

    def __init__(self, rng: random.Random, usage: Optional[Usage] = None):
        self.rng = rng
        self.sampler = Sampler(rng, usage)
        self.grammar = load("tasks/task")
        self.catalogue = catalogue()
        self.made: set[str] = set()

    def genres_for(self, needs: Iterable[str] = (), avoids: Iterable[str] = (),
                   words: tuple[Optional[int], Optional[int]] = (None, None)) -> list[Genre]:
        """Genres having every feature in `needs`, none in `avoids`, whose natural length
        overlaps `words` (a (minimum, maximum) the constraints require; None: open)."""
        needs, avoids = frozenset(needs), frozenset(avoids)
        for feature in needs | avoids:
            if feature not in FEATURES:
                raise ValueError(f"unknown task feature {feature!r}; known: {', '.join(sorted(FEATURES))}")
        low, high = words
        return [genre for genre in self.catalogue.genres
                if needs <= genre.features and not (avoids & genre.features)
                and (low is None or genre.words[1] >= low) and (high is None or genre.words[0] <= high)]

    def make(self, *, needs: Iterable[str] = (), avoids: Iterable[str] = (),
             words: tuple[Optional[int], Optional[int]] = (None, None),
             exclude: Iterable[str] = (), tries: int = 12,
             slot: Optional[int] = None) -> Optional[Task]:
        """A new task suiting the needs, not in `exclude` and not made before; None if no
        genre fits (the caller then keeps the original task or drops the cousin). With
        `slot`, the genre is the slot-th of those that fit (a family's cousins pass
        consecutive slots, so no two of them get the same kind of piece)."""
        genres = self.genres_for(needs, avoids, words)
        if not genres:
            return None
        excluded = set(exclude)
        for turn in range(tries):
            if slot is not None and turn < len(genres):
                genre = genres[(slot + turn * 3) % len(genres)]
            else:
                genre = genres[self.sampler.choose([f"genre:{g.id}" for g in genres])]
            frame = genre.frames[self.sampler.choose([f"frame:{genre.id}:{f}" for f in genre.frames])]
            chosen: list[str] = []
            np = frame
            for hole in _SLOT.findall(frame):
                pool = [s for s in self.catalogue.subjects[hole] if s not in chosen]
                subject = pool[self.sampler.choose([f"subject:{hole}:{s}" for s in pool])]
                chosen.append(subject)
                np = np.replace("{" + hole + "}", subject, 1)
            # At most one of "for whom" and "what for", so the sentence stays easy to read;
            # a purpose only for pieces people read or hear (not lists or data).
            audience = genre.audience and " for " not in np
            purpose = genre.purpose
            if audience and purpose:
                audience = self.rng.random() < 0.5
                purpose = not audience
            params = {"np": np, "cls": genre.cls, "snappy": genre.snappy, "audience": audience,
                      "purpose": bool(purpose), "use": genre.purpose or None,
                      "poem": "poem" in genre.features,
                      "records": genre.records, "personal": genre.personal,
                      "np_count": 2 if genre.plural else 1}
            rendered = self.sampler.render(self.grammar, "task", params, record=False)
            if rendered.text in self.made or rendered.text in excluded:
                continue
            self.sampler.usage.record(rendered)
            self.sampler.usage.choices.update([f"genre:{genre.id}", f"frame:{genre.id}:{frame}"]
                                              + [f"subject:{hole}:{s}" for hole, s in
                                                 zip(_SLOT.findall(frame), chosen)])
            self.made.add(rendered.text)
            return Task(rendered.text, genre.id, genre.noun, genre.plural, genre.features,
                        genre.words, tuple(chosen))
        return None
