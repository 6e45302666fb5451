import DepsPresenters
import DepsFiles
import DepsSpecSources
import DepsCore
import DepsFileSystem
import Foundation

/// Runs one scenario several times and reports the median wall time and the peak memory.
enum Measurement {
    struct Row {
        let name: String
        let packages: Int
        let medianMilliseconds: Double
        let peakMegabytes: Double
        let specReads: Int
        let summary: String

        /// Reads the tab-separated line `run` prints.
        init?(line: String) {
            let fields = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let packages = Int(fields[1]), let median = Double(fields[2]),
                  let peak = Double(fields[3]), let reads = Int(fields[4]) else { return nil }
            (name, self.packages, medianMilliseconds, peakMegabytes, specReads, summary) = (String(fields[0]), packages, median, peak, reads, String(fields[5]))
        }

        init(name: String, packages: Int, medianMilliseconds: Double, peakMegabytes: Double, specReads: Int, summary: String) {
            (self.name, self.packages, self.medianMilliseconds, self.peakMegabytes, self.specReads, self.summary) = (name, packages, medianMilliseconds, peakMegabytes, specReads, summary)
        }

        var line: String {
            [name, "\(packages)", String(format: "%.2f", medianMilliseconds), String(format: "%.1f", peakMegabytes), "\(specReads)", summary].joined(separator: "\t")
        }
    }

    /// How many times each scenario is resolved: DEPS_BENCHMARK_RUNS when set (e.g. for
    /// profiling), else at least 7 times and until a second of resolving has passed (at most
    /// 500 times), so that the median of a fast scenario rests on many runs.
    static let fixedRuns = ProcessInfo.processInfo.environment["DEPS_BENCHMARK_RUNS"].flatMap { Int($0) }

    static func run(_ scenario: Scenario) -> Row {
        let (catalog, root) = scenario.make()
        var repository: SpecRepositoryOnDisk?
        var packageCount = catalog.packageCount
        if case let .resolveFromDisk(packages) = scenario.task {
            packageCount = packages
            do {
                repository = try SpecRepositoryOnDisk(writingConflictFreeGraphOf: packages, root: root)
            } catch {
                FileHandle.standardError.write(Data("\(scenario.name): cannot write the spec repository: \(error)\n".utf8))
                exit(1)
            }
        }
        defer { repository?.remove() }
        var times: [Double] = []
        var reads = 0
        while times.count < (fixedRuns ?? 7) || (fixedRuns == nil && times.reduce(0, +) < 1_000 && times.count < 500) {
            let readsBefore = catalog.dependencyReads
            let clock = ContinuousClock()
            var outcome: String?
            let elapsed = clock.measure {
                switch scenario.task {
                case let .resolve(succeeds):
                    outcome = resolve(root, in: catalog, expectingSuccess: succeeds)
                case .readOnly:
                    outcome = read(from: root, in: catalog)
                case .resolveFromDisk:
                    do {
                        let counting = CountingCatalog(try repository!.openCatalog())
                        outcome = resolve(root, in: counting, expectingSuccess: true)
                        reads = counting.dependencyReads
                    } catch {
                        outcome = "error \(error)"
                    }
                }
            }
            if let outcome {
                FileHandle.standardError.write(Data("\(scenario.name): \(outcome)\n".utf8))
                exit(1)
            }
            times.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
            if repository == nil { reads = catalog.dependencyReads - readsBefore }
        }
        times.sort()
        return Row(name: scenario.name, packages: packageCount, medianMilliseconds: times[times.count / 2],
                   peakMegabytes: peakMemoryMegabytes(), specReads: reads, summary: scenario.summary)
    }

    /// Resolves; returns what went wrong, or nil when the outcome is the expected one.
    private static func resolve(_ root: [Dependency], in catalog: some PackageCatalog, expectingSuccess: Bool) -> String? {
        do {
            let resolution = try Resolver(catalog: catalog).resolve(root, pins: [:])
            return expectingSuccess ? nil : "resolved \(resolution.versions.count) packages; expected a failure"
        } catch let failure as ResolutionFailure {
            // Worded either way: what a user waits for includes the explanation.
            let explanation = ResolutionFailureTextPresenter.render(failure)
            return expectingSuccess ? "failed: \(explanation)" : nil
        } catch {
            return "error \(error)"
        }
    }

    /// Reads every reachable package's versions and its newest version's dependencies once.
    private static func read(from root: [Dependency], in catalog: SyntheticCatalog) -> String? {
        var newest: [PackageName: Version] = [:]
        var waiting = root.map(\.name)
        do {
            while let name = waiting.popLast() {
                guard newest[name] == nil, let version = try catalog.versions(of: name).last else { continue }
                newest[name] = version
                waiting += try catalog.dependencies(of: name, at: version).map(\.name)
            }
        } catch {
            return "error \(error)"
        }
        return newest.count == catalog.packageCount ? nil : "read \(newest.count) of \(catalog.packageCount) packages"
    }

    /// The process's peak resident memory (VmHWM in /proc/self/status); 0 where there is none.
    static func peakMemoryMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1_024
    }

    static func table(_ rows: [Row]) -> String {
        let header = ["scenario", "packages", "median ms", "peak MB", "spec reads", "what"]
        let cells = rows.map { [$0.name, "\($0.packages)", String(format: "%.2f", $0.medianMilliseconds), String(format: "%.1f", $0.peakMegabytes), "\($0.specReads)", $0.summary] }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max()! }
        func format(_ row: [String]) -> String {
            row.enumerated().map { column, text in
                column == row.count - 1 ? text : text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        var lines = [format(header), format(widths.map { String(repeating: "-", count: $0) })]
        lines += cells.map(format)
        func ratio(_ small: String, _ large: String) -> Double? {
            guard let a = rows.first(where: { $0.name == small }), let b = rows.first(where: { $0.name == large }) else { return nil }
            return b.medianMilliseconds / a.medianMilliseconds
        }
        if let solving = ratio("graph-1000", "graph-10000") {
            lines.append("")
            lines.append(String(format: "10x the packages took %.1fx the time to resolve in memory", solving)
                + (ratio("read-1000", "read-10000").map { String(format: " and %.1fx the time just to read;", $0) } ?? ";"))
        }
        if let fromDisk = ratio("specs-1000", "specs-10000") {
            lines.append(String(format: "10x the packages took %.1fx the time to resolve from spec files on disk.", fromDisk))
        }
        return lines.joined(separator: "\n")
    }
}

/// A generated graph written out as a spec repository in a temporary directory, with a project
/// beside it whose Depsfile names it, opened the way the commands open it.
struct SpecRepositoryOnDisk {
    let directory: URL
    let manifest: Manifest

    init(writingConflictFreeGraphOf count: Int, root: [Dependency]) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("deps-benchmark-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: directory)
        try Scenario.writeConflictFreeSpecs(packages: count, to: directory.appendingPathComponent("Specs", isDirectory: true))
        // Let the kernel write the new files out now rather than during the timed runs.
        sync()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        manifest = Manifest(sources: ["../Specs"], dependencies: root, checksum: "")
    }

    /// A catalog over fresh gateways: nothing listed or parsed yet.
    func openCatalog() throws -> SpecCatalog {
        let opener = LocalSpecSourceOpener(projectDirectory: LocalPath(directory.appendingPathComponent("App").path))
        return SpecCatalog(
            manifest: manifest, choice: SourceChoice(manifest: manifest, lockfile: nil, pins: [:]),
            sources: try manifest.sources.map { try opener.openSource($0) })
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
