"""Work done in a forked child process while this one goes on: the build's one-core phases use the
machine's second core.

:func:`in_child` starts ``fn(*args)`` in a child made with ``fork`` (it shares this process's
memory as it was, so nothing is copied to it: only the result comes back, pickled) and returns a
function that waits for the result. Where ``fork`` is not offered (Windows, and macOS, where
Python does not use it by default) or the machine has one core, the work is done when the result
is asked for, in this process. A child that fails (or whose result cannot be pickled) makes this
process do the work itself, so an error is raised here as it would have been.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from typing import Callable, TypeVar

T = TypeVar("T")


def can_fork() -> bool:
    """Whether work can be forked off: ``fork`` is the default way to start processes here (Linux) and
    there are two cores or more."""
    return sys.platform.startswith("linux") and (os.cpu_count() or 1) > 1


def in_child(fn: Callable[..., T], *args, every: float = 0.5) -> Callable[[], T]:
    """Start ``fn(*args)`` in a forked child; the returned function waits for its result. A child that
    ends without sending it whole (an error, killed while sending) or that is stopped (SIGSTOP) is a
    failed child: the work is done here. The child ends with this process (it holds no end of the
    pipe to read, and the kernel ends it when this process dies)."""
    if not can_fork():
        return lambda: fn(*args)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    parent = os.getpid()

    def run() -> None:
        receive.close()
        _end_with_parent(parent)
        try:
            send.send(fn(*args))
        except BaseException:  # the parent does the work again and raises the error itself
            pass
        finally:
            send.close()

    child = context.Process(target=run, daemon=True)
    child.start()
    send.close()

    def result() -> T:
        try:
            if _wait_for(receive, child, every):
                return receive.recv()
        except Exception:  # EOF, a message cut short, one that cannot be unpickled: a failed child
            pass
        finally:
            receive.close()
            if child.is_alive():
                child.kill()
            child.join()
        return fn(*args)

    return result


def _wait_for(receive, child, every: float) -> bool:
    """Wait until the child's message (or the end of its pipe) can be read: False when the child is
    stopped twice in a row ``every`` seconds apart (it will not answer)."""
    stopped = 0
    while not receive.poll(every):
        stopped = stopped + 1 if process_stopped(child.pid) else 0
        if stopped >= 2:
            return False
    return True


def process_stopped(pid: int | None) -> bool:
    """Process ``pid`` is stopped (SIGSTOP, a debugger): it will not answer until continued."""
    try:
        state = open(f"/proc/{pid}/stat", encoding="ascii", errors="replace").read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state in ("T", "t")


def _end_with_parent(parent: int) -> None:
    """Ask the kernel (Linux prctl PR_SET_PDEATHSIG) to kill this child when its parent dies; end now
    if it has already."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)
