"""Tiercel's minimal asyncio: an event loop, futures, tasks and a few primitives.

It follows CPython 3.11's pure-Python asyncio (futures.py, tasks.py, base_events.py,
locks.py, queues.py, runners.py) in what it has, so tasks run in the same order: a FIFO
queue of ready callbacks, each loop iteration running the callbacks that were ready when it
began, then the timers that are due. There are no sockets, subprocesses, threads, context
variables or async generator hooks; the loop sleeps with time.sleep until its next timer.
"""

import time as _time

__all__ = [
    'CancelledError', 'InvalidStateError', 'TimeoutError', 'QueueEmpty', 'QueueFull',
    'Future', 'Task', 'Handle', 'TimerHandle', 'AbstractEventLoop', 'BaseEventLoop',
    'get_event_loop', 'get_running_loop', 'new_event_loop', 'set_event_loop',
    'run', 'sleep', 'sleep_ms', 'create_task', 'ensure_future', 'gather', 'wait_for',
    'current_task', 'all_tasks', 'iscoroutine', 'isfuture',
    'Event', 'Lock', 'Semaphore', 'Queue',
]


class CancelledError(BaseException):
    """The Future or Task was cancelled."""

    __module__ = 'asyncio.exceptions'


class InvalidStateError(Exception):
    """The operation is not allowed in this state."""

    __module__ = 'asyncio.exceptions'


TimeoutError = TimeoutError


class QueueEmpty(Exception):
    """Raised when Queue.get_nowait() is called on an empty Queue."""

    __module__ = 'asyncio.queues'


class QueueFull(Exception):
    """Raised when the Queue.put_nowait() method is called on a full Queue."""

    __module__ = 'asyncio.queues'


_PENDING = 'PENDING'
_CANCELLED = 'CANCELLED'
_FINISHED = 'FINISHED'


async def _sample_coroutine():
    pass


def _sample_generator():
    yield


_sample = _sample_coroutine()
_COROUTINE_TYPES = (type(_sample), type(_sample_generator()))
_sample.close()
del _sample


def iscoroutine(obj):
    """Return True if obj is a coroutine object."""
    return type(obj) in _COROUTINE_TYPES


def isfuture(obj):
    """Whether obj is a Future (has the future protocol's blocking flag)."""
    return (hasattr(obj.__class__, '_asyncio_future_blocking') and
            obj._asyncio_future_blocking is not None)


# -- the running loop and the current loop ---------------------------------------------------

_running_loop = None
_event_loop = None
_event_loop_set = False


def _get_running_loop():
    return _running_loop


def get_running_loop():
    """Return the running event loop. Raise a RuntimeError if there is none."""
    if _running_loop is None:
        raise RuntimeError('no running event loop')
    return _running_loop


def get_event_loop():
    """The running loop, else the current loop (made on first use)."""
    global _event_loop
    if _running_loop is not None:
        return _running_loop
    if _event_loop is None and not _event_loop_set:
        set_event_loop(new_event_loop())
    if _event_loop is None:
        raise RuntimeError("There is no current event loop in thread 'MainThread'.")
    return _event_loop


def set_event_loop(loop):
    """Set the current event loop."""
    global _event_loop, _event_loop_set
    _event_loop_set = True
    _event_loop = loop


def new_event_loop():
    """A new event loop."""
    return BaseEventLoop()


# -- handles ---------------------------------------------------------------------------------

def _format_callback(callback, args):
    """`name(args) at file:line`, as CPython's reports name a callback."""
    name = getattr(callback, '__qualname__', None) or repr(callback)
    text = name + '(' + ', '.join(repr(a) for a in args) + ')'
    code = getattr(callback, '__code__', None)
    if code is not None:
        text += f' at {code.co_filename}:{code.co_firstlineno}'
    return text


class Handle:
    """A callback scheduled with call_soon."""

    __module__ = 'asyncio.events'

    __slots__ = ('_callback', '_args', '_cancelled', '_loop')

    def __init__(self, callback, args, loop):
        self._loop = loop
        self._callback = callback
        self._args = args
        self._cancelled = False

    def __repr__(self):
        if self._cancelled:
            return f'<{type(self).__name__} cancelled>'
        return f'<{type(self).__name__} {_format_callback(self._callback, self._args)}>'

    def cancel(self):
        if not self._cancelled:
            self._cancelled = True
            self._callback = None
            self._args = None

    def cancelled(self):
        return self._cancelled

    def _run(self):
        try:
            self._callback(*self._args)
        except (SystemExit, KeyboardInterrupt):
            raise
        except BaseException as exc:
            self._loop.call_exception_handler({
                'message': 'Exception in callback '
                           + _format_callback(self._callback, self._args),
                'exception': exc,
                'handle': self,
            })


class TimerHandle(Handle):
    """A callback scheduled at a time (call_later, call_at)."""

    __module__ = 'asyncio.events'

    __slots__ = ('_when', '_seq', '_scheduled')

    def __init__(self, when, seq, callback, args, loop):
        super().__init__(callback, args, loop)
        self._when = when
        self._seq = seq
        self._scheduled = False

    def when(self):
        return self._when

    def _before(self, other):
        # Due first; at the same time, scheduled first.
        return (self._when, self._seq) < (other._when, other._seq)


def _heap_push(heap, timer):
    heap.append(timer)
    i = len(heap) - 1
    while i > 0:
        parent = (i - 1) >> 1
        if not timer._before(heap[parent]):
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = timer


