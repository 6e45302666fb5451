import DepsCore
import DepsFiles
import DepsProcess
import DepsFailures

/// Runs a Podfile with the `ruby` on PATH through deps' Podfile DSL (`RubyPodfileDSL`), in the
/// Podfile's folder, with the user's environment, and reads what it declares as the static reader
/// reads a Podfile, each line named as the Podfile's own (BEHAVIOUR 10).
struct PodfileEvaluationRun {
    let fileName: String

    /// Why the static reader could not follow the Podfile, when Ruby can: every construct it
    /// refused is one Ruby carries out.
    static func needsRuby(_ refusal: PodfileRefusal) -> PodfileError? {
        refusal.errors.first { error in
            switch error.construct {
            case .unknownName, .conditional, .interpolation, .environment, .evaluation, .loading, .methodWithParameters: true
            default: false
            }
        }
    }

    /// The Podfile at `path` (in `folder`), evaluated; `refusal` is what the static reader said.
    func read(path: String, folder: String, refusal: PodfileRefusal, firstLine: PodfileError) async throws -> ReadPodfile {
        let result: ChildProcessResult
        do {
            result = try await RubyDSLRun(program: RubyPodfileDSL.program, errorMarker: RubyPodfileDSL.errorMarker).run(fileName: path, folder: folder)
        } catch let error as RubyDSLRun.Failure {
            switch error {
            // No Ruby: the static reader's refusal stands, every line named.
            case .rubyMissing: throw refusal
            case .notStarted(let cause): throw MalformedInputError(
                file: fileName, problem: .rubyEvaluation(.notStarted(.evaluatingPodfile, cause: cause)))
            case .dslStopped(let line, let message):
                throw MalformedInputError(file: fileName, line: line, problem: .rubyEvaluation(.dslStopped(message: message)))
            case .rubyStopped(let message):
                throw MalformedInputError(file: fileName, problem: .rubyEvaluation(.rubyStopped(.evaluatingPodfile, message: message)))
            }
        }
        let text = result.standardOutputText
        var version = ""
        var originalLines: [Int: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("# deps-ruby:") { version = String(line.dropFirst("# deps-ruby:".count)) }
            if let marker = line.firstRange(of: " # deps-line:"), let original = Int(line[marker.upperBound...]) {
                originalLines[index + 1] = original
            }
        }
        let reading: PodfileReading
        do {
            reading = try PodfileReader(fileName: fileName).read(Array(text.utf8))
        } catch {
            throw PodfileRefusal(file: fileName, errors: error.errors.map { PodfileError(line: originalLines[$0.line] ?? $0.line, $0.construct) })
        }
        let line = { (evaluated: Int) in originalLines[evaluated] ?? evaluated }
        return ReadPodfile(
            podfile: reading.podfile.renumbered(line),
            warnings: reading.warnings.map { PodfileWarning(line: line($0.line), $0.dropped) },
            evaluation: PodfileEvaluation(
                ruby: ChildProcess.executablePath(of: "ruby") ?? "ruby", rubyVersion: version, firstLine: firstLine.line,
                construct: firstLine.construct))
    }
}

extension Podfile {
    /// The same Podfile with every line number passed through `line`.
    func renumbered(_ line: (Int) -> Int) -> Podfile {
        func renumber(_ target: PodfileTarget) -> PodfileTarget {
            var target = target
            if target.line > 0 { target.line = line(target.line) }
            target.pods = target.pods.map { pod in
                var pod = pod
                pod.line = line(pod.line)
                return pod
            }
            target.linkageLine = target.linkageLine.map(line)
            target.children = target.children.map(renumber)
            return target
        }
        return Podfile(sources: sources.map { PodfileSource(url: $0.url, line: line($0.line)) }, root: renumber(root), workspace: workspace)
    }
}
