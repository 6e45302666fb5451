extension String {
    /// The words of the text: runs of letters and digits, split at every other character
    /// and where the case changes, as in `"parseHTTPResponse2"` → `["parse", "HTTP", "Response2"]`.
    public var words: [String] {
        let characters = Array(self)
        var words: [String] = []
        var current: [Character] = []
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(String(current)) }
                current = []
                continue
            }
            if let previous = current.last, character.isUppercase {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // "userId" splits before "I"; "HTTPResponse" splits before the "R" of "Response".
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    words.append(String(current))
                    current = []
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `"User ID number"` → `"userIdNumber"`.
    public var camelCased: String {
        let words = self.words
        guard let first = words.first else { return "" }
        return first.lowercased() + words.dropFirst().map(capitalizedWord).joined()
    }

    /// `"user id number"` → `"UserIdNumber"`.
    public var pascalCased: String {
        words.map(capitalizedWord).joined()
    }

    /// `"userIdNumber"` → `"user_id_number"`.
    public var snakeCased: String {
        words.map { $0.lowercased() }.joined(separator: "_")
    }

    /// `"userIdNumber"` → `"user-id-number"`.
    public var kebabCased: String {
        words.map { $0.lowercased() }.joined(separator: "-")
    }

    /// `"user_id_number"` → `"User Id Number"`.
    public var titleCased: String {
        words.map(capitalizedWord).joined(separator: " ")
    }
}

/// `"hELLO"` → `"Hello"`.
func capitalizedWord(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.uppercased() + word.dropFirst().lowercased()
}
