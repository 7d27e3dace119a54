# asyncio, part 2 of 3 (concatenated after events.py): futures, tasks, running.


# -- futures ---------------------------------------------------------------------------------

class Future:
    """The result of an asynchronous operation, available later."""

    __module__ = '_asyncio'

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
            raise InvalidStateError('Result is not set.')
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
            raise InvalidStateError('invalid state')
        self._result = result
        self._state = _FINISHED
        self.__schedule_callbacks()

    def set_exception(self, exception):
        if self._state != _PENDING:
            raise InvalidStateError('invalid state')
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

    __module__ = '_asyncio'

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


def sleep_ms(ms):
    """MicroPython's spelling: sleep(ms / 1000)."""
    return sleep(ms / 1000)


class _GatheringFuture(Future):
    """gather()'s future: cancelling it cancels its children."""

    __module__ = 'asyncio.tasks'

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
