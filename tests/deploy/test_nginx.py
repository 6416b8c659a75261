"""The nginx sidecars (deploy/kubernetes/nginx.conf for the api pods, bots-nginx.conf for the bots
pool's; the pods' ConfigMaps and compose's mounts): their settings agree with the app and the pods,
`nginx -t` accepts them, and in front of a real gunicorn they absorb slow clients, bound what
trickled bodies hold, answer their own errors as problem+json, log the client's address, keep
hands/suggest off the api pods and shed the bots pool's load. The tests that need the nginx binary
skip where it is not installed (Debian: apt-get install nginx-light)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from bench.hostile import ATTACKS, PROBE_ADDRESS, Nginx, connect, nginx_binary, probe, run_attack
from service.api.config import DEFAULT_MAX_BODY
from service.api.errors import ALL_CODES, HTTP_CODES
from service.api.headers import API_CSP

from .conftest import K8S, Gunicorn, load_gunicorn_conf, load_manifest

NGINX = nginx_binary()
needs_nginx = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")


def nginx_conf() -> str:
    return (K8S / "nginx.conf").read_text()


def bots_conf() -> str:
    return (K8S / "bots-nginx.conf").read_text()


BOTH = pytest.mark.parametrize("conf", [nginx_conf(), bots_conf()], ids=["api", "bots"])


def directive(conf: str, name: str) -> list[str]:
    return re.findall(rf"^[ \t]*{name}[ \t]+([^;{{]+);", conf, re.M)


def seconds(value: str) -> float:
    return float(value[:-1]) if value.endswith("s") else float(value)


def size(value: str) -> int:
    units = {"k": 1024, "m": 1024 * 1024}
    return int(value[:-1]) * units[value[-1].lower()] if value[-1].lower() in units else int(value)


def mebibytes(quantity: str) -> float:
    return float(quantity.removesuffix("Mi"))


def deployment() -> dict[str, Any]:
    return load_manifest("deployment.yaml")


def containers() -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in deployment()["spec"]["template"]["spec"]["containers"]}


def servers(conf: str) -> list[str]:
    """The text of each `server { ... }` block of the http block."""
    blocks = []
    for match in re.finditer(r"^  server \{\n", conf, re.M):
        end = conf.index("\n  }\n", match.end())
        blocks.append(conf[match.end() : end])
    return blocks


def suggest_location(server: str) -> str:
    """The text of the server's hands/suggest location."""
    match = re.search(r"location ~ \^/v1/games/\[\^/\]\+/hands/suggest\$ \{\n(.*?)\n    \}", server, re.S)
    assert match, "no hands/suggest location"
    return match.group(1)


def problem_maps(conf: str) -> dict[str, dict[str, str]]:
    """The fields of nginx's own problems by status: {field: {status: value}} from the maps."""
    out: dict[str, dict[str, str]] = {}
    for name, body in re.findall(r"map \$status \$trickref_problem_(\w+) \{\n(.*?)\n  \}", conf, re.S):
        out[name] = dict(re.findall(r'^\s*(\w+) "?(.*?)"?;$', body, re.M))
    return out


@BOTH
def test_slow_client_timeouts_and_buffering(conf: str) -> None:
    assert 0 < seconds(directive(conf, "client_header_timeout")[0]) <= 10
    assert 0 < seconds(directive(conf, "client_body_timeout")[0]) <= 10
    # every route to a gunicorn (the pod's, the bots pool's) reads requests whole and buffers answers
    routes = [p for p in directive(conf, "proxy_pass") if p != "http://trickref_probes"]
    passes = len(routes) - 1  # not the metrics port's
    assert directive(conf, "proxy_request_buffering") == ["on"] * passes
    assert directive(conf, "proxy_buffering") == ["on"] * passes
    gunicorn = load_gunicorn_conf({"PROMETHEUS_MULTIPROC_DIR": "/x"})
    # nginx closes idle upstream connections before gunicorn does, and waits out a slow request
    assert seconds(directive(conf, "keepalive_timeout")[-1]) < gunicorn["keepalive"]
    timeouts = directive(conf, "proxy_read_timeout")
    assert len(timeouts) == len(directive(conf, "proxy_pass"))
    assert all(seconds(t) > gunicorn["timeout"] for t in timeouts[:passes])
    # clients' idle expiry (httpx 5 s, aiohttp 15 s) ends before nginx closes their connection
    assert seconds(directive(conf, "keepalive_timeout")[0]) > 15


