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
          --cache-dir <dir>      Cache folder (default: $XDG_CACHE_HOME or ~/.cache on Linux,
                                 ~/Library/Caches on Apple platforms, subfolder dicontainer-demo).
          --latency <ms>         Simulated latency of every fixture answer, in milliseconds,
                                 at most \(maxLatencyMilliseconds) (one minute).
          --without <part>       Leave one part out of the assembly, to see what validation
                                 reports: AppConfiguration, SchedulingAssembly,
                                 InfrastructureAssembly, RepositoryAssembly, UseCaseAssembly
                                 or PresentationAssembly.
          -h, --help             Show this help.

        EXIT STATUS: 0 success, 1 the command failed (network error, invalid container,
        unknown course), 2 bad command line.

        EXAMPLES:
          swift run demo
          swift run demo --latency 300
          swift run demo detail 103
          swift run demo graph --format dot | dot -Tsvg > graph.svg
          swift run demo validate --without InfrastructureAssembly
          swift run demo --base-url http://127.0.0.1:8080
        """
}
