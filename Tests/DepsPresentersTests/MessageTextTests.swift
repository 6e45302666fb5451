import DepsPresenters
import XCTest

final class MessageTextTests: XCTestCase {
    func testInterpolatedValuesAreEscapedAndTheWordsAroundThemKept() {
        let name = "Evil\u{1B}[2J\nforged"
        let message: MessageText = "invalid package name '\(name)'\nsecond line"
        XCTAssertEqual(message.text, #"invalid package name 'Evil\u{1B}[2J\u{A}forged'"# + "\nsecond line")
    }

    func testAFinishedMessageIsKeptAndEscapingTwiceChangesNothing() {
        let inner: MessageText = "a\n\("b\u{7}")"
        let outer: MessageText = "outer: \(message: inner)"
        XCTAssertEqual(outer.text, "outer: a\n" + #"b\u{7}"#)
        let once = MessageText.escaped("x\u{0}\u{7F}\u{85}y")
        XCTAssertEqual(once, #"x\u{0}\u{7F}\u{85}y"#)
        XCTAssertEqual(MessageText.escaped(once), once)
    }

    func testPrintableTextIsUntouched() {
        for text in ["Alamofire", "日本語 ✓ 🙂", "quotes ' \" ` and \\ backslash", ""] {
            XCTAssertEqual(MessageText.escaped(text), text)
        }
    }

    func testConcatenationKeepsBothParts() {
        let value = "v\u{1B}"
        let message: MessageText = "one '\(value)'" + "; two"
        XCTAssertEqual(message.text, #"one 'v\u{1B}'; two"#)
    }
}
