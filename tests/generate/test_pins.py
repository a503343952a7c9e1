"""Per-family digests name the families that changed (generate/pins.py)."""

from __future__ import annotations

import json

from ifevalpp.generate.pins import compare, family_digests, load_pins, main


def _line(case, kind, prompt, version="1+tpl.a"):
    return json.dumps({"key": f"{case}:{kind}:0", "case": case, "prompt": prompt,
                       "generator": {"backend": "template", "version": version}})


FILE = [_line(1, "original", "A."), _line(1, "rephrasing", "B."), _line(2, "original", "C.")]


def test_one_changed_record_names_its_family_only():
    edited = [FILE[0], _line(1, "rephrasing", "B!"), FILE[2]]
    changes = compare(family_digests(FILE), family_digests(edited))
    assert (changes.changed, changes.added, changes.removed, changes.version) == (["1"], [], [],
                                                                                  None)
    assert changes.summary() == "1 family changed: 1"


def test_a_moved_version_alone_changes_no_family():
    moved = [_line(1, "original", "A.", "1+tpl.b"), _line(1, "rephrasing", "B.", "1+tpl.b"),
             _line(2, "original", "C.", "1+tpl.b")]
    changes = compare(family_digests(FILE), family_digests(moved))
    assert changes.changed == [] and changes.version == ("1+tpl.a", "1+tpl.b")
    assert not changes.none


def test_families_added_and_removed_are_named():
    changes = compare(family_digests(FILE), family_digests(FILE[:2] + [_line(3, "original", "D.")]))
    assert (changes.added, changes.removed) == (["3"], ["2"])


def test_the_committed_digests_cover_both_default_files():
    pins = load_pins()
    assert set(pins) == {"template.jsonl", "revised.jsonl"}
    assert all(len(entry.families) == 541 for entry in pins.values())


def test_the_tool_writes_digests_and_reports_what_changed(tmp_path, capsys):
    family, digests = tmp_path / "sample.jsonl", tmp_path / "digests.json"
    family.write_text("\n".join(FILE) + "\n", encoding="utf-8")
    assert main([str(family), "--digests", str(digests), "--write"]) == 0
    assert main([str(family), "--digests", str(digests)]) == 0
    family.write_text("\n".join([FILE[0], FILE[1], _line(2, "original", "Z.")]) + "\n",
                      encoding="utf-8")
    assert main([str(family), "--digests", str(digests)]) == 1
    assert "1 family changed: 2" in capsys.readouterr().out


def test_each_per_case_stream_follows_the_run_seed_and_its_purpose():
    from ifevalpp.generate.versions import derive_seed, stream_seed
    case = derive_seed(0, "1000", "reconfiguration", 0, 0)
    other_run = derive_seed(1, "1000", "reconfiguration", 0, 0)
    assert stream_seed(case, "task slot") == stream_seed(case, "task slot")
    assert stream_seed(case, "task slot") != stream_seed(other_run, "task slot")
    assert stream_seed(case, "task slot") != stream_seed(case, "settings order")
