"""Prometheus metrics (``GET /metrics``): tables, connections, actions, ack latency."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    """One registry per server (tests run several servers in one process)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.tables = Gauge(
            "triominoes_tables", "Tables held by this process", ["status"], registry=self.registry
        )
        self.connections = Gauge(
            "triominoes_connections", "Open WebSocket connections", registry=self.registry
        )
        self.actions = Counter(
            "triominoes_actions_total", "Acknowledged actions of people", registry=self.registry
        )
        self.frames = Counter(
            "triominoes_frames_total", "Client frames received", ["type"], registry=self.registry
        )
        self.errors = Counter(
            "triominoes_errors_total", "Error replies sent", ["code"], registry=self.registry
        )
        self.leases = Gauge(
            "triominoes_leases",
            "Tables whose follow-ups (bots, clocks, deals) this process runs",
            registry=self.registry,
        )
        self.ack_latency = Histogram(
            "triominoes_ack_seconds",
            "From an act's checks to its ack: commit included",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )

    def acked(self, seconds: float) -> None:
        self.actions.inc()
        self.ack_latency.observe(seconds)

    def render(self) -> bytes:
        return generate_latest(self.registry)
