"""The README runs as written: every shell and Python block, in order, in an empty directory.

A block whose first line is `# needs: …` needs a GPU host, the network, a model download
or minutes. It runs through stand-ins of the same call shape:

* a GPU host (`http://HOST:8000/v1`) is a local fake OpenAI-compatible endpoint that
  echoes each prompt, and `vllm serve` does nothing (the endpoint is already up);
* the network: `fetch` takes the same bytes from the local copy the tests use
  (IFEVALPP_ORIGINAL), `curl -LO` the GPT-4 answers from IFEVALPP_REFERENCE_DIR, `pip`
  installs nothing;
* the embedded model: the study's llama.cpp server is that fake endpoint;
* minutes: families are grown for two cases instead of 541 (`generate-families --cases`,
  `study --cases 2`), and `python -m pytest` is the suite already running;
* a Python block's heavy objects (a trainer, a whole study, a model server) are stubs
  that bind their arguments to the real signature, so a wrong name or keyword fails.

An `ifevalpp` command of such a block whose input files are not there (an earlier
model's run, a revision the tests have no copy of) has its command line checked against
the CLI's options instead of running. Every other block runs unchanged, and must succeed.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import shlex
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Optional
from unittest.mock import MagicMock

import click
import pytest
from click.testing import CliRunner

from ifevalpp.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LANGUAGES = {"bash", "python", "text", "json", "yaml"}
NEEDS = re.compile(r"^#\s*needs:\s*(?P<what>.+)$")
FENCE = re.compile(r"^```(?P<lang>[^\n`]*)\n(?P<body>.*?)^```\s*$", re.M | re.S)
HOST_URL = re.compile(r"^http://HOST\d*:8000/v1$")
# What the network gives a README reader, and where the tests keep the same bytes.
DOWNLOADS = {"input_response_data_gpt4_20231107_145030.jsonl": "gpt4_responses.jsonl"}
SMALL_CASES = "1000,1001"


@dataclass
class Block:
    lang: str
    line: int
    body: str

    @property
    def needs(self) -> Optional[str]:
        first = self.body.splitlines()[0] if self.body.strip() else ""
        found = NEEDS.match(first.strip())
        return found.group("what") if found else None


def blocks(path: Path = README) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    return [Block(match.group("lang").strip(), text.count("\n", 0, match.start()) + 1,
                  match.group("body")) for match in FENCE.finditer(text)]


# -- what every block must be --------------------------------------------------------------

def test_every_block_names_its_language():
    untagged = [block.line for block in blocks() if block.lang not in LANGUAGES]
    assert not untagged, f"README.md lines {untagged}: tag the block (bash, python, text, …)"


def test_the_json_examples_are_json():
    for block in blocks():
        if block.lang == "json":
            json.loads(block.body)


def test_readme_and_docs_name_no_file_outside_the_repository():
    pages = [README, *sorted((ROOT / "docs").glob("*.md")),
             *sorted((ROOT / "data").glob("*/README.md"))]
    outside = re.compile(r"(?<![\w.])\.\./|/work/|/tmp/|/home/")
    found = [f"{page.relative_to(ROOT)}:{number}: {line.strip()}"
             for page in pages for number, line in enumerate(
                 page.read_text(encoding="utf-8").splitlines(), start=1)
             if outside.search(line)]
    assert not found, "\n".join(found)


def test_only_the_marked_blocks_need_stand_ins():
    for block in blocks():
        if block.lang == "bash" and block.needs is None:
            for command in commands(block.body):
                assert command[0] == "ifevalpp", f"README.md:{block.line}: {command}"


# -- running them --------------------------------------------------------------------------

def commands(body: str) -> list[list[str]]:
    """The commands of a shell block: continuation lines joined, comments dropped, `&&`
    chains split."""
    logical = body.replace("\\\n", " ")
    out = []
    for line in logical.splitlines():
        words = shlex.split(line, comments=True)
        while words:
            cut = words.index("&&") if "&&" in words else len(words)
            if words[:cut]:
                out.append(words[:cut])
            words = words[cut + 1:]
    return out


def check_call_shape(args: list[str]) -> None:
    """The command line parses against the real CLI: the verb exists, every option is one
    of its options with the right number of values and a valid value, nothing required is
    missing. Paths are not opened."""
    root = click.Context(main, info_name="ifevalpp")
    name, *rest = args
    verb = main.get_command(root, name)
    assert verb is not None, f"no verb {name!r}"
    ctx = click.Context(verb, info_name=name, parent=root)
    values, extra, _ = verb.make_parser(ctx).parse_args(list(rest))
    assert not extra, f"unexpected arguments {extra}"
    for param in verb.params:
        value = values.get(param.name)
        if value is None or value == ():
            assert not param.required, f"{name}: {param.name} is required"
        elif not isinstance(param.type, click.Path):
            param.type_cast_value(ctx, value)


class Session:
    """One reader working through the README: a directory, a data directory, the stand-ins."""

    def __init__(self, workdir: Path, fake_url: str, original: Path, reference: Path,
                 monkeypatch: pytest.MonkeyPatch) -> None:
        self.workdir, self.fake_url = workdir, fake_url
        self.original, self.reference = original, reference
        self.monkeypatch = monkeypatch
        self.ran: list[str] = []
        self.checked: list[str] = []

    # shell --------------------------------------------------------------------------------
    def shell(self, block: Block) -> None:
        for command in commands(block.body):
            where = f"README.md:{block.line}: {' '.join(command)}"
            if command[0] == "ifevalpp":
                args = command[1:] if block.needs is None else self.stand_in(command[1:])
                if args is None:
                    check_call_shape(command[1:])
                    self.checked.append(where)
                    continue
                result = CliRunner().invoke(main, args, catch_exceptions=False)
                # validate's exit status reports what it found (--fail-on error: 8 GitHub
                # cases have errors), as the README's verb table says
                expected = {0, 1} if args[0] == "validate" else {0}
                assert result.exit_code in expected, f"{where}\n{result.output}"
                self.ran.append(where)
            else:
                assert block.needs is not None, f"{where}: only ifevalpp runs unmarked"
                self.tool(command, where)

    def tool(self, command: list[str], where: str) -> None:
        """The stand-ins for what a reader's machine has and the tests' does not."""
        name = command[0]
        if name in ("pip", "vllm", ".", "source") or command[:3] == ["python3", "-m", "venv"]:
            return  # packages are installed; the endpoint is up (the fake one)
        if command[:3] == ["python", "-m", "pytest"]:
            return  # the suite running this test
        if name == "curl":
            url = command[-1]
            file = url.rsplit("/", 1)[-1]
            assert file in DOWNLOADS, f"{where}: no local copy of {file}"
            (self.workdir / file).write_bytes((self.reference / DOWNLOADS[file]).read_bytes())
            return
        raise AssertionError(f"{where}: no stand-in for {name!r}")

    def stand_in(self, args: list[str]) -> Optional[list[str]]:
        """The same command with the stand-ins in place, or None to check its call shape
        only (its inputs are not there)."""
        verb = args[0]
        args = [self.fake_url if HOST_URL.match(arg) else arg for arg in args]
        if verb == "fetch":
            revision = _option(args, "--revision") or "github"
            if revision != "github":
                return None
            return args if "--from" in args else [*args, "--from", str(self.original)]
        if verb == "generate-families":
            original = _option(args, "--original") or "github"
            if not self.fetched(original):
                return None
            return args if "--cases" in args else [*args, "--cases", SMALL_CASES]
        if verb == "study":
            if _option(args, "--model") == "embedded":
                self.serve_embedded_from_the_fake()
            args = [arg for position, arg in enumerate(args)
                    if not (arg == "--cases" or (position and args[position - 1] == "--cases"))]
            if "--original" not in args and "--families" not in args and \
                    not self.fetched("github"):
                args += ["--original", str(self.original)]  # the same bytes, from the copy
            return [*args, "--cases", "2"]
        if any(not (self.workdir / path).exists() for path in _inputs(args)):
            return None
        return args

    def fetched(self, revision: str) -> bool:
        from ifevalpp.datadir import original_dir
        from ifevalpp.original import REVISIONS

        return revision not in REVISIONS or (original_dir() / f"{revision}.jsonl").is_file()

    def serve_embedded_from_the_fake(self) -> None:
        """`--model embedded`: the study's llama.cpp server is the fake endpoint."""
        from ifevalpp.embedded import EmbeddedSettings
        from ifevalpp.study import run as study_run

        gguf = self.workdir / "stand-in.gguf"
        gguf.write_bytes(b"GGUF" + bytes(64))

        def settings(config: Any) -> EmbeddedSettings:
            return EmbeddedSettings(model_path=gguf, alias=config.alias,
                                    slots=config.workers(),
                                    context_per_slot=config.context_per_slot())

        url = self.fake_url

        class Server:
            def __init__(self, chosen: EmbeddedSettings) -> None:
                self.served = SimpleNamespace(model=chosen.model_name, base_url=url)

            def __enter__(self) -> SimpleNamespace:
                return self.served

            def __exit__(self, *exc: object) -> None:
                return None

        self.monkeypatch.setattr(study_run, "_embedded_settings", settings)
        self.monkeypatch.setattr(study_run, "EmbeddedServer", Server)

    # python -------------------------------------------------------------------------------
    def python(self, block: Block) -> None:
        code = compile(block.body, f"README.md:{block.line}", "exec")
        if block.needs is not None:
            assert self.stub_heavy_objects(block.body), \
                f"README.md:{block.line}: marked, but nothing in it needs a stand-in"
        exec(code, {"__name__": "__readme__"})
        self.ran.append(f"README.md:{block.line}: python")

    def stub_heavy_objects(self, body: str) -> int:
        stubbed = 0
        if "from trl import" in body:
            self.monkeypatch.setitem(sys.modules, "trl", fake_trl())
            self.monkeypatch.setitem(sys.modules, "datasets", fake_datasets())
            stubbed += 1
        if "run_study" in body:
            import ifevalpp.study

            self.monkeypatch.setattr(ifevalpp.study, "run_study",
                                     signature_stub(ifevalpp.study.run_study))
            stubbed += 1
        if "EmbeddedServer" in body:
            import ifevalpp.embedded as embedded

            self.monkeypatch.setattr(embedded, "EmbeddedServer",
                                     signature_stub(embedded.EmbeddedServer))
            self.monkeypatch.setattr(embedded.EmbeddedSettings, "bundled",
                                     signature_stub(embedded.EmbeddedSettings.bundled))
            stubbed += 1
        return stubbed


