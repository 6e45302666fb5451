import XCTest

/// `XCTAssertThrowsError` for async code: fails at the caller's line when `body` returns, and
/// otherwise hands the error to `check`.
func assertThrowsAsync<T>(
    _ body: () async throws -> T, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line, _ check: (Error) -> Void = { _ in }
) async {
    do {
        _ = try await body()
        XCTFail(["asynchronous call did not throw an error", message()].filter { !$0.isEmpty }.joined(separator: " - "), file: file, line: line)
    } catch {
        check(error)
    }
}
