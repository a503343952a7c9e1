"""Type-agnostic machinery the instruction-type homes are built from.

Nothing here knows an instruction id:

    phrases       sentences, clauses, numbers and count phrases of a prompt (cached per prompt)
    statements    the `Statement` record every finder returns, and how finders make one
    mentions      prompt readers several groups share (capital-word counts, "N times")
    languages     how prompts name languages, and how we name them
    cues          pieces of the unstored-statement cues (plain counts, literal markers)
    reflection    pieces of `contradictions` (statements of a role, "never asks for …")
    case          the parsed case every check reads (`CaseContext`, `Item`) and `Problem`
    counts        `CountSpec` and the interval a checker accepts
    requirements  what a response must and must not contain (`Requirements`), word budgets
    draft         the witness `Draft` each type writes its part into
    sketch        the generators' quick feasibility `Sketch`
    edits         tight value spans and in-place edits of a stated value
    choosing      seeded choices, relations per profile, the word lists
    wording       the jinja2 templates: a type's wording file, phrase tables, prompts

The type homes import from here; `validate/` and `generate/` import from here and
from the registry, never the other way round, so there is no import cycle. A home
imports `counts` (and `requirements`, where a module-level value needs it) at the top
and the rest inside the methods that read prompts, write the witness or generate, with
annotation-only names under TYPE_CHECKING: checking, and so `score`, loads none of them.
"""