def test_body_limit_agrees_with_the_app_and_memory_is_bounded() -> None:
    """Issue 17.4: 400 connections sending 256 KB then a byte every 3 s took nginx from 19 to 115
    MiB (each body buffered whole in memory) against a 32 Mi limit. A body now holds at most
    client_body_buffer_size of memory (the rest waits in /tmp, on disk), and worker_connections
    bounds the connections: together within nginx's memory limit, and /tmp's size limit holds
    every body at once."""
    conf = nginx_conf()
    env = {e["name"]: e["value"] for e in containers()["trickref"]["env"]}
    limit = int(env.get("TRICKREF_MAX_BODY_BYTES", DEFAULT_MAX_BODY))
    assert size(directive(conf, "client_max_body_size")[0]) == limit
    buffer = size(directive(conf, "client_body_buffer_size")[0])
    connections = int(directive(conf, "worker_connections")[0])
    nginx = containers()["nginx"]
    memory = mebibytes(nginx["resources"]["limits"]["memory"]) * 1024 * 1024
    assert buffer <= 16 * 1024 and connections * buffer <= memory / 2
    pod = deployment()["spec"]["template"]["spec"]
    volumes = {v["name"]: v for v in pod["volumes"]}
    tmp = volumes[next(m["name"] for m in nginx["volumeMounts"] if m["mountPath"] == "/tmp")]["emptyDir"]
    assert "medium" not in tmp  # a tmpfs would count against the memory limit
    assert mebibytes(tmp["sizeLimit"]) * 1024 * 1024 >= connections * limit
    assert directive(conf, "client_body_temp_path")[0].startswith("/tmp/")


def test_connections_and_requests_are_limited_per_client_address() -> None:
    conf = nginx_conf()
    zones = directive(conf, "limit_conn_zone") + directive(conf, "limit_req_zone")
    per_address = [z for z in zones if not re.search(r"zone=\w+_all:", z)]
    assert len(per_address) == 6 and all(z.startswith("$binary_remote_addr ") for z in per_address)
    public = servers(conf)[0]
    per_client = directive(public, "limit_conn")[0]
    assert per_client.split()[0] == "per_client" and 0 < int(per_client.split()[1]) <= 64
    assert directive(public, "limit_req")
    # hands/suggest (bots: up to 1.5 s of a core each) keeps the general limits and adds its own
    suggest = suggest_location(public)
    limits = dict(x.split() for x in directive(suggest, "limit_conn"))
    assert limits["per_client"] == per_client.split()[1] and 0 < int(limits["suggest_per_client"]) <= 8
    rates = [x.split()[0] for x in directive(suggest, "limit_req")]
    assert rates == ["zone=per_client_rate", "zone=suggest_per_client_rate"]
    (rate,) = [z for z in directive(conf, "limit_req_zone") if "zone=suggest_per_client_rate" in z]
    assert int(re.search(r"rate=(\d+)r/s", rate).group(1)) <= 20
    assert directive(conf, "limit_conn_status") == directive(conf, "limit_req_status") == ["429"]


def test_the_bots_pool_sheds_load_beyond_a_bounded_queue_across_addresses() -> None:
    """Issue 32.1: the pool queued every suggestion its callers sent, until a probe or a client
    timed out. Its nginx now holds at most twice its gunicorn threads at once, whoever sends them
    (one key for every address), and answers 503 problem+json with Retry-After beyond."""
    conf = bots_conf()
    assert "$server_port zone=bots_pool:" in " ".join(directive(conf, "limit_conn_zone"))
    bots, _ = servers(conf)
    suggest = suggest_location(bots)
    (cap,) = directive(suggest, "limit_conn")
    assert cap.split()[0] == "bots_pool" and directive(suggest, "limit_conn_status") == ["503"]
    env = {e["name"]: e["value"] for e in bots_manifest_container()["env"]}
    threads = int(env["WEB_CONCURRENCY"]) * int(env["TRICKREF_THREADS"])
    assert threads < int(cap.split()[1]) <= 2 * threads
    maps = problem_maps(conf)
    assert maps["code"]["503"] == "service_busy" and maps["retry_after"]["503"] == "1"
    # the api pods' nginx passes the pool's 503 (its problem, its Retry-After) to the client
    intercepted = {
        c
        for page in directive(suggest_location(servers(nginx_conf())[0]), "error_page")
        for c in page.split()
    }
    assert "503" not in intercepted


