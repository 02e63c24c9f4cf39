import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The exclusive lock a ``FileCacheStore`` holds while it writes: an advisory `flock` on the
/// folder's `.lock` file, shared by every store instance and every process using the folder.
///
/// The kernel releases it when its holder dies, so whoever holds it knows that any temporary
/// file or commit journal in the folder was left by a writer that is gone.
enum CacheFolderLock {
    static let fileName = ".lock"

    /// Runs `body` while holding the lock of `directory`.
    ///
    /// - Throws: ``CacheError/unusableDirectory(path:reason:)`` when the lock file cannot be
    ///   opened or locked; whatever `body` throws.
    static func withLock<Result>(in directory: URL, _ body: () throws -> Result) throws -> Result {
        let path = directory.appendingPathComponent(fileName, isDirectory: false).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CacheError.unusableDirectory(path: directory.path, reason: lastError())
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw CacheError.unusableDirectory(path: directory.path, reason: lastError())
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The text of the current `errno`.
    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
