"""Bad input changes nothing: random frames over a real socket, and
schemathesis against /openapi.json over HTTP."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.harness import ServerProcess

FAST = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, str, str]]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    server = ServerProcess(
        f"sqlite:///{folder / 'fuzz.db'}", cwd=folder, options=("--rate", "100000")
    ).start()
    table = server.create(["human", "human"])
    token = server.join(table, "Ann")["token"]
    server.join(table, "Ben")
    try:
        yield server, table, token
    finally:
        server.stop()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
known = st.sampled_from(["hello", "act", "next", "chat", "takeback", "answer", "rematch", "back"])
frames = st.one_of(
    st.text(max_size=300),
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {"type": known},
        optional={
            "id": json_values,
            "version": st.integers(-(2**70), 2**70) | json_values,
            "action": st.text(max_size=30) | json_values,
            "token": st.text(max_size=200) | json_values,
            "accept": json_values,
            "phrase": st.text(max_size=20),
            "extra": json_values,
        },
    ).map(json.dumps),
    st.integers(1, 2000).map(lambda depth: "[" * depth + "]" * depth),  # within 4 kB
    st.integers(1, 2000).map(lambda depth: '{"type":"act","id":' * depth),
    st.integers(3000, 20000).map(  # about the 4 kB limit and past it
        lambda size: json.dumps({"type": "chat", "phrase": "x" * size})
    ),
    st.binary(max_size=100),
    st.binary(min_size=4000, max_size=6000),
)


class Socket(ExitStack):
    """A seated connection that reconnects when the server closes it (each
    connection it opened is closed with it)."""

    def __init__(self, url: str, token: str) -> None:
        super().__init__()
        self.url = url
        self.token = token
        self.connection: ClientConnection | None = None

    def open(self) -> ClientConnection:
        if self.connection is None:
            self.connection = self.enter_context(connect(self.url, max_size=None, open_timeout=10))
            self.connection.send(json.dumps({"type": "hello", "token": self.token}))
            self.version = json.loads(self.connection.recv(10))["version"]
        return self.connection

    def exchange(self, frame: str | bytes) -> list[dict[str, Any]]:
        connection = self.open()
        got: list[dict[str, Any]] = []
        try:
            connection.send(frame)
            connection.send(json.dumps({"type": "ping"}))
            while True:
                answer = json.loads(connection.recv(10))
                got.append(answer)
                if answer["type"] == "pong":
                    return got
        except ConnectionClosed as exc:
            assert exc.rcvd is not None and exc.rcvd.code in (1003, 1008, 1009), exc
            self.connection = None
            return got


def test_random_frames_get_errors_and_change_nothing(
    fuzzed: tuple[ServerProcess, str, str],
) -> None:
    server, table, token = fuzzed
    version = server.summary(table)["version"]
    with Socket(f"{server.ws}/ws/tables/{table}", token) as socket:

        @FAST
        @given(frame=frames)
        def one(frame: str | bytes) -> None:
            for answer in socket.exchange(frame):
                assert answer["type"] in ("error", "state", "pong", "ack", "chat"), answer
                assert answer["version"] == version
                if answer["type"] == "error":
                    assert isinstance(answer["code"], str)
                    assert isinstance(answer["message"], str)

        one()
    assert server.summary(table)["version"] == version
    assert httpx.get(f"{server.url}/healthz").status_code == 200


@pytest.fixture(scope="module")
def api(fuzzed: tuple[ServerProcess, str, str]) -> Any:
    server, _, _ = fuzzed
    return schemathesis.openapi.from_url(f"{server.url}/openapi.json")


schema = schemathesis.pytest.from_fixture("api")


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_the_http_api_answers_every_request_without_a_server_error(case: Any) -> None:
    # Every check but "schema-valid data is accepted": house rules can be
    # valid JSON and still no game (a hand size the tile set cannot deal).
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