def bots_manifest_container(name: str = "trickref") -> dict[str, Any]:
    pod = load_manifest("bots-deployment.yaml")["spec"]["template"]["spec"]
    return next(c for c in pod["containers"] if c["name"] == name)


@BOTH
def test_every_error_nginx_makes_is_a_problem_with_the_request_id(conf: str) -> None:
    """Issue 17.7: nginx's 400, 413 and 502 were HTML; issue 32.5: so were its 405, 414, 501 and
    505. Every status nginx makes goes to one internal location that writes the problem from maps
    keyed by the status, with the request id and the app's security headers."""
    pages = [page.split() for page in directive(conf, "error_page")]
    statuses = {code for page in pages for code in page[:-1] if not code.startswith("=")}
    assert statuses >= {
        "400",
        "404",
        "405",
        "408",
        "413",
        "414",
        "429",
        "494",
        "500",
        "501",
        "502",
        "503",
        "504",
        "505",
    }
    assert {page[-1] for page in pages} == {"/_problem"}
    maps = problem_maps(conf)
    answered = {s for s in statuses if s not in ("494", "502", "504")} | {"431"}
    for status in [*answered, "default"]:
        code = maps["code"].get(status, maps["code"]["default"])
        title = maps["title"].get(status, maps["title"]["default"])
        assert code in ALL_CODES and title == HTTP_CODES[code], status
        assert maps["detail"].get(status, maps["detail"]["default"])
    assert maps["code"]["default"] == "http_error"
    assert maps["code"]["400"] == maps["code"]["431"] == maps["code"]["414"] == "malformed_http"
    assert maps["code"]["405"] == "method_not_allowed" and maps["allow"]["405"]
    assert maps["retry_after"]["429"] == "1"
    limit = size(directive(conf, "client_max_body_size")[0])
    assert maps["code"]["413"] == "payload_too_large" and str(limit) in maps["detail"]["413"]
    for server in servers(conf):
        location = re.search(r"location = /_problem \{(.*?)\n    \}", server, re.S)
        assert location, "a server without the problem location"
        text = location.group(1)
        assert "internal;" in text and "default_type application/problem+json;" in text
        body = json.loads(re.search(r"return 200 '(.*?)';", text).group(1).replace("$status", "400"))
        assert body["request_id"] == "$trickref_request_id" and body["code"] == "$trickref_problem_code"
        headers = dict(re.findall(r"^\s*add_header (\S+) (.*);$", text, re.M))
        for name in (
            "X-Request-ID",
            "Cache-Control",
            "X-Content-Type-Options",
            "Referrer-Policy",
            "Content-Security-Policy",
        ):
            assert headers[name].endswith(" always"), name
    # the id: the client's when the app would keep it (service/api/observability.py), else nginx's
    assert "~^[A-Za-z0-9._-]{1,128}$" in conf
    assert "X-Request-ID $trickref_request_id" in " ".join(directive(conf, "proxy_set_header"))


def test_the_api_nginx_intercepts_only_what_the_bots_pool_cannot_answer() -> None:
    """The app's own errors pass untouched: only the route to the bots pool intercepts, and only
    what that pool's nginx cannot answer (down, too slow) or the front's own limits."""
    conf = nginx_conf()
    suggest = suggest_location(servers(conf)[0])
    assert conf.count("proxy_intercept_errors") == 1 and directive(suggest, "proxy_intercept_errors") == [
        "on"
    ]
    intercepted = {code for page in directive(suggest, "error_page") for code in page.split()[:-1]}
    assert intercepted == {"413", "429", "502", "504", "=503"}


