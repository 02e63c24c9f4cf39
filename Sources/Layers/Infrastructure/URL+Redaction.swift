import Foundation

extension URL {
    /// The URL as text safe to print: user name and password replaced by `***`, query and
    /// fragment left out (they may carry tokens or personal data).
    ///
    /// Use it wherever a URL reaches a log, an error message or the console.
    ///
    /// ```swift
    /// URL(string: "http://user:secret@example.com:8080/v1?token=abc")!.redactedDescription
    /// // "http://***@example.com:8080/v1"
    /// ```
    public var redactedDescription: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else {
            return "<url>"
        }
        let hasCredentials = components.user != nil || components.password != nil
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        if hasCredentials {
            components.percentEncodedUser = "***"
        }
        return components.string ?? "<url>"
    }
}
