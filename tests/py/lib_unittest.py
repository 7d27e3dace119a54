# unittest: a suite run into a StringIO, its report printed with the time taken removed.
import io
import re
import unittest


class T(unittest.TestCase):
    log = []

    @classmethod
    def setUpClass(cls):
        cls.log.append("setUpClass")

    @classmethod
    def tearDownClass(cls):
        cls.log.append("tearDownClass")

    def setUp(self):
        self.x = 1

    def tearDown(self):
        self.log.append("tearDown " + self._testMethodName)

    def test_ok(self):
        self.assertEqual(self.x, 1)
        self.assertIn(1, [1])
        self.assertAlmostEqual(0.1 + 0.2, 0.3)
        self.assertCountEqual([1, 2, 2], [2, 1, 2])
        self.assertIsNone(None)
        self.assertGreaterEqual(3, 3)
        self.assertRegex("abc123", r"\d+")

    def test_fail(self):
        self.assertEqual((1, 2), (1, 3))

    def test_error(self):
        {}["k"]

    def test_raises(self):
        with self.assertRaises(ZeroDivisionError) as cm:
            1 / 0
        self.assertIsInstance(cm.exception, ZeroDivisionError)
        self.assertRaises(ValueError, int, "x")
        with self.assertRaisesRegex(ValueError, "invalid literal"):
            int("y")

    def test_not_raised(self):
        with self.assertRaises(KeyError):
            pass

    @unittest.skip("not now")
    def test_skip(self):
        pass

    @unittest.expectedFailure
    def test_xfail(self):
        self.assertTrue(False)

    def test_sub(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertLess(i, 2)

    def test_msg(self):
        """Checks a custom message."""
        self.assertTrue(0, "custom")

    def test_cleanup(self):
        self.addCleanup(self.log.append, "cleanup")


class Plain(unittest.TestCase):
    def runTest(self):
        self.assertNotEqual(1, 2)


def run(verbosity):
    stream = io.StringIO()
    suite = unittest.TestLoader().loadTestsFromTestCase(T)
    suite.addTest(Plain())
    result = unittest.TextTestRunner(stream=stream, verbosity=verbosity).run(suite)
    # The tracebacks (file lines, source lines, markers) and CPython's line diffs are left out.
    report = re.sub(r"in \d+\.\d+s", "in <time>", stream.getvalue())
    for line in report.splitlines():
        if line and (not line.startswith((" ", "- ", "+ ", "? ")) or line.startswith("  test_")):
            print(line)
    print(result.testsRun, len(result.failures), len(result.errors), len(result.skipped),
          result.wasSuccessful())


run(1)
run(2)
print(T.log)
print(unittest.TestCase("run") if False else "", T("test_ok"), repr(T("test_ok")), T("test_ok").id())
