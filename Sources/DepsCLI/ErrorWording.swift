import DepsSignals
import DepsCode
import DepsCocoaPods
import DepsCore
import DepsFailures
import DepsFiles
import DepsFileSystem
import DepsPresenters
import DepsProcess

/// The one place where an error's message is chosen, for the text on stderr and the `message`
/// of `--json`'s document alike: the core's errors are worded by the presenters, deps' files'
/// errors by their location lines, and the command line's own errors here.
enum ErrorWording {
    static func message(for error: any ExitStatusError) -> String {
        if let message = ErrorTextPresenter.message(for: error) { return message }
        switch error {
        case let error as TerminationSignals.Interrupted: return InterruptionMessage.text(for: error)
        case let error as InvalidSettingError: return "error: \(error)"
        case let error as OutputFileExistsError: return "error: \(error)"
        case let error as PodfileRefusal: return InputProblemWording.lines(error.lineErrors)
        case let error as FileAccessError: return error.description
        case let error as ProjectLockedError:
            return "\(MessageText.escaped(error.lockFile)): error: \(MessageText.escaped(error.holder)) is working on this project; "
                + "waited \(Int(error.waitedSeconds)) s. Run deps again when it is done, or set DEPS_LOCK_TIMEOUT to wait longer."
        default: return "error: \(error)"
        }
    }

}
