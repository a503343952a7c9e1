"""The README runs as written: every shell and Python block, in order, in an empty directory.

A block whose first line is `# needs: …` needs a GPU host, the network, a model download
or minutes. It runs through stand-ins of the same call shape:

* a GPU host (`http://HOST:8000/v1`) is a local fake OpenAI-compatible endpoint that
  echoes each prompt, and `vllm serve` does nothing (the endpoint is already up);
* the network: `fetch` takes the same bytes from the local copy the tests use
  (IFEVALPP_ORIGINAL; IFBench's from IFEVALPP_IFBENCH_DIR when it is set), `curl -LO` the
  GPT-4 answers from IFEVALPP_REFERENCE_DIR, `pip` installs nothing;
* the embedded model: the study's llama.cpp server is that fake endpoint;
* a reader's own answers (`score responses.jsonl --input REVISION`) are that endpoint's:
  each prompt of the fetched revision answered with itself;
* minutes: families are grown for two cases instead of 541 (`generate-families --cases`,
  `study --cases 2`, and `lm-eval-tasks` is given that two-family file), and
  `python -m pytest` is the suite already running;
* the harnesses (their extras installed): `lm_eval` is lm-eval's own command line, run in
  this process against the fake endpoint, without indexing its 14,000 built-in tasks;
  `inspect eval` is parsed by inspect's own command line and its tasks and `-T` parameters
  are looked up through ifevalpp's `inspect_ai` entry point (tests/integrations/ runs both
  harnesses against a replay endpoint and compares their numbers with `score`'s); verl's
  trainer loads the reward function its overrides name as verl does and calls it on rows
  of the exported parquet;
* a Python block's heavy objects (a trainer, a whole study, a model server, Ray) are stubs
  that bind their arguments to the real signature, so a wrong name or keyword fails (Ray
  Data's are run by pyarrow in this process, on the README's own family prompts, each
  answered with itself).

An `ifevalpp` command of such a block whose input files are not there (an earlier
model's run, a revision the tests have no copy of) has its command line checked against
the CLI's options instead of running. Every other block runs unchanged, and must succeed.
"""

from __future__ import annotations

