import DIContainer

/// What the demo was asked to do.
enum DemoCommand: Equatable {
    /// Show the main screen: from the cache, then from the network (the default).
    case run
    /// Validate the assembled container; exit 1 on problems.
    case validate
    /// Print the dependency graph.
    case graph(GraphFormat)
    /// List every registration.
    case registrations
    /// Show one course's detail screen.
    case detail(courseID: Int)
    /// Show the signed-in user's session before and after signing out.
    case session
    /// Print the help.
    case help
}
