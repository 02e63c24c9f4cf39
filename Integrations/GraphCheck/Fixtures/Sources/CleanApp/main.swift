// graphcheck: root
import CleanFeature
import DIContainer

let container = Container()
container.apply(CoreAssembly(), FeedAssembly())
try container.validate()
let screen = try container.resolve(FeedScreen.self)
let detail = try container.resolve(CourseDetail.self, arguments: 42)
print(screen.title, detail)
