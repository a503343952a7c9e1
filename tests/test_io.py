"""Writers never leave partial files; the append log survives a torn last line."""

from __future__ import annotations

import pytest

from ifevalpp.io import AppendLog, atomic_write, repair_truncated_tail


def test_atomic_write_leaves_the_old_file_when_the_block_fails(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_write(target) as handle:
            handle.write("new and half")
            raise RuntimeError("interrupted")
    assert target.read_text() == "old"
    assert [path.name for path in tmp_path.iterdir()] == ["out.json"]


def test_a_derived_file_is_replaced_whole_without_a_flush_to_disk(tmp_path, monkeypatch):
    target = tmp_path / "report.md"
    target.write_text("old")
    synced = []
    monkeypatch.setattr("os.fsync", synced.append)
    with atomic_write(target, durable=False) as handle:
        handle.write("new")
    assert target.read_text() == "new" and synced == []
    assert [path.name for path in tmp_path.iterdir()] == ["report.md"]


def test_a_failed_derived_write_leaves_the_old_file(tmp_path):
    target = tmp_path / "report.md"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_write(target, durable=False) as handle:
            handle.write("new and half")
            raise RuntimeError("interrupted")
    assert target.read_text() == "old"
    assert [path.name for path in tmp_path.iterdir()] == ["report.md"]


def test_repair_drops_an_unterminated_last_line(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_bytes(b'{"a":1}\n{"a":2}\n{"a":')
    assert repair_truncated_tail(log) == len(b'{"a":')
    assert log.read_bytes() == b'{"a":1}\n{"a":2}\n'


def test_repair_leaves_a_complete_file_alone(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_bytes(b'{"a":1}\n')
    assert repair_truncated_tail(log) == 0 and log.read_bytes() == b'{"a":1}\n'


def test_append_log_repairs_then_appends_whole_lines(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_bytes(b'{"a":1}\n{"torn')
    with AppendLog(log, batch=2) as writer:
        for value in range(3):
            writer.append({"b": value})
    assert log.read_text().splitlines() == ['{"a":1}', '{"b":0}', '{"b":1}', '{"b":2}']
