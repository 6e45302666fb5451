/// A Swift string literal holding a text, as deps writes Swift (`Deps/Package.swift`, the
/// `Package.swift` of `deps export swiftpm`): quotes and backslashes escaped, and every control
/// character as an escape, so that no value (a URL, a path, a name read from a spec) can end the
/// literal or the line early.
public enum SwiftStringLiteral {
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
