/// Where a shown screen came from.
///
/// ```swift
/// func show(_ screen: MainScreen, source: ScreenSource) {
///     banner.isHidden = source == .network   // "offline copy" banner for cached data
/// }
/// ```
public enum ScreenSource: Hashable, Sendable, CustomStringConvertible {
    /// Read from the local cache: shown at once, possibly stale.
    case cache
    /// Fresh from the server.
    case network

    /// `"cache"` or `"network"`.
    public var description: String {
        switch self {
        case .cache: "cache"
        case .network: "network"
        }
    }
}
