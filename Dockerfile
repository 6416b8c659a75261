# syntax=docker/dockerfile:1
# Trickref: build the virtualenv in one stage, run it as a non-root user in a slim second stage.
# Python minor pinned to CI's (3.11): the OpenAPI component names depend on it.

FROM python:3.11-slim-bookworm AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
COPY pyproject.toml README.md ./
COPY service ./service
COPY schemas ./schemas
RUN pip install --no-cache-dir . \
    && python -c "import service; print('trickref', service.__version__)"
# The bots' simulators compiled by mypyc (tools/compile_lean.py) beside the installed package: a C
# compiler and mypy in this stage only (mypy in a venv of its own, not copied). The loader uses the
# build only if it was compiled from the lean.py installed beside it; the image fails to build if
# it cannot compile (--require), and says which lean it runs (-I: the installed package, not /src).
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
COPY tools/__init__.py tools/compile_lean.py ./tools/
RUN python -m venv /opt/compile \
    && /opt/compile/bin/pip install --no-cache-dir "mypy>=1.11" \
    && /opt/compile/bin/python -m tools.compile_lean --require \
       --into /opt/venv/lib/python3.11/site-packages/service/bots/compiled \
    && python -I -c "import service.bots.lean as m; assert m.__file__.endswith('.so'); print(m.__file__)"

FROM python:3.11-slim-bookworm AS runtime
LABEL org.opencontainers.image.title="trickref" \
      org.opencontainers.image.description="Stateless REST referee for trick-taking card games" \
      org.opencontainers.image.licenses="MIT"
# Read-only root filesystem friendly: no .pyc writes, metrics on a tmpfs/emptyDir path.
# gunicorn listens on loopback only: it is never exposed to clients without a buffering proxy in
# front (its few threads are held by slow clients). The image runs with nginx in its network
# namespace: the Kubernetes pod's sidecar (deploy/kubernetes) or deploy/compose.yaml; nothing is
# EXPOSEd, and `docker run -p` alone reaches nothing.
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    TRICKREF_BIND=127.0.0.1:8000 \
    WEB_CONCURRENCY=2 \
    PROMETHEUS_MULTIPROC_DIR=/run/trickref/metrics
RUN groupadd --system --gid 10001 trickref \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
       --shell /usr/sbin/nologin trickref \
    && mkdir -p /run/trickref/metrics \
    && chown -R 10001:10001 /run/trickref
COPY --from=build /opt/venv /opt/venv
COPY deploy/gunicorn.conf.py /etc/trickref/gunicorn.conf.py
WORKDIR /opt/trickref
USER 10001:10001
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
# Exec form: gunicorn is PID 1 and receives SIGTERM itself (graceful shutdown).
ENTRYPOINT ["gunicorn", "--config", "/etc/trickref/gunicorn.conf.py"]
CMD ["service:create_app()"]
