# A real Carcassonne Referee for the documentation checks (run_doc_blocks.py,
# check_rule_ids.py, scripts/gen-doc-tables): the built server binary started
# on loopback ports the OS picks (--port=0 --metrics_port=0), read back from its
# start-up line "... (port=N metrics_port=M ...)", and a GetCatalog through
# `buf curl` (node_modules/.bin/buf, installed by scripts/install-deps.sh).
import json
import os
import re
import signal
import socket
import subprocess
import tempfile
import time

# Generous: a start-up takes milliseconds; this only bounds a hang.
START_UP_DEADLINE_SECONDS = 60


class ReferenceServer:
    """The server binary as a child process; use as a context manager."""

    def __init__(self, binary):
        self.binary = binary
        self.port = None
        self.metrics_port = None
        self.http_port = None
        self._process = None
        self._log = None

    def __enter__(self):
        if not os.access(self.binary, os.X_OK):
            raise SystemExit(f"no server binary at {self.binary}: build carcassonne_referee first")
        self._log = tempfile.NamedTemporaryFile(prefix="referee-", suffix=".log", delete=False)
        # The HTTP port has no "any free port" (0 turns it off): a port the OS
        # has just handed out and taken back.
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind(("127.0.0.1", 0))
            self.http_port = probe.getsockname()[1]
        self._process = subprocess.Popen(
            [self.binary, "--address=127.0.0.1", "--port=0", "--metrics_port=0",
             f"--http_port={self.http_port}", "--lame_duck_seconds=0"],
            stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_UP_DEADLINE_SECONDS
        while time.monotonic() < deadline:
            text = self.log()
            port = re.search(r"\(port=(\d+)", text)
            metrics = re.search(r"metrics_port=(\d+)", text)
            if port and metrics:
                self.port, self.metrics_port = int(port.group(1)), int(metrics.group(1))
                return self
            if self._process.poll() is not None:
                raise SystemExit(f"the server exited at start-up (status {self._process.returncode}):\n"
                                 + text)
            time.sleep(0.02)
        self._process.kill()
        raise SystemExit("no start-up line from the server:\n" + self.log())

    def log(self):
        with open(self._log.name, errors="replace") as f:
            return f.read()

    def __exit__(self, *exc):
        if self._process and self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        if self._log:
            os.unlink(self._log.name)
        return False


def buf_path(source_dir):
    buf = os.path.join(source_dir, "node_modules", ".bin", "buf")
    if not os.access(buf, os.X_OK):
        raise SystemExit(f"{buf} is missing: run scripts/install-deps.sh (npm ci)")
    return buf


def get_catalog(source_dir, port):
    """GetCatalog's answer, as the protobuf JSON mapping (every field, defaults included)."""
    result = subprocess.run(
        [buf_path(source_dir), "curl", "--emit-defaults", "--protocol", "grpc",
         "--http2-prior-knowledge",
         f"http://127.0.0.1:{port}/carcassonne.v1.RefereeService/GetCatalog"],
        capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise SystemExit(f"GetCatalog failed (buf curl status {result.returncode}):\n{result.stderr}")
    return json.loads(result.stdout)
