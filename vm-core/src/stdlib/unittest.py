# Unit testing as CPython's `unittest`: `TestCase` with its assertion methods, `setUp`/
# `tearDown` (and the class-level pair), `subTest`, skips and expected failures,
# `TestSuite`, `TestLoader`, `TextTestRunner` and `main`, reporting in CPython's format on
# standard error. Not here: `unittest.mock`, test discovery from the filesystem, `addCleanup`
# of classes and modules, `-k` style filters of `main`, and the line diffs CPython appends
# to a failed comparison of containers or multi-line strings (the first line of the
# message is CPython's).
import sys
import time
import traceback

__unittest = True


class SkipTest(Exception):
    pass


class _ShouldStop(Exception):
    pass


class _UnexpectedSuccess(Exception):
    pass


def _id(obj):
    return obj


def skip(reason):
    def decorator(test_item):
        test_item.__unittest_skip__ = True
        test_item.__unittest_skip_why__ = reason
        return test_item
    if callable(reason) and not isinstance(reason, str):
        item, reason = reason, ""
        return decorator(item)
    return decorator


def skipIf(condition, reason):
    return skip(reason) if condition else _id


def skipUnless(condition, reason):
    return skip(reason) if not condition else _id


def expectedFailure(test_item):
    test_item.__unittest_expecting_failure__ = True
    return test_item


def _safe_repr(obj, short=False):
    try:
        result = repr(obj)
    except Exception:
        result = object.__repr__(obj)
    if not short or len(result) < 80:
        return result
    return result[:80] + " [truncated]..."


class _AssertRaisesContext:
    def __init__(self, expected, test_case, regex=None, msg=None):
        self.expected = expected
        self.test_case = test_case
        self.regex = regex
        self.msg = msg
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        name = getattr(self.expected, "__name__", str(self.expected))
        if exc_type is None:
            self.test_case.fail(self.msg or f"{name} not raised")
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc_value.with_traceback(None)
        if self.regex is not None:
            import re
            pattern = self.regex
            if isinstance(pattern, str):
                pattern = re.compile(pattern)
            if not pattern.search(str(exc_value)):
                self.test_case.fail(self.msg or
                                    f'"{pattern.pattern}" does not match "{exc_value}"')
        return True

    def handle(self, args, kwargs):
        if not args:
            return self
        func, args = args[0], args[1:]
        with self:
            func(*args, **kwargs)
        return None


class _SubTest:
    def __init__(self, test_case, msg, params):
        self.test_case = test_case
        self._message = msg
        self.params = params

    def _subDescription(self):
        parts = []
        if self._message is not None:
            parts.append(f"[{self._message}]")
        if self.params:
            parts.append("(" + ", ".join(f"{k}={v!r}" for k, v in self.params.items()) + ")")
        return " ".join(parts) or "(<subtest>)"

    def id(self):
        return f"{self.test_case.id()} {self._subDescription()}"

    def shortDescription(self):
        return self.test_case.shortDescription()

    def __str__(self):
        return f"{self.test_case} {self._subDescription()}"


class _SubTestContext:
    def __init__(self, case, msg, params):
        self.case = case
        self.sub = _SubTest(case, msg, params)

    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            return False
        result = self.case._result
        if result is None or issubclass(exc_type, (KeyboardInterrupt, SystemExit)):
            return False
        if issubclass(exc_type, SkipTest):
            result.addSkip(self.sub, str(exc_value))
        else:
            result.addSubTest(self.case, self.sub, (exc_type, exc_value, tb))
            self.case._sub_failed = True
        return True


