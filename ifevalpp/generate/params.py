"""Reconfiguration: a different, valid parameter setting for each instruction type.

`reconfigure(instruction_id, params, rng, profile=...)` returns new Params of the
same type that differ from `params` in at least one value; `compatible(...)`
says whether a whole set of constraints can still be satisfied together (and
why not). Numbers stay within ranges a person would ask for; relations flip
between the profile's relations (`at most` and `around` only for `revised`);
words, letters, languages, markers, section words, end phrases and first words
come from the lists in `templates/phrases/words.json`.

`rng` is a `random.Random` or a `numpy.random.Generator`; nothing here touches
global random state.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional, Sequence

from ..constraints import parse_params
from ..profiles import Profile
from ..constraints.support.wording import load_json

OFFICIAL_RELATIONS = ("less than", "at least")
REVISED_RELATIONS = ("less than", "at least", "at most", "around")

# Values a person would plausibly ask for, per relation.
WORDS = {"at least": (50, 80, 100, 120, 150, 200, 250, 300, 350, 400, 500, 600, 800),
         "less than": (40, 50, 80, 100, 120, 150, 200, 250, 300, 400, 500),
         "at most": (40, 50, 80, 100, 120, 150, 200, 250, 300, 400),
         "around": (100, 150, 200, 250, 300, 400, 500)}
SENTENCES = {"at least": (2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30),
             "less than": (3, 4, 5, 6, 8, 10, 12, 15, 20),
             "at most": (2, 3, 4, 5, 6, 8, 10, 12, 15),
             "around": (5, 6, 8, 10, 12, 15, 20)}
CAPITALS = {"at least": (2, 3, 4, 5, 6, 8, 10, 12, 15),
            "less than": (2, 3, 4, 5, 6, 8, 10, 12, 15, 20),
            "at most": (1, 2, 3, 4, 5, 6, 8, 10, 12),
            "around": (6, 8, 10, 12, 15, 20)}
KEYWORD_TIMES = {"at least": (1, 2, 3, 4, 5, 6, 8),
                 "less than": (2, 3, 4, 5),
                 "at most": (1, 2, 3, 4),
                 "around": (6, 8, 10)}
LETTERS_COMMON = {"at least": (5, 10, 15, 20, 25, 30, 40, 50),
                  "less than": (40, 60, 80),
                  "at most": (40, 60, 80),
                  "around": (10, 20, 30, 40)}
LETTERS_RARE = {"at least": (2, 3, 4, 5),
                "less than": (2, 3, 5, 8, 10, 15),
                "at most": (1, 2, 3, 5, 8, 10),
                "around": (6, 10)}
PARAGRAPHS = (2, 3, 4, 5, 6, 7)
PLACEHOLDERS = (1, 2, 3, 4, 5, 6, 8, 10, 12)
BULLETS = (2, 3, 4, 5, 6, 7, 8, 10)
HIGHLIGHTS = (1, 2, 3, 4, 5, 6, 8)
SECTIONS = (2, 3, 4, 5, 6, 7)


# ---------------------------------------------------------------- rng adapter


def _index(rng: Any, size: int) -> int:
    if hasattr(rng, "integers"):
        return int(rng.integers(size))
    return rng.randrange(size)


def choice(rng: Any, items: Sequence[Any]) -> Any:
    if not items:
        raise ValueError("nothing to choose from")
    return items[_index(rng, len(items))]


def chance(rng: Any, probability: float) -> bool:
    if hasattr(rng, "random") and not hasattr(rng, "integers"):
        return rng.random() < probability
    return float(rng.random()) < probability


def sample(rng: Any, items: Sequence[Any], count: int) -> list[Any]:
    pool = list(items)
    picked = []
    for _ in range(min(count, len(pool))):
        picked.append(pool.pop(_index(rng, len(pool))))
    return picked


def words() -> dict[str, Any]:
    return load_json("phrases/words.json")


def relations(profile: Profile) -> tuple[str, ...]:
    return REVISED_RELATIONS if profile == "revised" else OFFICIAL_RELATIONS


# ---------------------------------------------------------------- per type


def _relation_and_value(rng: Any, relation: str, value: int, table: dict[str, Sequence[int]],
                        profile: Profile) -> tuple[str, int]:
    allowed = relations(profile)
    new_relation = relation
    if chance(rng, 0.4) or relation not in allowed:
        new_relation = choice(rng, [item for item in allowed if item != relation] or list(allowed))
    options = [item for item in table[new_relation] if (new_relation, item) != (relation, value)]
    # Prefer a value of the same order of magnitude, so "a short poem" does not get 800 words.
    if new_relation == relation and value:
        close = [item for item in options if value / 3 <= item <= value * 3]
        options = close or options
    return new_relation, choice(rng, options)


def _counted(field: str, relation_field: str, table: dict[str, Sequence[int]]
             ) -> Callable[[Any, Any, Profile], dict[str, Any]]:
    def change(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
        relation, value = _relation_and_value(rng, getattr(params, relation_field),
                                              getattr(params, field), table, profile)
        return {field: value, relation_field: relation}
    return change


def _pick_other(rng: Any, options: Sequence[Any], current: Any) -> Any:
    return choice(rng, [item for item in options if item != current])


def _keyword_frequency(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    result = {"keyword": params.keyword}
    if chance(rng, 0.5):
        result["keyword"] = _pick_other(rng, words()["keywords"], params.keyword.lower())
    relation, value = _relation_and_value(rng, params.relation, params.frequency, KEYWORD_TIMES,
                                          profile)
    if result["keyword"] != params.keyword and chance(rng, 0.5):
        relation, value = params.relation, params.frequency
    result.update(relation=relation, frequency=value)
    return result


def _letter_frequency(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    table = words()
    relation = params.let_relation
    if chance(rng, 0.4):
        relation = _pick_other(rng, relations(profile), relation)
    if relation in ("less than", "at most") and chance(rng, 0.7):
        letter = choice(rng, table["rare_letters"])
        values = LETTERS_RARE[relation]
    else:
        letter = choice(rng, table["common_letters"])
        values = LETTERS_COMMON[relation]
    if letter == params.letter and relation == params.let_relation:
        values = [item for item in values if item != params.let_frequency]
    return {"letter": letter, "let_frequency": choice(rng, values), "let_relation": relation}


def _existence(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    count = max(1, min(3, len(params.keywords)))
    current = {keyword.lower() for keyword in params.keywords}
    pool = [word for word in words()["keywords"] if word not in current]
    return {"keywords": sample(rng, pool, count)}


def _forbidden(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    count = max(1, min(3, len(params.forbidden_words)))
    current = {word.lower() for word in params.forbidden_words}
    pool = [word for word in words()["forbidden"] if word not in current]
    return {"forbidden_words": sample(rng, pool, count)}


def _language(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    return {"language": _pick_other(rng, words()["languages"], params.language)}


def _paragraphs(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    return {"num_paragraphs": _pick_other(rng, PARAGRAPHS, params.num_paragraphs)}


def _nth(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    table = words()
    what = _index(rng, 3)
    num, nth, word = params.num_paragraphs, params.nth_paragraph, params.first_word
    if what == 0:
        word = _pick_other(rng, table["first_words"], word)
    elif what == 1:
        num = _pick_other(rng, PARAGRAPHS, num)
        nth = min(nth, num)
    else:
        options = [item for item in range(1, num + 1) if item != nth]
        if options:
            nth = choice(rng, options)
        else:
            word = _pick_other(rng, table["first_words"], word)
    return {"num_paragraphs": num, "nth_paragraph": nth, "first_word": word}


def _simple(field: str, values: Sequence[int]) -> Callable[[Any, Any, Profile], dict[str, Any]]:
    def change(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
        return {field: _pick_other(rng, values, getattr(params, field))}
    return change


def _sections(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    splitter, count = params.section_spliter, params.num_sections
    what = _index(rng, 3)
    if what in (0, 2):
        count = _pick_other(rng, SECTIONS, count)
    if what in (1, 2):
        splitter = _pick_other(rng, words()["section_words"], splitter)
    return {"section_spliter": splitter, "num_sections": count}


def _postscript(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    return {"postscript_marker": _pick_other(rng, words()["postscript_markers"],
                                             params.postscript_marker)}


def _end_phrase(params: Any, rng: Any, profile: Profile) -> dict[str, Any]:
    return {"end_phrase": _pick_other(rng, words()["end_phrases"], params.end_phrase)}


CHANGERS: dict[str, Callable[[Any, Any, Profile], dict[str, Any]]] = {
    "length_constraints:number_words": _counted("num_words", "relation", WORDS),
    "length_constraints:number_sentences": _counted("num_sentences", "relation", SENTENCES),
    "change_case:capital_word_frequency": _counted("capital_frequency", "capital_relation",
                                                   CAPITALS),
    "keywords:frequency": _keyword_frequency,
    "keywords:letter_frequency": _letter_frequency,
    "keywords:existence": _existence,
    "keywords:forbidden_words": _forbidden,
    "language:response_language": _language,
    "length_constraints:number_paragraphs": _paragraphs,
    "length_constraints:nth_paragraph_first_word": _nth,
    "detectable_content:number_placeholders": _simple("num_placeholders", PLACEHOLDERS),
    "detectable_format:number_bullet_lists": _simple("num_bullets", BULLETS),
    "detectable_format:number_highlighted_sections": _simple("num_highlights", HIGHLIGHTS),
    "detectable_format:multiple_sections": _sections,
    "detectable_content:postscript": _postscript,
    "startend:end_checker": _end_phrase,
}


def reconfigurable(instruction_id: str) -> bool:
    """Whether the type has parameters a reconfiguration can change (repeat_prompt follows the
    prompt, so it is not changed on its own)."""
    return instruction_id in CHANGERS


def reconfigure(instruction_id: str, params: Any, rng: Any, *,
                profile: Profile = "official") -> Any:
    """New Params for `instruction_id`, different from `params` in at least one value."""
    changer = CHANGERS.get(instruction_id)
    if changer is None:
        raise ValueError(f"{instruction_id} has no parameters to reconfigure")
    for _ in range(20):
        kwargs = changer(params, rng, profile)
        new = parse_params(instruction_id, kwargs)
        if new != params:
            return new
    raise ValueError(f"{instruction_id}: could not find a different setting")  # pragma: no cover


# ---------------------------------------------------------------- joint satisfiability

_TOKEN = re.compile(r"\w+")


def _required_texts(ids: Sequence[str], params: Sequence[Any]) -> list[str]:
    """Text a passing response has to contain, whatever else it says."""
    texts: list[str] = []
    for instruction_id, item in zip(ids, params):
        if instruction_id == "keywords:existence":
            texts += list(item.keywords)
        elif instruction_id == "keywords:frequency" and item.relation in ("at least", "around"):
            texts += [item.keyword] * max(1, item.frequency)
        elif instruction_id == "startend:end_checker":
            texts.append(item.end_phrase)
        elif instruction_id == "length_constraints:nth_paragraph_first_word":
            texts.append(item.first_word)
        elif instruction_id == "detectable_format:multiple_sections":
            texts += [item.section_spliter] * item.num_sections
        elif instruction_id == "combination:repeat_prompt":
            texts.append(item.prompt_to_repeat)
        elif instruction_id == "detectable_content:postscript":
            texts.append(item.postscript_marker)
        elif instruction_id == "detectable_format:constrained_response":
            texts.append("My answer is no.")
        elif instruction_id == "combination:two_responses":
            texts.append("******")
    return texts


def compatible(ids: Sequence[str], params: Sequence[Any], *,
               profile: Profile = "official") -> Optional[str]:
    """None when the constraints can hold together; otherwise a one-line reason."""
    allowed = relations(profile)
    for instruction_id, item in zip(ids, params):
        for name in ("relation", "capital_relation", "let_relation"):
            value = getattr(item, name, None)
            if value is not None and value not in allowed:
                return f"{instruction_id}: relation {value!r} is not checked by the {profile} profile"
    required = _required_texts(ids, params)
    required_lower = " ".join(required).lower()
    min_words, max_words = 1, 10 ** 6
    min_sentences, max_sentences = 1, 10 ** 6

    def bound(relation: str, value: int, tolerance: int) -> tuple[int, int]:
        if relation == "at least":
            return value, 10 ** 6
        if relation == "less than":
            return 0, value - 1
        if relation == "at most":
            return 0, value
        return max(0, value - tolerance), value + tolerance

    repeat_words = sum(len(_TOKEN.findall(text)) for text in required)
    min_words = max(min_words, repeat_words)
    has = set(ids)
    for instruction_id, item in zip(ids, params):
        if instruction_id == "length_constraints:number_words":
            low, high = bound(item.relation, item.num_words, 25)
            min_words, max_words = max(min_words, low), min(max_words, high)
        elif instruction_id == "length_constraints:number_sentences":
            low, high = bound(item.relation, item.num_sentences, 2)
            if high < 1:
                return "fewer than one sentence is impossible"
            min_sentences, max_sentences = max(min_sentences, low), min(max_sentences, high)
        elif instruction_id in ("length_constraints:number_paragraphs",
                                "length_constraints:nth_paragraph_first_word"):
            min_sentences = max(min_sentences, item.num_paragraphs)
            min_words = max(min_words, item.num_paragraphs * 8)
            if instruction_id.endswith("first_word") and item.nth_paragraph > item.num_paragraphs:
                return "the paragraph to start with a word is beyond the paragraph count"
        elif instruction_id == "detectable_format:number_bullet_lists":
            min_words = max(min_words, item.num_bullets * 3)
        elif instruction_id == "detectable_content:number_placeholders":
            min_words = max(min_words, item.num_placeholders * 2)
        elif instruction_id == "detectable_format:number_highlighted_sections":
            min_words = max(min_words, item.num_highlights * 2)
        elif instruction_id == "detectable_format:multiple_sections":
            min_words = max(min_words, item.num_sections * 6)
            min_sentences = max(min_sentences, item.num_sections)
        elif instruction_id == "keywords:frequency":
            if item.relation in ("less than", "at most"):
                limit = item.frequency - (1 if item.relation == "less than" else 0)
                present = len(re.findall(re.escape(item.keyword.lower()), required_lower))
                if "keywords:existence" in has:
                    present += 0
                if present > limit:
                    return f"the required text already uses {item.keyword!r} {present} times"
            else:
                min_words = max(min_words, item.frequency * 2)
        elif instruction_id == "keywords:letter_frequency":
            present = required_lower.count(item.letter)
            if item.let_relation == "less than" and present >= item.let_frequency:
                return f"the required text already has {present} × {item.letter!r}"
            if item.let_relation == "at most" and present > item.let_frequency:
                return f"the required text already has {present} × {item.letter!r}"
            if item.let_relation in ("at least", "around"):
                min_words = max(min_words, item.let_frequency // 2)
                if "change_case:english_capital" in has or "change_case:english_lowercase" in has:
                    if not item.letter.isalpha() and item.letter.isalnum():
                        return "a digit count clashes with a case requirement"
        elif instruction_id == "change_case:capital_word_frequency":
            if "change_case:english_lowercase" in has and item.capital_relation in (
                    "at least", "around"):
                return "capital words are required but lowercase only is asked"
            if "change_case:english_capital" in has and item.capital_relation in (
                    "less than", "at most"):
                max_words = min(max_words, item.capital_frequency - 1)
            if item.capital_relation in ("at least", "around"):
                min_words = max(min_words, item.capital_frequency)
        elif instruction_id == "keywords:forbidden_words":
            for word in item.forbidden_words:
                if re.search(r"\b" + re.escape(word.lower()) + r"\b", required_lower):
                    return f"forbidden word {word!r} is part of text the response must contain"
        elif instruction_id == "punctuation:no_comma":
            if "," in " ".join(required):
                return "text the response must contain has a comma"
    if "detectable_format:multiple_sections" in has and "length_constraints:number_paragraphs" \
            in has:
        pass
    min_words = max(min_words, min_sentences * 3)
    if max_sentences < 10 ** 6:
        max_words = min(max_words, max_sentences * 80)
    if min_sentences > max_sentences:
        return f"needs at least {min_sentences} sentences but allows at most {max_sentences}"
    if min_words > max_words:
        return f"needs at least {min_words} words but allows at most {max_words}"
    return None
