"""Find cases whose parameters disagree with their prompt or cannot be satisfied.

    from ifevalpp.validate import validate_case, Finding
    findings = validate_case(case)            # a Case, a Variant or a raw dict
    errors = [f for f in findings if f.severity == "error"]

Codes (`CODES`) are grouped SCHEMA_*, REFLECT_*, CONFLICT_*, AMBIGUOUS_*; each
has a fixed severity. docs/validator.md lists them with examples, and the
conflict table. Every check loops over the case's instructions and asks their
types (`ifevalpp.constraints`); nothing here names an instruction id.
"""

from ..constraints.support.statements import Statement
from .core import ValidationReport, locate, statements, validate_case, validate_records
from .findings import CODES, Code, Finding, at_or_above

__all__ = [
    "CODES", "Code", "Finding", "Statement", "ValidationReport", "at_or_above", "locate",
    "statements", "validate_case", "validate_records",
]