class TestCase:
    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8

    def __init__(self, methodName="runTest"):
        self._testMethodName = methodName
        self._result = None
        self._cleanups = []
        if methodName != "runTest" and not hasattr(self, methodName):
            raise ValueError(f"no such test method in {self.__class__}: {methodName}")
        method = getattr(self, methodName, None)
        self._testMethodDoc = getattr(method, "__doc__", None)

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def setUp(self):
        pass

    def tearDown(self):
        pass

    def addCleanup(self, function, /, *args, **kwargs):
        self._cleanups.append((function, args, kwargs))

    def doCleanups(self):
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            function(*args, **kwargs)

    def countTestCases(self):
        return 1

    def id(self):
        return f"{self.__class__.__module__}.{self.__class__.__qualname__}.{self._testMethodName}"

    def shortDescription(self):
        doc = self._testMethodDoc
        return doc.strip().split("\n")[0].strip() if doc else None

    def __str__(self):
        return f"{self._testMethodName} ({self.id()})"

    def __repr__(self):
        return f"<{self.__class__.__module__}.{self.__class__.__qualname__} " \
               f"testMethod={self._testMethodName}>"

    def __eq__(self, other):
        if type(self) is not type(other):
            return NotImplemented
        return self._testMethodName == other._testMethodName

    def __hash__(self):
        return hash((type(self), self._testMethodName))

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def subTest(self, msg=None, **params):
        return _SubTestContext(self, msg, params)

    def skipTest(self, reason):
        raise SkipTest(reason)

    def _call_phase(self, result, func):
        """Runs one phase; records what it raised. True when it passed."""
        try:
            func()
            return True
        except KeyboardInterrupt:
            raise
        except SkipTest as e:
            result.addSkip(self, str(e))
        except self.failureException:
            result.addFailure(self, sys.exc_info())
        except BaseException:
            result.addError(self, sys.exc_info())
        return False

    def run(self, result=None):
        if result is None:
            result = TestResult()
        self._result = result
        result.startTest(self)
        method = getattr(self, self._testMethodName)
        try:
            skip_why = None
            for item in (self.__class__, method):
                if getattr(item, "__unittest_skip__", False):
                    skip_why = getattr(item, "__unittest_skip_why__", "")
            if skip_why is not None:
                result.addSkip(self, skip_why)
                return result
            expecting = getattr(method, "__unittest_expecting_failure__", False) or \
                getattr(self, "__unittest_expecting_failure__", False)
            self._sub_failed = False
            if self._call_phase(result, self.setUp):
                if expecting:
                    try:
                        method()
                    except KeyboardInterrupt:
                        raise
                    except SkipTest as e:
                        result.addSkip(self, str(e))
                    except BaseException:
                        result.addExpectedFailure(self, sys.exc_info())
                    else:
                        result.addUnexpectedSuccess(self)
                elif self._call_phase(result, method) and not self._sub_failed:
                    if self._call_phase(result, self.tearDown):
                        if self._call_phase(result, self.doCleanups):
                            result.addSuccess(self)
                        return result
                    self._call_phase(result, self.doCleanups)
                    return result
                self._call_phase(result, self.tearDown)
            self._call_phase(result, self.doCleanups)
            return result
        finally:
            result.stopTest(self)
            self._result = None

    def debug(self):
        self.setUp()
        getattr(self, self._testMethodName)()
        self.tearDown()
        self.doCleanups()

    # -- assertions ---------------------------------------------------------------------

    def _formatMessage(self, msg, standardMsg):
        if not self.longMessage:
            return msg or standardMsg
        if msg is None:
            return standardMsg
        return f"{standardMsg} : {msg}"

    def fail(self, msg=None):
        raise self.failureException(msg)

    def assertTrue(self, expr, msg=None):
        if not expr:
            self.fail(self._formatMessage(msg, f"{_safe_repr(expr)} is not true"))

    def assertFalse(self, expr, msg=None):
        if expr:
            self.fail(self._formatMessage(msg, f"{_safe_repr(expr)} is not false"))

    _TYPE_NAMES = ((list, "Lists"), (tuple, "Tuples"), (dict, "dict"), (set, "Items"),
                   (frozenset, "Items"))

    def assertEqual(self, first, second, msg=None):
        if first == second:
            return
        standard = f"{_safe_repr(first, True)} != {_safe_repr(second, True)}"
        if type(first) is type(second):
            for tp, name in self._TYPE_NAMES:
                if isinstance(first, tp):
                    standard = self._container_message(first, second, name)
                    break
        self.fail(self._formatMessage(msg, standard))

    def _container_message(self, first, second, name):
        if name == "dict":
            return f"{_safe_repr(first, True)} != {_safe_repr(second, True)}"
        if name == "Items":
            lines = []
            only1 = [item for item in first if item not in second]
            only2 = [item for item in second if item not in first]
            if only1:
                lines.append("Items in the first set but not the second:")
                lines += [repr(item) for item in only1]
            if only2:
                lines.append("Items in the second set but not the first:")
                lines += [repr(item) for item in only2]
            return "\n".join(lines)
        text = f"{name} differ: {_safe_repr(first, True)} != {_safe_repr(second, True)}\n\n"
        for i in range(min(len(first), len(second))):
            if first[i] != second[i]:
                return text + f"First differing element {i}:\n{first[i]!r}\n{second[i]!r}"
        if len(first) > len(second):
            return text + f"First {name[:-1].lower()} contains {len(first) - len(second)} " \
                          f"additional elements.\nFirst extra element {len(second)}:\n" \
                          f"{first[len(second)]!r}"
        return text + f"Second {name[:-1].lower()} contains {len(second) - len(first)} " \
                      f"additional elements.\nFirst extra element {len(first)}:\n" \
                      f"{second[len(first)]!r}"

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            self.fail(self._formatMessage(
                msg, f"{_safe_repr(first)} == {_safe_repr(second)}"))

    assertListEqual = assertTupleEqual = assertDictEqual = assertSetEqual = assertEqual
    assertSequenceEqual = assertMultiLineEqual = assertEqual

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standard = f"{_safe_repr(first)} != {_safe_repr(second)} within " \
                       f"{_safe_repr(delta)} delta ({_safe_repr(diff)} difference)"
        else:
            places = 7 if places is None else places
            if round(diff, places) == 0:
                return
            standard = f"{_safe_repr(first)} != {_safe_repr(second)} within {places} " \
                       f"places ({_safe_repr(diff)} difference)"
        self.fail(self._formatMessage(msg, standard))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        diff = abs(first - second)
        if delta is not None:
            if not first == second and diff > delta:
                return
            standard = f"{_safe_repr(first)} == {_safe_repr(second)} within " \
                       f"{_safe_repr(delta)} delta ({_safe_repr(diff)} difference)"
        else:
            places = 7 if places is None else places
            if not first == second and round(diff, places) != 0:
                return
            standard = f"{_safe_repr(first)} == {_safe_repr(second)} within {places} places"
        self.fail(self._formatMessage(msg, standard))

    def assertIs(self, expr1, expr2, msg=None):
        if expr1 is not expr2:
            self.fail(self._formatMessage(
                msg, f"{_safe_repr(expr1)} is not {_safe_repr(expr2)}"))

    def assertIsNot(self, expr1, expr2, msg=None):
        if expr1 is expr2:
            self.fail(self._formatMessage(msg, f"unexpectedly identical: {_safe_repr(expr1)}"))

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            self.fail(self._formatMessage(msg, f"{_safe_repr(obj)} is not None"))

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            self.fail(self._formatMessage(msg, "unexpectedly None"))

    def assertIn(self, member, container, msg=None):
        if member not in container:
            self.fail(self._formatMessage(
                msg, f"{_safe_repr(member)} not found in {_safe_repr(container)}"))

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            self.fail(self._formatMessage(
                msg, f"{_safe_repr(member)} unexpectedly found in {_safe_repr(container)}"))

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            self.fail(self._formatMessage(msg, f"{_safe_repr(obj)} is not an instance of {cls!r}"))

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            self.fail(self._formatMessage(msg, f"{_safe_repr(obj)} is an instance of {cls!r}"))

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            self.fail(self._formatMessage(
                msg, f"{_safe_repr(a)} not greater than {_safe_repr(b)}"))

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            self.fail(self._formatMessage(
                msg, f"{_safe_repr(a)} not greater than or equal to {_safe_repr(b)}"))

    def assertLess(self, a, b, msg=None):
        if not a < b:
            self.fail(self._formatMessage(msg, f"{_safe_repr(a)} not less than {_safe_repr(b)}"))

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            self.fail(self._formatMessage(
                msg, f"{_safe_repr(a)} not less than or equal to {_safe_repr(b)}"))

    def assertCountEqual(self, first, second, msg=None):
        first, second = list(first), list(second)
        missing = list(second)
        unexpected = []
        for item in first:
            if item in missing:
                missing.remove(item)
            else:
                unexpected.append(item)
        if missing or unexpected:
            self.fail(self._formatMessage(
                msg, f"Element counts were not equal: first has {unexpected!r}, "
                     f"second has {missing!r}"))

    def assertRegex(self, text, expected_regex, msg=None):
        import re
        if isinstance(expected_regex, str):
            expected_regex = re.compile(expected_regex)
        if not expected_regex.search(text):
            self.fail(self._formatMessage(
                msg, f"Regex didn't match: {expected_regex.pattern!r} not found in {text!r}"))

    def assertNotRegex(self, text, unexpected_regex, msg=None):
        import re
        if isinstance(unexpected_regex, str):
            unexpected_regex = re.compile(unexpected_regex)
        match = unexpected_regex.search(text)
        if match:
            self.fail(self._formatMessage(
                msg, f"Regex matched: {text[match.start():match.end()]!r} matches "
                     f"{unexpected_regex.pattern!r} in {text!r}"))

    def assertRaises(self, expected_exception, *args, **kwargs):
        msg = kwargs.pop("msg", None)
        return _AssertRaisesContext(expected_exception, self, msg=msg).handle(args, kwargs)

    def assertRaisesRegex(self, expected_exception, expected_regex, *args, **kwargs):
        msg = kwargs.pop("msg", None)
        context = _AssertRaisesContext(expected_exception, self, expected_regex, msg)
        return context.handle(args, kwargs)

    def assertWarns(self, expected_warning, *args, **kwargs):
        return _NoWarnings(self).handle(args, kwargs)


