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
    'run', 'sleep', 'create_task', 'ensure_future', 'gather', 'wait_for',
    'current_task', 'all_tasks', 'iscoroutine', 'isfuture',
    'Event', 'Lock', 'Semaphore', 'Queue',
]


class CancelledError(BaseException):
    """The Future or Task was cancelled."""


class InvalidStateError(Exception):
    """The operation is not allowed in this state."""


TimeoutError = TimeoutError


class QueueEmpty(Exception):
    """Raised when Queue.get_nowait() is called on an empty Queue."""


class QueueFull(Exception):
    """Raised when the Queue.put_nowait() method is called on a full Queue."""


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

class Handle:
    """A callback scheduled with call_soon."""

    __slots__ = ('_callback', '_args', '_cancelled', '_loop')

    def __init__(self, callback, args, loop):
        self._loop = loop
        self._callback = callback
        self._args = args
        self._cancelled = False

    def __repr__(self):
        state = ' cancelled' if self._cancelled else ''
        return f'<{type(self).__name__}{state} {self._callback!r}>'

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
                'message': f'Exception in callback {self._callback!r}',
                'exception': exc,
                'handle': self,
            })


class TimerHandle(Handle):
    """A callback scheduled at a time (call_later, call_at)."""

    __slots__ = ('_when', '_seq', '_scheduled')

    def __init__(self, when, seq, callback, args, loop):
        super().__init__(callback, args, loop)
        self._when = when
        self._seq = seq
        self._scheduled = False

    def when(self):
        return self._when

    def cancel(self):
        if not self._cancelled:
            self._loop._timer_handle_cancelled(self)
        super().cancel()


# -- the event loop --------------------------------------------------------------------------

class AbstractEventLoop:
    """The event loop interface (BaseEventLoop is the one implementation)."""


def _run_until_complete_cb(fut):
    if not fut.cancelled():
        exc = fut.exception()
        if isinstance(exc, (SystemExit, KeyboardInterrupt)):
            return
    fut.get_loop().stop()


class BaseEventLoop(AbstractEventLoop):
    """An event loop of ready callbacks and timers."""

    def __init__(self):
        self._ready = []
        self._ready_head = 0
        self._scheduled = []
        self._timer_seq = 0
        self._stopping = False
        self._closed = False
        self._running = False
        self._tasks = []
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
        # Kept sorted by time, then by scheduling order.
        timers = self._scheduled
        lo, hi = 0, len(timers)
        while lo < hi:
            mid = (lo + hi) // 2
            if timers[mid]._when <= when:
                lo = mid + 1
            else:
                hi = mid
        timers.insert(lo, timer)
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
            timers.pop(0)._scheduled = False
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
            timers.pop(0)
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
        exc = context.get('exception')
        if exc is not None:
            sys.stderr.write(''.join(traceback.format_exception(exc)))

    async def shutdown_asyncgens(self):
        """(No async generator hooks: nothing to close.)"""

    async def shutdown_default_executor(self):
        """(No executor.)"""

    def _register_task(self, task):
        tasks = self._tasks
        if len(tasks) >= 64:
            tasks[:] = [t for t in tasks if not t.done()]
        tasks.append(task)


# -- futures ---------------------------------------------------------------------------------

