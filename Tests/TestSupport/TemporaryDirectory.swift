import Foundation

/// A fresh, uniquely named folder under the system's temporary folder, for one test.
///
/// ```swift
/// let folder = try TemporaryDirectory()
/// defer { folder.remove() }
/// let cache = try FileCacheStore(directory: folder.url)
/// ```
public struct TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder.
    ///
    /// - Parameter prefix: The start of the folder's name.
    /// - Throws: The file system's error when it cannot be created.
    public init(prefix: String = "DIContainerTests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to the file at `relativePath` (creating intermediate folders).
    ///
    /// - Parameters:
    ///   - text: The file's contents, as UTF-8.
    ///   - relativePath: For example "courses/recent.json".
    /// - Throws: The file system's error.
    public func write(_ text: String, to relativePath: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