class _NoWarnings:
    """`assertWarns`: warnings are not raised by this interpreter, so none can be seen."""

    def __init__(self, case):
        self.case = case

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            self.case.fail("warning not triggered")
        return False

    def handle(self, args, kwargs):
        if not args:
            return self
        with self:
            args[0](*args[1:], **kwargs)


class FunctionTestCase(TestCase):
    def __init__(self, testFunc, setUp=None, tearDown=None, description=None):
        self._testFunc = testFunc
        self._setUpFunc = setUp
        self._tearDownFunc = tearDown
        self._description = description
        super().__init__("runTest")

    def setUp(self):
        if self._setUpFunc is not None:
            self._setUpFunc()

    def tearDown(self):
        if self._tearDownFunc is not None:
            self._tearDownFunc()

    def runTest(self):
        self._testFunc()

    def id(self):
        return self._testFunc.__name__

    def __str__(self):
        return f"{self.__class__.__name__} ({self._testFunc.__name__})"


class TestSuite:
    def __init__(self, tests=()):
        self._tests = []
        self.addTests(tests)

    def __iter__(self):
        return iter(self._tests)

    def countTestCases(self):
        return sum(test.countTestCases() for test in self._tests)

    def addTest(self, test):
        self._tests.append(test)

    def addTests(self, tests):
        for test in tests:
            self.addTest(test)

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def run(self, result):
        previous = None
        for test in self._tests:
            if result.shouldStop:
                break
            cls = test.__class__ if isinstance(test, TestCase) else None
            if cls is not previous:
                self._tear_down_class(previous, result)
                if cls is not None and not self._set_up_class(cls, result):
                    previous = None
                    continue
                previous = cls
            test(result)
        self._tear_down_class(previous, result)
        return result

    def _set_up_class(self, cls, result):
        if getattr(cls, "__unittest_skip__", False):
            return True
        try:
            cls.setUpClass()
            return True
        except SkipTest as e:
            result.addSkip(_ClassPhase("setUpClass", cls), str(e))
        except BaseException:
            result.addError(_ClassPhase("setUpClass", cls), sys.exc_info())
        return False

    def _tear_down_class(self, cls, result):
        if cls is None or getattr(cls, "__unittest_skip__", False):
            return
        try:
            cls.tearDownClass()
        except BaseException:
            result.addError(_ClassPhase("tearDownClass", cls), sys.exc_info())

    def __eq__(self, other):
        if not isinstance(other, TestSuite):
            return NotImplemented
        return list(self) == list(other)


