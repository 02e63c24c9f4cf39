import Scheduling
import UseCase

/// Drives the detail screen of one course, whose id is known only at run time.
///
/// `load()` turns the loading indicator on, fetches the course and shows it or reports the error
/// (an unknown id reports `CourseNotFound`'s message), then turns the indicator off. Every view
/// call goes through `scheduler`; the view is held weakly.
///
/// ```swift
/// let presenter = CourseDetailPresenter(courseID: tappedCourse.id,
///                                       getCourseDetailUseCase: useCase,
///                                       scheduler: MainQueueScheduler())
/// presenter.attach(detailViewController)
/// presenter.viewWillAppear()
/// ```
public final class CourseDetailPresenter: Sendable {
    /// The id of the course this presenter shows.
    public let courseID: Int
    private let getCourseDetailUseCase: GetCourseDetailUseCase
    private let channel: ViewChannel<any CourseDetailView>

    /// Creates the presenter for one course.
    ///
    /// - Parameters:
    ///   - courseID: The id of the course to show.
    ///   - getCourseDetailUseCase: Reads the course.
    ///   - scheduler: Where every view update is delivered (the main queue in the app).
    public init(courseID: Int, getCourseDetailUseCase: GetCourseDetailUseCase, scheduler: any Scheduler) {
        self.courseID = courseID
        self.getCourseDetailUseCase = getCourseDetailUseCase
        channel = ViewChannel(scheduler: scheduler)
    }

    /// Sets the view to drive, held weakly; replaces any earlier one.
    ///
    /// - Parameter view: The detail screen's view.
    public func attach(_ view: any CourseDetailView) {
        channel.attach(view)
    }

    /// Starts `load()` in a new task, cancelling a load still running from an earlier call.
    ///
    /// - Returns: The task running the load; callers may ignore it or await `value`.
    @discardableResult
    public func viewWillAppear() -> Task<Void, Never> {
        channel.restart { await self.load() }
    }

    /// Fetches the course and shows it, or reports why it cannot be shown.
    ///
    /// Cancellation is not reported as an error; the loading indicator is turned off in every case.
    public func load() async {
        channel.deliver { $0.setLoading(true) }
        do {
            let course = try await getCourseDetailUseCase.execute(courseID: courseID)
            channel.deliver { $0.show(course) }
        } catch is CancellationError {
            // The screen went away or a newer load replaced this one: nothing to report.
        } catch let error as CourseNotFound {
            let message = error.description
            channel.deliver { $0.showError(message) }
        } catch {
            let message = "Couldn't load course \(courseID): \(error)"
            channel.deliver { $0.showError(message) }
        }
        channel.deliver { $0.setLoading(false) }
    }
}