def _heap_pop(heap):
    last = heap.pop()
    if not heap:
        return last
    first = heap[0]
    n = len(heap)
    i = 0
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and heap[child + 1]._before(heap[child]):
            child += 1
        if not heap[child]._before(last):
            break
        heap[i] = heap[child]
        i = child
    heap[i] = last
    return first

    def cancel(self):
        if not self._cancelled:
            self._loop._timer_handle_cancelled(self)
        super().cancel()


# -- the event loop --------------------------------------------------------------------------

class AbstractEventLoop:
    """The event loop interface (BaseEventLoop is the one implementation)."""

    __module__ = 'asyncio.events'


def _run_until_complete_cb(fut):
    if not fut.cancelled():
        exc = fut.exception()
        if isinstance(exc, (SystemExit, KeyboardInterrupt)):
            return
    fut.get_loop().stop()


class BaseEventLoop(AbstractEventLoop):
    """An event loop of ready callbacks and timers."""

    __module__ = 'asyncio.base_events'

    def __init__(self):
        self._ready = []
        self._ready_head = 0
        self._scheduled = []
        self._timer_seq = 0
        self._stopping = False
        self._closed = False
        self._running = False
        self._tasks = []
        self._tasks_limit = 64
        self._current_task = None
        self._clock_resolution = 1e-09

    def __repr__(self):
        return (f'<{type(self).__name__} running={self.is_running()} '
                f'closed={self._closed} debug=False>')

    def time(self):
        """The loop's clock (time.monotonic)."""
        return _time.monotonic()

    def call_soon(self, callback, *args, context=None):
        self._check_closed()
        handle = Handle(callback, args, self)
        self._ready.append(handle)
        return handle

    def call_later(self, delay, callback, *args, context=None):
        return self.call_at(self.time() + delay, callback, *args)

    def call_at(self, when, callback, *args, context=None):
        self._check_closed()
        self._timer_seq += 1
        timer = TimerHandle(when, self._timer_seq, callback, args, self)
        _heap_push(self._scheduled, timer)
        timer._scheduled = True
        return timer

    def _timer_handle_cancelled(self, handle):
        pass

    def create_future(self):
        return Future(loop=self)

    def create_task(self, coro, *, name=None, context=None):
        self._check_closed()
        return Task(coro, loop=self, name=name)

    def is_running(self):
        return self._running

    def is_closed(self):
        return self._closed

    def stop(self):
        self._stopping = True

    def close(self):
        if self._running:
            raise RuntimeError('Cannot close a running event loop')
        if self._closed:
            return
        self._closed = True
        self._ready = []
        self._ready_head = 0
        self._scheduled = []

    def _check_closed(self):
        if self._closed:
            raise RuntimeError('Event loop is closed')

    def _check_running(self):
        if self.is_running():
            raise RuntimeError('This event loop is already running')
        if _running_loop is not None:
            raise RuntimeError(
                'Cannot run the event loop while another loop is running')

    def run_forever(self):
        """Run until stop() is called."""
        global _running_loop
        self._check_closed()
        self._check_running()
        self._running = True
        _running_loop = self
        try:
            while True:
                self._run_once()
                if self._stopping:
                    break
        finally:
            self._stopping = False
            self._running = False
            _running_loop = None

    def run_until_complete(self, future):
        """Run until the future (a coroutine is wrapped in a Task) is done."""
        self._check_closed()
        self._check_running()
        new_task = not isfuture(future)
        future = ensure_future(future, loop=self)
        future.add_done_callback(_run_until_complete_cb)
        try:
            self.run_forever()
        except BaseException:
            if new_task and future.done() and not future.cancelled():
                future.exception()
            raise
        finally:
            future.remove_done_callback(_run_until_complete_cb)
        if not future.done():
            raise RuntimeError('Event loop stopped before Future completed.')
        return future.result()

    def _run_once(self):
        """One iteration: the ready callbacks, after the timers that are due."""
        timers = self._scheduled
        while timers and timers[0]._cancelled:
            _heap_pop(timers)._scheduled = False
        ready = len(self._ready) > self._ready_head
        if not ready and not self._stopping:
            if not timers:
                raise RuntimeError('Event loop is blocked: no callback is ready '
                                   'and no timer is scheduled')
            timeout = timers[0]._when - self.time()
            if timeout > 0:
                _time.sleep(timeout)
        end_time = self.time() + self._clock_resolution
        while timers:
            handle = timers[0]
            if handle._when >= end_time:
                break
            _heap_pop(timers)
            handle._scheduled = False
            self._ready.append(handle)
        # Only what is ready now runs: callbacks scheduled by these run next time.
        end = len(self._ready)
        while self._ready_head < end:
            handle = self._ready[self._ready_head]
            self._ready_head += 1
            if not handle._cancelled:
                handle._run()
        if self._ready_head == len(self._ready):
            self._ready = []
        else:
            del self._ready[:self._ready_head]
        self._ready_head = 0

    def call_exception_handler(self, context):
        """Report an exception no one retrieves (on stderr)."""
        import sys
        import traceback
        sys.stderr.write(context.get('message', 'Unhandled exception in event loop') + '\n')
        for key in ('handle', 'task'):
            if key in context:
                sys.stderr.write(f'{key}: {context[key]!r}\n')
        exc = context.get('exception')
        if exc is not None:
            sys.stderr.write(''.join(traceback.format_exception(exc)))

    async def shutdown_asyncgens(self):
        """(No async generator hooks: nothing to close.)"""

    async def shutdown_default_executor(self):
        """(No executor.)"""

    def _register_task(self, task):
        # Finished tasks are dropped now and then (the list stands for CPython's WeakSet).
        tasks = self._tasks
        if len(tasks) >= self._tasks_limit:
            tasks[:] = [t for t in tasks if not t.done()]
            self._tasks_limit = 2 * len(tasks) + 64
        tasks.append(task)