import importlib
import importlib.util
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
HOST_IN_TEXT = re.compile(r"http://HOST\d*:8000/v1")
SUBSTITUTION = re.compile(r"^\$\((?P<command>ifevalpp [^)]*)\)$")
# What the network gives a README reader, and where the tests keep the same bytes.
DOWNLOADS = {"input_response_data_gpt4_20231107_145030.jsonl": "gpt4_responses.jsonl"}
SMALL_CASES = "1000,1001"
# A reader's own answers to a fetched revision's prompts (`score responses.jsonl --input ifbench`).
READERS_ANSWERS = "responses.jsonl"


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
    examples = [block for block in blocks() if block.lang == "json"]
    assert examples, "README.md has no json block to check"
    for block in examples:
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
        # The revisions the tests hold a copy of (IFBench's only where CI pointed at it).
        self.copies = {"github": original}
        ifbench = os.environ.get("IFEVALPP_IFBENCH_DIR")
        if ifbench and (Path(ifbench) / "IFBench_test.jsonl").is_file():
            self.copies["ifbench"] = Path(ifbench) / "IFBench_test.jsonl"
        self.monkeypatch = monkeypatch
        # A reader's shell has no OpenAI key: what the README's commands need, they set.
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        self.ran: list[str] = []
        self.checked: list[str] = []
        self.harness_checked: list[str] = []   # harness commands parsed, not run
        self.not_installed: list[str] = []     # harness commands whose extra is absent
        self.endpoint: Any = None              # the fake endpoint behind every HOST

    # shell --------------------------------------------------------------------------------
    def shell(self, block: Block) -> None:
        for command in commands(block.body):
            where = f"README.md:{block.line}: {' '.join(command)}"
            if command[0] == "ifevalpp":
                command = [command[0], *self.globbed(command[1:])]
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

    def globbed(self, args: list[str]) -> list[str]:
        """Words with `*` expanded in the working directory, as the shell expands them."""
        out: list[str] = []
        for arg in args:
            found = sorted(str(path.relative_to(self.workdir))
                           for path in self.workdir.glob(arg)) if "*" in arg else []
            out += found or [arg]
        return out

    def tool(self, command: list[str], where: str) -> None:
        """The stand-ins for what a reader's machine has and the tests' does not."""
        name = command[0]
        if name == "export":  # the shell's own: later commands see the variables
            for assignment in command[1:]:
                variable, _, value = assignment.partition("=")
                self.monkeypatch.setenv(variable, value)
            return
        if name in ("pip", "vllm", ".", "source") or command[:3] == ["python3", "-m", "venv"]:
            return  # packages are installed; the endpoint is up (the fake one)
        if command[:3] == ["python", "-m", "pytest"]:
            return  # the suite running this test
        if name == "lm_eval":
            return self.lm_eval(command[1:], where)
        if command[:2] == ["inspect", "eval"]:
            return self.inspect_eval(command[2:], where)
        if command[:3] == ["python", "-m", "verl.trainer.main_ppo"]:
            return self.verl_trainer(command[3:], where)
        if name == "curl":
            url = command[-1]
            file = url.rsplit("/", 1)[-1]
            assert file in DOWNLOADS, f"{where}: no local copy of {file}"
            (self.workdir / file).write_bytes((self.reference / DOWNLOADS[file]).read_bytes())
            return
        raise AssertionError(f"{where}: no stand-in for {name!r}")

    # harnesses ---------------------------------------------------------------------------
    def harness_installed(self, module: str, where: str) -> bool:
        if importlib.util.find_spec(module) is None:
            self.not_installed.append(where)
            return False
        return True

    def substituted(self, word: str) -> str:
        """`$(ifevalpp …)` replaced by what that command prints (run with its stand-ins)."""
        found = SUBSTITUTION.match(word)
        if found is None:
            return word
        args = self.stand_in(shlex.split(found.group("command"))[1:])
        assert args is not None, f"{word}: its inputs are not there"
        result = CliRunner().invoke(main, args, catch_exceptions=False)
        assert result.exit_code == 0, f"{word}\n{result.output}"
        return result.stdout.strip()

    def lm_eval(self, args: list[str], where: str) -> None:
        """lm-eval's own command line, in this process, against the fake endpoint; its task
        index holds the --include_path tasks only (its 14,000 built-in ones take 10-15 s)."""
        if not self.harness_installed("lm_eval", where):
            return
        import lm_eval.tasks
        from lm_eval._cli import HarnessCLI

        args = [HOST_IN_TEXT.sub(self.fake_url, self.substituted(arg)) for arg in args]
        real_init = lm_eval.tasks.TaskManager.__init__

        def without_builtin_tasks(manager: Any, *positional: Any, **keywords: Any) -> None:
            keywords.setdefault("include_defaults", False)
            real_init(manager, *positional, **keywords)

        self.monkeypatch.setattr(lm_eval.tasks.TaskManager, "__init__", without_builtin_tasks)
        for name in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE"):   # nothing from the hub
            self.monkeypatch.setenv(name, "1")
        self.monkeypatch.setattr(sys, "argv", ["lm_eval", *args])
        cli = HarnessCLI()
        cli.execute(cli.parse_args())
        output = self.workdir / (_option(args, "--output_path") or ".")
        assert list(output.rglob("results_*.json")), f"{where}: no results in {output}"
        if "--log_samples" in args:
            assert list(output.rglob("samples_*.jsonl")), f"{where}: no sample logs"
        self.ran.append(where)

    def inspect_eval(self, args: list[str], where: str) -> None:
        """`inspect eval TASK… OPTIONS`, parsed by inspect's own command line; each task is
        found through ifevalpp's `inspect_ai` entry point and its -T parameters bind to it."""
        if not self.harness_installed("inspect_ai", where):
            return
        from importlib.metadata import entry_points

        from inspect_ai._cli.eval import eval_command
        from inspect_ai._util.registry import is_registry_object

        ctx = click.Context(eval_command, info_name="eval")
        values, extra, _ = eval_command.make_parser(ctx).parse_args(list(args))
        assert not extra, f"{where}: unexpected arguments {extra}"
        for param in eval_command.params:
            value = values.get(param.name)
            if value is not None and value != () and not isinstance(param.type, click.Path):
                param.type_cast_value(ctx, value)
        points = {point.name: point for point in entry_points(group="inspect_ai")}
        task_args = dict(item.split("=", 1) for item in values.get("t") or ())
        assert values.get("tasks"), f"{where}: no task named"
        for name in values["tasks"]:
            package, _, task_name = name.partition("/")
            assert package in points, f"{where}: no inspect_ai entry point {package!r}"
            task = getattr(points[package].load(), task_name, None)
            assert task is not None and is_registry_object(task, "task"), \
                f"{where}: {name} is not an inspect task"
            inspect.signature(task).bind(**task_args)
        if not str(values.get("model") or "").startswith("openai/") or \
                not HOST_IN_TEXT.search(" ".join(args)):
            self.harness_checked.append(where)  # another provider (vllm/…): not here
            return
        self.run_inspect(args, values, where)

    def run_inspect(self, args: list[str], values: dict[str, Any], where: str) -> None:
        """`inspect eval` itself, in its own process (as the reader runs it, with this
        environment: the README's exports included), against the fake endpoint; the default
        families are the two-family file grown earlier instead of all 541."""
        import subprocess

        run = [HOST_IN_TEXT.sub(self.fake_url, arg) for arg in args]
        families = self.workdir / "data" / "families" / "template.jsonl"
        named = [item.split("=", 1)[0] for item in values.get("t") or ()]
        if "ifevalpp/families" in values["tasks"] and "families" not in named and \
                families.is_file():
            run += ["-T", f"families={families}"]
        inspect_command = Path(sys.executable).with_name("inspect")
        # As a reader runs it: the installed package (CI installs this checkout, editable), no
        # PYTHONPATH to the source tree (with one, inspect finds no task by the entry point's
        # name: noticed in issue 29's session, not yet understood).
        environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        result = subprocess.run([str(inspect_command), "eval", *run, "--display", "plain"],
                                cwd=self.workdir, env=environment, capture_output=True,
                                text=True, timeout=600)
        assert result.returncode == 0, f"{where}\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
        self.ran.append(where)

    def verl_trainer(self, overrides: list[str], where: str) -> None:
        """What verl's trainer does with the reward settings of these overrides: load
        `custom_reward_function.path` as verl loads it (`pkg://module` imported, else a
        file), take `.name` from it, and call it with `reward_kwargs` on rows of the
        training file, as verl's reward managers call it (the GPUs and the policy are the
        reader's)."""
        import pyarrow.parquet as parquet

        settings = {}
        for override in overrides:
            key, sep, value = override.removeprefix("+").partition("=")
            assert sep and key, f"{where}: {override!r} is not a Hydra override key=value"
            settings[key] = value
        path = settings["custom_reward_function.path"]
        if path.startswith("pkg://"):
            module = importlib.import_module(path.removeprefix("pkg://").replace("/", "."))
        else:
            spec = importlib.util.spec_from_file_location("verl_custom_reward", path)
            assert spec is not None and spec.loader is not None, f"{where}: no file {path}"
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        function = getattr(module, settings.get("custom_reward_function.name", "compute_score"))
        prefix = "custom_reward_function.reward_kwargs."
        reward_kwargs = {key.removeprefix(prefix): value for key, value in settings.items()
                         if key.startswith(prefix)}
        rows = parquet.read_table(self.workdir / settings["data.train_files"]).to_pylist()
        for row in rows[:8]:
            reward = function(data_source=row["data_source"],
                              solution_str=row["prompt"][-1]["content"],
                              ground_truth=row["reward_model"]["ground_truth"],
                              extra_info=row["extra_info"], **reward_kwargs)
            assert 0.0 <= reward <= 1.0, f"{where}: reward {reward!r}"
        self.ran.append(where)

    def stand_in(self, args: list[str]) -> Optional[list[str]]:
        """The same command with the stand-ins in place, or None to check its call shape
        only (its inputs are not there)."""
        verb = args[0]
        if any(HOST_URL.match(arg) for arg in args) and _option(args, "--model"):
            self.endpoint.serve_model(_option(args, "--model"))  # the GPU host serves it
        args = [self.fake_url if HOST_URL.match(arg) else arg for arg in args]
        if verb == "fetch":
            copy = self.copies.get(_option(args, "--revision") or "github")
            if copy is None:
                return None
            return args if "--from" in args else [*args, "--from", str(copy)]
        if verb == "lm-eval-tasks" and "--families" not in args and \
                (self.workdir / "data" / "families" / "template.jsonl").is_file():
            return [*args, "--families", "data/families/template.jsonl"]
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
        if any(not self.fetched(revision) for revision in _revisions(args)):
            return None
        if verb == "score" and args[1] == READERS_ANSWERS and _revisions(args):
            self.answer_with_the_prompts(_revisions(args)[0])
        if any(not (self.workdir / path).exists() for path in _inputs(args)):
            return None
        return args

    def answer_with_the_prompts(self, revision: str) -> None:
        """A reader's own answers to a fetched revision: the fake endpoint's (each prompt
        answered with itself), keyed as `respond` writes them."""
        from ifevalpp.cases import load_variants
        from ifevalpp.datadir import original_dir

        answers = self.workdir / READERS_ANSWERS
        if not answers.exists():
            answers.write_text("".join(
                json.dumps({"key": variant.key, "response": variant.prompt}) + "\n"
                for variant in load_variants(original_dir() / f"{revision}.jsonl")),
                encoding="utf-8")

    def fetched(self, revision: str) -> bool:
        from ifevalpp.datadir import original_dir
        from ifevalpp.original import REVISIONS

        return revision not in REVISIONS or (original_dir() / f"{revision}.jsonl").is_file()

    def serve_embedded_from_the_fake(self) -> None:
        """`--model embedded`: the study's llama.cpp server is the fake endpoint."""
        from ifevalpp.embedded import EmbeddedSettings
        from ifevalpp.study import run as study_run

        gguf = self.workdir / "fake.gguf"  # served as "fake", the name the endpoint lists
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
        if "import ray" in body:
            fake = fake_ray(self.workdir)
            self.monkeypatch.setitem(sys.modules, "ray", fake)
            self.monkeypatch.setitem(sys.modules, "ray.data", fake.data)
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


