"""Serve a GGUF model with llama.cpp's own OpenAI-compatible server (xllamacpp) until killed.

    python tests/respond/llama_server.py --model PATH --port N [--alias NAME]

Used by the end-to-end test; one thread per phase, since llama.cpp threads
spin-wait and crawl when the other core is busy.
"""

from __future__ import annotations

import argparse
import threading


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True, help="path to a .gguf file")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--alias", default="smollm2")
    parser.add_argument("--n-ctx", type=int, default=4096)
    parser.add_argument("--n-parallel", type=int, default=2)
    options = parser.parse_args()

    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = options.model
    params.hostnames = ["127.0.0.1"]
    params.port = options.port
    params.n_ctx = options.n_ctx
    params.n_parallel = options.n_parallel
    params.use_jinja = True
    params.ui = False
    params.cpuparams.n_threads = 1
    params.cpuparams_batch.n_threads = 1
    params.model_alias = {options.alias}
    server = xllamacpp.Server(params)
    print(f"serving {options.alias} on 127.0.0.1:{options.port}", flush=True)
    threading.Event().wait()  # serve until the process is killed
    del server


if __name__ == "__main__":
    main()
