import TextCase

/// Greetings with names written in Title Case: `"deps user"`, `"deps_user"` and `"depsUser"`
/// are all greeted as "Deps User".
public enum Greeting {
    /// `hello("deps user")` → `"Hello, Deps User!"`.
    public static func hello(_ name: String) -> String {
        "Hello, \(name.titleCased)!"
    }

    /// `hello(["ann", "bob", "cy"])` → `"Hello, Ann, Bob and Cy!"`; no names → `"Hello!"`.
    public static func hello(_ names: [String]) -> String {
        let names = names.map(\.titleCased)
        guard let last = names.last else { return "Hello!" }
        let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
        return "Hello, \(list)!"
    }

    /// `goodbye("deps user")` → `"Goodbye, Deps User."`.
    public static func goodbye(_ name: String) -> String {
        "Goodbye, \(name.titleCased)."
    }

    /// The greeting for an hour of the day (0–23): `"Good morning"` before 12,
    /// `"Good afternoon"` before 18, `"Good evening"` after.
    public static func timeOfDay(hour: Int) -> String {
        switch hour {
        case ..<12: return "Good morning"
        case ..<18: return "Good afternoon"
        default: return "Good evening"
        }
    }
}