class _ClassPhase:
    """Stands for a class's `setUpClass`/`tearDownClass` in a report."""

    def __init__(self, phase, cls):
        self.phase = phase
        self.cls = cls

    def id(self):
        return f"{self.cls.__module__}.{self.cls.__qualname__}"

    def shortDescription(self):
        return None

    def __str__(self):
        return f"{self.phase} ({self.id()})"


class TestResult:
    def __init__(self, stream=None, descriptions=None, verbosity=None):
        self.failures = []
        self.errors = []
        self.testsRun = 0
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.shouldStop = False
        self.failfast = False

    def startTest(self, test):
        self.testsRun += 1

    def stopTest(self, test):
        pass

    def startTestRun(self):
        pass

    def stopTestRun(self):
        pass

    def _exc_info_to_string(self, err, test):
        exctype, value, tb = err
        # The frames of this module (the runner, the assertion helpers) are left out.
        while tb is not None and tb.tb_frame.f_globals.get("__unittest"):
            tb = tb.tb_next
        length = 0
        t = tb
        while t is not None and not t.tb_frame.f_globals.get("__unittest"):
            length += 1
            t = t.tb_next
        lines = ["Traceback (most recent call last):\n"]
        lines += traceback.format_list(traceback.extract_tb(tb, limit=length))
        lines += traceback.format_exception_only(exctype, value)
        return "".join(lines)

    def addSuccess(self, test):
        pass

    def addError(self, test, err):
        self.errors.append((test, self._exc_info_to_string(err, test)))
        if self.failfast:
            self.stop()

    def addFailure(self, test, err):
        self.failures.append((test, self._exc_info_to_string(err, test)))
        if self.failfast:
            self.stop()

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addSubTest(self, test, subtest, err):
        if err is None:
            return
        if issubclass(err[0], test.failureException):
            self.failures.append((subtest, self._exc_info_to_string(err, test)))
        else:
            self.errors.append((subtest, self._exc_info_to_string(err, test)))
        if self.failfast:
            self.stop()

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, self._exc_info_to_string(err, test)))

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)

    def wasSuccessful(self):
        return (len(self.failures) == len(self.errors) == 0 and
                not self.unexpectedSuccesses)

    def stop(self):
        self.shouldStop = True

    def __repr__(self):
        return (f"<{self.__class__.__module__}.{self.__class__.__qualname__} "
                f"run={self.testsRun} errors={len(self.errors)} "
                f"failures={len(self.failures)}>")


