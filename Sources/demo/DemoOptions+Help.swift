extension DemoOptions {
    /// The one-line hint printed after a usage error.
    static let usageHint = "Run 'demo --help' for usage."

    /// The `--help` text.
    static let help = """
        demo: the DIContainer reference app, assembled through the container and run end to end.

        USAGE: demo [<command>] [options]

        COMMANDS:
          run (default)          Show the main screen from the cache, then from the network,
                                 with the scheduler each view update arrived on.
          detail <course-id>     Show one course (a presenter built with a runtime argument).
          validate               Check every registration; exit 1 and print the problems if any
                                 (try 'demo validate --without InfrastructureAssembly').
          graph [--format F]     Print the dependency graph; F is mermaid (default) or dot.
          registrations          List every registration with its lifetime and dependencies.
          session                Show the user's session, sign out (a scope reset), show it again.
          help                   Show this help.

        OPTIONS:
          --base-url <url>       Use the HTTP server at <url> instead of the embedded fixtures.
          --mock-server          Answer from the embedded fixtures (the default without
                                 --base-url): the launch argument the transport's variant for
                                 the mock-server context answers to.
          --cache-dir <dir>      Cache folder (default: $XDG_CACHE_HOME or ~/.cache on Linux,
                                 ~/Library/Caches on Apple platforms, subfolder dicontainer-demo).
          --latency <ms>         Simulated latency of every fixture answer, in milliseconds,
                                 at most \(maxLatencyMilliseconds) (one minute).
          --without <part>       \(withoutDescription)
          -h, --help             Show this help.

        EXIT STATUS: 0 success, 1 the command failed (network error, invalid container,
        unknown course), 2 bad command line.

        EXAMPLES:
          swift run demo
          swift run demo --latency 300
          swift run demo registrations --mock-server
          swift run demo detail 103
          swift run demo graph --format dot | dot -Tsvg > graph.svg
          swift run demo validate --without InfrastructureAssembly
          swift run demo --base-url http://127.0.0.1:8080
        """

    /// Where option descriptions start in `help`, and how wide its lines are at most.
    private static let descriptionColumn = 25
    private static let lineWidth = 90

    /// The `--without` description, wrapped under the descriptions. It lists
    /// `DemoAssembly.omittable`, the parts the parser accepts, so help and parser cannot drift.
    static var withoutDescription: String {
        let parts = DemoAssembly.omittable
        let list = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " or " + (parts.last ?? "") : parts.joined()
        return wrapped(
            "Leave one part out of the assembly, to see what validation reports: \(list). Only validate exits 1 for it; "
                + "graph and registrations show the incomplete container and print its problems on standard error.")
    }

    /// `text` in lines that end before `lineWidth`, every line after the first indented to
    /// `descriptionColumn`.
    static func wrapped(_ text: String) -> String {
        let width = lineWidth - descriptionColumn
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? word : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n" + String(repeating: " ", count: descriptionColumn))
    }
}
