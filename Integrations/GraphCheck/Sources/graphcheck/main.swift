import Foundation
import GraphCheckCore

// graphcheck [--strict] [--quiet] [--output FILE] [--module NAME] FILE… [--module NAME FILE…]…
//
// Checks the given Swift files as one app (the composition root and the source modules it
// depends on) and prints `path:line:col: error: …` / `warning: …` for what `validate()` would
// report. Exit status: 0 without errors, 1 with errors, 2 for bad arguments. `--module NAME`
// sets the module of the files after it (by default the folder under `Sources/`); `--output
// FILE` writes a Swift file with no code once the check passed (the build plugin's product).

let usage = "usage: graphcheck [--strict] [--quiet] [--output FILE] [--module NAME] FILE…"
var inputs: [GraphCheck.Input] = []
var strict = false
var quiet = false
var output: String?
var module: String?
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--strict": strict = true
    case "--quiet": quiet = true
    case "--output", "--module":
        guard let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("graphcheck: \(argument) needs a value\n\(usage)\n".utf8))
            exit(2)
        }
        if argument == "--output" { output = value } else { module = value }
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        if argument.hasPrefix("--") {
            FileHandle.standardError.write(Data("graphcheck: unknown option \(argument)\n\(usage)\n".utf8))
            exit(2)
        }
        inputs.append(GraphCheck.Input(path: argument, module: module))
    }
}

do {
    let report = try GraphCheck.check(files: inputs, strict: strict)
    for finding in report.findings where !(quiet && finding.severity == .warning) {
        print(finding)
    }
    if report.hasErrors { exit(1) }
    if let output {
        let text = "// Checked by graphcheck: \(report.registrationCount) registrations, \(report.requirementCount) requirements.\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: output))
    }
} catch {
    FileHandle.standardError.write(Data("graphcheck: \(error)\n".utf8))
    exit(2)
}
