"""The nginx sidecar (deploy/kubernetes/nginx-configmap.yaml): its settings agree with the app and the
pod, `nginx -t` accepts it, and in front of a real gunicorn it absorbs stalled clients. The tests
that need the nginx binary skip where it is not installed (Debian: apt-get install nginx-light)."""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from bench.common import free_port, stall_and_probe
from service.config import DEFAULT_MAX_BODY
from service.errors import ALL_CODES

from .conftest import Gunicorn, load_gunicorn_conf, load_manifest, wait_for
from .test_slow_clients import raw

NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).is_file()), None
)
needs_nginx = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")


def nginx_conf() -> str:
    text: str = load_manifest("nginx-configmap.yaml")["data"]["nginx.conf"]
    return text


def directive(conf: str, name: str) -> list[str]:
    return re.findall(rf"^[ \t]*{name}[ \t]+([^;{{]+);", conf, re.M)


def seconds(value: str) -> float:
    return float(value[:-1]) if value.endswith("s") else float(value)


def size(value: str) -> int:
    units = {"k": 1024, "m": 1024 * 1024}
    return int(value[:-1]) * units[value[-1].lower()] if value[-1].lower() in units else int(value)


def deployment() -> dict[str, Any]:
    return load_manifest("deployment.yaml")


def containers() -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in deployment()["spec"]["template"]["spec"]["containers"]}


def test_slow_client_timeouts_and_buffering() -> None:
    conf = nginx_conf()
    assert 0 < seconds(directive(conf, "client_header_timeout")[0]) <= 10
    assert 0 < seconds(directive(conf, "client_body_timeout")[0]) <= 10
    assert directive(conf, "proxy_request_buffering") == ["on"]
    assert directive(conf, "proxy_buffering") == ["on"]
    gunicorn = load_gunicorn_conf({"PROMETHEUS_MULTIPROC_DIR": "/x"})
    # nginx closes idle upstream connections before gunicorn does, and waits out a slow request
    assert seconds(directive(conf, "keepalive_timeout")[-1]) < gunicorn["keepalive"]
    assert seconds(directive(conf, "proxy_read_timeout")[0]) > gunicorn["timeout"]


def test_body_limit_agrees_with_the_app() -> None:
    conf = nginx_conf()
    env = {e["name"]: e["value"] for e in containers()["trickref"]["env"]}
    limit = int(env.get("TRICKREF_MAX_BODY_BYTES", DEFAULT_MAX_BODY))
    assert size(directive(conf, "client_max_body_size")[0]) == limit
    assert size(directive(conf, "client_body_buffer_size")[0]) >= limit  # bodies stay in memory
    body = re.search(r"return 413 '(.*?)';", conf, re.S)
    assert body is not None
    problem = json.loads(body.group(1))
    assert problem["code"] == "payload_too_large" and problem["code"] in ALL_CODES
    assert problem["status"] == 413 and str(limit) in problem["detail"]


def test_nginx_is_the_only_way_in() -> None:
    conf = nginx_conf()
    c = containers()
    env = {e["name"]: e["value"] for e in c["trickref"]["env"]}
    assert env["TRICKREF_BIND"].startswith("127.0.0.1:")
    assert directive(conf, "server") == [env["TRICKREF_BIND"]]  # the upstream
    listen = int(directive(conf, "listen")[0])
    http = next(p for p in c["nginx"]["ports"] if p["name"] == "http")
    assert http["containerPort"] == listen
    assert "http" not in {p["name"] for p in c["trickref"]["ports"]}
    service = load_manifest("service.yaml")
    assert service["spec"]["ports"][0]["targetPort"] == "http"


def test_nginx_writes_only_to_its_empty_dir_and_reads_the_config_map() -> None:
    conf = nginx_conf()
    pod = deployment()["spec"]["template"]["spec"]
    volumes = {v["name"]: v for v in pod["volumes"]}
    mounts = {m["mountPath"]: m for m in containers()["nginx"]["volumeMounts"]}
    config = mounts["/etc/nginx/nginx.conf"]
    assert (
        volumes[config["name"]]["configMap"]["name"]
        == load_manifest("nginx-configmap.yaml")["metadata"]["name"]
    )
    assert config["subPath"] == "nginx.conf" and config.get("readOnly") is True
    assert "emptyDir" in volumes[mounts["/tmp"]["name"]]
    writable = directive(conf, "pid") + [
        directive(conf, f"{kind}_temp_path")[0]
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    ]
    assert all(path.startswith("/tmp/") for path in writable), writable


@needs_nginx
def test_nginx_accepts_the_configuration(tmp_path: Path) -> None:
    path = tmp_path / "nginx.conf"
    path.write_text(nginx_conf())
    result = subprocess.run(
        [str(NGINX), "-t", "-q", "-c", str(path)], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stdout + result.stderr


@needs_nginx
@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_nginx_in_front_of_gunicorn_absorbs_stalled_clients(gunicorn: Gunicorn, tmp_path: Path) -> None:
    """The sidecar's own config, pointed at a real gunicorn on 127.0.0.1 (ports and paths
    rewritten for the test): stalled clients never reach gunicorn, probes through nginx are all
    answered, a body over the limit gets the problem+json 413."""
    gunicorn.start()
    port = free_port()
    conf = nginx_conf().replace("/tmp/", f"{tmp_path}/")
    conf = re.sub(r"listen \d+;", f"listen 127.0.0.1:{port};", conf)
    conf = re.sub(r"server 127\.0\.0\.1:\d+;", f"server 127.0.0.1:{gunicorn.port};", conf)
    conf = conf.replace("client_body_timeout 5s;", "client_body_timeout 2s;")
    path = tmp_path / "nginx.conf"
    path.write_text(conf)
    proc = subprocess.Popen(
        [str(NGINX), "-c", str(path), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "nginx.log").open("wb"),
        start_new_session=True,
    )
    try:

        def up() -> bool:
            try:
                return (
                    raw(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 1)[0] == 200
                )
            except OSError:
                return False

        assert wait_for(up, 10), (tmp_path / "nginx.log").read_text()
        report = stall_and_probe(port, stalled=48, seconds=3.0, probe_every=0.2, probe_timeout=2.0)
        assert report.probes_ok == report.probes_sent >= 8, report
        assert report.dropped == 48 and report.drop_max() < 2 + 1.5, report
        big = b'{"seed": 1' + b" " * (DEFAULT_MAX_BODY + 10) + b"}"
        head = (
            "POST /v1/games/oh-hell/deals HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(big)}\r\nConnection: close\r\n\r\n"
        )
        status, headers, body = raw(port, head.encode() + big)
        assert status == 413 and headers["content-type"] == "application/problem+json"
        assert json.loads(body)["code"] == "payload_too_large"
        time.sleep(0.2)
        guard = [r for r in gunicorn.json_lines() if r.get("logger") == "trickref.guard"]
        assert not guard, guard[:3]  # no stalled body ever reached gunicorn
    finally:
        proc.send_signal(signal.SIGQUIT)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