def _option(args: list[str], name: str) -> Optional[str]:
    return args[args.index(name) + 1] if name in args and args.index(name) + 1 < len(args) \
        else None


def _inputs(args: list[str]) -> list[str]:
    """The files and directories a command reads (positional paths and input options)."""
    verb, rest = args[0], args[1:]
    found = [_option(rest, name) for name in ("--input", "--families", "--baseline")]
    positional = [arg for position, arg in enumerate(rest) if not arg.startswith("-")
                  and (position == 0 or not rest[position - 1].startswith("-"))]
    if verb in ("score", "respond", "export-rl", "validate"):
        found += positional[:1]
    if verb == "compare":
        found += positional[:2]
    from ifevalpp.original import REVISIONS

    return [path for path in found if path and path not in REVISIONS]


def signature_stub(real: Any) -> Any:
    """A stand-in that accepts exactly what `real` accepts and returns a mock."""
    signature = inspect.signature(real)

    def stub(*args: Any, **kwargs: Any) -> MagicMock:
        signature.bind(*args, **kwargs)
        return MagicMock(name=getattr(real, "__name__", "stub"))

    return stub


def fake_datasets() -> types.ModuleType:
    module = types.ModuleType("datasets")

    def load_dataset(kind: str, data_files: str, split: str) -> list[dict]:
        assert (kind, split) == ("json", "train")
        return [json.loads(line) for line in Path(data_files).read_text().splitlines()]

    module.load_dataset = load_dataset  # type: ignore[attr-defined]
    return module


