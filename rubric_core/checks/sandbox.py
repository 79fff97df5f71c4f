"""Run test code against an agent's Python code in a separate, limited process.

Never `exec` in the app's process: the code comes from a model. The child runs
`python -I` in a temporary directory with a CPU-time limit, an address-space
limit, a wall-clock timeout, no network (a new network namespace where the
kernel allows it, and the socket module disabled in any case) and a minimal
environment, so no secret from ours reaches it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_TIMEOUT_S = 10.0
DEFAULT_MEMORY_MB = 256

_HARNESS = r"""
import json, sys, traceback, types
def _no_network(*a, **k):
    raise OSError("network access is disabled in the test sandbox")
import socket as _s
_s.socket = _no_network; _s.create_connection = _no_network; _s.getaddrinfo = _no_network
results = []
try:
    import solution
    ns = {"__name__": "rubric_tests"}
    ns.update({k: v for k, v in vars(solution).items() if not k.startswith("__")})
    src = open("tests_source.py").read()
    exec(compile(src, "tests_source.py", "exec"), ns)
    tests = [(k, v) for k, v in ns.items() if k.startswith("test") and callable(v)]
    if not tests:
        results.append({"name": "(module)", "passed": True, "error": ""})
    for name, fn in tests:
        try:
            fn()
            results.append({"name": name, "passed": True, "error": ""})
        except BaseException as exc:
            if isinstance(exc, (KeyboardInterrupt, SystemExit, MemoryError)):
                raise
            tb = traceback.extract_tb(exc.__traceback__)[-1]
            results.append({"name": name, "passed": False,
                            "error": f"{type(exc).__name__}: {exc} (line {tb.lineno}: {tb.line})"})
except MemoryError:
    results.append({"name": "(run)", "passed": False, "error": "MemoryError: memory limit exceeded"})
except BaseException as exc:
    results.append({"name": "(module)", "passed": False, "error": f"{type(exc).__name__}: {exc}"})
sys.stdout.write("\n@@RESULTS@@" + json.dumps(results) + "\n")
"""


@dataclass(frozen=True)
class TestRun:
    """What a sandboxed test run observed."""

    passed: bool
    """Every test passed and the process ended normally."""

    tests: list[dict] = field(default_factory=list)
    """One `{name, passed, error}` per test function (or the module when it has none)."""

    error: str = ""
    """Why the run as a whole failed: timeout, memory limit, crash."""

    output: str = ""
    """The last 2,000 characters of the child's stdout and stderr."""

    def summary(self) -> str:
        """A one-line account, for a criterion's evidence or gap."""
        if self.error:
            return self.error
        failed = [t for t in self.tests if not t["passed"]]
        if not failed:
            return f"{len(self.tests)} tests passed"
        first = failed[0]
        return f"{len(failed)} of {len(self.tests)} tests failed; first: {first['name']}: {first['error']}"


def _limits(cpu_s: int, memory_mb: int):
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 1))
        mem = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
        resource.setrlimit(resource.RLIMIT_FSIZE, (10 * 1024 * 1024, 10 * 1024 * 1024))
        os.setsid()
        try:  # a private network namespace: no interface but loopback, which is down
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.unshare(0x40000000)  # CLONE_NEWNET
        except Exception:  # noqa: BLE001 -- the socket guard in the harness still applies
            pass

    return apply


def run_python_tests(
    code: str, tests: str, *, timeout_s: float = DEFAULT_TIMEOUT_S, memory_mb: int = DEFAULT_MEMORY_MB
) -> TestRun:
    """Run `tests` (asserts, or `test_*` functions) against `code` in a limited child process."""
    with tempfile.TemporaryDirectory(prefix="rubric-sandbox-") as tmp:
        root = Path(tmp)
        (root / "solution.py").write_text(code, encoding="utf-8")
        (root / "tests_source.py").write_text(tests, encoding="utf-8")
        (root / "harness.py").write_text(_HARNESS, encoding="utf-8")
        env = {"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": tmp, "HOME": tmp}
        try:
            proc = subprocess.run(
                [
                    sys.executable,
                    "-I",
                    "-S",
                    "-c",
                    "import sys; sys.path.insert(0, '.'); exec(open('harness.py').read())",
                ],
                cwd=tmp,
                env=env,
                capture_output=True,
                text=True,
                timeout=timeout_s,
                preexec_fn=_limits(max(1, int(timeout_s)), memory_mb),
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            out = (exc.stdout or "") if isinstance(exc.stdout, str) else ""
            return TestRun(False, error=f"Timed out after {timeout_s:g} s (an infinite loop?)", output=out[-2000:])
    output = (proc.stdout + proc.stderr)[-2000:]
    marker = proc.stdout.rfind("@@RESULTS@@")
    if marker < 0:
        if proc.returncode < 0:
            import signal

            sig = signal.Signals(-proc.returncode).name
            reason = "CPU time limit exceeded" if sig == "SIGXCPU" else f"killed by {sig}"
            return TestRun(False, error=f"Test process {reason}", output=output)
        if "MemoryError" in proc.stderr:
            return TestRun(False, error=f"Memory limit exceeded ({memory_mb} MB)", output=output)
        return TestRun(False, error=f"Test process crashed (exit {proc.returncode})", output=output)
    tests_run = json.loads(proc.stdout[marker + len("@@RESULTS@@") :].strip().splitlines()[0])
    mem_hit = [t for t in tests_run if t["error"].startswith("MemoryError")]
    if mem_hit:
        return TestRun(False, tests=tests_run, error=f"Memory limit exceeded ({memory_mb} MB)", output=output)
    return TestRun(all(t["passed"] for t in tests_run) and proc.returncode == 0, tests=tests_run, output=output)