def test_the_access_log_names_the_client_and_gunicorn_hears_it_from_nginx_only() -> None:
    """Issue 17.10: behind nginx every access line said 127.0.0.1 and nginx's own log was off."""
    conf = nginx_conf()
    assert directive(conf, "access_log")[0] == "/dev/stdout trickref"
    assert directive(servers(conf)[0], "access_log") == []  # the public port logs (metrics port: off)
    log_format = conf[conf.index("log_format trickref") : conf.index("access_log /dev/stdout")]
    assert '"client": "$remote_addr"' in log_format and "$trickref_request_id" in log_format
    # every route to a gunicorn sets the address it saw: no client's X-Forwarded-For passes through
    for text in (conf, bots_conf()):
        headers = directive(text, "proxy_set_header")
        assert not any("x_forwarded" in h for h in headers), headers
        locations = re.findall(r"^    location [^{]*\{\n(.*?)^    \}", text, re.S | re.M)
        routes = [loc for loc in locations if "proxy_pass" in loc]
        assert routes and all("proxy_set_header X-Forwarded-For $remote_addr;" in loc for loc in routes)
    gunicorn = load_gunicorn_conf({"PROMETHEUS_MULTIPROC_DIR": "/x"})
    assert gunicorn["forwarded_allow_ips"] == "127.0.0.1,::1"  # trusted from the sidecar only


def test_metrics_are_not_forwarded_from_the_public_port() -> None:
    """Issue 17.5: /metrics was public through `location /`; issue 32.2: the api pods listened on
    the bots port too, and served hands/suggest there to anyone."""
    conf = nginx_conf()
    public, metrics = servers(conf)
    assert re.search(r"location = /metrics \{\s*return 404;", public)
    ports = {p["name"]: p["containerPort"] for p in containers()["nginx"]["ports"]}
    assert sorted(int(p) for p in directive(conf, "listen")) == sorted(ports.values())
    assert int(directive(public, "listen")[0]) == ports["http"]
    bots, bots_metrics = servers(bots_conf())
    assert re.search(r"location / \{\s*return 404;", bots) and "/metrics" not in bots
    bots_ports = {p["name"]: p["containerPort"] for p in bots_manifest_container("nginx")["ports"]}
    assert sorted(int(p) for p in directive(bots_conf(), "listen")) == sorted(bots_ports.values())
    for server, port in ((metrics, ports["metrics"]), (bots_metrics, bots_ports["metrics"])):
        assert int(directive(server, "listen")[0]) == port
        assert directive(server, "proxy_pass") == ["http://trickref"]
        assert re.findall(r"location (.*?) \{", server) == ["= /metrics", "/", "= /_problem"]


def test_scrapes_are_limited_per_address_and_in_all() -> None:
    """Issue 32.3: 8 loops of scrapes took hands/state's p99 from 3 to 545 ms. The metrics port
    now admits a few scrapes a second per address and a few at once in all (the app keeps the
    text it rendered for a second, service/api/observability.py)."""
    for conf in (nginx_conf(), bots_conf()):
        metrics = servers(conf)[1]
        limits = dict(x.split() for x in directive(metrics, "limit_conn"))
        assert 0 < int(limits["metrics_per_client"]) <= int(limits["metrics_all"]) <= 8
        (rate,) = directive(metrics, "limit_req")
        assert rate.startswith("zone=metrics_per_client_rate ")
        (zone,) = [z for z in directive(conf, "limit_req_zone") if "zone=metrics_per_client_rate" in z]
        assert int(re.search(r"rate=(\d+)r/s", zone).group(1)) <= 5
        assert "$server_port zone=metrics_all:" in " ".join(directive(conf, "limit_conn_zone"))


def test_nginx_is_the_only_way_in() -> None:
    conf = nginx_conf()
    c = containers()
    env = {e["name"]: e["value"] for e in c["trickref"]["env"]}
    assert env["TRICKREF_BIND"].startswith("127.0.0.1:")
    # the upstreams: gunicorn in the pod, and the bots' pool (its Service, tests/deploy/test_kubernetes.py)
    assert directive(conf, "server") == [env["TRICKREF_BIND"], "trickref-bots:8081"]
    assert "ports" not in c["trickref"]
    service = load_manifest("service.yaml")
    assert [p["targetPort"] for p in service["spec"]["ports"]] == ["http"]


def test_nginx_writes_only_to_its_empty_dir_and_reads_the_config_map() -> None:
    conf = nginx_conf()
    pod = deployment()["spec"]["template"]["spec"]
    volumes = {v["name"]: v for v in pod["volumes"]}
    mounts = {m["mountPath"]: m for m in containers()["nginx"]["volumeMounts"]}
    config = mounts["/etc/nginx/nginx.conf"]
    assert volumes[config["name"]]["configMap"]["name"] == "trickref-nginx"
    assert config["subPath"] == "nginx.conf" and config.get("readOnly") is True
    assert "emptyDir" in volumes[mounts["/tmp"]["name"]]
    writable = directive(conf, "pid") + [
        directive(conf, f"{kind}_temp_path")[0]
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    ]
    assert all(path.startswith("/tmp/") for path in writable), writable