class Future:
    """The result of an asynchronous operation, available later."""

    _state = _PENDING
    _result = None
    _exception = None
    _loop = None
    _asyncio_future_blocking = False
    _cancel_message = None
    _cancelled_exc = None

    def __init__(self, *, loop=None):
        if loop is None:
            self._loop = get_event_loop()
        else:
            self._loop = loop
        self._callbacks = []

    def __repr__(self):
        return f'<{type(self).__name__} {self._repr_info()}>'

    def _repr_info(self):
        state = self._state.lower()
        if self._state == _FINISHED:
            if self._exception is not None:
                return f'{state} exception={self._exception!r}'
            return f'{state} result={self._result!r}'
        return state

    def get_loop(self):
        return self._loop

    def _make_cancelled_error(self):
        if self._cancelled_exc is not None:
            exc = self._cancelled_exc
            self._cancelled_exc = None
            return exc
        if self._cancel_message is None:
            exc = CancelledError()
        else:
            exc = CancelledError(self._cancel_message)
        return exc

    def cancel(self, msg=None):
        """Cancel the future and schedule its callbacks; False if it was done."""
        if self._state != _PENDING:
            return False
        self._state = _CANCELLED
        self._cancel_message = msg
        self.__schedule_callbacks()
        return True

    def __schedule_callbacks(self):
        callbacks = self._callbacks[:]
        if not callbacks:
            return
        self._callbacks[:] = []
        for callback in callbacks:
            self._loop.call_soon(callback, self)

    def cancelled(self):
        return self._state == _CANCELLED

    def done(self):
        return self._state != _PENDING

    def result(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError('Result is not ready.')
        if self._exception is not None:
            raise self._exception.with_traceback(self._exception_tb)
        return self._result

    def exception(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError('Exception is not set.')
        return self._exception

    def add_done_callback(self, fn, *, context=None):
        if self._state != _PENDING:
            self._loop.call_soon(fn, self)
        else:
            self._callbacks.append(fn)

    def remove_done_callback(self, fn):
        filtered = [f for f in self._callbacks if f != fn]
        removed_count = len(self._callbacks) - len(filtered)
        if removed_count:
            self._callbacks[:] = filtered
        return removed_count

    def set_result(self, result):
        if self._state != _PENDING:
            raise InvalidStateError(f'{self._state}: {self!r}')
        self._result = result
        self._state = _FINISHED
        self.__schedule_callbacks()

    def set_exception(self, exception):
        if self._state != _PENDING:
            raise InvalidStateError(f'{self._state}: {self!r}')
        if isinstance(exception, type):
            exception = exception()
        if type(exception) is StopIteration:
            raise TypeError("StopIteration interacts badly with generators "
                            "and cannot be raised into a Future")
        self._exception = exception
        self._exception_tb = exception.__traceback__
        self._state = _FINISHED
        self.__schedule_callbacks()

    def __await__(self):
        if not self.done():
            self._asyncio_future_blocking = True
            yield self
        if not self.done():
            raise RuntimeError("await wasn't used with future")
        return self.result()

    __iter__ = __await__


def _set_result_unless_cancelled(fut, result):
    if fut.cancelled():
        return
    fut.set_result(result)


# -- tasks -----------------------------------------------------------------------------------

_task_counter = 0


def _next_task_number():
    global _task_counter
    _task_counter += 1
    return _task_counter


class Task(Future):
    """A coroutine wrapped in a Future, run by the loop step by step."""

    def __init__(self, coro, *, loop=None, name=None, context=None):
        super().__init__(loop=loop)
        if not iscoroutine(coro):
            raise TypeError(f"a coroutine was expected, got {coro!r}")
        if name is None:
            self._name = f'Task-{_next_task_number()}'
        else:
            self._name = str(name)
        self._num_cancels_requested = 0
        self._must_cancel = False
        self._fut_waiter = None
        self._coro = coro
        self._loop.call_soon(self.__step)
        self._loop._register_task(self)

    def _repr_info(self):
        info = super()._repr_info()
        return f"{info} name={self._name!r} coro=<{self._coro.__qualname__}()>"

    def get_coro(self):
        return self._coro

    def get_name(self):
        return self._name

    def set_name(self, value):
        self._name = str(value)

    def set_result(self, result):
        raise RuntimeError('Task does not support set_result operation')

    def set_exception(self, exception):
        raise RuntimeError('Task does not support set_exception operation')

    def cancel(self, msg=None):
        """Request that the task be cancelled: CancelledError is thrown into its
        coroutine at its next step."""
        if self.done():
            return False
        self._num_cancels_requested += 1
        if self._fut_waiter is not None:
            if self._fut_waiter.cancel(msg=msg):
                return True
        self._must_cancel = True
        self._cancel_message = msg
        return True

    def cancelling(self):
        return self._num_cancels_requested

    def uncancel(self):
        if self._num_cancels_requested > 0:
            self._num_cancels_requested -= 1
        return self._num_cancels_requested

    def __step(self, exc=None):
        if self.done():
            raise InvalidStateError(f'_step(): already done: {self!r}, {exc!r}')
        if self._must_cancel:
            if not isinstance(exc, CancelledError):
                exc = self._make_cancelled_error()
            self._must_cancel = False
        coro = self._coro
        self._fut_waiter = None
        loop = self._loop
        previous = loop._current_task
        loop._current_task = self
        try:
            if exc is None:
                result = coro.send(None)
            else:
                result = coro.throw(exc)
        except StopIteration as exc:
            if self._must_cancel:
                # Cancelled right before the coroutine stopped.
                self._must_cancel = False
                super().cancel(msg=self._cancel_message)
            else:
                super().set_result(exc.value)
        except CancelledError as exc:
            # Kept to be the exception the task's result() raises.
            self._cancelled_exc = exc
            super().cancel()
        except (KeyboardInterrupt, SystemExit) as exc:
            super().set_exception(exc)
            raise
        except BaseException as exc:
            super().set_exception(exc)
        else:
            self.__handle_yield(result)
        finally:
            loop._current_task = previous

    def __handle_yield(self, result):
        blocking = getattr(result, '_asyncio_future_blocking', None)
        if blocking is not None:
            if result.get_loop() is not self._loop:
                new_exc = RuntimeError(
                    f'Task {self!r} got Future {result!r} attached to a different loop')
                self._loop.call_soon(self.__step, new_exc)
            elif blocking:
                if result is self:
                    new_exc = RuntimeError(f'Task cannot await on itself: {self!r}')
                    self._loop.call_soon(self.__step, new_exc)
                else:
                    result._asyncio_future_blocking = False
                    result.add_done_callback(self.__wakeup)
                    self._fut_waiter = result
                    if self._must_cancel:
                        if self._fut_waiter.cancel(msg=self._cancel_message):
                            self._must_cancel = False
            else:
                new_exc = RuntimeError(
                    f'yield was used instead of yield from in task {self!r} with {result!r}')
                self._loop.call_soon(self.__step, new_exc)
        elif result is None:
            # A bare yield gives up the rest of this loop iteration.
            self._loop.call_soon(self.__step)
        else:
            new_exc = RuntimeError(f'Task got bad yield: {result!r}')
            self._loop.call_soon(self.__step, new_exc)

    def __wakeup(self, future):
        try:
            future.result()
        except BaseException as exc:
            self.__step(exc)
        else:
            self.__step()


def current_task(loop=None):
    """The task running now (None outside a task)."""
    if loop is None:
        loop = get_running_loop()
    return loop._current_task


def all_tasks(loop=None):
    """The loop's tasks that are not done."""
    if loop is None:
        loop = get_running_loop()
    return {t for t in loop._tasks if not t.done()}


def create_task(coro, *, name=None, context=None):
    """Schedule the coroutine as a task of the running loop."""
    loop = get_running_loop()
    task = loop.create_task(coro)
    if name is not None:
        task.set_name(name)
    return task


def ensure_future(coro_or_future, *, loop=None):
    """A future as is; a coroutine (or awaitable) wrapped in a Task."""
    if isfuture(coro_or_future):
        if loop is not None and loop is not coro_or_future.get_loop():
            raise ValueError('The future belongs to a different loop than '
                             'the one specified as the loop argument')
        return coro_or_future
    called_wrap_awaitable = False
    if not iscoroutine(coro_or_future):
        if hasattr(type(coro_or_future), '__await__'):
            coro_or_future = _wrap_awaitable(coro_or_future)
            called_wrap_awaitable = True
        else:
            raise TypeError('An asyncio.Future, a coroutine or an awaitable '
                            'is required')
    if loop is None:
        loop = get_event_loop()
    try:
        return loop.create_task(coro_or_future)
    except RuntimeError:
        if not called_wrap_awaitable:
            coro_or_future.close()
        raise


async def _wrap_awaitable(awaitable):
    return await awaitable


class _Sleep0:
    """What sleep(0) awaits: one bare yield, giving up one loop iteration."""

    __slots__ = ()

    def __await__(self):
        yield


_sleep0 = _Sleep0()


async def sleep(delay, result=None):
    """Coroutine that completes after a given time (in seconds)."""
    if delay <= 0:
        await _sleep0
        return result
    loop = get_running_loop()
    future = loop.create_future()
    h = loop.call_later(delay, _set_result_unless_cancelled, future, result)
    try:
        return await future
    finally:
        h.cancel()


class _GatheringFuture(Future):
    """gather()'s future: cancelling it cancels its children."""

    def __init__(self, children, *, loop):
        super().__init__(loop=loop)
        self._children = children
        self._cancel_requested = False

    def cancel(self, msg=None):
        if self.done():
            return False
        ret = False
        for child in self._children:
            if child.cancel(msg=msg):
                ret = True
        if ret:
            self._cancel_requested = True
        return ret


def gather(*coros_or_futures, return_exceptions=False):
    """The results of all the awaitables (run as tasks), in order."""
    if not coros_or_futures:
        loop = get_event_loop()
        outer = loop.create_future()
        outer.set_result([])
        return outer

    def _done_callback(fut):
        nonlocal nfinished
        nfinished += 1
        if outer is None or outer.done():
            if not fut.cancelled():
                fut.exception()
            return
        if not return_exceptions:
            if fut.cancelled():
                exc = fut._make_cancelled_error()
                outer.set_exception(exc)
                return
            else:
                exc = fut.exception()
                if exc is not None:
                    outer.set_exception(exc)
                    return
        if nfinished == nfuts:
            results = []
            for fut in children:
                if fut.cancelled():
                    res = CancelledError('' if fut._cancel_message is None else
                                         fut._cancel_message)
                else:
                    res = fut.exception()
                    if res is None:
                        res = fut.result()
                results.append(res)
            if outer._cancel_requested:
                exc = fut._make_cancelled_error()
                outer.set_exception(exc)
            else:
                outer.set_result(results)

    arg_to_fut = {}
    children = []
    nfuts = 0
    nfinished = 0
    loop = None
    outer = None
    for arg in coros_or_futures:
        if arg not in arg_to_fut:
            fut = ensure_future(arg, loop=loop)
            if loop is None:
                loop = fut.get_loop()
            nfuts += 1
            arg_to_fut[arg] = fut
            fut.add_done_callback(_done_callback)
        else:
            fut = arg_to_fut[arg]
        children.append(fut)
    outer = _GatheringFuture(children, loop=loop)
    return outer


def _release_waiter(waiter, *args):
    if not waiter.done():
        waiter.set_result(None)


async def _cancel_and_wait(fut, loop):
    waiter = loop.create_future()

    def cb(f):
        _release_waiter(waiter)

    fut.add_done_callback(cb)
    try:
        fut.cancel()
        await waiter
    finally:
        fut.remove_done_callback(cb)


async def wait_for(fut, timeout):
    """The awaitable's result, or TimeoutError (having cancelled it) after timeout."""
    loop = get_running_loop()
    if timeout is None:
        return await fut
    if timeout <= 0:
        fut = ensure_future(fut, loop=loop)
        if fut.done():
            return fut.result()
        await _cancel_and_wait(fut, loop=loop)
        try:
            return fut.result()
        except CancelledError as exc:
            raise TimeoutError() from exc
    waiter = loop.create_future()
    timeout_handle = loop.call_later(timeout, _release_waiter, waiter)

    def cb(f):
        _release_waiter(waiter)

    fut = ensure_future(fut, loop=loop)
    fut.add_done_callback(cb)
    try:
        try:
            await waiter
        except CancelledError:
            if fut.done():
                return fut.result()
            else:
                fut.remove_done_callback(cb)
                await _cancel_and_wait(fut, loop=loop)
                raise
        if fut.done():
            return fut.result()
        else:
            fut.remove_done_callback(cb)
            await _cancel_and_wait(fut, loop=loop)
            try:
                return fut.result()
            except CancelledError as exc:
                raise TimeoutError() from exc
    finally:
        timeout_handle.cancel()


# -- running a coroutine ---------------------------------------------------------------------

def _cancel_all_tasks(loop):
    to_cancel = all_tasks(loop)
    if not to_cancel:
        return
    for task in to_cancel:
        task.cancel()
    loop.run_until_complete(gather(*to_cancel, return_exceptions=True))
    for task in to_cancel:
        if task.cancelled():
            continue
        if task.exception() is not None:
            loop.call_exception_handler({
                'message': 'unhandled exception during asyncio.run() shutdown',
                'exception': task.exception(),
                'task': task,
            })


def run(main, *, debug=None):
    """Run the coroutine in a new event loop, then close the loop."""
    if _running_loop is not None:
        raise RuntimeError("asyncio.run() cannot be called from a running event loop")
    if not iscoroutine(main):
        raise ValueError("a coroutine was expected, got {!r}".format(main))
    loop = new_event_loop()
    set_event_loop(loop)
    try:
        task = loop.create_task(main)
        return loop.run_until_complete(task)
    finally:
        try:
            _cancel_all_tasks(loop)
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            set_event_loop(None)
            loop.close()


# -- synchronization primitives --------------------------------------------------------------

class _LoopBoundMixin:
    _loop = None

    def _get_loop(self):
        loop = _running_loop
        if self._loop is None:
            self._loop = loop
        if loop is not self._loop:
            raise RuntimeError(f'{self!r} is bound to a different event loop')
        return loop


class Event(_LoopBoundMixin):
    """A flag tasks can wait for."""

    def __init__(self):
        self._waiters = []
        self._value = False

    def is_set(self):
        return self._value

    def set(self):
        if not self._value:
            self._value = True
            for fut in self._waiters:
                if not fut.done():
                    fut.set_result(True)

    def clear(self):
        self._value = False

    async def wait(self):
        if self._value:
            return True
        fut = self._get_loop().create_future()
        self._waiters.append(fut)
        try:
            await fut
            return True
        finally:
            self._waiters.remove(fut)


class _ContextManagerMixin:
    async def __aenter__(self):
        await self.acquire()
        return None

    async def __aexit__(self, exc_type, exc, tb):
        self.release()


class Lock(_ContextManagerMixin, _LoopBoundMixin):
    """A mutual exclusion lock for tasks (first come, first served)."""

    def __init__(self):
        self._waiters = None
        self._locked = False

    def locked(self):
        return self._locked

    async def acquire(self):
        if (not self._locked and (self._waiters is None or
                                  all(w.cancelled() for w in self._waiters))):
            self._locked = True
            return True
        if self._waiters is None:
            self._waiters = []
        fut = self._get_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if not self._locked:
                self._wake_up_first()
            raise
        self._locked = True
        return True

    def release(self):
        if self._locked:
            self._locked = False
            self._wake_up_first()
        else:
            raise RuntimeError('Lock is not acquired.')

    def _wake_up_first(self):
        if not self._waiters:
            return
        fut = self._waiters[0]
        if not fut.done():
            fut.set_result(True)


class Semaphore(_ContextManagerMixin, _LoopBoundMixin):
    """A counter tasks acquire and release (first come, first served)."""

    def __init__(self, value=1):
        if value < 0:
            raise ValueError("Semaphore initial value must be >= 0")
        self._waiters = None
        self._value = value

    def locked(self):
        return self._value == 0 or (
            any(not w.cancelled() for w in (self._waiters or ())))

    async def acquire(self):
        if not self.locked():
            self._value -= 1
            return True
        if self._waiters is None:
            self._waiters = []
        fut = self._get_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if not fut.cancelled():
                self._value += 1
                self._wake_up_next()
            raise
        if self._value > 0:
            self._wake_up_next()
        return True

    def release(self):
        self._value += 1
        self._wake_up_next()

    def _wake_up_next(self):
        if not self._waiters:
            return
        for fut in self._waiters:
            if not fut.done():
                self._value -= 1
                fut.set_result(True)
                return


class Queue(_LoopBoundMixin):
    """A first-in, first-out queue for tasks (maxsize <= 0: unbounded)."""

    def __init__(self, maxsize=0):
        self._maxsize = maxsize
        self._getters = []
        self._putters = []
        self._unfinished_tasks = 0
        self._finished = Event()
        self._finished.set()
        self._queue = []

    def __repr__(self):
        return f'<{type(self).__name__} maxsize={self._maxsize!r}>'

    def _wakeup_next(self, waiters):
        while waiters:
            waiter = waiters.pop(0)
            if not waiter.done():
                waiter.set_result(None)
                break

    def qsize(self):
        return len(self._queue)

    @property
    def maxsize(self):
        return self._maxsize

    def empty(self):
        return not self._queue

    def full(self):
        if self._maxsize <= 0:
            return False
        return self.qsize() >= self._maxsize

    async def put(self, item):
        while self.full():
            putter = self._get_loop().create_future()
            self._putters.append(putter)
            try:
                await putter
            except BaseException:
                putter.cancel()
                if putter in self._putters:
                    self._putters.remove(putter)
                if not self.full() and not putter.cancelled():
                    self._wakeup_next(self._putters)
                raise
        return self.put_nowait(item)

    def put_nowait(self, item):
        if self.full():
            raise QueueFull
        self._queue.append(item)
        self._unfinished_tasks += 1
        self._finished.clear()
        self._wakeup_next(self._getters)

    async def get(self):
        while self.empty():
            getter = self._get_loop().create_future()
            self._getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()
                if getter in self._getters:
                    self._getters.remove(getter)
                if not self.empty() and not getter.cancelled():
                    self._wakeup_next(self._getters)
                raise
        return self.get_nowait()

    def get_nowait(self):
        if self.empty():
            raise QueueEmpty
        item = self._queue.pop(0)
        self._wakeup_next(self._putters)
        return item

    def task_done(self):
        if self._unfinished_tasks <= 0:
            raise ValueError('task_done() called too many times')
        self._unfinished_tasks -= 1
        if self._unfinished_tasks == 0:
            self._finished.set()

    async def join(self):
        if self._unfinished_tasks > 0:
            await self._finished.wait()
