import DepsFailures

/// Why the `ruby` on PATH gave no Podfile or podspec, as data, worded by DepsPresenters.
public enum RubyEvaluationProblem: Sendable, Equatable {
    /// No `ruby` on PATH to read the Ruby podspec of a pod.
    case rubyMissingForPodspec(PackageName)
    /// `ruby` could not be started.
    case notStarted(Purpose, cause: ChildProcessError)
    /// Ruby stopped before deps' DSL could say why: its first line of text, if it wrote any.
    case rubyStopped(Purpose, message: String?)
    /// deps' DSL stopped the file with its message (the file's line is the error's).
    case dslStopped(message: String)

    /// What Ruby was run for.
    public enum Purpose: Sendable, Equatable {
        /// Evaluating a Podfile the static reader could not follow.
        case evaluatingPodfile
        /// Reading a Ruby podspec.
        case readingPodspec
    }
}
