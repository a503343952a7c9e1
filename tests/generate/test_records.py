"""The typed records a cousin passes through (generate/records.py)."""

from __future__ import annotations

from ifevalpp.generate.kinds.context_distractor import ContextDetail
from ifevalpp.generate.kinds.reconfiguration import ReconfigurationDetail
from ifevalpp.generate.records import Rejection


def test_a_rejection_is_read_by_its_code_and_shown_by_its_message():
    rejection = Rejection("too-close", "too close to the original or a sibling")
    assert rejection.code == "too-close"
    assert str(rejection) == "too close to the original or a sibling"


def test_a_detail_records_only_what_applies_in_declaration_order():
    detail = ReconfigurationDetail(strategy="task", task_source="grammar", task_genre="poem",
                                   repeat_where="above")
    assert list(detail.record().items()) == [("strategy", "task"), ("task_source", "grammar"),
                                             ("task_genre", "poem"), ("repeat_where", "above")]


def test_a_model_s_detail_says_which_model_and_answer_first():
    detail = ContextDetail(distractor_kind="persona", position="after", distractor="persona-3")
    made = detail.updated(model="m", request="ab12").record()
    assert list(made) == ["model", "request", "distractor_kind", "position", "distractor"]