@needs_nginx
@BOTH
def test_nginx_accepts_the_configuration(tmp_path: Path, conf: str) -> None:
    path = tmp_path / "nginx.conf"
    # the bots Service's name resolves in the cluster (and in compose), not here
    path.write_text(conf.replace("/tmp/", f"{tmp_path}/").replace("trickref-bots:", "127.0.0.1:"))
    result = subprocess.run(
        [str(NGINX), "-t", "-q", "-c", str(path)], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stdout + result.stderr


# --- a real nginx in front of a real gunicorn ---------------------------------------------------------

SHORT_TIMEOUTS = [(r"client_header_timeout 5s;", "client_header_timeout 2s;"),
                  (r"client_body_timeout 5s;", "client_body_timeout 2s;")]  # fmt: skip


@pytest.fixture
def sidecar(gunicorn: Gunicorn) -> Any:
    gunicorn.start()
    proxy = Nginx(gunicorn.port, edits=SHORT_TIMEOUTS).start()
    yield proxy
    proxy.stop()


@needs_nginx
@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
@pytest.mark.parametrize("attack", [a for a in ATTACKS if a.slow_client], ids=lambda a: a.name)
def test_nginx_absorbs_slow_clients(gunicorn: Gunicorn, sidecar: Nginx, attack: Any) -> None:
    """Issue 17.3 and 17.4, on the shipped configuration (timeouts shortened to 2 s): slow headers,
    idle connections, trickled bodies and 400 connections trickling 256 KiB bodies; every probe
    through nginx answered, nothing stalled reaches gunicorn, and the trickled bodies cost nginx
    its buffers (before: 12 to 116 MiB; measured after: 13 to 23 MiB)."""
    report = run_attack(attack, sidecar.port, "nginx", gunicorn.workers, sidecar, seconds=3.0)
    assert report.all_probes and report.probes_sent >= 8, report
    before, peak = report.nginx_rss or (0.0, 0.0)
    assert peak - before < 40, report  # 400 x 256 KiB held in memory would be 100 MiB
    time.sleep(0.2)
    guard = [r for r in gunicorn.json_lines() if r.get("logger") == "trickref.guard"]
    assert not guard, guard[:3]  # no stalled body ever reached gunicorn


def request_problem(
    port: int, request: bytes, source: str = PROBE_ADDRESS
) -> tuple[int, dict[str, str], Any]:
    with connect(port, source, timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while True:
            part = sock.recv(65536)
            if not part:
                break
            data += part
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
    return int(lines[0].split()[1]), headers, json.loads(body) if body else None


@needs_nginx
@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_nginx_errors_are_problems_and_logs_name_the_client(gunicorn: Gunicorn, sidecar: Nginx) -> None:
    big = b'{"seed": 1' + b" " * (DEFAULT_MAX_BODY + 10) + b"}"
    head = (
        "POST /v1/games/oh-hell/deals HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(big)}\r\nX-Request-ID: big-1\r\nConnection: close\r\n\r\n"
    )
    cases = [
        (head.encode() + big, 413, "payload_too_large", "big-1"),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-ID: a\rb\r\n\r\n", 400, "malformed_http", None),
        (b"NOT HTTP AT ALL\r\n\r\n", 400, "malformed_http", None),
        # issue 32.5: these were nginx's HTML pages, without a request id or security headers
        (b"TRACE / HTTP/1.1\r\nHost: x\r\nX-Request-ID: t-1\r\n\r\n", 405, "method_not_allowed", "t-1"),
        (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "malformed_http", None),
        (
            b"POST /v1/games/oh-hell/deals HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n"
            b"X-Request-ID: te-1\r\n\r\n",
            501,
            "http_error",
            "te-1",
        ),
        (b"GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n", 505, "malformed_http", None),
        # issue 32.4: a doubled slash was an HTML 308 to the Host header's name
        (
            b"GET /v1/games//oh-hell HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
            404,
            "not_found",
            None,
        ),
        (
            b"GET /table//index.html HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
            404,
            "not_found",
            None,
        ),
        (
            b"POST /v1/games//oh-hell/hands/suggest HTTP/1.1\r\nHost: evil.example\r\n"
            b"Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
            404,
            "not_found",
            None,
        ),
        (
            b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n",
            431,
            "malformed_http",
            None,
        ),
        (b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "not_found", None),
        (b"GET //metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "not_found", None),
        (b"GET /%6detrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "not_found", None),
    ]
    for request, status, code, request_id in cases:
        got, headers, problem = request_problem(sidecar.port, request)
        assert got == status and headers["content-type"] == "application/problem+json", (request[:40], got)
        assert problem["code"] == code and problem["status"] == status
        assert problem["title"] == HTTP_CODES[code]
        assert problem["request_id"] == headers["x-request-id"]
        assert headers["x-content-type-options"] == "nosniff" and headers["cache-control"] == "no-store"
        assert headers["content-security-policy"] == API_CSP and headers["referrer-policy"] == "no-referrer"
        assert ("allow" in headers) == (status == 405) and "location" not in headers
        assert re.fullmatch(r"[0-9a-f]{32}", problem["request_id"]) if request_id is None else True
        if request_id:
            assert problem["request_id"] == request_id

    # the metrics port serves them; the Service never routes there
    status, _ = probe(sidecar.metrics_port, "/metrics")
    assert status == 200
    assert probe(sidecar.metrics_port, "/healthz")[0] == 404

    # beyond the per-address connection limit: 429, for that address only
    conf = nginx_conf()
    allowed = int(directive(servers(conf)[0], "limit_conn")[0].split()[1])
    held = []
    stalled = (
        b"POST /v1/games/oh-hell/deals HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    )
    try:
        for _ in range(allowed):
            sock = connect(sidecar.port, "127.0.0.77")
            sock.sendall(stalled)
            held.append(sock)
        time.sleep(0.2)
        status, headers, problem = request_problem(
            sidecar.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "127.0.0.77"
        )
        assert status == 429 and problem["code"] == "http_error" and headers["retry-after"] == "1"
        assert probe(sidecar.port)[0] == 200  # another address is served
    finally:
        for sock in held:
            sock.close()

    # the access logs: nginx's names the client, gunicorn's `client` is the same address
    status, _, _ = request_problem(
        sidecar.port,
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-ID: who-1\r\nX-Forwarded-For: 6.6.6.6\r\n"
        b"Connection: close\r\n\r\n",
        "127.0.0.55",
    )
    assert status == 200
    time.sleep(0.3)
    nginx_lines = [r for r in sidecar.access_log() if r.get("request_id") == "who-1"]
    assert [r["client"] for r in nginx_lines] == ["127.0.0.55"]
    gunicorn.stop()
    lines = [r for r in gunicorn.json_lines() if r.get("request_id") == "who-1"]
    access = [r for r in lines if r.get("logger") == "gunicorn.access"]
    assert [(r["remote"], r["client"]) for r in access] == [("127.0.0.1", "127.0.0.55")]


@needs_nginx
@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_gunicorn_down_is_a_problem(tmp_path: Path) -> None:
    """nginx's 502 (nothing listening upstream) was HTML."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        dead = sock.getsockname()[1]
    with Nginx(dead) as proxy:
        status, headers, problem = request_problem(
            proxy.port,
            b"GET /v1/games HTTP/1.1\r\nHost: x\r\nX-Request-ID: down-1\r\nConnection: close\r\n\r\n",
        )
    assert status == 503 and headers["content-type"] == "application/problem+json"
    assert problem["code"] == "service_busy" and problem["request_id"] == "down-1"
    assert headers["retry-after"] == "1"


# --- hands/suggest: routed to the bots' own pool --------------------------------------------------


def post_json(
    port: int, path: str, body: Any, source: str = PROBE_ADDRESS
) -> tuple[int, dict[str, str], Any]:
    data = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    )
    return request_problem(port, head.encode() + data, source)


def paths_served(server: Gunicorn) -> list[str]:
    return [r["path"] for r in server.json_lines() if r.get("logger") == "gunicorn.access"]


def post_raw(port: int, path: str, body: Any, extra: str = "", source: str = PROBE_ADDRESS) -> Any:
    data = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{extra}"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    )
    return request_problem(port, head.encode() + data, source)


def manifest_env(name: str) -> dict[str, str]:
    pod = load_manifest(name)["spec"]["template"]["spec"]
    container = next(c for c in pod["containers"] if c["name"] == "trickref")
    return {
        e["name"]: e["value"] for e in container["env"] if e["name"] in ("TRICKREF_BOTS", "TRICKREF_THREADS")
    }


@needs_nginx
@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_suggest_is_routed_to_the_bots_pool_and_limited_per_client(tmp_path: Path) -> None:
    """The shipped configurations as in the cluster: the api pod's nginx (nginx.conf) in front of
    its gunicorn (the api pods' environment: no bots), routing hands/suggest to the bots pool's
    nginx (bots-nginx.conf, its bots port) in front of another gunicorn. Suggestions are served by
    the bots pool only, everything else by the api's; no listener of the api pod serves one, by any
    door; no listener passes on a client's X-Forwarded-For; a client holding 4 suggestions gets a
    429 problem for a fifth while its other requests are served; the app's own refusals pass
    untouched; a pool holding as many suggestions as it queues answers 503 problem+json with
    Retry-After at once, through the front; the pool's readiness is its gunicorn master's answer;
    the bots pool down is a 503 problem for hands/suggest alone."""
    from .conftest import free_port

    probes = {"rules": free_port(), "bots": free_port()}
    (tmp_path / "rules").mkdir()
    (tmp_path / "bots").mkdir()
    rules = Gunicorn(
        tmp_path / "rules",
        env={**manifest_env("deployment.yaml"), "TRICKREF_PROBE_BIND": f"127.0.0.1:{probes['rules']}"},
    )
    bots = Gunicorn(
        tmp_path / "bots",
        env={**manifest_env("bots-deployment.yaml"), "TRICKREF_PROBE_BIND": f"127.0.0.1:{probes['bots']}"},
    )
    rules.start()
    bots.start()
    pool = Nginx(bots.port, conf=K8S / "bots-nginx.conf", probes=probes["bots"]).start()
    front = Nginx(rules.port, bots=pool.bots_port, probes=probes["rules"]).start()
    try:
        game = "/v1/games/oh-hell"
        _, _, dealt = post_json(front.port, game + "/deals", {"seed": 3})
        hand = dealt["hand"]
        status, _, state = post_json(front.port, game + "/hands/state", hand)
        assert status == 200
        seat = state["to_act"]
        body = {"hand": hand, "seat": seat, "level": "easy"}
        status, headers, answer = post_raw(
            front.port, game + "/hands/suggest", body, "X-Forwarded-For: 6.6.6.6\r\nX-Request-ID: xff-1\r\n"
        )
        assert status == 200 and answer["action"]["seat"] == seat, answer
        # the app's 422 passes through both nginxes untouched
        other = (seat + 1) % len(hand["hands"])
        status, headers, problem = post_json(
            front.port, game + "/hands/suggest", {"hand": hand, "seat": other}
        )
        assert status == 422 and problem["code"] == "not_your_turn"
        assert headers["content-type"] == "application/problem+json"
        time.sleep(0.3)
        assert paths_served(bots).count(game + "/hands/suggest") == 2
        assert game + "/hands/suggest" not in paths_served(rules)
        assert game + "/hands/state" in paths_served(rules) and game + "/hands/state" not in paths_served(
            bots
        )

        # issue 32.2: no listener of the api pod serves a suggestion: its metrics port refuses it,
        # there is no bots port (nothing listens), and its gunicorn itself answers 404
        assert post_json(front.metrics_port, game + "/hands/suggest", body)[0] == 404
        with pytest.raises(OSError):
            connect(front.bots_port).close()
        status, _, problem = post_json(rules.port, game + "/hands/suggest", body)
        assert status == 404 and problem["code"] == "not_found"
        # every listener names the address it saw: the client's X-Forwarded-For is not logged
        status, _, _ = post_raw(
            pool.bots_port,
            game + "/hands/suggest",
            body,
            "X-Forwarded-For: 7.7.7.7\r\nX-Request-ID: xff-2\r\n",
        )
        assert status == 200
        time.sleep(0.3)
        access = [r for r in bots.json_lines() if r.get("logger") == "gunicorn.access"]
        clients = {r["request_id"]: r["client"] for r in access if r["request_id"] in ("xff-1", "xff-2")}
        # the front nginx's address (it connects from 127.0.0.1), and the direct caller's
        assert clients == {"xff-1": "127.0.0.1", "xff-2": PROBE_ADDRESS}, clients
        assert [r["client"] for r in front.access_log() if r.get("request_id") == "xff-1"] == [PROBE_ADDRESS]

        # the pool's nginx serves only hands/suggest, and its readiness from gunicorn's master
        status, answer = probe(pool.bots_port, "/readyz")
        assert status == 200
        assert probe(pool.bots_port, "/v1/games")[0] == 404

        # per client: 4 suggestions in progress, a fifth is refused, its other requests are served
        conf = nginx_conf()
        allowed = int(
            dict(x.split() for x in directive(suggest_location(servers(conf)[0]), "limit_conn"))[
                "suggest_per_client"
            ]
        )
        stalled = (
            f"POST {game}/hands/suggest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            "Content-Length: 100\r\n\r\n{"
        ).encode()
        held = []
        try:
            for _ in range(allowed):
                sock = connect(front.port, "127.0.0.78")
                sock.sendall(stalled)
                held.append(sock)
            time.sleep(0.2)
            status, headers, problem = post_json(front.port, game + "/hands/suggest", body, "127.0.0.78")
            assert status == 429 and problem["code"] == "http_error" and headers["retry-after"] == "1"
            assert post_json(front.port, game + "/hands/state", hand, "127.0.0.78")[0] == 200
            assert post_json(front.port, game + "/hands/suggest", body, "127.0.0.79")[0] == 200
        finally:
            for sock in held:
                sock.close()

        # issue 32.1: the pool holds at most its cap of suggestions, whoever sends them; beyond,
        # 503 problem+json with Retry-After at once, passed through the front
        cap = int(directive(suggest_location(servers(bots_conf())[0]), "limit_conn")[0].split()[1])
        held = []
        try:
            for i in range(cap):
                sock = connect(pool.bots_port, f"127.0.0.{100 + i}")
                sock.sendall(stalled)
                held.append(sock)
            time.sleep(0.3)
            started = time.monotonic()
            status, headers, problem = post_raw(
                front.port, game + "/hands/suggest", body, "X-Request-ID: busy-1\r\n"
            )
            assert time.monotonic() - started < 1.0
            assert status == 503 and headers["content-type"] == "application/problem+json"
            assert problem["code"] == "service_busy" and headers["retry-after"] == "1"
            assert problem["request_id"] == headers["x-request-id"] == "busy-1"
            assert headers["x-content-type-options"] == "nosniff"
            assert probe(pool.bots_port, "/readyz")[0] == 200  # busy is not unready
            assert post_json(front.port, game + "/hands/state", hand)[0] == 200
        finally:
            for sock in held:
                sock.close()

        # the bots pool down: hands/suggest is a 503 problem, the tables' requests are served
        bots.stop()
        status, headers, problem = post_json(
            front.port, game + "/hands/suggest", {"hand": hand, "seat": seat}
        )
        assert status == 503 and problem["code"] == "service_busy" and headers["retry-after"] == "1"
        assert headers["content-type"] == "application/problem+json"
        assert probe(pool.bots_port, "/readyz")[0] != 200  # its master is gone
        assert post_json(front.port, game + "/hands/state", hand)[0] == 200
    finally:
        front.stop()
        pool.stop()
        for server in (rules, bots):
            if server.proc is not None and server.proc.poll() is None:
                server.stop(timeout=10)
            if server.proc is not None:
                server.kill_group()


@needs_nginx
@pytest.mark.slow
@pytest.mark.xdist_group("gunicorn")
def test_scrapes_beyond_the_limits_are_refused_cheaply(gunicorn: Gunicorn, sidecar: Nginx) -> None:
    """Issue 32.3: one address scraping in a loop gets 429 problems beyond a few a second, and
    another address (the scraper) is still served."""
    statuses = [probe(sidecar.metrics_port, "/metrics", source="127.0.0.90")[0] for _ in range(20)]
    assert statuses.count(200) <= 8 and statuses.count(429) >= 10, statuses
    status, headers, problem = request_problem(
        sidecar.metrics_port, b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "127.0.0.90"
    )
    assert status == 429 and problem["code"] == "http_error" and headers["retry-after"] == "1"
    assert probe(sidecar.metrics_port, "/metrics", source="127.0.0.91")[0] == 200
