"""Errors that carry where bad input was found, so the CLI can name file, line and field."""

from __future__ import annotations


class IfevalppError(Exception):
    """Base class of every error ifevalpp raises on purpose."""


class InputError(IfevalppError):
    """Bad user input: names the file, the 1-based line and the field when known."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        self.path = path
        self.line = line
        self.field = field
        self.reason = message
        super().__init__(self._format())

    def _format(self) -> str:
        where = []
        if self.path is not None:
            where.append(str(self.path))
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.field is not None:
            # A command-line option ('--missing') is not a field of a record.
            kind = "option" if self.field.startswith("-") else "field"
            where.append(f"{kind} '{self.field}'")
        return (": ".join([", ".join(where), self.reason])) if where else self.reason


class UnknownInstructionError(InputError):
    """An instruction id that no Constraint class is registered for."""


class ParamsError(InputError):
    """kwargs that do not fit an instruction type's Params model."""


class TemplateError(InputError):
    """A template file (a phrase table, a grammar, a jinja2 template) that cannot be read:
    generation stops before it starts rather than grow families from half its English."""


class CheckerUnavailable(IfevalppError):
    """An instruction type that cannot be checked here because data it needs is not supplied
    (the message says which data and how to supply it); never a verdict."""