def fake_trl() -> types.ModuleType:
    """GRPOConfig and a GRPOTrainer that calls each reward as TRL does (keywords only)."""
    module = types.ModuleType("trl")

    class GRPOConfig:
        def __init__(self, output_dir: str, num_generations: int = 8, **_: object) -> None:
            self.output_dir, self.num_generations = output_dir, num_generations

    class GRPOTrainer:
        def __init__(self, model: str, reward_funcs: list, args: GRPOConfig,
                     train_dataset: list) -> None:
            self.reward_funcs, self.args, self.rows = reward_funcs, args, train_dataset

        def train(self) -> None:
            rows = [row for row in self.rows for _ in range(self.args.num_generations)]
            columns = {key: [row[key] for row in rows] for key in rows[0] if key != "prompt"}
            for reward in self.reward_funcs:
                rewards = reward(prompts=[row["prompt"] for row in rows],
                                 completions=[[{"role": "assistant", "content": "An answer."}]
                                              for _ in rows], **columns)
                assert len(rewards) == len(rows)

    module.GRPOConfig, module.GRPOTrainer = GRPOConfig, GRPOTrainer  # type: ignore[attr-defined]
    return module


@pytest.fixture()
def fake_endpoint():
    sys.path.insert(0, str(ROOT / "tests" / "respond"))
    try:
        from respond_fakes import FakeServer
    finally:
        sys.path.pop(0)
    with FakeServer() as server:
        yield server


def test_every_shell_and_python_block_runs_as_written(tmp_path, monkeypatch, fake_endpoint,
                                                      original_path, reference_dir):
    workdir = tmp_path / "reader"
    workdir.mkdir()
    monkeypatch.chdir(workdir)
    monkeypatch.setenv("COLUMNS", "200")
    session = Session(workdir, fake_endpoint.url, original_path, reference_dir, monkeypatch)
    for block in blocks():
        if block.lang == "bash":
            session.shell(block)
        elif block.lang == "python":
            session.python(block)
    # Most of it really ran: the data, the families, answers, scores, exports, the library.
    # Most of it really ran: the data, the families, answers, scores, exports, the library;
    # the rest (an earlier model's run, IFEval++'s fixed copy) had its call shape checked.
    assert len(session.ran) >= 15 and len(session.checked) <= 4, (session.ran, session.checked)
    first = json.loads((workdir / "runs" / "gpt4" / "metrics.json").read_text())["summary"]
    quoted = re.search(r"`(540 of 541 prompts answered;[^`]*)`",
                       README.read_text(encoding="utf-8").replace("\n", " "))
    assert quoted and first == quoted.group(1) + ".", first  # the README quotes the real line
    assert os.path.isfile(workdir / "data" / "rl" / "train.jsonl")
