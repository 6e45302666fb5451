import DepsCore
import Foundation

// deps-benchmarks: times the resolver on generated catalogs.
//
//   swift run -c release deps-benchmarks              every scenario, each in a fresh process
//   swift run -c release deps-benchmarks SCENARIO     one scenario, one result line
//
// Wall time is the median of several runs (ContinuousClock); peak memory is the
// process's VmHWM, which is why each scenario runs in a process of its own.

let arguments = CommandLine.arguments.dropFirst()

if let name = arguments.first {
    guard let scenario = Scenario.named(name) else {
        FileHandle.standardError.write(Data("unknown scenario \(name); known: \(Scenario.all.map(\.name).joined(separator: ", "))\n".utf8))
        exit(64)
    }
    let measurement = Measurement.run(scenario)
    print(measurement.line)
} else {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    var rows: [Measurement.Row] = []
    for scenario in Scenario.all {
        let process = Process()
        let output = Pipe()
        process.executableURL = executable
        process.arguments = [scenario.name]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let row = Measurement.Row(line: String(decoding: data, as: UTF8.self)) else {
            FileHandle.standardError.write(Data("\(scenario.name) failed (status \(process.terminationStatus))\n".utf8))
            exit(1)
        }
        rows.append(row)
    }
    print(Measurement.table(rows))
}
