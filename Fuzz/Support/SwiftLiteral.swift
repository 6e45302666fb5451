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

/// The same for bytes: a string literal when they are UTF-8, else the bytes' values.
func quoted(_ bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return quoted(text) }
    return "bytes " + bytes.map { String($0) }.joined(separator: ", ")
}
