/// A Swift string literal of the text, for pasting a failing input into a regression test.
/// Shared by the fuzz targets (Fuzz/run.sh compiles it into each).
func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case " "..."~": result.unicodeScalars.append(scalar)
        default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }
    return result + "\""
}
