/// What a spec's Xcode build settings (`pod_target_xcconfig`, `xcconfig`) and `compiler_flags`
/// mean for a build that is not Xcode's: definitions, compilation conditions, header folders,
/// language standards, libraries to link, and flags; what has no such meaning is named for a
/// warning. Settings known to change nothing outside Xcode are dropped without one.
struct BuildSettingsReading {
    var defines: [Define] = []
    var swiftConditions: [Define] = []
    var cFlags: [String] = []
    var swiftFlags: [String] = []
    var headerSearchPaths: [String] = []
    var linked: [LinkedItem] = []
    var cLanguageStandard: String?
    var cxxLanguageStandard: String?
    /// Attributes not carried, with why.
    var uncarried: [(attribute: String, reason: BuildWarning.Reason)] = []

    /// Settings that mean nothing to a SwiftPM build (modules are always on, Swift's version is
    /// the package's, architectures and distribution are the app's choice).
    static let meaningless: Set<String> = [
        "DEFINES_MODULE", "CLANG_ENABLE_MODULES", "CLANG_CXX_LIBRARY", "APPLICATION_EXTENSION_API_ONLY", "SWIFT_VERSION",
        "ENABLE_BITCODE", "BUILD_LIBRARY_FOR_DISTRIBUTION", "SKIP_INSTALL", "CLANG_ENABLE_OBJC_WEAK", "VALID_ARCHS",
        "EXCLUDED_ARCHS", "ONLY_ACTIVE_ARCH", "SWIFT_INSTALL_OBJC_HEADER", "GCC_SYMBOLS_PRIVATE_EXTERN", "CLANG_MODULES_AUTOLINK",
        "USE_HEADERMAP", "ALWAYS_SEARCH_USER_PATHS", "GENERATE_INFOPLIST_FILE", "INFOPLIST_FILE", "PRODUCT_BUNDLE_IDENTIFIER",
        "CODE_SIGNING_ALLOWED", "CODE_SIGNING_REQUIRED", "CODE_SIGN_IDENTITY", "CLANG_ENABLE_OBJC_ARC", "GCC_ENABLE_OBJC_EXCEPTIONS",
        "SWIFT_OPTIMIZATION_LEVEL", "GCC_OPTIMIZATION_LEVEL", "DEBUG_INFORMATION_FORMAT", "OTHER_SWIFT_FLAGS_RELEASE",
        "SUPPORTS_MACCATALYST", "DERIVE_MACCATALYST_PRODUCT_BUNDLE_IDENTIFIER", "CLANG_CXX_LANGUAGE_STANDARD_LIBRARY",
        "SWIFT_SUPPRESS_WARNINGS", "GCC_WARN_INHIBIT_ALL_WARNINGS", "SWIFT_COMPILATION_MODE", "MACH_O_TYPE",
    ]

    /// Settings whose SwiftPM spelling takes no platform condition.
    static let unconditional: Set<String> = [
        "OTHER_CFLAGS", "WARNING_CFLAGS", "HEADER_SEARCH_PATHS", "USER_HEADER_SEARCH_PATHS", "SYSTEM_HEADER_SEARCH_PATHS",
        "GCC_C_LANGUAGE_STANDARD", "CLANG_CXX_LANGUAGE_STANDARD",
    ]

    /// Reads `settings` (from the spec or a subspec; `platforms` empty means every platform).
    mutating func read(_ settings: [String: String], attribute: String, platforms: [String]) {
        for key in settings.keys.sorted() {
            let value = settings[key]!
            let words = Self.words(of: value).filter { $0 != "$(inherited)" && $0 != "${inherited}" }
            // Flags, folders and standards have no platform condition in SwiftPM: one platform's
            // apply only when the Depsfile names that platform.
            if !platforms.isEmpty, Self.unconditional.contains(key) {
                uncarried.append(("\(attribute) \(key) (\(platforms.joined(separator: ", ")))", .onePlatformOnly))
                continue
            }
            switch key {
            case "GCC_PREPROCESSOR_DEFINITIONS":
                defines += words.map { Self.define($0, platforms: platforms) }
            case "SWIFT_ACTIVE_COMPILATION_CONDITIONS":
                swiftConditions += words.map { Define(name: $0, platforms: platforms) }
            case "OTHER_SWIFT_FLAGS":
                readSwiftFlags(words, platforms: platforms)
            case "OTHER_CFLAGS", "WARNING_CFLAGS":
                readCompilerFlags(words, platforms: platforms)
            case "HEADER_SEARCH_PATHS", "USER_HEADER_SEARCH_PATHS", "SYSTEM_HEADER_SEARCH_PATHS":
                for word in words {
                    if let path = Self.packagePath(word) {
                        headerSearchPaths.append(path)
                    } else {
                        uncarried.append(("\(attribute) \(key) \(word)", .namesNoInstalledFolder))
                    }
                }
            case "GCC_C_LANGUAGE_STANDARD":
                cLanguageStandard = words.last
            case "CLANG_CXX_LANGUAGE_STANDARD":
                cxxLanguageStandard = words.last
            case "OTHER_LDFLAGS":
                readLinkerFlags(words, attribute: "\(attribute) \(key)", platforms: platforms)
            default:
                if Self.meaningless.contains(key) || key.hasPrefix("CLANG_WARN_") || key.hasPrefix("GCC_WARN_") { continue }
                uncarried.append(("\(attribute) \(key)", .noSwiftPMSetting))
            }
        }
    }

