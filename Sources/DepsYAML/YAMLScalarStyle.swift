/// How a scalar was written in the text it was read from.
///
/// The style never changes a scalar's meaning here: every scalar is a string.
/// It is kept so that a reader can tell `'1.10'` from `1.10` if it cares.
public enum YAMLScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}
