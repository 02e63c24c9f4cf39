import DIContainerLocking
import DIDemoPresentation
import DIDemoScheduling
import DIDemoUseCase

/// A `MainView` that prints every update, prefixed with the scheduler it arrived on
/// (`[main] network: …`).
///
/// `MainPresenter` skips an empty cache, so when the network screen (or an error, or the end of
/// the load) arrives with no cached screen before it, the view first prints `cache: empty`.
/// A network screen identical to the cached one is summarised as `unchanged from the cache`
/// rather than printed twice. Errors go to standard error. The last update
/// (`setLoading(false)`) prints `done`, or `failed` after an error, and finishes `completion`.
final class ConsoleMainView: MainView {
    private struct State {
        var sawCache = false
        var cached: MainScreen?
        var errors: [String] = []
    }

    /// Finished by the last update.
    let completion = ScreenCompletion()
    private let state = Locked(State())
    private let whenLoading: @Sendable () -> Void

    /// - Parameter whenLoading: Called once the loading line is printed.
    nonisolated init(whenLoading: @escaping @Sendable () -> Void = {}) {
        self.whenLoading = whenLoading
    }

    /// The error messages shown, in order.
    var errors: [String] { state.withLock { $0.errors } }

    func setLoading(_ isLoading: Bool) {
        if isLoading {
            Console.out("\(prefix) loading")
            whenLoading()
        } else {
            reportEmptyCacheIfNeeded()
            Console.out("\(prefix) \(errors.isEmpty ? "done" : "failed")")
            completion.finish()
        }
    }

    func show(_ screen: MainScreen, source: ScreenSource) {
        let header = "\(prefix) \(source): " + ScreenText.summary(of: screen)
        if source == .cache {
            state.withLock {
                $0.sawCache = true
                $0.cached = screen
            }
        } else {
            reportEmptyCacheIfNeeded()
            if state.withLock({ $0.cached == screen }) {
                Console.out(header + " (unchanged from the cache)")
                return
            }
        }
        Console.out(([header] + ScreenText.body(of: screen)).joined(separator: "\n"))
    }

    func showError(_ message: String) {
        reportEmptyCacheIfNeeded()
        state.withLock { $0.errors.append(message) }
        Console.error("\(prefix) error: \(message)")
    }

    private func reportEmptyCacheIfNeeded() {
        let first = state.withLock { state in
            defer { state.sawCache = true }
            return !state.sawCache
        }
        if first { Console.out("\(prefix) cache: empty") }
    }

    private var prefix: String { Console.schedulerPrefix }
}
