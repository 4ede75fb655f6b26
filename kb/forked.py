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
import sys
from typing import Callable, TypeVar

T = TypeVar("T")


def can_fork() -> bool:
    """Whether work can be forked off: ``fork`` is the default way to start processes here (Linux) and
    there are two cores or more."""
    return sys.platform.startswith("linux") and (os.cpu_count() or 1) > 1


def in_child(fn: Callable[..., T], *args) -> Callable[[], T]:
    """Start ``fn(*args)`` in a forked child; the returned function waits for its result."""
    if not can_fork():
        return lambda: fn(*args)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)

    def run() -> None:
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
            return receive.recv()
        except EOFError:  # the child failed: do the work here
            return fn(*args)
        finally:
            receive.close()
            child.join()

    return result
