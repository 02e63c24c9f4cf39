import DIDemoScheduling
import DIDemoUseCase

/// Drives the detail screen of one course, whose id is known only at run time.
///
/// `load()` turns the loading indicator on, loads the course and shows it or reports the error
/// (an unknown id reports `CourseNotFound`'s message), then turns the indicator off. Every view
/// call goes through `scheduler`; the view is held weakly.
///
/// ```swift
/// let presenter = CourseDetailPresenter(courseID: tappedCourse.id, loader: courseLoader,
///                                       scheduler: MainQueueScheduler())
/// presenter.attach(detailViewController)
/// presenter.viewWillAppear()
/// ```
public final class CourseDetailPresenter: Sendable {
    /// The id of the course this presenter shows.
    public let courseID: Int
    private let loader: any CourseDetailLoading
    private let channel: ViewChannel<any CourseDetailView>

    /// Creates the presenter for one course.
    ///
    /// - Parameters:
    ///   - courseID: The id of the course to show.
    ///   - loader: Loads the course.
    ///   - scheduler: Where every view update is delivered (the main queue in the app).
    public init(courseID: Int, loader: any CourseDetailLoading, scheduler: any Scheduler) {
        self.courseID = courseID
        self.loader = loader
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

    /// Loads the course and shows it, or reports why it cannot be shown.
    ///
    /// Cancellation is not reported as an error; the loading indicator is turned off in every case.
    public func load() async {
        await channel.load {
            let course = try await loader.loadCourse(id: courseID)
            channel.deliver { $0.show(course) }
        } failure: { [courseID] error in
            (error as? CourseNotFound)?.description ?? "Couldn't load course \(courseID): \(error)"
        }
    }
}
