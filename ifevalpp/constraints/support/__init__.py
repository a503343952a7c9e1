"""Type-agnostic machinery the instruction-type homes are built from.

Nothing here knows an instruction id: reading prompts (`phrases`, `statements`,
`mentions`, `languages`), the parsed case every stage reads (`case`), count
intervals (`counts`), what a response must and must not contain
(`requirements`), the witness draft (`draft`), the generators' quick
feasibility sketch (`sketch`), span edits (`edits`), seeded choices
(`choosing`) and the wording templates (`wording`). The type homes import from
here; `validate/` and `generate/` import from here and from the registry, never
the other way round, so there is no import cycle.
"""
