"""A real HTTP server that speaks just enough of the OpenAI API, scripted per request.

Tests run it in a thread (`FakeServer`); the benchmark and the kill test can run
it in its own process (`python tests/respond/respond_fakes.py --port N`) so it
does not compete with the client for the GIL.
"""

from __future__ import annotations

import argparse
import json
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Optional, Union


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    port: int
    received_at: float

    @property
    def prompt(self) -> str:
        messages = self.body.get("messages") or []
        return str(messages[-1]["content"]) if messages else ""


@dataclass
class Reply:
    """What the server does with one request: a status and body, after a delay, or a dropped socket."""

    status: int = 200
    body: Union[dict[str, Any], bytes, None] = None  # None: an echo completion for the prompt
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    drop: bool = False


def completion(content: Optional[str], *, finish_reason: str = "stop",
               prompt_tokens: int = 5, completion_tokens: int = 3,
               **message_extra: Any) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": content, **message_extra}
    return {
        "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": "fake",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


def echo(request: Request) -> Reply:
    """The default answer: deterministic text derived from the prompt."""
    return Reply(body=completion(f"answer to: {request.prompt}"))


Script = Callable[[Request], Reply]


class ByPrompt:
    """Replies listed per prompt, used in order; a prompt past its list (or not listed) gets `then`."""

    def __init__(self, replies: dict[str, list[Reply]], then: Script = echo) -> None:
        self._replies = {prompt: list(items) for prompt, items in replies.items()}
        self._then = then
        self._lock = threading.Lock()

    def __call__(self, request: Request) -> Reply:
        with self._lock:
            queue = self._replies.get(request.prompt)
            if queue:
                return queue.pop(0)
        return self._then(request)


class Always:
    """The same reply for every request (after an optional delay)."""

    def __init__(self, reply: Reply) -> None:
        self._reply = reply

    def __call__(self, request: Request) -> Reply:
        return self._reply


class Delayed:
    """Echo after a fixed delay: a slow-ish server for kill/resume tests."""

    def __init__(self, delay_s: float) -> None:
        self._delay_s = delay_s

    def __call__(self, request: Request) -> Reply:
        reply = echo(request)
        reply.delay_s = self._delay_s
        return reply


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as real servers do
    # Like real servers: no Nagle, or each small answer waits ~40 ms for a delayed ACK.
    disable_nagle_algorithm = True
    server: "_Server"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet tests
        pass

    def _send(self, status: int, payload: bytes, headers: Optional[dict[str, str]] = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        # Head and body in one write: one packet per answer.
        self._headers_buffer.append(b"\r\n")
        self._headers_buffer.append(payload)
        self.flush_headers()

    def do_GET(self) -> None:  # noqa: N802 - http.server naming
        if self.path.rstrip("/").endswith("/models"):
            self.server.models_asked += 1
            status = self.server.models_status
            self._send(status, json.dumps({"object": "list", "data": [
                {"id": name, "object": "model", "owned_by": "tests"}
                for name in self.server.models]}).encode()
                if status == 200 else b'{"error": "no"}')
        else:
            self._send(404, b'{"error": "not found"}')

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send(404, b'{"error": "not found"}')
            return
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            self._send(400, b'{"error": "bad json"}')
            return
        request = Request(path=self.path, headers={k.lower(): v for k, v in self.headers.items()},
                          body=body, port=self.server.server_address[1],
                          received_at=time.monotonic())
        self.server.record(request)
        reply = self.server.script(request)
        if reply.delay_s:
            time.sleep(reply.delay_s)
        if reply.drop:
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            return
        if reply.body is None:
            payload = json.dumps(echo(request).body).encode()
        elif isinstance(reply.body, bytes):
            payload = reply.body
        else:
            payload = json.dumps(reply.body).encode()
        try:
            self._send(reply.status, payload, reply.headers)
        except OSError:
            pass  # the client gave up (timeout): nothing to answer


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256

    def __init__(self, address: tuple[str, int], script: Script) -> None:
        super().__init__(address, _Handler)
        self.script = script
        self.requests: list[Request] = []
        self._lock = threading.Lock()
        self.models_status = 200   # what GET /models answers (the probe before a run)
        self.models_asked = 0
        self.models = ["fake"]     # the model ids GET /models lists

    def record(self, request: Request) -> None:
        with self._lock:
            self.requests.append(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hung up is not a test failure


class FakeServer:
    """An OpenAI-compatible server on 127.0.0.1 at a free port, serving from a thread."""

    def __init__(self, script: Script = echo) -> None:
        self._server = _Server(("127.0.0.1", 0), script)
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def requests(self) -> list[Request]:
        with self._server._lock:
            return list(self._server.requests)

    def set_script(self, script: Script) -> None:
        self._server.script = script

    def set_models_status(self, status: int) -> None:
        self._server.models_status = status

    def serve_model(self, name: str) -> None:
        """List `name` among the served models too (as `vllm serve NAME` would)."""
        if name not in self._server.models:
            self._server.models.append(name)

    @property
    def models_asked(self) -> int:
        return self._server.models_asked

    def __enter__(self) -> "FakeServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def case_prompt(number: int) -> str:
    return f"Prompt {number}: write two sentences about the sea without commas."


def write_cases(path: Path, count: int, *, start: int = 1000) -> Path:
    """A small IFEval-style input file written by the test itself (keys start, start+1, …)."""
    with open(path, "w", encoding="utf-8") as handle:
        for number in range(start, start + count):
            handle.write(json.dumps({
                "key": number,
                "prompt": case_prompt(number),
                "instruction_id_list": ["punctuation:no_comma"],
                "kwargs": [{}],
            }) + "\n")
    return path


def main() -> None:
    """Serve in the foreground (benchmark, kill test): echo answers after an optional delay."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--delay", type=float, default=0.0)
    options = parser.parse_args()
    script: Script = Delayed(options.delay) if options.delay else echo
    server = _Server(("127.0.0.1", options.port), script)
    print(f"listening on {options.port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

