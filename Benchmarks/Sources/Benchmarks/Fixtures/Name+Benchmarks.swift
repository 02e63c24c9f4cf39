import DIContainer

/// The registration name of the named cases ("named", case 2), declared as an app declares its
/// names: the container ships none.
extension Name {
    /// The name every contender's named registrations use.
    static let local: Name = "local"
}
