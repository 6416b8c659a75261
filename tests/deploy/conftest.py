"""Shared helpers for the deployment tests: tool lookup, the Dockerfile, gunicorn runs on 127.0.0.1."""

from __future__ import annotations

import contextlib
import json
import os
import re
import runpy
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from dockerfile_parse import DockerfileParser

from bench.common import children  # the same /proc walk the load test uses

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
GUNICORN_CONF = DEPLOY / "gunicorn.conf.py"
K8S = DEPLOY / "kubernetes"
DOCKERFILE = ROOT / "Dockerfile"
APP = "service:create_app()"


def tool(name: str) -> Path:
    """A console script of this interpreter's environment (venv bin first), else one on PATH."""
    for directory in (Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))):
        candidate = directory / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} not found next to {sys.executable} nor on PATH: pip install '.[dev]'")
    return Path(found)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def load_gunicorn_conf(env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run deploy/gunicorn.conf.py as gunicorn would, with `env` on top of the current environment.

    The file may set PROMETHEUS_MULTIPROC_DIR; the process environment is restored afterwards so
    the in-process apps of other tests keep their plain registries.
    """
    saved = dict(os.environ)
    try:
        os.environ.update(env or {})
        return runpy.run_path(str(GUNICORN_CONF))
    finally:
        os.environ.clear()
        os.environ.update(saved)


@pytest.fixture(scope="session")
def dockerfile() -> DockerfileParser:
    return DockerfileParser(str(DOCKERFILE))


def instructions(parser: DockerfileParser, name: str) -> list[dict[str, Any]]:
    return [i for i in parser.structure if i["instruction"] == name]


def dockerfile_uid(parser: DockerfileParser) -> int:
    user = instructions(parser, "USER")[-1]["value"].strip()
    return int(user.split(":")[0])


def dockerfile_port(parser: DockerfileParser) -> int:
    bind = parser.envs["TRICKREF_BIND"]
    return int(bind.rsplit(":", 1)[1])


def load_manifest(name: str) -> dict[str, Any]:
    documents = [d for d in yaml.safe_load_all((K8S / name).read_text()) if d]
    assert len(documents) == 1, f"{name}: one resource per file"
    document: dict[str, Any] = documents[0]
    return document


# --- a real gunicorn -------------------------------------------------------------------------------


@dataclass
class Gunicorn:
    """gunicorn with deploy/gunicorn.conf.py on 127.0.0.1:<free port>; stdout/stderr to files."""

    workdir: Path
    env: dict[str, str] = field(default_factory=dict)
    app: str = APP  # or bench.slow_app's, the product with a route that sleeps on request
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def metrics_dir(self) -> Path:
        return self.workdir / "metrics"

    def start(self, timeout: float = 15.0) -> Gunicorn:
        env = {
            **os.environ,
            "TRICKREF_BIND": f"127.0.0.1:{self.port}",
            "PROMETHEUS_MULTIPROC_DIR": str(self.metrics_dir),
            "WEB_CONCURRENCY": "2",
            "PYTHONUNBUFFERED": "1",
            "TRICKREF_METRICS_MAX_AGE": "0",  # each scrape fresh: the tests count what it says
            **self.env,
        }
        self.proc = subprocess.Popen(
            [str(tool("gunicorn")), "--config", str(GUNICORN_CONF), self.app],
            cwd=ROOT,
            env=env,
            stdout=(self.workdir / "stdout.log").open("wb"),
            stderr=(self.workdir / "stderr.log").open("wb"),
            start_new_session=True,  # its own process group: teardown can end master and workers
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"gunicorn exited with {self.proc.returncode}:\n{self.logs()}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        pytest.fail(f"gunicorn did not answer /healthz within {timeout} s:\n{self.logs()}")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 25.0) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill_group()
        return self.proc.returncode

    def kill_group(self) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # the group this test started, by its id
        self.proc.wait(5)

    def workers(self) -> list[int]:
        assert self.proc is not None
        return children(self.proc.pid)

    def stdout_lines(self) -> list[str]:
        return (self.workdir / "stdout.log").read_text().splitlines()

    def stderr_lines(self) -> list[str]:
        return (self.workdir / "stderr.log").read_text().splitlines()

    def json_lines(self, stream: str = "stdout") -> list[dict[str, Any]]:
        lines = self.stdout_lines() if stream == "stdout" else self.stderr_lines()
        return [json.loads(line) for line in lines if line.startswith("{")]

    def logs(self) -> str:
        out = (self.workdir / "stdout.log").read_text()[-3000:]
        err = (self.workdir / "stderr.log").read_text()[-3000:]
        return f"--- stdout\n{out}\n--- stderr\n{err}"


def wait_for(predicate: Any, timeout: float, interval: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return bool(predicate())


def get(url: str, headers: dict[str, str] | None = None, timeout: float = 5.0) -> tuple[int, Any, bytes]:
    request = urllib.request.Request(url, headers={"Connection": "close", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


@pytest.fixture
def gunicorn(tmp_path: Path) -> Iterator[Gunicorn]:
    server = Gunicorn(tmp_path)
    yield server
    if server.proc is not None:
        if server.proc.poll() is None:
            server.stop(timeout=10)
        server.kill_group()  # stray workers, if the master died first


def metric(text: str, name: str, **labels: str) -> float:
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name + "{") and all(f'{k}="{v}"' in line for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


HEALTHCHECK_PORT = re.compile(r"127\.0\.0\.1:(\d+)")
