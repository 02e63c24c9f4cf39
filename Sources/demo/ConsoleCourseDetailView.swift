import DIContainerLocking
import DIDemoPresentation
import DIDemoScheduling
import DIDemoUseCase

/// A `CourseDetailView` that prints every update, prefixed with the scheduler it arrived on
/// (`[main] course 103: …`). Errors go to standard error. The last update
/// (`setLoading(false)`) prints `done`, or `failed` after an error, and finishes `completion`.
final class ConsoleCourseDetailView: CourseDetailView {
    /// Finished by the last update.
    let completion = ScreenCompletion()
    private let recordedErrors = Locked<[String]>([])
    private let whenLoading: @Sendable () -> Void

    /// - Parameter whenLoading: Called once the loading line is printed.
    nonisolated init(whenLoading: @escaping @Sendable () -> Void = {}) {
        self.whenLoading = whenLoading
    }

    /// The error messages shown, in order.
    var errors: [String] { recordedErrors.withLock { $0 } }

    func setLoading(_ isLoading: Bool) {
        if isLoading {
            Console.out("\(prefix) loading")
            whenLoading()
        } else {
            Console.out("\(prefix) \(errors.isEmpty ? "done" : "failed")")
            completion.finish()
        }
    }

    func show(_ course: CourseItem) {
        Console.out("\(prefix) course \(course.id): \(ScreenText.detail(of: course))")
    }

    func showError(_ message: String) {
        recordedErrors.withLock { $0.append(message) }
        Console.error("\(prefix) error: \(message)")
    }

    private var prefix: String { Console.schedulerPrefix }
}
