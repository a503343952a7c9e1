"""Finding records and the catalogue of stable finding codes.

Every problem the validator reports is a `Finding` with a code from `CODES`.
A code never changes meaning once released; its severity is part of the code
(`error`: the case cannot be scored fairly, generators reject it; `warning`:
reported, the case stays usable). docs/validator.md shows an example of each.
"""

from __future__ import annotations

from typing import Literal, Optional, Union

from pydantic import BaseModel, ConfigDict

from ..constraints.support.phrases import Span

Severity = Literal["error", "warning"]
SEVERITY_RANK: dict[str, int] = {"warning": 1, "error": 2}


class Code(BaseModel):
    """One finding code: its group, fixed severity and a one-line meaning."""

    model_config = ConfigDict(frozen=True)

    code: str
    severity: Severity
    summary: str

    @property
    def group(self) -> str:
        return self.code.split("_", 1)[0]


def _code(code: str, severity: Severity, summary: str) -> Code:
    return Code(code=code, severity=severity, summary=summary)


CODES: dict[str, Code] = {code.code: code for code in (
    # --- schema: the record itself is unusable for this instruction
    _code("SCHEMA_RECORD", "error",
          "the record lacks a usable key, prompt, instruction_id_list or kwargs"),
    _code("SCHEMA_MISALIGNED", "error",
          "instruction_id_list and kwargs have different lengths"),
    _code("SCHEMA_UNKNOWN_ID", "error", "an instruction id no checker is registered for"),
    _code("SCHEMA_MISSING_KWARG", "error", "a parameter the checker needs is absent"),
    _code("SCHEMA_UNKNOWN_KWARG", "error", "a parameter the checker does not take"),
    _code("SCHEMA_INVALID_KWARG", "error",
          "a parameter of the wrong type or outside its range"),
    _code("SCHEMA_PROFILE_RELATION", "error",
          "a relation ('at most', 'around') the chosen profile's checker refuses"),
    _code("SCHEMA_DUPLICATE_KEY", "error", "two records share one key"),
    _code("SCHEMA_DUPLICATE_INSTRUCTION", "warning",
          "the same instruction with the same parameters is listed twice"),
    # --- reflection: do prompt and parameters say the same thing?
    _code("REFLECT_NOT_FOUND", "warning",
          "no statement of this constraint was found in the prompt"),
    _code("REFLECT_VALUE_ABSENT", "error",
          "a literal parameter (keyword, letter, phrase, word, marker, language) never "
          "occurs in the prompt"),
    _code("REFLECT_VALUE_MISMATCH", "error",
          "the prompt states a different literal value than the stored parameter"),
    _code("REFLECT_NUMBER_MISMATCH", "error",
          "the prompt states a different number (or range) than the stored parameters"),
    _code("REFLECT_RELATION_MISMATCH", "error",
          "the prompt states the opposite direction (e.g. 'at least' vs 'less than')"),
    _code("REFLECT_BOUND_EQUIVALENT", "warning",
          "the prompt states the same whole-number bound in other terms ('at most 150' "
          "is stored as 'less than 151')"),
    _code("REFLECT_BOUND_LENIENT", "warning",
          "the checker accepts counts the prompt rules out ('exactly 4' checked as "
          "'at least 4')"),
    _code("REFLECT_EXTRA_VALUE", "warning",
          "the prompt lists a keyword or word the stored parameters leave out"),
    _code("REFLECT_FORMAT_OMITTED", "error",
          "the checker needs a literal format marker (***, ******, <<>>, [ ], the "
          "answer phrases) that the prompt never shows"),
    _code("REFLECT_IMPLICIT_ENGLISH", "warning",
          "a change_case:english_* checker also requires English, which the prompt "
          "never says"),
    _code("REFLECT_OTHER_LANGUAGE", "warning",
          "a change_case:english_* checker requires English but the prompt asks for "
          "text in another language"),
    _code("REFLECT_SEPARATOR_VARIANT", "warning",
          "the separator the prompt shows differs from the one the checker splits on"),
    _code("REFLECT_REPEAT_NOT_VERBATIM", "error",
          "prompt_to_repeat does not occur verbatim in the prompt"),
    _code("REFLECT_REPEAT_POSITION", "error",
          "prompt_to_repeat is not where the prompt's repeat instruction points "
          "('the request above' / 'below')"),
    _code("REFLECT_REPEAT_PARTIAL", "warning",
          "prompt_to_repeat is only part of the request the prompt asks to repeat"),
    _code("REFLECT_NOT_STORED", "warning",
          "the prompt clearly states a constraint of a type the case does not store, so "
          "the checker never enforces it"),
    # --- coherence: can every constraint hold at once?
    _code("CONFLICT_PAIR", "error",
          "two instruction types that cannot hold together (the conflict table)"),
    _code("CONFLICT_PARAMS", "error",
          "two constraints whose parameter settings cannot hold together"),
    _code("CONFLICT_REQUIRED_TEXT", "error",
          "text the response must contain (repeat, end phrase, keyword, marker) breaks "
          "another constraint"),
    _code("CONFLICT_NUMERIC", "error",
          "counts that cannot all hold (empty range, word budget too small)"),
    _code("CONFLICT_UNSATISFIABLE", "error",
          "a single constraint no response can pass"),
    # --- ambiguity: scorable, but the measurement is doubtful
    _code("AMBIGUOUS_IN_REPEATED_TEXT", "warning",
          "the constraint is stated only inside the text the model must repeat"),
    _code("AMBIGUOUS_SATISFIED_BY_REPEAT", "warning",
          "the repeated request alone already passes this checker"),
    _code("AMBIGUOUS_SELF_CONTRADICTION", "warning",
          "the prompt states two counts for one constraint that cannot both hold"),
    _code("AMBIGUOUS_RELATION", "warning",
          "the prompt uses a relation word the checker does not implement "
          "('around', 'about', 'approximately')"),
    _code("AMBIGUOUS_TYPO", "warning",
          "a misspelt constraint word ('repleat', 'aterisk') or a doubled small word in a "
          "constraint sentence"),
    _code("AMBIGUOUS_NO_WITNESS", "warning",
          "no response passing every checker could be built, though no conflict was "
          "found"),
)}


class Finding(BaseModel):
    """One problem with one case (and, when it concerns one, one instruction of it)."""

    model_config = ConfigDict(frozen=True)

    key: Optional[Union[int, str]]
    """The case's key (None when the record has none)."""
    instruction_id: Optional[str] = None
    """The instruction the finding is about; None for whole-record problems."""
    code: str
    """A code from `CODES`; stable across releases."""
    severity: Severity
    """`error` makes the case unusable; `warning` is reported only."""
    message: str
    """Names the parameter, quotes what the prompt says, and says what was expected."""
    span: Optional[Span] = None
    """Where in the prompt the quoted statement is (character offsets), when known."""


def make_finding(key: Optional[Union[int, str]], instruction_id: Optional[str], code: str,
                 message: str, span: Optional[Span] = None) -> Finding:
    """A Finding whose severity comes from the code catalogue."""
    return Finding(key=key, instruction_id=instruction_id, code=code,
                   severity=CODES[code].severity, message=message, span=span)


def at_or_above(findings: list[Finding], level: str) -> list[Finding]:
    """Findings whose severity is `level` or worse ('never' selects none)."""
    if level == "never":
        return []
    floor = SEVERITY_RANK[level]
    return [finding for finding in findings if SEVERITY_RANK[finding.severity] >= floor]