class TextTestResult(TestResult):
    separator1 = "=" * 70
    separator2 = "-" * 70

    def __init__(self, stream, descriptions, verbosity):
        super().__init__(stream, descriptions, verbosity)
        self.stream = stream
        self.showAll = verbosity > 1
        self.dots = verbosity == 1
        self.descriptions = descriptions

    def getDescription(self, test):
        doc = test.shortDescription()
        if self.descriptions and doc:
            return f"{test}\n{doc}"
        return str(test)

    def startTest(self, test):
        super().startTest(test)
        if self.showAll:
            self.stream.write(self.getDescription(test))
            self.stream.write(" ... ")
            self.stream.flush()
            self._newline = False

    def _report(self, long, short):
        if self.showAll:
            self.stream.write(long + "\n")
            self._newline = True
        elif self.dots:
            self.stream.write(short)
        self.stream.flush()

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is None:
            return
        failed = issubclass(err[0], test.failureException)
        if self.showAll:
            if not self._newline:
                self.stream.write("\n")
            self.stream.write(f"  {self.getDescription(subtest)} ... "
                              f"{'FAIL' if failed else 'ERROR'}\n")
            self._newline = True
        elif self.dots:
            self.stream.write("F" if failed else "E")
        self.stream.flush()

    def addSuccess(self, test):
        super().addSuccess(test)
        self._report("ok", ".")

    def addError(self, test, err):
        super().addError(test, err)
        self._report("ERROR", "E")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._report("FAIL", "F")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._report(f"skipped {reason!r}", "s")

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._report("expected failure", "x")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._report("unexpected success", "u")

    def printErrors(self):
        if self.dots or self.showAll:
            self.stream.write("\n")
            self.stream.flush()
        self.printErrorList("ERROR", self.errors)
        self.printErrorList("FAIL", self.failures)
        for test in self.unexpectedSuccesses:
            self.stream.write(self.separator1 + "\n")
            self.stream.write(f"UNEXPECTED SUCCESS: {self.getDescription(test)}\n")

    def printErrorList(self, flavour, errors):
        for test, err in errors:
            self.stream.write(self.separator1 + "\n")
            self.stream.write(f"{flavour}: {self.getDescription(test)}\n")
            self.stream.write(self.separator2 + "\n")
            self.stream.write(f"{err}\n")
            self.stream.flush()


