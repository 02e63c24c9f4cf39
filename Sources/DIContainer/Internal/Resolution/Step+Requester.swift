/// Who asked: the service whose factory asked for this step's, derived on demand from the path,
/// so that a resolve whose factories never read it pays nothing for it.
extension Step {
    /// The service that declared the dependency this step builds: the parent step's, skipping
    /// forwarded types (`implements`), whose step is no consumer; at top level, the service that
    /// made the `Lazy` or `Provider` being read (`Resolution.requester`), else `nil`.
    var requester: ServiceKey? {
        if case .transient = entry.lifetime {} else { marks.bitwiseOr(2, ordering: .relaxed) }
        var asker = parent
        while let step = asker, step.entry.kind == .forwarding { asker = step.parent }
        if let asker { return asker.entry.service }
        return resolution.requester?.service
    }

    /// Throws when the factory read `requester` though its instance is kept or shared: who asked
    /// would be whoever asked first. Called after the factory, before `finish`.
    func checkRequesterRead() throws {
        guard marks.load(ordering: .relaxed) & 2 != 0 else { return }
        throw RequesterOfSharedService(lifetime: entry.lifetime)
    }
}

/// A factory of a kept or shared registration read who asked.
struct RequesterOfSharedService: Error, CustomStringConvertible {
    let lifetime: Lifetime

    var description: String {
        "its factory reads r.requester, but a \(lifetime) instance is shared by its consumers, so who asked would be "
            + "whoever asked first. Fix: register it with lifetime: .transient (built anew for each consumer), or do not "
            + "read r.requester in its factory"
    }
}
