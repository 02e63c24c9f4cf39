#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How much stack the current thread has left, so a very deep resolution fails with a clear
/// error instead of overflowing a small thread stack (secondary threads often get 512 KiB).
///
/// Consulted only on deep resolutions (every 32 levels past 128), so it costs nothing on
/// ordinary graphs.
enum StackGuard {
    /// Stack that must stay free for the factories and error reporting of one more level.
    static let reserve = 96 * 1024

    /// Whether a resolution at `depth` may go one level deeper on this thread.
    static func allowsDeeper(at depth: Int) -> Bool {
        guard depth >= 128, depth % 32 == 0, let remaining = remainingBytes() else { return true }
        return remaining > reserve
    }

    /// The bytes between the current stack position and the end of this thread's stack, if the
    /// platform tells.
    static func remainingBytes() -> Int? {
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        let size = UInt(pthread_get_stacksize_np(pthread_self()))
        let bottom = top - size
        return here > bottom ? Int(here - bottom) : 0
        #elseif canImport(Glibc) || canImport(Musl)
        var attributes = pthread_attr_t()
        guard let getAttributes = threadAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        let bottom = UInt(bitPattern: address)
        return here > bottom ? Int(here - bottom) : 0
        #else
        return nil
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

    /// `pthread_getattr_np`, a GNU extension the C module does not import, looked up once.
    private static let threadAttributes: GetAttributes? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif
}
