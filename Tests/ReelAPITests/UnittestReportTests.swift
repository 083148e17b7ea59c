import XCTest

/// The one-line failures of a Python unittest run (what a browser test's failed assertion leads with).
final class UnittestReportTests: XCTestCase {
    func testEachFailedTestIsNamedWithItsLineAndException() {
        let output = """
        test_a (Tests.Browser.test_x.T.test_a) ... ERROR
        test_b (Tests.Browser.test_x.T.test_b) ... FAIL
        test_c (Tests.Browser.test_x.T.test_c) ... ok

        ======================================================================
        ERROR: test_a (Tests.Browser.test_x.T.test_a)
        ----------------------------------------------------------------------
        Traceback (most recent call last):
          File "/r/Tests/Browser/test_x.py", line 180, in test_a
            wait.until(lambda _: self.js("v.play()"))
          File "/r/Tests/Browser/test_x.py", line 181, in <lambda>
            self.js("v.play()")
          File "/v/lib/python3.11/site-packages/selenium/webdriver/remote/errorhandler.py", line 232, in check_response
            raise exception_class(message, screen, stacktrace)
        selenium.common.exceptions.JavascriptException: Message: javascript error: Cannot read properties of null (reading 'play')
          (Session info: chrome=156.0)
        Stacktrace:
        #0 0x55d0c1a2b3c4 <unknown>

        ======================================================================
        FAIL: test_b (Tests.Browser.test_x.T.test_b)
        ----------------------------------------------------------------------
        Traceback (most recent call last):
          File "/r/Tests/Browser/test_x.py", line 40, in test_b
            self.assertEqual(1, 2)
        AssertionError: 1 != 2

        ----------------------------------------------------------------------
        Ran 3 tests in 1.000s

        FAILED (failures=1, errors=1)
        """
        XCTAssertEqual(UnittestReport.failures(in: output),
                       "ERROR: test_a at test_x.py:180: selenium.common.exceptions.JavascriptException: Message: javascript error: "
                       + "Cannot read properties of null (reading 'play') | FAIL: test_b at test_x.py:40: AssertionError: 1 != 2")
        XCTAssertEqual(UnittestReport.failures(in: "Ran 3 tests\n\nOK\n"), "(no failed test named in the output)")
    }
}
