"""Fixtures of the bot tests: a test App key, an origin repository with one branch per
pull-request scenario, the GitHub stub, and the real server (uvicorn, loopback)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from bot.webhook import signature
from tests import ROOT
from tests.bot.github_stub import GitHubStub
from tests.hooks.productline import git, init_repo

SENSOR = ROOT / "examples" / "sensor"
REPOSITORY = "acme/sensors"
APP_ID = "4242"
INSTALLATION = 77
SECRET = "webhook-secret-" + uuid.uuid4().hex
OLD_CLAMP = """int clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}"""
NEW_CLAMP = """int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}"""


@dataclass(frozen=True)
class Keys:
    private_path: Path
    private_pem: str
    public_pem: str


@pytest.fixture(scope="session")
def keys(tmp_path_factory: pytest.TempPathFactory) -> Keys:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    ).decode()
    public = (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    path = tmp_path_factory.mktemp("keys") / "app.pem"
    path.write_text(private)
    return Keys(path, private, public)


@dataclass(frozen=True)
class Origin:
    bare: str
    heads: dict[str, list[str]]
    """branch -> its commits on top of main, oldest first."""


def _commit(work: Path, branch: str, files: dict[str, str], message: str) -> str:
    if branch != "main":  # main is the first commit, on the unborn default branch
        git(work, "checkout", "-q", branch)
    for name, text in files.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", message)
    return git(work, "rev-parse", "HEAD").stdout.strip()


def _many(offset: int) -> str:
    return "\n".join(f"int f{i}(int x)\n{{\n    return x + {i + offset};\n}}\n" for i in range(6))


@pytest.fixture(scope="session")
def origin(tmp_path_factory: pytest.TempPathFactory) -> Origin:
    """main: the sensor library; one branch per scenario, forked from main."""
    root = tmp_path_factory.mktemp("origin")
    work = init_repo(root / "work")
    old = (SENSOR / "old.c").read_text()
    new = (SENSOR / "new.c").read_text()
    _commit(
        work,
        "main",
        {"src/sensor.c": old, "src/many.c": _many(0), "README.md": "sensors\n"},
        "sensor library",
    )
    branches = {
        "neq": [({"src/sensor.c": new}, "sensor: rewrite clamp, unroll checksum, reorder scale")],
        "neq2": [
            ({"src/sensor.c": new}, "sensor: rewrite clamp, unroll checksum, reorder scale"),
            ({"README.md": "sensors, now faster\n"}, "readme"),
        ],
        "refactor": [({"src/sensor.c": old.replace(OLD_CLAMP, NEW_CLAMP)}, "clamp: one line")],
        "trailer": [
            (
                {"src/sensor.c": new},
                "scale: offset after the clamp\n\nBehaviour-Change: scale saturate first",
            )
        ],
        "docs": [({"README.md": "sensors for everyone\n"}, "readme only")],
        "big": [({"data/table.txt": "".join(f"{i}\n" for i in range(3000))}, "a big table")],
        "many": [({"src/many.c": _many(1)}, "every f off by one")],
    }
    heads: dict[str, list[str]] = {}
    for branch, commits in branches.items():
        git(work, "branch", branch, "main")
        heads[branch] = [_commit(work, branch, files, message) for files, message in commits]
    for index in range(6):  # load-test pull requests: README edits only
        branch = f"load{index}"
        git(work, "branch", branch, "main")
        heads[branch] = [
            _commit(work, branch, {"README.md": f"sensors {index}.{n}\n"}, f"readme {n}")
            for n in range(2)
        ]
    bare = root / "origin.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(bare)], check=True)
    git(bare, "config", "uploadpack.allowAnySHA1InWant", "true")
    return Origin(str(bare), heads)


@pytest.fixture(scope="module")
def stub(origin: Origin, keys: Keys) -> Iterator[GitHubStub]:
    server = GitHubStub(origin.bare, REPOSITORY, APP_ID, keys.public_pem, token_ttl=15)
    yield server
    server.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Response:
    status: int
    body: dict[str, Any]


class BotServer:
    """The real `liftdiff bot serve` in a child process, and a client for it."""

    def __init__(self, process: subprocess.Popen[bytes], port: int, log_path: Path) -> None:
        self.process = process
        self.port = port
        self.log_path = log_path

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        chunked: bool = False,
    ) -> Response:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            payload: Any = body
            if chunked and body is not None:
                payload = iter([body[i : i + 65536] for i in range(0, len(body), 65536)])
            connection.request(
                method, path, body=payload, headers=headers or {}, encode_chunked=chunked
            )
            answer = connection.getresponse()
            text = answer.read()
        finally:
            connection.close()
        return Response(answer.status, json.loads(text) if text else {})

    def deliver(
        self,
        event: str,
        payload: dict[str, Any],
        delivery: str | None = None,
        secret: str | None = SECRET,
    ) -> tuple[str, Response]:
        delivery = delivery or uuid.uuid4().hex
        body = json.dumps(payload).encode()
        headers = {
            "X-GitHub-Event": event,
            "X-GitHub-Delivery": delivery,
            "Content-Type": "application/json",
        }
        if secret is not None:
            headers["X-Hub-Signature-256"] = signature(secret.encode(), body)
        return delivery, self.request("POST", "/webhook", body, headers)

    def logs(self) -> list[dict[str, Any]]:
        lines = self.log_path.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines if line.startswith("{")]

    def wait_for(self, found: Callable[[list[dict[str, Any]]], bool], timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if found(self.logs()):
                return
            assert self.process.poll() is None, self.log_path.read_text()
            time.sleep(0.05)
        raise AssertionError(f"timed out; server log:\n{self.log_path.read_text()}")

    def wait_end(self, delivery: str, timeout: float = 60) -> dict[str, Any]:
        """The terminal log line (job.done/failed/superseded/dropped) of a delivery."""
        ends = ("job.done", "job.failed", "job.superseded", "job.dropped")
        self.wait_for(
            lambda logs: any(e["event"] in ends and e.get("delivery") == delivery for e in logs),
            timeout,
        )
        return next(e for e in self.logs() if e["event"] in ends and e.get("delivery") == delivery)

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def start_server(
    tmp_path: Path, stub: GitHubStub, keys: Keys, extra: dict[str, str] | None = None
) -> BotServer:
    port = free_port()
    log_path = tmp_path / f"bot-{port}.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LIFTDIFF_", "GITHUB_"))}
    env.update(
        PYTHONPATH=str(ROOT),
        PYTHONHASHSEED="0",
        LIFTDIFF_APP_ID=APP_ID,
        LIFTDIFF_APP_PRIVATE_KEY_PATH=str(keys.private_path),
        LIFTDIFF_WEBHOOK_SECRET=SECRET,
        LIFTDIFF_GITHUB_API_URL=stub.api,
        LIFTDIFF_BOT_WRITE_INTERVAL="0",
        LIFTDIFF_BOT_RETRY_DELAY="0.05",
        LIFTDIFF_BOT_RETRY_MAX_WAIT="2",
        LIFTDIFF_BOT_RETRY_ATTEMPTS="3",
        LIFTDIFF_BOT_MAX_LINES="2000",
        LIFTDIFF_BOT_MAX_FUNCTIONS="5",
        LIFTDIFF_BOT_MAX_BODY=str(256 * 1024),
        LIFTDIFF_BOT_WORKERS="2",
    )
    env.update(extra or {})
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "bot", "serve", "--port", str(port), "--drain", "5"],
            env=env,
            cwd=tmp_path,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = BotServer(process, port, log_path)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if server.request("GET", "/healthz").status == 200:
                return server
        except OSError:
            time.sleep(0.05)
        assert process.poll() is None, log_path.read_text()
    server.stop()
    raise AssertionError(f"server did not start:\n{log_path.read_text()}")


@pytest.fixture(scope="module")
def bot_server(
    tmp_path_factory: pytest.TempPathFactory, stub: GitHubStub, keys: Keys
) -> Iterator[BotServer]:
    server = start_server(tmp_path_factory.mktemp("server"), stub, keys)
    yield server
    server.stop()


def pull_request_event(action: str, number: int, **extra: Any) -> dict[str, Any]:
    return {
        "action": action,
        "number": number,
        "pull_request": {"number": number},
        "repository": {"full_name": REPOSITORY},
        "installation": {"id": INSTALLATION},
        **extra,
    }