def _read(args: list[str]) -> list[str]:
    """What a command reads: positional paths and input options, files or revision names."""
    verb, rest = args[0], args[1:]
    found = [_option(rest, name) for name in ("--input", "--families", "--baseline",
                                              "--original")]
    positional = [arg for position, arg in enumerate(rest) if not arg.startswith("-")
                  and (position == 0 or not rest[position - 1].startswith("-"))]
    if verb in ("score", "respond", "export-rl", "validate"):
        found += positional[:1]
    if verb == "compare":
        found += positional[:2]
    return [path for path in found if path]


def _inputs(args: list[str]) -> list[str]:
    """The files and directories a command reads (positional paths and input options)."""
    from ifevalpp.original import REVISIONS

    return [path for path in _read(args) if path not in REVISIONS]


def _revisions(args: list[str]) -> list[str]:
    """The fetched revisions a command reads by name (`validate ifbench`, `--input github`)."""
    from ifevalpp.original import REVISIONS

    return [name for name in _read(args) if name in REVISIONS]


def signature_stub(real: Any) -> Any:
    """A stand-in that accepts exactly what `real` accepts and returns a mock."""
    signature = inspect.signature(real)

    def stub(*args: Any, **kwargs: Any) -> MagicMock:
        signature.bind(*args, **kwargs)
        return MagicMock(name=getattr(real, "__name__", "stub"))

    return stub


