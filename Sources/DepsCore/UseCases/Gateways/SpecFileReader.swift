import DepsFailures

/// Spec files read for `deps spec lint`, and the files of code fetched to check them.
public protocol SpecFileReader: AnyObject {
    /// The spec at a path (`.yaml` as deps writes specs, or `.podspec.json`): what reads of it,
    /// and every problem, each with its line where there is one. Throws when the file cannot be read.
    func readSpecFile(_ path: String) throws -> SpecFileReading
    /// Every file below a tree of fetched code, relative to it.
    func files(inTree tree: String) throws -> [String]
}