class TextTestRunner:
    resultclass = TextTestResult

    def __init__(self, stream=None, descriptions=True, verbosity=1, failfast=False,
                 buffer=False, resultclass=None, warnings=None, *, tb_locals=False):
        self.stream = stream if stream is not None else sys.stderr
        self.descriptions = descriptions
        self.verbosity = verbosity
        self.failfast = failfast
        if resultclass is not None:
            self.resultclass = resultclass

    def run(self, test):
        result = self.resultclass(self.stream, self.descriptions, self.verbosity)
        result.failfast = self.failfast
        start = time.perf_counter()
        result.startTestRun()
        try:
            test(result)
        finally:
            result.stopTestRun()
        taken = time.perf_counter() - start
        result.printErrors()
        write = self.stream.write
        write(result.separator2 + "\n")
        run = result.testsRun
        write("Ran %d test%s in %.3fs\n\n" % (run, "" if run == 1 else "s", taken))
        infos = []
        if not result.wasSuccessful():
            write("FAILED")
            if result.failures:
                infos.append(f"failures={len(result.failures)}")
            if result.errors:
                infos.append(f"errors={len(result.errors)}")
        elif run == 0:
            write("NO TESTS RAN")
        else:
            write("OK")
        if result.skipped:
            infos.append(f"skipped={len(result.skipped)}")
        if result.expectedFailures:
            infos.append(f"expected failures={len(result.expectedFailures)}")
        if result.unexpectedSuccesses:
            infos.append(f"unexpected successes={len(result.unexpectedSuccesses)}")
        write(" (%s)\n" % ", ".join(infos) if infos else "\n")
        self.stream.flush()
        return result


class TestLoader:
    testMethodPrefix = "test"
    sortTestMethodsUsing = staticmethod(lambda a, b: (a > b) - (a < b))
    suiteClass = TestSuite

    def getTestCaseNames(self, testCaseClass):
        names = [n for n in dir(testCaseClass)
                 if n.startswith(self.testMethodPrefix) and callable(getattr(testCaseClass, n))]
        return sorted(names)

    def loadTestsFromTestCase(self, testCaseClass):
        if issubclass(testCaseClass, TestSuite):
            raise TypeError("Test cases should not be derived from TestSuite.")
        names = self.getTestCaseNames(testCaseClass)
        if not names and hasattr(testCaseClass, "runTest"):
            names = ["runTest"]
        return self.suiteClass([testCaseClass(n) for n in names])

    def loadTestsFromModule(self, module, *, pattern=None):
        tests = []
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, TestCase) and \
                    obj not in (TestCase, FunctionTestCase):
                tests.append(self.loadTestsFromTestCase(obj))
        return self.suiteClass(tests)

    def loadTestsFromName(self, name, module=None):
        parts = name.split(".")
        obj = module if module is not None else sys.modules[parts.pop(0)]
        parent = None
        for part in parts:
            parent, obj = obj, getattr(obj, part)
        if isinstance(obj, type) and issubclass(obj, TestCase):
            return self.loadTestsFromTestCase(obj)
        if isinstance(parent, type) and issubclass(parent, TestCase):
            return self.suiteClass([parent(parts[-1])])
        if isinstance(obj, TestSuite):
            return obj
        raise TypeError(f"don't know how to make test from: {obj}")

    def loadTestsFromNames(self, names, module=None):
        return self.suiteClass([self.loadTestsFromName(n, module) for n in names])


defaultTestLoader = TestLoader()


def makeSuite(testCaseClass, prefix="test"):
    loader = TestLoader()
    loader.testMethodPrefix = prefix
    return loader.loadTestsFromTestCase(testCaseClass)


class TestProgram:
    def __init__(self, module="__main__", defaultTest=None, argv=None, testRunner=None,
                 testLoader=defaultTestLoader, exit=True, verbosity=1, failfast=False,
                 catchbreak=None, buffer=None, warnings=None, *, tb_locals=False):
        if isinstance(module, str):
            module = sys.modules[module]
        argv = list(sys.argv if argv is None else argv)
        names = []
        for arg in argv[1:]:
            if arg in ("-v", "--verbose"):
                verbosity = 2
            elif arg in ("-q", "--quiet"):
                verbosity = 0
            elif arg in ("-f", "--failfast"):
                failfast = True
            elif not arg.startswith("-"):
                names.append(arg)
        if defaultTest is not None and not names:
            names = [defaultTest] if isinstance(defaultTest, str) else list(defaultTest)
        if names:
            test = testLoader.loadTestsFromNames(names, module)
        else:
            test = testLoader.loadTestsFromModule(module)
        if testRunner is None:
            testRunner = TextTestRunner(verbosity=verbosity, failfast=failfast)
        elif isinstance(testRunner, type):
            testRunner = testRunner(verbosity=verbosity, failfast=failfast)
        self.result = testRunner.run(test)
        if exit:
            sys.exit(not self.result.wasSuccessful())


main = TestProgram