def fake_ray(workdir: Path) -> types.ModuleType:
    """`ray` with a `ray.data` run by pyarrow in this process. Its readers give the
    completions a reader would have: every prompt of the README's family file answered
    with itself, in `export-rl`'s columns plus `completion`; a Dataset's `map_batches`,
    `filter` and `write_parquet` do what Ray's do. Every call binds to Ray's own signature
    when Ray is installed."""
    import pyarrow as pa
    import pyarrow.parquet as parquet

    from ifevalpp.cases import load_variants
    from ifevalpp.reward.export import rl_row

    try:
        import ray.data as real
    except ImportError:
        real = None

    def bind(name: str, *args: Any, **kwargs: Any) -> None:
        """Refuse what Ray's own `name` (`read_json`, `Dataset.filter`, …) would refuse."""
        if real is not None:
            function: Any = real
            for part in name.split("."):
                function = getattr(function, part)
            inspect.signature(function).bind(*args, **kwargs)

    class Dataset:
        def __init__(self, table: "pa.Table") -> None:
            self.table = table

        def map_batches(self, fn: Any, **options: Any) -> "Dataset":
            bind("Dataset.map_batches", self, fn, **options)
            size = options.get("batch_size") or len(self.table) or 1
            out = []
            for start in range(0, len(self.table), size):
                batch = self.table.slice(start, size)
                if options.get("batch_format") == "pandas":
                    batch = batch.to_pandas()
                elif options.get("batch_format") != "pyarrow":
                    batch = {name: batch.column(name).to_numpy(zero_copy_only=False)
                             for name in batch.column_names}
                result = fn(batch, **(options.get("fn_kwargs") or {}))
                if isinstance(result, dict):
                    result = pa.table({name: list(values) for name, values in result.items()})
                elif not isinstance(result, pa.Table):
                    result = pa.Table.from_pandas(result, preserve_index=False)
                out.append(result)
            return Dataset(pa.concat_tables(out))

        def filter(self, fn: Any = None, **options: Any) -> "Dataset":
            bind("Dataset.filter", self, fn, **options)
            return Dataset(pa.Table.from_pylist([row for row in self.table.to_pylist()
                                                 if fn(row)], schema=self.table.schema))

        def write_parquet(self, path: str, **options: Any) -> None:
            bind("Dataset.write_parquet", self, path, **options)
            target = workdir / path
            target.mkdir(parents=True, exist_ok=True)
            parquet.write_table(self.table, target / "part-0.parquet")

    families = workdir / "data" / "families" / "template.jsonl"

    def completions() -> Dataset:
        assert families.is_file(), f"no family prompts to answer: {families}"
        rows = [{**rl_row(variant, index).model_dump(mode="json"), "completion": variant.prompt}
                for index, variant in enumerate(load_variants(families))]
        return Dataset(pa.Table.from_pylist(rows))

    def read_parquet(*args: Any, **kwargs: Any) -> Dataset:
        bind("read_parquet", *args, **kwargs)
        return completions()

    def read_json(*args: Any, **kwargs: Any) -> Dataset:
        bind("read_json", *args, **kwargs)
        return completions()

    module = types.ModuleType("ray")
    data = types.ModuleType("ray.data")
    data.Dataset = Dataset  # type: ignore[attr-defined]
    data.read_parquet, data.read_json = read_parquet, read_json  # type: ignore[attr-defined]
    module.data = data  # type: ignore[attr-defined]
    return module


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
    session.endpoint = fake_endpoint
    for block in blocks():
        if block.lang == "bash":
            session.shell(block)
        elif block.lang == "python":
            session.python(block)
    # Most of it really ran: the data, the families, answers, scores, exports, the harnesses,
    # the library; the rest (an earlier model's run, IFEval++'s fixed copy, and IFBench's
    # commands where the tests have no copy of it) had its call shape checked.
    no_ifbench = [] if "ifbench" in session.copies else \
        [where for where in session.checked if "ifbench" in where]
    assert len(session.ran) >= 15 and len(session.checked) - len(no_ifbench) <= 4, \
        (session.ran, session.checked)
    first = json.loads((workdir / "runs" / "gpt4" / "metrics.json").read_text())["summary"]
    quoted = re.search(r"`(540 of 541 prompts answered;[^`]*)`",
                       README.read_text(encoding="utf-8").replace("\n", " "))
    assert quoted and first == quoted.group(1) + ".", first  # the README quotes the real line
    assert os.path.isfile(workdir / "data" / "rl" / "train.jsonl")