    /// `compiler_flags`: definitions become definitions, the rest are C-family flags (one
    /// platform's only when the Depsfile names it: SwiftPM's flags take no platform condition).
    mutating func readCompilerFlags(_ words: [String], platforms: [String]) {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "-D", index + 1 < words.count {
                defines.append(Self.define(words[index + 1], platforms: platforms))
                index += 2
                continue
            }
            if word.hasPrefix("-D") && word.count > 2 {
                defines.append(Self.define(String(word.dropFirst(2)), platforms: platforms))
            } else if platforms.isEmpty {
                cFlags.append(word)
            } else {
                uncarried.append(("compiler_flags \(word) (\(platforms.joined(separator: ", ")))", .onePlatformOnly))
            }
            index += 1
        }
    }

    private mutating func readSwiftFlags(_ words: [String], platforms: [String]) {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "-D", index + 1 < words.count {
                swiftConditions.append(Define(name: words[index + 1], platforms: platforms))
                index += 2
                continue
            }
            if word.hasPrefix("-D") && word.count > 2 {
                swiftConditions.append(Define(name: String(word.dropFirst(2)), platforms: platforms))
            } else if platforms.isEmpty {
                swiftFlags.append(word)
            } else {
                uncarried.append(("pod_target_xcconfig OTHER_SWIFT_FLAGS \(word) (\(platforms.joined(separator: ", ")))", .onePlatformOnly))
            }
            index += 1
        }
    }

    private mutating func readLinkerFlags(_ words: [String], attribute: String, platforms: [String]) {
        var index = 0
        while index < words.count {
            let word = words[index]
            if (word == "-framework" || word == "-weak_framework"), index + 1 < words.count {
                linked.append(LinkedItem(kind: .framework, name: Self.unquoted(words[index + 1]), platforms: platforms))
                index += 2
                continue
            }
            if word.hasPrefix("-l") && word.count > 2 {
                linked.append(LinkedItem(kind: .library, name: String(word.dropFirst(2)), platforms: platforms))
            } else if word != "-ObjC" && word != "-all_load" {
                uncarried.append(("\(attribute) \(word)", .noSwiftPMSetting))
            }
            index += 1
        }
    }

    /// `FOO`, `FOO=1`, `FOO=\"text\"`.
    static func define(_ word: String, platforms: [String]) -> Define {
        guard let equals = word.firstIndex(of: "=") else { return Define(name: word, platforms: platforms) }
        let value = String(word[word.index(after: equals)...]).replacingBackslashedQuotes()
        return Define(name: String(word[..<equals]), value: value, platforms: platforms)
    }

    /// A header folder of the package (`$(PODS_TARGET_SRCROOT)/include` → `include`) or of another
    /// installed package (`$(PODS_ROOT)/nanopb` → `../nanopb`); nil for anything else.
    static func packagePath(_ word: String) -> String? {
        let text = unquoted(word)
        for root in ["$(PODS_TARGET_SRCROOT)", "${PODS_TARGET_SRCROOT}"] where text.hasPrefix(root) {
            let rest = text.dropFirst(root.count).drop { $0 == "/" }
            return rest.isEmpty ? "." : String(rest)
        }
        for root in ["$(PODS_ROOT)/", "${PODS_ROOT}/"] where text.hasPrefix(root) {
            let rest = String(text.dropFirst(root.count))
            guard !rest.isEmpty, !rest.hasPrefix("Headers/"), !rest.split(separator: "/").contains("..") else { return nil }
            return "../" + rest
        }
        return nil
    }

    static func unquoted(_ word: String) -> String {
        if word.count >= 2, word.hasPrefix("\""), word.hasSuffix("\"") { return String(word.dropFirst().dropLast()) }
        return word
    }

    /// The words of a setting: split at spaces, except inside double quotes or after a backslash.
    static func words(of value: String) -> [String] {
        BuildSettingsWords.words(of: value)
    }
}

/// The words of an Xcode setting or of `compiler_flags`: split at spaces, except inside double
/// quotes or after a backslash.
public enum BuildSettingsWords {
    public static func words(of value: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "\"" {
                current.append(character)
                quoted.toggle()
            } else if character.isWhitespace && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

extension String {
    /// `\"text\"` as `"text"`: the quotes a setting escapes to keep them in a definition's value.
    fileprivate func replacingBackslashedQuotes() -> String {
        var result = ""
        var pendingBackslash = false
        for character in self {
            if pendingBackslash {
                if character != "\"" { result.append("\\") }
                result.append(character)
                pendingBackslash = false
            } else if character == "\\" {
                pendingBackslash = true
            } else {
                result.append(character)
            }
        }
        if pendingBackslash { result.append("\\") }
        return result
    }
}
